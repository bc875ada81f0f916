// SPDX-License-Identifier: GPL-3.0-or-later
// `auto` against every plain technique at its defaults on configurations nobody trained on, of a
// system measured after every choice of `auto` was made (tests/data/measured/pagecache-2g.csv: a
// 2 GiB page cache over the development VM's disk): trained on its grid and repeated runs, asked
// its runs between the grid's levels and beyond them. The README's table of every measured
// system (level_holdout_sweep.py --techniques) has these figures; here they guard the claim that
// the selection generalises better than any one technique, where it did by 11 points or more.
#include "data/measurement_csv.hpp"
#include "models/regressor_registry.hpp"
#include "models/trained_model.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"
#include "validation/error_metrics.hpp"

#include <QTest>

#include <cmath>
#include <map>
#include <string>

using namespace iolens::core;

namespace {

struct HeldOutSplit {
    std::vector<AggregatedMeasurement> trained;
    std::vector<Measurement> asked;
};

HeldOutSplit pageCacheSplit()
{
    HeldOutSplit split;
    std::vector<Measurement> grid;
    for (Measurement& run :
        readMeasurementsCsv(iolens::test::sourcePath("tests/data/measured/pagecache-2g.csv")))
        (run.split == "grid" || run.split == "repeat" ? grid : split.asked)
            .push_back(std::move(run));
    split.trained = aggregateRepetitions(grid);
    return split;
}

/// Mean relative error of `model` over the asked runs that have its metric.
double heldOutError(const TrainedModel& model, const std::vector<Measurement>& asked)
{
    std::vector<Configuration> configs;
    std::vector<double> measured;
    for (const Measurement& run : asked)
        if (const auto value = run.value(model.metric()); value && *value > 0.0) {
            configs.push_back(run.config);
            measured.push_back(*value);
        }
    return relativeErrors(model.predict(configs),
        Eigen::Map<const Eigen::VectorXd>(
            measured.data(), static_cast<Eigen::Index>(measured.size())))
        .mean();
}

} // namespace

class TestAutoHeldOut : public QObject {
    Q_OBJECT
private slots:
    // Measured (README): auto 48 / 52 / 30 / 28 %, the best plain technique 63 (cart) / 80
    // (mars) / 50 (mars) / 39 % (mars).
    void autoBeatsEveryPlainTechniqueOnAnUnseenSystemsHeldOutRuns()
    {
        const HeldOutSplit split = pageCacheSplit();
        QCOMPARE(split.asked.size(), std::size_t {24});
        for (Metric metric : kCoreMetrics) {
            std::map<std::string, double> errors;
            for (const std::string& technique : defaultTechniques())
                errors[technique] = heldOutError(
                    TrainedModel::train(createRegressor(technique), split.trained, {metric, true}),
                    split.asked);
            QVERIFY(errors.size() >= 5);
            for (const auto& [technique, error] : errors) {
                QVERIFY(std::isfinite(error));
                if (technique != "auto")
                    QVERIFY2(errors.at("auto") < error,
                        (std::string(metricName(metric)) + ": auto "
                            + std::to_string(errors.at("auto")) + ", " + technique + " "
                            + std::to_string(error))
                            .c_str());
            }
        }
    }
};

IOLENS_TEST_GUILESS_MAIN(TestAutoHeldOut)
#include "test_auto_held_out.moc"
