// SPDX-License-Identifier: GPL-3.0-or-later
// The neighbour search one fold's fits share: a table per set of instances and cases, found by
// content only, equal to the search each committee table would make on its own.
#include "common/error.hpp"
#include "data/dataset.hpp"
#include "models/cubist.hpp"
#include "models/cubist_nearest.hpp"
#include "support/cubist_test_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <memory>
#include <thread>
#include <vector>

using namespace iolens::core;
using namespace iolens::test;

namespace {

bool sameSelection(const cubist::NearestInstances& a, const cubist::NearestInstances& b)
{
    return a.count == b.count && a.distance == b.distance && a.instance == b.instance;
}

// The rows of `data` except the last `drop`.
Dataset withoutLastRows(const Dataset& data, Eigen::Index drop)
{
    std::vector<Eigen::Index> rows;
    for (Eigen::Index i = 0; i + drop < data.rows(); ++i)
        rows.push_back(i);
    return subset(data, rows);
}

} // namespace

class TestCubistNearest : public QObject {
    Q_OBJECT
private slots:
    void nearestTable_holdsEachCasesSelection()
    {
        const Dataset data = realDataset("local", Metric::RtReadMs);
        const Cubist fit = fitted(data, 1, 0);
        const cubist::Model& model = fit.model();
        const cubist::CaseTable cases = cubist::makeCases(probeRows(data), model.atts);
        const cubist::NearestTable table
            = cubist::nearestTable(model.instances, model.atts, cases, {2, 9});
        QVERIFY(table.has(2) && table.has(9));
        QVERIFY(!table.has(0) && !table.has(1) && !table.has(5) && !table.has(10));
        for (int i = 0; i < cases.rows; ++i) {
            const std::vector<float> d
                = cubist::instanceDistances(model.instances, cases.row(i), model.atts);
            for (int k : {2, 9})
                QVERIFY2(sameSelection(
                             table.byK[static_cast<std::size_t>(k)][static_cast<std::size_t>(i)],
                             cubist::nearestInstances(model.instances, d.data(), k)),
                    qPrintable(QString("case %1, K %2").arg(i).arg(k)));
        }
    }

    // Fits that differ in rules and committees share one table; other training rows or other
    // cases get their own.
    void cache_sharesTablesBetweenFitsOnTheSameRows()
    {
        const Dataset data = realDataset("tiered", Metric::RtWriteMs);
        const Eigen::MatrixXd probe = probeRows(data);
        const Cubist fewRules = fitted(data, 1, 0, 3);
        const Cubist committee = fitted(data, 4, 0, 100);
        cubist::NearestCache cache;
        const auto cases
            = [&](const Cubist& fit) { return cubist::makeCases(probe, fit.model().atts); };
        const auto first
            = cache.table(fewRules.model().instances, fewRules.model().atts, cases(fewRules));
        const auto again
            = cache.table(committee.model().instances, committee.model().atts, cases(committee));
        QCOMPARE(first.get(), again.get());
        QCOMPARE(cache.size(), std::size_t {1});

        const Cubist fewerRows = fitted(withoutLastRows(data, 1), 1, 0);
        const auto other = cache.table(fewerRows.model().instances, fewerRows.model().atts,
            cubist::makeCases(probe, fewerRows.model().atts));
        QVERIFY(other.get() != first.get());
        const auto otherCases = cache.table(fewRules.model().instances, fewRules.model().atts,
            cubist::makeCases(probe.topRows(probe.rows() - 1), fewRules.model().atts));
        QVERIFY(otherCases.get() != first.get());
        QCOMPARE(cache.size(), std::size_t {3});
        for (int k = 1; k <= 9; ++k)
            QVERIFY(first->has(k) && other->has(k));
    }

    void cachedCommitteeTable_equalsItsOwnSearch()
    {
        const Dataset data = realDataset("local", Metric::TpReadMbs);
        const Eigen::MatrixXd probe = probeRows(data);
        const Cubist four = fitted(data, 4, 0);
        cubist::NearestCache cache;
        const cubist::CommitteePredictions own = four.committeePredictions(probe, 4, {1, 4, 9});
        const cubist::CommitteePredictions cached
            = four.committeePredictions(probe, 4, {1, 4, 9}, &cache);
        const cubist::CommitteePredictions fewer = four.committeePredictions(probe, 3, {4}, &cache);
        QCOMPARE(cache.size(), std::size_t {1});
        for (int c = 1; c <= 4; ++c)
            for (int k : {0, 1, 4, 9})
                QVERIFY2(sameBits(cached.predict(k, c), own.predict(k, c)),
                    qPrintable(QString("committees %1, neighbors %2").arg(c).arg(k)));
        QVERIFY(sameBits(fewer.predict(4, 3), four.predictWith(probe, 4, 3)));
        // The cached table holds every K, but a committee table answers only what it was asked.
        QVERIFY_THROWS_EXCEPTION(ConfigError, fewer.predict(9, 3));
    }

    void fullCache_makesTablesWithoutKeepingThem()
    {
        const Dataset data = realDataset("tiered", Metric::RtReadMs);
        const Eigen::MatrixXd probe = probeRows(data);
        const Cubist two = fitted(data, 2, 0);
        cubist::NearestCache none(0);
        const cubist::CommitteePredictions table = two.committeePredictions(probe, 2, {3}, &none);
        QCOMPARE(none.size(), std::size_t {0});
        QVERIFY(sameBits(table.predict(3, 2), two.predictWith(probe, 3, 2)));
    }

    void threads_findOneTable()
    {
        const Dataset data = realDataset("tiered", Metric::TpWriteMbs);
        const Cubist one = fitted(data, 1, 0);
        const cubist::CaseTable cases = cubist::makeCases(probeRows(data), one.model().atts);
        cubist::NearestCache cache;
        std::vector<std::shared_ptr<const cubist::NearestTable>> found(4);
        std::vector<std::thread> threads;
        for (std::size_t t = 0; t < found.size(); ++t)
            threads.emplace_back(
                [&, t] { found[t] = cache.table(one.model().instances, one.model().atts, cases); });
        for (std::thread& thread : threads)
            thread.join();
        QCOMPARE(cache.size(), std::size_t {1});
        for (const auto& table : found)
            for (int k = 1; k <= 9; ++k)
                for (int i = 0; i < cases.rows; ++i)
                    QVERIFY(sameSelection(
                        table->byK[static_cast<std::size_t>(k)][static_cast<std::size_t>(i)],
                        found[0]->byK[static_cast<std::size_t>(k)][static_cast<std::size_t>(i)]));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestCubistNearest)
#include "test_cubist_nearest.moc"
