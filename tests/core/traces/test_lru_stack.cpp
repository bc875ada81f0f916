// SPDX-License-Identifier: GPL-3.0-or-later
// Exact LRU stack distances against a brute-force LRU list, on random traces small enough to
// reuse units often and long enough to renumber the tree many times.
#include "support/test_registry.hpp"
#include "traces/lru_stack.hpp"

#include <QTest>

#include <algorithm>
#include <list>
#include <random>

using namespace iolens::core;

namespace {

// The textbook definition: the position of the unit in a most-recently-used-first list.
std::int64_t bruteForce(std::list<std::int64_t>& stack, std::int64_t unit)
{
    const auto found = std::find(stack.begin(), stack.end(), unit);
    std::int64_t distance = -1;
    if (found != stack.end()) {
        distance = std::distance(stack.begin(), found);
        stack.erase(found);
    }
    stack.push_front(unit);
    return distance;
}

} // namespace

class TestLruStack : public QObject {
    Q_OBJECT
private slots:
    void distances_equalABruteForceLru_data()
    {
        QTest::addColumn<int>("universe");
        QTest::addColumn<int>("accesses");
        QTest::newRow("hot set") << 50 << 20000;
        QTest::newRow("wide") << 5000 << 40000;
        QTest::newRow("renumbered often") << 300 << 200000; // > 3 x the tree's initial size
    }

    void distances_equalABruteForceLru()
    {
        QFETCH(int, universe);
        QFETCH(int, accesses);
        std::mt19937_64 random(static_cast<std::uint64_t>(universe));
        // Skewed: some units far more often than others, as in real traces.
        std::geometric_distribution<int> skew(3.0 / universe);
        LruStack stack;
        std::list<std::int64_t> reference;
        for (int i = 0; i < accesses; ++i) {
            const std::int64_t unit = skew(random) % universe;
            const std::int64_t expected = bruteForce(reference, unit);
            const std::int64_t got = stack.access(unit);
            if (got != expected)
                QFAIL(qPrintable(QStringLiteral("access %1 to unit %2: distance %3, brute force %4")
                                     .arg(i)
                                     .arg(unit)
                                     .arg(got)
                                     .arg(expected)));
        }
        QCOMPARE(stack.distinctUnits(), reference.size());
    }

    void handMade_sequence()
    {
        LruStack stack;
        QCOMPARE(stack.access(1), std::int64_t {-1});
        QCOMPARE(stack.access(2), std::int64_t {-1});
        QCOMPARE(stack.access(1), std::int64_t {1});
        QCOMPARE(stack.access(1), std::int64_t {0});
        QCOMPARE(stack.access(3), std::int64_t {-1});
        QCOMPARE(stack.access(2), std::int64_t {2}); // 3 and 1 since
    }
};

IOLENS_TEST_GUILESS_MAIN(TestLruStack)
#include "test_lru_stack.moc"
