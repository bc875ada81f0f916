// SPDX-License-Identifier: GPL-3.0-or-later
// Cubist's pruning helpers: the selection that finds a node's median error must give the value
// std::nth_element gives, on small and large inputs, with ties, skewed, sorted and organ-pipe
// values (hard on median-of-three pivots), a NaN, and at every rank.
#include "models/cubist_prune.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <algorithm>
#include <cstring>
#include <limits>
#include <random>

using namespace iolens::core;

class TestCubistPrune : public QObject {
    Q_OBJECT
private slots:
    void kthSmallest_equalsNthElement_data()
    {
        QTest::addColumn<int>("size");
        QTest::addColumn<int>("distinct"); // 0: continuous values
        QTest::addColumn<QString>("shape");
        QTest::newRow("below the partition size") << 7 << 0 << "normal";
        QTest::newRow("small") << 37 << 0 << "normal";
        QTest::newRow("small, two values") << 61 << 2 << "normal";
        QTest::newRow("all equal") << 300 << 1 << "normal";
        QTest::newRow("large") << 5000 << 0 << "normal";
        QTest::newRow("large, ties") << 4000 << 7 << "normal";
        QTest::newRow("large, skewed") << 3000 << 0 << "skewed";
        QTest::newRow("medium, skewed") << 512 << 0 << "skewed";
        QTest::newRow("ascending") << 1000 << 0 << "ascending";
        QTest::newRow("descending, ties") << 999 << 5 << "descending";
        QTest::newRow("organ pipe") << 1001 << 0 << "organ pipe";
        QTest::newRow("with NaN") << 200 << 0 << "nan";
    }
    void kthSmallest_equalsNthElement()
    {
        QFETCH(int, size);
        QFETCH(int, distinct);
        QFETCH(QString, shape);
        std::mt19937 random(static_cast<unsigned>(size + distinct));
        std::normal_distribution<float> normal(0.f, 1.f);
        std::vector<float> values(static_cast<std::size_t>(size));
        for (float& v : values) {
            v = normal(random);
            if (distinct == 1)
                v = 2.5f;
            else if (distinct > 0)
                v = std::round(v * static_cast<float>(distinct) / 3.f);
            if (shape == "skewed") // a few huge values, most near zero, as errors of a good model
                v = v * v * v * v * v;
        }
        if (shape == "ascending" || shape == "descending" || shape == "organ pipe")
            std::sort(values.begin(), values.end());
        if (shape == "descending")
            std::reverse(values.begin(), values.end());
        if (shape == "organ pipe") // ascending, then descending: hard on median-of-three pivots
            std::reverse(values.begin() + size / 2, values.end());
        if (shape == "nan")
            values[static_cast<std::size_t>(size / 3)] = std::numeric_limits<float>::quiet_NaN();
        for (std::size_t k = 0; k < values.size(); k += 1 + values.size() / 97) {
            std::vector<float> mine = values, reference = values;
            std::nth_element(reference.begin(), reference.begin() + static_cast<std::ptrdiff_t>(k),
                reference.end());
            const float expected = reference[k], got = cubist::kthSmallest(mine, k);
            // Equal values (+0 and -0 are one value, as for nth_element itself, whose choice
            // between them depends on the order); with a NaN, the same fallback.
            QVERIFY2(got == expected || (shape == "nan" && std::memcmp(&expected, &got, 4) == 0),
                qPrintable(QStringLiteral("k = %1: %2, std::nth_element %3")
                               .arg(k)
                               .arg(static_cast<double>(got))
                               .arg(static_cast<double>(expected))));
            if (shape != "nan") { // reordered, nothing lost
                std::vector<float> before = values, after = mine;
                std::sort(before.begin(), before.end());
                std::sort(after.begin(), after.end());
                QVERIFY(before == after);
            }
        }
        std::vector<float> last = values, sorted = values;
        std::sort(sorted.begin(), sorted.end());
        if (shape != "nan")
            QCOMPARE(cubist::kthSmallest(last, values.size() - 1), sorted.back());
    }
};

IOLENS_TEST_APPLESS_MAIN(TestCubistPrune)
#include "test_cubist_prune.moc"
