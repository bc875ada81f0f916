// SPDX-License-Identifier: GPL-3.0-or-later
// Cubist's rule sets: the batched prediction the optimizer and the committee fits use must give
// predict()'s value bit for bit on hand-built rules, whatever the conditions test: thresholds
// either way, level sets that list fewer levels than they leave out and the other way round, a
// two-level value test, rules whose model is clamped, and rows that no rule covers.
#include "models/cubist_rules.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <bit>
#include <cstdint>
#include <random>

using namespace iolens::core;

namespace {

// Discrete values are level indices from 0, as makeCases stores them.
constexpr int kLevels = 5; // column 1

cubist::Condition threshold(int att, float cut, bool above)
{
    cubist::Condition c;
    c.type = cubist::TestType::Threshold;
    c.att = att;
    c.cut = cut;
    c.above = above;
    return c;
}

cubist::Condition levelSet(
    cubist::TestType type, int att, int levels, std::initializer_list<int> in)
{
    cubist::Condition c;
    c.type = type;
    c.att = att;
    c.levels.assign(static_cast<std::size_t>(levels), 0);
    for (int level : in)
        c.levels[static_cast<std::size_t>(level)] = 1;
    return c;
}

cubist::Rule rule(std::vector<cubist::Condition> conditions, cubist::Coefficients model,
    float lo = -1e30f, float hi = 1e30f)
{
    cubist::Rule r;
    r.conditions = std::move(conditions);
    r.model = std::move(model);
    r.loLim = lo;
    r.hiLim = hi;
    return r;
}

} // namespace

class TestCubistRules : public QObject {
    Q_OBJECT
private slots:
    void predictCases_equalsPredictForHandBuiltRules()
    {
        // Columns: 0 continuous, 1 discrete with five levels, 2 continuous, 3 discrete with two.
        cubist::RuleSet set;
        // A set of one level of five: the test lists the level in the set.
        set.rules.push_back(rule(
            {levelSet(cubist::TestType::Subset, 1, kLevels, {2})}, {1.5, 0.25, 0.0, -2.0, 0.0}));
        // A set of four levels of five: the test lists the one level left out.
        set.rules.push_back(rule({levelSet(cubist::TestType::Subset, 1, kLevels, {0, 1, 3, 4}),
                                     threshold(0, 0.4f, true)},
            {-0.5, 3.0, 0.0, 0.125, 0.0}));
        // A value test, and a model clamped on both sides.
        set.rules.push_back(
            rule({threshold(2, 0.5f, false), levelSet(cubist::TestType::Value, 3, 2, {1})},
                {0.1, 0.0, 0.0, 7.0, 0.0}, 0.2f, 0.9f));
        // Intercept only, covering few rows, so that some rows fall to the global mean.
        set.rules.push_back(rule({levelSet(cubist::TestType::Subset, 1, kLevels, {2, 4}),
                                     threshold(0, 0.8f, true), threshold(2, 0.9f, true)},
            {4.0}));

        cubist::CaseTable cases;
        cases.rows = 400;
        cases.cols = 4;
        std::mt19937 random(7);
        std::uniform_real_distribution<float> unit(0.f, 1.f);
        std::uniform_int_distribution<int> level(0, kLevels - 1), twoLevels(0, 1);
        for (int i = 0; i < cases.rows; ++i) {
            cases.values.push_back(unit(random));
            cases.values.push_back(static_cast<float>(level(random)));
            cases.values.push_back(unit(random));
            cases.values.push_back(static_cast<float>(twoLevels(random)));
        }
        const cubist::CaseColumns columns(cases);
        constexpr float globalMean = -3.25f;
        std::vector<float> batch;
        set.predictCases(cases, columns, globalMean, batch);
        QCOMPARE(batch.size(), static_cast<std::size_t>(cases.rows));
        int uncovered = 0, clampedLow = 0, clampedHigh = 0;
        std::vector<int> coveredBy(set.rules.size(), 0);
        for (int i = 0; i < cases.rows; ++i) {
            const float* x = cases.row(i);
            QCOMPARE(std::bit_cast<std::uint32_t>(batch[static_cast<std::size_t>(i)]),
                std::bit_cast<std::uint32_t>(set.predict(x, globalMean)));
            bool any = false;
            for (std::size_t r = 0; r < set.rules.size(); ++r)
                if (set.rules[r].matches(x)) {
                    ++coveredBy[r];
                    any = true;
                }
            uncovered += any ? 0 : 1;
            if (set.rules[2].matches(x)) {
                const double raw = 0.1 + 7.0 * x[2];
                clampedLow += raw < 0.2 ? 1 : 0;
                clampedHigh += raw > 0.9 ? 1 : 0;
            }
        }
        // Every path was taken: each rule covers rows, some rows no rule, the clamp both ways.
        for (int covered : coveredBy)
            QVERIFY(covered > 0 && covered < cases.rows);
        QVERIFY(uncovered > 0);
        QVERIFY(clampedLow > 0 && clampedHigh > 0);
    }
};

IOLENS_TEST_APPLESS_MAIN(TestCubistRules)
#include "test_cubist_rules.moc"
