// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "data/dataset.hpp"
#include "models/auto_composition.hpp"
#include "models/auto_model.hpp"
#include "models/regressor_registry.hpp"
#include "models/trained_model.hpp"
#include "support/auto_fitting.hpp"
#include "support/closed_workload_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::core;
using iolens::test::autoTrainedOn;
using iolens::test::closedGrid;
using iolens::test::closedRow;
using iolens::test::fitted;
using iolens::test::logged;

namespace {

/// 16 threads, 16 KiB requests, read share and file set varying.
FeatureSchema schemaOf()
{
    std::vector<Configuration> configs(2);
    for (Configuration& c : configs) {
        c.threads = 16;
        c.requestBytes = 16384;
    }
    configs[0].readPct = 0;
    configs[1].readPct = 100;
    configs[1].filesetBytes = 2 * configs[0].filesetBytes;
    return FeatureSchema::fromConfigurations(configs);
}

Eigen::MatrixXd rowAt(const FeatureSchema& schema, double readPct)
{
    Configuration c;
    c.threads = 16;
    c.requestBytes = 16384;
    c.readPct = readPct;
    return schema.encode({c});
}

} // namespace

class TestAutoComposition : public QObject {
    Q_OBJECT
private slots:
    // Textbook Little's law: 16 threads, half reads at 2 ms and half writes at 6 ms take 4 ms a
    // request on average, so 4,000 IOPS, 2,000 of them reads: 31.25 MiB/s of 16 KiB reads.
    void composeRate_isLittlesLawOverTheMeanTimePerRequest()
    {
        const FeatureSchema schema = schemaOf();
        const Eigen::MatrixXd x = rowAt(schema, 50);
        const Eigen::VectorXd read = Eigen::VectorXd::Constant(1, std::log(2.0));
        const Eigen::VectorXd write = Eigen::VectorXd::Constant(1, std::log(6.0));
        QVERIFY(
            std::abs(std::exp(composeRate(x, schema, Metric::TpReadMbs, read, write)(0)) - 31.25)
            < 1e-9);
        QVERIFY(
            std::abs(std::exp(composeRate(x, schema, Metric::IopsWrite, read, write)(0)) - 2000.0)
            < 1e-9);
        QVERIFY(std::abs(readShares(x, schema)(0) - 0.5) < 1e-15);
    }

    void composeRate_needsOnlyTheTimesARowHasRequestsFor()
    {
        const FeatureSchema schema = schemaOf();
        const Eigen::MatrixXd x = rowAt(schema, 100);
        const Eigen::VectorXd read = Eigen::VectorXd::Constant(1, std::log(0.5));
        // All reads: no write time needed; 16 / 0.5 ms = 32,000 IOPS.
        QVERIFY(std::abs(std::exp(composeRate(x, schema, Metric::IopsRead, read, {})(0)) - 32000.0)
            < 1e-6);
        // No writes: the write rate is 0, its log -inf.
        QVERIFY(std::isinf(composeRate(x, schema, Metric::TpWriteMbs, read, {})(0)));
        // A mix needs both.
        QVERIFY_THROWS_EXCEPTION(
            StateError, composeRate(rowAt(schema, 50), schema, Metric::IopsRead, read, {}));
        QVERIFY_THROWS_EXCEPTION(ConfigError, composeRate(x, schema, Metric::RtReadMs, read, read));
    }

    void closedRate_isComposedFromTheResponseTimesByLittlesLaw()
    {
        const std::vector<AggregatedMeasurement> rows = closedGrid();
        const Dataset data = logged(buildDataset(rows, Metric::TpReadMbs));
        QVERIFY(data.closedWorkload() && data.readTimes && data.writeTimes);
        QCOMPARE(data.writeTimes->rows(), Eigen::Index {30}); // its 0 % reads too
        const AutoModel model = fitted(data);
        QVERIFY2(model.composed(), model.describe().c_str());
        QVERIFY(model.readTimesModel() && model.writeTimesModel());
        QVERIFY(model.chosen().empty());
        QVERIFY(model.describe().find("composed by Little's law") != std::string::npos);

        // A read share nobody measured the rate at: 75 % (and 25 %) between the grid's.
        std::vector<Configuration> asked;
        std::vector<double> truth;
        for (double readPct : {25.0, 75.0})
            for (double kib : {8.0, 32.0}) {
                const AggregatedMeasurement m = closedRow(kib, 2048.0, readPct);
                asked.push_back(m.config);
                truth.push_back(*m.value(Metric::TpReadMbs));
            }
        const Eigen::MatrixXd x = data.schema.encode(asked);
        const Eigen::VectorXd composed = model.predict(x).array().exp();
        // The rate's own model, on the same data without the times: it knows the rate at 50 and
        // 100 % reads only, and the time per request between them is no straight line.
        Dataset alone = data;
        alone.readTimes.reset();
        alone.writeTimes.reset();
        const AutoModel direct = fitted(alone);
        QVERIFY(!direct.composed());
        const Eigen::VectorXd own = direct.predict(x).array().exp();
        double composedError = 0.0, ownError = 0.0;
        for (std::size_t i = 0; i < truth.size(); ++i) {
            const auto k = static_cast<Eigen::Index>(i);
            composedError = std::max(composedError, std::abs(composed(k) / truth[i] - 1.0));
            ownError = std::max(ownError, std::abs(own(k) / truth[i] - 1.0));
        }
        QVERIFY2(composedError < 0.1, std::to_string(composedError).c_str());
        QVERIFY2(ownError > 2.0 * composedError, std::to_string(ownError).c_str());

        // Its interval is calibrated on the composition's own held-out points (the times
        // predicted with each level left out) and holds the prediction.
        QVERIFY(model.insideInterval().size() >= AutoModel::kMinKindPoints);
        QVERIFY(model.beyondInterval().size() >= AutoModel::kMinKindPoints);
        QVERIFY(std::isfinite(model.selectionScore().logRatio));
        QVERIFY(model.describe().find("calibrated on those") != std::string::npos);
        const auto interval = model.predictInterval(x, 0.8);
        QVERIFY(interval);
        QVERIFY((interval->first.array() <= model.predict(x).array() + 1e-12).all());
        QVERIFY((interval->second.array() >= model.predict(x).array() - 1e-12).all());
        // Its interval's scale is its times' scales, each weighted by its share of the time per
        // request (AutoModel::intervalScaleAt).
        QVERIFY(model.readTimesModel()->intervalScale().on());
        QVERIFY(model.writeTimesModel()->intervalScale().on());
        const Eigen::VectorXd scale = model.intervalScaleAt(x);
        const Eigen::VectorXd readScale = model.readTimesModel()->intervalScaleAt(x);
        const Eigen::VectorXd writeScale = model.writeTimesModel()->intervalScaleAt(x);
        const Eigen::VectorXd readMs = model.readTimesModel()->predict(x).array().exp();
        const Eigen::VectorXd writeMs = model.writeTimesModel()->predict(x).array().exp();
        for (std::size_t i = 0; i < asked.size(); ++i) {
            const auto k = static_cast<Eigen::Index>(i);
            const double r = asked[i].readPct / 100.0;
            const double reads = r * readMs(k), writes = (1.0 - r) * writeMs(k);
            const double expected
                = (reads * readScale(k) + writes * writeScale(k)) / (reads + writes);
            QVERIFY(std::abs(scale(k) - expected) < 1e-12);
        }

        // Stored and loaded, it predicts the same.
        const std::string text = model.saveState().dump();
        QVERIFY(nlohmann::json::parse(text).contains("composed"));
        AutoModel loaded;
        loaded.loadState(nlohmann::json::parse(text), data.schema);
        QVERIFY(loaded.composed());
        QVERIFY(loaded.predict(x) == model.predict(x));
        QVERIFY(loaded.predictInterval(x, 0.8)->second == interval->second);
        QCOMPARE(loaded.describe(), model.describe());
        QCOMPARE(loaded.saveState().dump(), text);
    }

    void openWorkloadRate_isModelledOnItsOwn()
    {
        Dataset data = logged(buildDataset(closedGrid(), Metric::TpWriteMbs));
        data.littleRatio = 0.4; // an open workload: Little's law does not tie rate to time
        QVERIFY(!fitted(data).composed());
        // Nor is a response time composed.
        QVERIFY(!fitted(logged(buildDataset(closedGrid(), Metric::RtWriteMs))).composed());
    }

    // A direction without requests has no throughput: the composed rate says exactly 0, and so
    // do its interval's ends (Eigen's vectorised exp of log 0 answered 2^-1024).
    void composedRate_ofADirectionWithoutRequestsIsZero()
    {
        const TrainedModel model = autoTrainedOn(closedGrid(), Metric::TpReadMbs);
        Configuration noReads = closedRow(16.0, 1024.0, 0.0).config;
        Configuration mixed = closedRow(16.0, 1024.0, 50.0).config;
        const Eigen::VectorXd predicted = model.predict({noReads, mixed});
        QCOMPARE(predicted(0), 0.0);
        QVERIFY(predicted(1) > 1.0);
        const auto interval = model.predictInterval({noReads}, 0.8);
        QVERIFY(interval);
        QCOMPARE(interval->first(0), 0.0);
        QCOMPARE(interval->second(0), 0.0);
    }

    // Pure reads and pure writes measured, nothing between (fio's randread and randwrite): a read
    // throughput's own rows all have 100 % reads, yet a mix's read throughput is threads x r /
    // (r RT_read + (1 - r) RT_write) by Little's law. Its schema keeps the read share the times'
    // rows vary, so a 50 % mix gets the write time in its cycle, not the read time alone (which
    // answered the pure reads' rate, twice the mix's and more on this slow-write device).
    void composedRate_fromPureReadsAndWritesAnswersMixes()
    {
        std::vector<AggregatedMeasurement> rows;
        for (double kib : {4.0, 8.0, 16.0, 32.0, 64.0})
            for (double mib : {256.0, 1024.0, 4096.0})
                for (double readPct : {0.0, 100.0})
                    rows.push_back(closedRow(kib, mib, readPct));
        for (const Metric metric : {Metric::TpReadMbs, Metric::TpWriteMbs}) {
            const TrainedModel model = autoTrainedOn(rows, metric);
            QVERIFY(model.schema().numericColumn(Factor::ReadPct) >= 0);
            const auto& composed = dynamic_cast<const AutoModel&>(model.regressor());
            QVERIFY(composed.composed() && composed.readTimesModel() && composed.writeTimesModel());
            for (double readPct : {25.0, 50.0, 75.0}) {
                const AggregatedMeasurement asked = closedRow(16.0, 2048.0, readPct);
                const double truth = *asked.value(metric);
                const double predicted = model.predict(asked.config);
                QVERIFY2(std::abs(predicted / truth - 1.0) < 0.1,
                    (std::to_string(readPct) + ": " + std::to_string(predicted) + " against "
                        + std::to_string(truth))
                        .c_str());
            }
            // The pure direction's own rate is as before; the other direction's is 0.
            const double pure = metric == Metric::TpReadMbs ? 100.0 : 0.0;
            const AggregatedMeasurement own = closedRow(16.0, 2048.0, pure);
            QVERIFY(std::abs(model.predict(own.config) / *own.value(metric) - 1.0) < 0.1);
            QCOMPARE(model.predict(closedRow(16.0, 2048.0, 100.0 - pure).config), 0.0);
        }
        // Other techniques keep the rate's own rows' schema (a constant read share is left out).
        TrainingOptions options;
        options.metric = Metric::TpReadMbs;
        QVERIFY(TrainedModel::train(createRegressor("lm"), rows, options)
                    .schema()
                    .numericColumn(Factor::ReadPct)
            < 0);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestAutoComposition)
#include "test_auto_composition.moc"
