// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/conservation_model.hpp"

#include "common/error.hpp"
#include "data/measurement_csv.hpp"
#include "models/trained_model.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"
#include "validation/out_of_sample.hpp"

#include <QTest>

#include <cmath>
#include <fstream>
#include <functional>

using namespace iolens::core;

namespace {

Configuration config(double kib, double readPct, const std::string& scheduler = "none")
{
    return {scheduler, 1LL << 30, std::llround(kib * 1024.0), Pattern::Random, readPct, 16, 1};
}

AggregatedMeasurement measured(double kib, double readPct, double readIops, double writeIops)
{
    AggregatedMeasurement row;
    row.config = config(kib, readPct);
    row.repetitions = 1;
    if (readPct > 0.0) {
        row.mean[metricIndex(Metric::IopsRead)] = readIops;
        row.mean[metricIndex(Metric::TpReadMbs)] = readIops * kib / 1024.0;
    }
    if (readPct < 100.0) {
        row.mean[metricIndex(Metric::IopsWrite)] = writeIops;
        row.mean[metricIndex(Metric::TpWriteMbs)] = writeIops * kib / 1024.0;
    }
    return row;
}

// 4 KiB: T100r 1000, T100w 500 (f_rw 2); 16 KiB: 250 and 50 (f_rw 5); 64 KiB only read.
// A 50 % mix at 4 KiB lets the schema see read shares between the pure ones.
std::vector<AggregatedMeasurement> handData()
{
    return {measured(4, 100, 1000, 0), measured(4, 0, 0, 500), measured(16, 100, 250, 0),
        measured(16, 0, 0, 50), measured(64, 100, 60, 0), measured(4, 50, 300, 300)};
}

TrainedModel trained(Metric metric, bool logResponse)
{
    TrainingOptions options;
    options.metric = metric;
    options.logResponse = logResponse;
    return TrainedModel::train(std::make_unique<ConservationModel>(), handData(), options);
}

} // namespace

class TestConservationModel : public QObject {
    Q_OBJECT
private slots:
    void predict_closedFormOfThePaper()
    {
        // k = T100r / (R + (100 - R) f_rw) = 1000 / (30 + 70 * 2) at R = 30.
        const double k = 1000.0 / (30.0 + 70.0 * 2.0);
        QCOMPARE(trained(Metric::IopsRead, false).predict(config(4, 30)), k * 30.0);
        QCOMPARE(trained(Metric::IopsWrite, false).predict(config(4, 30)), k * 70.0);
        QCOMPARE(
            trained(Metric::TpWriteMbs, false).predict(config(4, 30)), k * 70.0 * 4.0 / 1024.0);
        // The log-scale model answers the same, and the pure workloads give back the inputs.
        QVERIFY(std::fabs(trained(Metric::IopsWrite, true).predict(config(4, 30)) - k * 70.0)
            < 1e-9 * k);
        QCOMPARE(trained(Metric::IopsRead, false).predict(config(16, 100)), 250.0);
        QCOMPARE(trained(Metric::IopsWrite, false).predict(config(16, 0)), 50.0);
    }

    void capacity_interpolatesLogLogBetweenSizes()
    {
        const TrainedModel model = trained(Metric::IopsRead, false);
        const auto& conservation = dynamic_cast<const ConservationModel&>(model.regressor());
        // 8 KiB is halfway between 4 and 16 KiB on a log axis: the geometric means.
        const SizeCapacity c = conservation.capacity(config(8, 50));
        QCOMPARE(c.readIops, std::sqrt(1000.0 * 250.0));
        QCOMPARE(c.writeIops, std::sqrt(500.0 * 50.0));
    }

    void capacity_refusesWhatItWasNotGiven()
    {
        const TrainedModel model = trained(Metric::IopsRead, false);
        // 64 KiB has no 100 % write measurement, so 16 KiB is the largest size it knows.
        QVERIFY(!model.report().warnings.empty());
        QVERIFY(QString::fromStdString(model.report().warnings.front()).contains("64 KiB"));
        QVERIFY_THROWS_EXCEPTION(DataError, model.predict(config(32, 50)));
        QVERIFY_THROWS_EXCEPTION(DataError, model.predict(config(2, 50)));
        try {
            model.predict(config(32, 50));
        } catch (const DataError& e) {
            QVERIFY(QString::fromUtf8(e.what()).contains("does not extrapolate"));
        }
    }

    void fit_needsBothDirectionsAndAThroughputMetric()
    {
        ConservationModel conservation;
        QVERIFY_THROWS_EXCEPTION(ConfigError,
            conservation.fitMeasurements(handData(), FeatureSchema {}, Metric::RtReadMs, false));
        TrainingOptions reads;
        reads.metric = Metric::IopsRead;
        const std::vector<AggregatedMeasurement> onlyReads {
            measured(4, 100, 1000, 0), measured(4, 50, 300, 300)};
        QVERIFY_THROWS_EXCEPTION(DataError,
            TrainedModel::train(std::make_unique<ConservationModel>(), onlyReads, reads));
        // No cross-validation: a dataset of one metric lacks the other direction.
        const TrainedModel model = trained(Metric::IopsRead, false);
        QVERIFY_THROWS_EXCEPTION(
            ConfigError, crossValidatedEvaluation(model, handData(), RelativeErrorRule {}, 2, 1));
    }

    void mixedSizes_paperRuleAndCapacityFractions()
    {
        const TrainedModel model = trained(Metric::IopsRead, false);
        const auto& conservation = dynamic_cast<const ConservationModel&>(model.regressor());
        const double k4 = 1000.0 / (50.0 + 50.0 * 2.0);
        const double k16 = 250.0 / (50.0 + 50.0 * 5.0);
        const std::vector<SizeShare> mix {{0.25, 4.0}, {0.75, 16.0}};
        QCOMPARE(
            conservation.mixedTotalIops(config(4, 0), mix, 50.0, SizeMixRule::PaperWeightedMean),
            100.0 * (0.25 * k4 + 0.75 * k16));
        QCOMPARE(
            conservation.mixedTotalIops(config(4, 0), mix, 50.0, SizeMixRule::CapacityFractions),
            1.0 / (0.25 / (100.0 * k4) + 0.75 / (100.0 * k16)));
        QVERIFY_THROWS_EXCEPTION(DataError,
            conservation.mixedTotalIops(
                config(4, 0), {{0.5, 4.0}}, 50.0, SizeMixRule::PaperWeightedMean));
    }

    void evaluation_countsWhatTheModelRefuses()
    {
        const TrainedModel model = trained(Metric::IopsRead, false);
        // 32 KiB lies beyond the sizes with both measurements: refused, the rest is scored.
        const std::vector<AggregatedMeasurement> rows {
            measured(4, 50, 300, 300), measured(32, 50, 100, 100)};
        const ModelEvaluation evaluation
            = evaluateModel(model, rows, RelativeErrorRule {}, "mixes");
        QCOMPARE(evaluation.configs.size(), std::size_t {1});
        QCOMPARE(evaluation.notPredicted, 1);
        QVERIFY_THROWS_EXCEPTION(
            DataError, evaluateModel(model, {rows[1]}, RelativeErrorRule {}, "beyond"));
    }

    void saveLoad_roundTripsExactly()
    {
        const TrainedModel model = trained(Metric::TpReadMbs, true);
        const TrainedModel loaded = TrainedModel::fromJson(model.toJson());
        const std::vector<Configuration> configs {config(4, 30), config(8, 75), config(16, 100)};
        QCOMPARE(loaded.predict(configs), model.predict(configs));
        QCOMPARE(loaded.describe(), model.describe());
    }

    // A saved state is not trusted: columns past the schema, a context of the wrong length or
    // a level index that is no level are bad input (DataError), not a crash. A fuzzed model file
    // with read_column 5 of a 4-column schema ended in std::out_of_range.
    void loadState_refusesIndicesTheSchemaDoesNotHave()
    {
        const nlohmann::json good = trained(Metric::TpReadMbs, true).toJson();
        QVERIFY(good.at("state").at("tables").size() > 0);
        const auto refused = [&good](const std::function<void(nlohmann::json&)>& change) {
            nlohmann::json bad = good;
            change(bad.at("state"));
            try {
                TrainedModel::fromJson(bad);
            } catch (const DataError& e) {
                return std::string(e.what()).find("conservation model") != std::string::npos;
            }
            return false;
        };
        QVERIFY(refused([](nlohmann::json& s) { s["read_column"] = 5; }));
        QVERIFY(refused([](nlohmann::json& s) { s["request_column"] = -1; }));
        QVERIFY(refused([](nlohmann::json& s) { s["read_column"] = s["request_column"]; }));
        QVERIFY(refused([](nlohmann::json& s) { s["tables"][0]["context"].push_back(1.0); }));
        // The frozen file's context is (file set, pattern level): a level index that is no
        // level of the pattern column.
        std::ifstream file(iolens::test::sourcePath("tests/data/models/v1/conservation.json"));
        nlohmann::json frozen = nlohmann::json::parse(file).at("model");
        QCOMPARE(frozen.at("state").at("tables")[0].at("context").size(), std::size_t {2});
        QCOMPARE(
            TrainedModel::fromJson(frozen).regressor().technique(), std::string("conservation"));
        for (double level : {2.0, 0.5, -1.0, 1e300}) {
            nlohmann::json bad = frozen;
            bad["state"]["tables"][0]["context"][1] = level;
            QVERIFY_THROWS_EXCEPTION(DataError, TrainedModel::fromJson(bad));
        }
    }

    void sharedData_fitsPerSystemConfiguration()
    {
        const auto rows = iolens::test::tieredRows();
        TrainingOptions options;
        options.metric = Metric::TpReadMbs;
        const TrainedModel model
            = TrainedModel::train(std::make_unique<ConservationModel>(), rows, options);
        const auto& conservation = dynamic_cast<const ConservationModel&>(model.regressor());
        // fio-tiered: 2 schedulers x 3 file sets x 2 patterns, 3 sizes each; the grid lacks the
        // 100 % read run of 64 KiB sequential on 256 MiB for both schedulers.
        QCOMPARE(conservation.tables().size(), std::size_t {12});
        std::size_t sizes = 0;
        for (const auto& table : conservation.tables())
            sizes += table.second.size();
        QCOMPARE(sizes, std::size_t {12 * 3 - 2});
        QCOMPARE(model.report().warnings.size(), std::size_t {2});
        for (const AggregatedMeasurement& row : rows)
            if (row.config.readPct == 100.0)
                QVERIFY(std::fabs(model.predict(row.config) - *row.value(Metric::TpReadMbs))
                    < 1e-9 * *row.value(Metric::TpReadMbs));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestConservationModel)
#include "test_conservation_model.moc"
