// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/linear_model.hpp"
#include "models/outside_training.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::core;

class TestOutsideTraining : public QObject {
    Q_OBJECT
private slots:
    // Every tiered run had 16 threads and one VM; scheduler, file set, request size, pattern and
    // read share varied. Only a thread count other than 16 is asked of a factor the model never saw
    // vary, and it is answered as at 16.
    void threadsOfATieredModel_areUnlearned()
    {
        const auto data = iolens::test::tieredRows();
        const TrainedModel model
            = TrainedModel::train(std::make_unique<LinearModel>(), data, {Metric::RtReadMs, true});
        Configuration measured = data.front().config;
        QCOMPARE(measured.threads, 16);
        Configuration otherSizes = measured;
        otherSizes.filesetBytes = 8LL << 30; // beyond the measured range: learned, extrapolated
        otherSizes.requestBytes = 128 << 10;
        Configuration threads64 = measured;
        threads64.threads = 64;
        Configuration threads4 = measured;
        threads4.threads = 4;
        const auto none = unlearnedFactors(model, {measured, otherSizes});
        QVERIFY(none.empty());

        // The schema's row flags agree (what TrainedModel::predictInterval passes on).
        QVERIFY((model.schema().unlearnedRows({measured, threads64, otherSizes, threads4})
            == std::vector<char> {0, 1, 0, 1}));
        const auto found = unlearnedFactors(model, {measured, threads64, otherSizes, threads4});
        QCOMPARE(found.size(), std::size_t {1});
        QVERIFY(found[0].factor == Factor::Threads);
        QCOMPARE(found[0].trainedValue, std::string("16"));
        QCOMPARE(found[0].configurations, std::size_t {2});
        QCOMPARE(found[0].first, std::size_t {1});
        QCOMPARE(found[0].firstValue, std::string("64"));
        QCOMPARE(model.predict(threads64), model.predict(measured));
    }

    // Trained on pure reads, a read throughput at 0 % reads is 0, not answered as at 100 %: no
    // note for it; at 50 % reads, answered as at 100, it is reported.
    void rateWithoutRequests_isNoUnlearnedRow()
    {
        std::vector<AggregatedMeasurement> reads;
        for (const auto& row : iolens::test::tieredRows())
            if (row.config.readPct == 100.0)
                reads.push_back(row);
        const TrainedModel model = TrainedModel::train(
            std::make_unique<LinearModel>(), reads, {Metric::TpReadMbs, true});
        Configuration none = reads.front().config, half = reads.front().config;
        none.readPct = 0.0;
        half.readPct = 50.0;
        QVERIFY(unlearnedFactors(model, {none}).empty());
        const auto found = unlearnedFactors(model, {none, half});
        QCOMPARE(found.size(), std::size_t {1});
        QVERIFY(found[0].factor == Factor::ReadPct);
        QCOMPARE(found[0].configurations, std::size_t {1});
        QCOMPARE(found[0].first, std::size_t {1});
    }

    // The VM count of a one-VM model is answered by the projection over VMs, so it is not
    // reported; a scheduler the data never had varies with the others, in column order.
    void vmsAreProjected_andFactorsComeInColumnOrder()
    {
        auto data = iolens::test::tieredRows();
        for (auto& row : data)
            row.config.scheduler = "bfq";
        const TrainedModel model
            = TrainedModel::train(std::make_unique<LinearModel>(), data, {Metric::RtReadMs, true});
        Configuration threeVms = data.front().config;
        threeVms.vms = 3;
        QVERIFY(unlearnedFactors(model, {threeVms}).empty());
        Configuration both = data.front().config;
        both.threads = 32;
        both.scheduler = "kyber";
        const auto found = unlearnedFactors(model, {threeVms, both});
        QCOMPARE(found.size(), std::size_t {2});
        QVERIFY(found[0].factor == Factor::Scheduler);
        QCOMPARE(found[0].trainedValue, std::string("bfq"));
        QCOMPARE(found[0].firstValue, std::string("kyber"));
        QCOMPARE(found[0].first, std::size_t {1});
        QVERIFY(found[1].factor == Factor::Threads);
        QCOMPARE(found[1].configurations, std::size_t {1});
    }

    // A model trained at one VM count other than one learned nothing about the count: asked for
    // one VM or three, it answers as at two, and says so.
    void vmsOfATwoVmModel_areUnlearned()
    {
        auto data = iolens::test::tieredRows();
        for (auto& row : data)
            row.config.vms = 2;
        const TrainedModel model
            = TrainedModel::train(std::make_unique<LinearModel>(), data, {Metric::RtReadMs, true});
        const Configuration twoVms = data.front().config;
        QVERIFY(unlearnedFactors(model, {twoVms}).empty());
        Configuration oneVm = twoVms;
        oneVm.vms = 1;
        Configuration threeVms = twoVms;
        threeVms.vms = 3;
        const auto found = unlearnedFactors(model, {twoVms, oneVm, threeVms});
        QCOMPARE(found.size(), std::size_t {1});
        QVERIFY(found[0].factor == Factor::Vms);
        QCOMPARE(found[0].trainedValue, std::string("2"));
        QCOMPARE(found[0].configurations, std::size_t {2});
        QCOMPARE(found[0].first, std::size_t {1});
        QCOMPARE(found[0].firstValue, std::string("1"));
        QCOMPARE(model.predict(oneVm), model.predict(twoVms));
    }

    // The tiered grid measured file sets of 256 MiB to 4 GiB and requests of 4 to 64 KiB: 8 GiB
    // and 128 KiB lie beyond, 2 GiB and 32 KiB between measured levels, inside.
    void sizesBeyondTheTrainedRange_areReportedInTheModellingUnit()
    {
        const auto data = iolens::test::tieredRows();
        const TrainedModel model
            = TrainedModel::train(std::make_unique<LinearModel>(), data, {Metric::RtReadMs, true});
        Configuration between = data.front().config;
        between.readPct = 50; // read times were measured at 50 and 100 % reads
        between.filesetBytes = 2LL << 30;
        between.requestBytes = 32 << 10;
        QVERIFY(factorsBeyondRange(model, {between}).empty());
        Configuration larger = between;
        larger.filesetBytes = 8LL << 30;
        Configuration both = larger;
        both.requestBytes = 128 << 10;
        const auto found = factorsBeyondRange(model, {between, larger, both});
        QCOMPARE(found.size(), std::size_t {2});
        QVERIFY(found[0].factor == Factor::FilesetBytes);
        QCOMPARE(found[0].low, 256.0); // MiB
        QCOMPARE(found[0].high, 4096.0);
        QCOMPARE(found[0].configurations, std::size_t {2});
        QCOMPARE(found[0].first, std::size_t {1});
        QCOMPARE(found[0].firstValue, 8192.0);
        QVERIFY(found[1].factor == Factor::RequestBytes);
        QCOMPARE(found[1].high, 64.0); // KiB
        QCOMPARE(found[1].first, std::size_t {2});
        QCOMPARE(found[1].firstValue, 128.0);
        // A thread count the model never saw vary is not a range it has: no column, no note here.
        Configuration threads = between;
        threads.threads = 64;
        QVERIFY(factorsBeyondRange(model, {threads}).empty());
        Configuration writesOnly = between;
        writesOnly.readPct = 0;
        const auto reads = factorsBeyondRange(model, {writesOnly});
        QCOMPARE(reads.size(), std::size_t {1});
        QVERIFY(reads[0].factor == Factor::ReadPct);
        QCOMPARE(reads[0].low, 50.0);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestOutsideTraining)
#include "test_outside_training.moc"
