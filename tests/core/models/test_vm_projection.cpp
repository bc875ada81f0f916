// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "data/measurement_csv.hpp"
#include "models/auto_model.hpp"
#include "models/linear_model.hpp"
#include "models/vm_projection.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::core;

class TestVmProjection : public QObject {
    Q_OBJECT
private slots:
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
        const auto data = iolens::test::tieredRows();
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
        // A thread count the model never varied is answered as at 16 on N VMs as on one: 1,024
        // threads over 64 VMs (16 each) are not 64 times the 16-thread throughput, and 100 over
        // 3 VMs run 99 of the 100.
        c.threads = 1024;
        c.vms = 64;
        QCOMPARE(throughputScaleOverVms(tp, c), 1.0);
        c.threads = 100;
        c.vms = 3;
        QCOMPARE(throughputScaleOverVms(tp, c), 99.0 / 100.0);
    }

    // A model that learned the thread count is asked about all the VMs' threads at once, on
    // their storage together: N VMs of 8 threads put 16 requests in flight, not 8, and its
    // prediction is the whole (measured on the development VM's disk: asked about one share,
    // response times missed by 62 %, throughputs by 199 %; about all the threads, 12-15 %).
    void spreadOverVms_aModelWithThreadsIsAskedAboutAllTheVmsThreads()
    {
        auto data = iolens::test::tieredRows();
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
        const auto data = iolens::test::tieredRows();
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
        // Three VMs run 15 of the 16 threads trained on: the projection's count, not one the
        // model was asked about unawares, so the band keeps the width it has for two VMs
        // (predicted x the same factors; an unlearned value would take the band beyond the data).
        Configuration three = c;
        three.vms = 3;
        const auto third = predictIntervalSpreadOverVms(tp, {three}, 0.8);
        const double answer = predictSpreadOverVms(tp, three);
        QVERIFY(third);
        // Relative to the answers, within rounding (the answer composes 15 threads, the band 16).
        const auto sameShare = [](double a, double b) { return std::abs(a / b - 1.0) < 1e-8; };
        QVERIFY(sameShare(third->first(0) / answer, spread->first(0) / predicted));
        QVERIFY(sameShare(third->second(0) / answer, spread->second(0) / predicted));
        QVERIFY_THROWS_EXCEPTION(ConfigError, predictIntervalSpreadOverVms(tp, {c}, 1.0));
        const TrainedModel lm
            = TrainedModel::train(std::make_unique<LinearModel>(), data, {Metric::TpReadMbs, true});
        QVERIFY(!predictIntervalSpreadOverVms(lm, {c}, 0.8));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestVmProjection)
#include "test_vm_projection.moc"
