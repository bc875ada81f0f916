// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "data/measurement_csv.hpp"
#include "models/auto_model.hpp"
#include "models/linear_model.hpp"
#include "models/vm_projection.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"
#include "validation/model_evaluation.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::core;

namespace {

std::vector<AggregatedMeasurement> tiered()
{
    return aggregateRepetitions(readMeasurementsCsv(iolens::test::tieredCsvPath()));
}

} // namespace

class TestModelEvaluation : public QObject {
    Q_OBJECT
private slots:
    void rule_selectsByReadShare_data()
    {
        QTest::addColumn<int>("metric");
        QTest::addColumn<double>("readPct");
        QTest::addColumn<bool>("admitted");
        QTest::newRow("read at 25") << int(Metric::RtReadMs) << 25.0 << true;
        QTest::newRow("read at 0") << int(Metric::TpReadMbs) << 0.0 << false;
        QTest::newRow("write at 75") << int(Metric::TpWriteMbs) << 75.0 << true;
        QTest::newRow("write at 100") << int(Metric::RtWriteMs) << 100.0 << false;
    }
    void rule_selectsByReadShare()
    {
        QFETCH(int, metric);
        QFETCH(double, readPct);
        QFETCH(bool, admitted);
        Configuration c;
        c.readPct = readPct;
        QCOMPARE(RelativeErrorRule {}.admits(static_cast<Metric>(metric), c), admitted);
    }

    void evaluate_figuresAgreeWithPoints()
    {
        const auto data = tiered();
        const TrainedModel model
            = TrainedModel::train(std::make_unique<LinearModel>(), data, {Metric::RtWriteMs, true});
        const ModelEvaluation e = evaluateModel(model, data, {}, "all");
        // Configurations with writes and read_pct <= 75: read_pct 0 and 50 of the grid.
        for (const Configuration& c : e.configs)
            QVERIFY(c.readPct <= 75.0);
        QVERIFY(e.excludedByRule == 0); // no write metric exists at read_pct 100
        for (Eigen::Index i = 0; i < e.measured.size(); ++i)
            QVERIFY(std::fabs(e.relativeError(i)
                        - std::fabs(e.predicted(i) - e.measured(i)) / e.measured(i))
                < 1e-15);
        QVERIFY(std::fabs(e.meanRelativeError - e.relativeError.mean()) < 1e-15);
        QVERIFY(e.p50 <= e.p90 && e.p90 <= e.p99);
        QCOMPARE(e.cdf.values.size(), static_cast<std::size_t>(e.measured.size()));
    }

    void summarizeEvaluation_handComputedFigures()
    {
        ModelEvaluation e;
        e.measured = Eigen::Vector4d(1.0, 2.0, 4.0, 5.0);
        e.predicted = Eigen::Vector4d(1.1, 1.8, 4.0, 6.0);
        e.relativeError = relativeErrors(e.predicted, e.measured); // 0.1, 0.1, 0, 0.2
        summarizeEvaluation(e);
        const auto near = [](double a, double b) { return std::fabs(a - b) < 1e-12; };
        QVERIFY(near(e.meanRelativeError, 0.1));
        QVERIFY(near(e.p50, 0.1));   // sorted 0, 0.1, 0.1, 0.2: h = 1.5
        QVERIFY(near(e.p90, 0.17));  // h = 2.7: 0.1 + 0.7 x 0.1
        QVERIFY(near(e.p99, 0.197)); // h = 2.97
        QVERIFY(near(e.rmse, std::sqrt(1.05 / 4.0)));
        QVERIFY(near(e.rSquared, 1.0 - 1.05 / 10.0)); // RSS 1.05, TSS 10 around the mean 3
        QCOMPARE(e.cdf.values.size(), std::size_t {4});
        QVERIFY(near(e.cdf.values.back(), 0.2));
        QCOMPARE(e.measured, Eigen::VectorXd(Eigen::Vector4d(1.0, 2.0, 4.0, 5.0)));

        ModelEvaluation single;
        single.measured = Eigen::VectorXd::Constant(1, 2.0);
        single.predicted = Eigen::VectorXd::Constant(1, 3.0);
        single.relativeError = relativeErrors(single.predicted, single.measured);
        summarizeEvaluation(single);
        QCOMPARE(single.rSquared, 0.0); // undefined for one point: reported as 0
        QVERIFY(near(single.p99, 0.5));
    }

    void compare_sameModelGivesNoReduction()
    {
        const auto data = tiered();
        const TrainedModel model
            = TrainedModel::train(std::make_unique<LinearModel>(), data, {Metric::RtReadMs, true});
        const ModelEvaluation e = evaluateModel(model, data, {}, "all");
        const ModelComparison c = compareEvaluations(e, e);
        QCOMPARE(c.errorReductionPct, 0.0);
        QCOMPARE(c.test.pValue, 1.0);
    }

    void spreadOverVms_splitsThreadsAndFileSet()
    {
        Configuration c;
        c.threads = 16;
        c.filesetBytes = 3LL << 30;
        c.vms = 3;
        const Configuration share = perVmConfiguration(c);
        QCOMPARE(share.vms, 1);
        QCOMPARE(share.threads, 5);
        QCOMPARE(share.filesetBytes, std::int64_t {1} << 30);
        // Together on their storage: 15 threads (each VM runs a whole number) on all the files.
        const Configuration all = sharedStorageConfiguration(c);
        QCOMPARE(all.vms, 1);
        QCOMPARE(all.threads, 15);
        QCOMPARE(all.filesetBytes, std::int64_t {3} << 30);
    }

    // Every tiered run had 16 threads, so the model answers for 16 whatever it is asked: two VMs
    // of 8 threads each move the 16-thread throughput of the whole file set (Little's law at the
    // predicted response time), three of 5 15/16 of it. A one-share cache never enters: the VMs
    // share the 1 GiB cache, 4 GiB of files in all.
    void spreadOverVms_throughputOfAModelWithoutThreadsFollowsLittlesLaw()
    {
        const auto data = tiered();
        const TrainedModel tp
            = TrainedModel::train(std::make_unique<LinearModel>(), data, {Metric::TpReadMbs, true});
        const TrainedModel rt
            = TrainedModel::train(std::make_unique<LinearModel>(), data, {Metric::RtReadMs, true});
        Configuration c = data.front().config;
        QCOMPARE(c.threads, 16);
        c.filesetBytes = 4LL << 30;
        c.vms = 2;
        Configuration one = c;
        one.vms = 1;
        QVERIFY(askedConfiguration(tp, c) == one);
        QCOMPARE(throughputScaleOverVms(tp, c), 1.0);
        QCOMPARE(predictSpreadOverVms(tp, c), tp.predict(one));
        QCOMPARE(predictSpreadOverVms(rt, c), rt.predict(one));
        c.vms = 3;
        QCOMPARE(throughputScaleOverVms(tp, c), 15.0 / 16.0);
        QCOMPARE(
            predictSpreadOverVms(tp, c), tp.predict(sharedStorageConfiguration(c)) * 15.0 / 16.0);
        QVERIFY(!modelsVmCount(tp));
        QVERIFY(!modelsThreadCount(tp));
    }

    // A model that learned the thread count is asked about all the VMs' threads at once, on
    // their storage together: N VMs of 8 threads put 16 requests in flight, not 8, and its
    // prediction is the whole (measured on the development VM's disk: asked about one share,
    // response times missed by 62 %, throughputs by 199 %; about all the threads, 12-15 %).
    void spreadOverVms_aModelWithThreadsIsAskedAboutAllTheVmsThreads()
    {
        auto data = tiered();
        const std::size_t n = data.size();
        for (std::size_t i = 0; i < n; ++i) {
            AggregatedMeasurement half = data[i];
            half.config.threads = 8;
            for (auto& value : half.mean)
                if (value)
                    *value *= 0.5;
            data.push_back(half);
        }
        const TrainedModel tp
            = TrainedModel::train(std::make_unique<LinearModel>(), data, {Metric::TpReadMbs, true});
        Configuration c = data.front().config;
        c.vms = 2;
        QVERIFY(modelsThreadCount(tp));
        QCOMPARE(throughputScaleOverVms(tp, c), 1.0);
        const Configuration all = sharedStorageConfiguration(c);
        QCOMPARE(all.vms, 1);
        QCOMPARE(all.threads, c.threads);
        QCOMPARE(all.filesetBytes, c.filesetBytes);
        QVERIFY(askedConfiguration(tp, c) == all);
        QCOMPARE(predictSpreadOverVms(tp, c), tp.predict(all));
        QCOMPARE(predictSpreadOverVms(tp, std::vector {c})(0), tp.predict(all));
        // Three VMs of 16 threads run 5 each: 15 in flight.
        c.vms = 3;
        QCOMPARE(sharedStorageConfiguration(c).threads, 15);
        QCOMPARE(predictSpreadOverVms(tp, c), tp.predict(sharedStorageConfiguration(c)));
    }

    // Real concurrent fio processes on the development VM's disk (tests/data/measured/): `auto`
    // trained on one process's thread sweep predicts 2 and 4 processes sharing the disk.
    void spreadOverVms_predictsMeasuredConcurrentProcessesOnOneDisk()
    {
        std::vector<Measurement> oneVm;
        for (const Measurement& run : readMeasurementsCsv(
                 iolens::test::sourcePath("tests/data/measured/threads-local-disk.csv")))
            if (run.split == "grid" || run.split == "repeat")
                oneVm.push_back(run);
        const auto rows = aggregateRepetitions(oneVm);
        const auto multi = readMeasurementsCsv(
            iolens::test::sourcePath("tests/data/measured/threads-local-disk-multivm.csv"));
        QCOMPARE(multi.size(), std::size_t {8});
        for (Metric metric : {Metric::RtReadMs, Metric::TpReadMbs}) {
            const TrainedModel model
                = TrainedModel::train(std::make_unique<AutoModel>(), rows, {metric, true});
            double sum = 0.0, shareSum = 0.0;
            for (const Measurement& run : multi) {
                const double measured = *run.value(metric);
                sum += std::abs(predictSpreadOverVms(model, run.config) / measured - 1.0);
                // What one VM's share asked alone would answer, its throughput times N.
                const double scale = metric == Metric::TpReadMbs ? run.config.vms : 1.0;
                shareSum += std::abs(
                    scale * model.predict(perVmConfiguration(run.config)) / measured - 1.0);
            }
            const double error = sum / static_cast<double>(multi.size());
            const double shareError = shareSum / static_cast<double>(multi.size());
            // Measured: 12 % and 15 % (62 % and 199 % asked about one share).
            QVERIFY2(error < 0.2, std::to_string(error).c_str());
            QVERIFY2(shareError > 2.0 * error, std::to_string(shareError).c_str());
        }
    }

    // An interval is spread like its prediction: one VM's share, throughput bounds times N; a
    // technique without intervals has none, and a level outside (0, 1) is a ConfigError.
    void spreadOverVms_intervalsFollowThePrediction()
    {
        const auto data = tiered();
        const TrainedModel tp
            = TrainedModel::train(std::make_unique<AutoModel>(), data, {Metric::TpReadMbs, true});
        Configuration c = data.front().config;
        c.readPct = 100.0;
        c.vms = 2;
        const Configuration asked = askedConfiguration(tp, c);
        const auto spread = predictIntervalSpreadOverVms(tp, {c, asked}, 0.8);
        const auto own = tp.predictInterval({asked}, 0.8);
        QVERIFY(spread && own);
        const double scale = throughputScaleOverVms(tp, c);
        QCOMPARE(spread->first(0), scale * own->first(0));
        QCOMPARE(spread->second(0), scale * own->second(0));
        QCOMPARE(spread->first(1), own->first(0));
        const double predicted = predictSpreadOverVms(tp, c);
        QVERIFY(spread->first(0) <= predicted && predicted <= spread->second(0));
        QVERIFY_THROWS_EXCEPTION(ConfigError, predictIntervalSpreadOverVms(tp, {c}, 1.0));
        const TrainedModel lm
            = TrainedModel::train(std::make_unique<LinearModel>(), data, {Metric::TpReadMbs, true});
        QVERIFY(!predictIntervalSpreadOverVms(lm, {c}, 0.8));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestModelEvaluation)
#include "test_model_evaluation.moc"
