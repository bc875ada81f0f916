// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/linear_model.hpp"
#include "models/unlearned_factors.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::core;

class TestUnlearnedFactors : public QObject {
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

        const auto found = unlearnedFactors(model, {measured, threads64, otherSizes, threads4});
        QCOMPARE(found.size(), std::size_t {1});
        QVERIFY(found[0].factor == Factor::Threads);
        QCOMPARE(found[0].trainedValue, std::string("16"));
        QCOMPARE(found[0].configurations, std::size_t {2});
        QCOMPARE(found[0].first, std::size_t {1});
        QCOMPARE(found[0].firstValue, std::string("64"));
        QCOMPARE(model.predict(threads64), model.predict(measured));
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
};

IOLENS_TEST_GUILESS_MAIN(TestUnlearnedFactors)
#include "test_unlearned_factors.moc"
