// SPDX-License-Identifier: GPL-3.0-or-later
// Cubist's pruning helpers: the selection that finds a node's median error must give the value
// std::nth_element gives, on small and large inputs, with ties, skewed values and every rank.
#include "models/cubist_prune.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <algorithm>
#include <random>

using namespace iolens::core;

class TestCubistPrune : public QObject {
    Q_OBJECT
private slots:
    void kthSmallest_equalsNthElement_data()
    {
        QTest::addColumn<int>("size");
        QTest::addColumn<int>("distinct"); // 0: continuous values
        QTest::addColumn<bool>("skewed");
        QTest::newRow("small") << 37 << 0 << false;
        QTest::newRow("large") << 5000 << 0 << false;
        QTest::newRow("large, ties") << 4000 << 7 << false;
        QTest::newRow("large, skewed") << 3000 << 0 << true;
        QTest::newRow("at the sampling size") << 512 << 0 << true;
    }
    void kthSmallest_equalsNthElement()
    {
        QFETCH(int, size);
        QFETCH(int, distinct);
        QFETCH(bool, skewed);
        std::mt19937 random(static_cast<unsigned>(size + distinct));
        std::normal_distribution<float> normal(0.f, 1.f);
        std::vector<float> values(static_cast<std::size_t>(size));
        for (float& v : values) {
            v = normal(random);
            if (distinct > 0)
                v = std::round(v * distinct / 3.f);
            if (skewed) // a few huge values, most near zero, as errors of a good model are
                v = v * v * v * v * v;
        }
        std::vector<float> scratch;
        for (std::size_t k = 0; k < values.size(); k += 1 + values.size() / 97) {
            std::vector<float> mine = values, reference = values;
            std::nth_element(reference.begin(), reference.begin() + static_cast<std::ptrdiff_t>(k),
                reference.end());
            QCOMPARE(cubist::kthSmallest(mine, k, scratch), reference[k]);
        }
        std::vector<float> last = values, sorted = values;
        std::sort(sorted.begin(), sorted.end());
        QCOMPARE(cubist::kthSmallest(last, values.size() - 1, scratch), sorted.back());
    }
};

IOLENS_TEST_APPLESS_MAIN(TestCubistPrune)
#include "test_cubist_prune.moc"
