// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/resampling.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <algorithm>
#include <set>

using namespace iolens::core;

class TestResampling : public QObject {
    Q_OBJECT
private slots:
    // 60,000 draws from [0, 6): each value 10,000 times in expectation, sd 91; bounds of 5 sd.
    void uniformIndex_isInRangeAndUniform()
    {
        std::mt19937_64 rng(1);
        std::vector<int> counts(6, 0);
        for (int i = 0; i < 60000; ++i) {
            const std::uint64_t value = uniformIndex(rng, 6);
            QVERIFY(value < 6);
            ++counts[static_cast<std::size_t>(value)];
        }
        for (const int count : counts)
            QVERIFY2(std::abs(count - 10000) < 460, qPrintable(QString::number(count)));
        QCOMPARE(uniformIndex(rng, 1), std::uint64_t {0});
    }

    void bootstrapRows_drawsNSortedRowsWithReplacement()
    {
        std::mt19937_64 rng(2);
        const auto rows = bootstrapRows(1000, rng);
        QCOMPARE(rows.size(), std::size_t {1000});
        QVERIFY(std::is_sorted(rows.begin(), rows.end()));
        QVERIFY(rows.front() >= 0 && rows.back() < 1000);
        // Distinct rows of a bootstrap sample: 1 - (1 - 1/n)^n = 63.2 % of n, sd 1.5 % for n=1000.
        const std::set<Eigen::Index> distinct(rows.begin(), rows.end());
        QVERIFY(distinct.size() > 580 && distinct.size() < 685);
    }

    // 20 samples of 10,000 rows: the distinct share must be 63.2 % within 1 % each (sd 0.48 %).
    void distinctBootstrapRows_keepsAbout632Percent()
    {
        std::mt19937_64 rng(3);
        for (int s = 0; s < 20; ++s) {
            const auto rows = distinctBootstrapRows(10000, rng);
            QVERIFY(std::is_sorted(rows.begin(), rows.end()));
            QVERIFY(std::adjacent_find(rows.begin(), rows.end()) == rows.end());
            QVERIFY2(std::abs(static_cast<double>(rows.size()) / 10000.0 - 0.632) < 0.02,
                qPrintable(QString::number(rows.size())));
        }
    }

    void sampleWithoutReplacement_givesDistinctRows()
    {
        std::mt19937_64 rng(4);
        const auto rows = sampleWithoutReplacement(10, 10, rng);
        QCOMPARE(std::set<Eigen::Index>(rows.begin(), rows.end()).size(), std::size_t {10});
        // Over many draws of one row out of 5, each row comes up about a fifth of the time.
        std::vector<int> counts(5, 0);
        for (int i = 0; i < 5000; ++i)
            ++counts[static_cast<std::size_t>(sampleWithoutReplacement(5, 1, rng).front())];
        for (const int count : counts)
            QVERIFY(std::abs(count - 1000) < 150);
    }

    void treeSeeds_dependOnSeedAndIndexOnly()
    {
        const auto a = treeSeeds(7, 10);
        const auto b = treeSeeds(7, 20);
        QVERIFY(std::equal(a.begin(), a.end(), b.begin())); // a prefix: tree b's seed is fixed
        QVERIFY(treeSeeds(8, 10) != a);
        std::mt19937_64 reference(7);
        QCOMPARE(a.front(), reference());
    }
};

IOLENS_TEST_GUILESS_MAIN(TestResampling)
#include "test_resampling.moc"
