// SPDX-License-Identifier: GPL-3.0-or-later
#include "whatif/limit_regions.hpp"

#include "common/error.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>
#include <limits>

using namespace iolens::core;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// A hand-made profile: grid x, one curve per model, every point at `readPct`.
Profile handMade(SweepSpacing spacing, std::vector<double> x, std::vector<std::vector<double>> y,
    double readPct = 50.0)
{
    Profile p;
    p.grid.spacing = spacing;
    p.grid.x = std::move(x);
    p.points.resize(p.grid.x.size());
    for (Configuration& c : p.points)
        c.readPct = readPct;
    p.y = std::move(y);
    return p;
}

SlaLimit limit(const char* text)
{
    return parseSlaLimit(text);
}

} // namespace

class TestLimitRegions : public QObject {
    Q_OBJECT
private slots:
    void noLimits_noStretch()
    {
        LimitRegions r;
        r.stretches.push_back({});
        limitRegions({}, r);
        QVERIFY(r.verdicts.empty());
        QVERIFY(r.stretches.empty());
    }

    void linear_boundariesAtMidpoints()
    {
        // Two models of read RT along x = 0, 10, ..., 50; the limit is <= 5 ms. Model A keeps it
        // up to x = 20, model B up to x = 40.
        const Profile rt = handMade(SweepSpacing::Linear, {0, 10, 20, 30, 40, 50},
            {{1, 2, 4, 6, 8, 10}, {1, 1, 2, 3, 5, 7}});
        LimitRegions r;
        limitRegions({{limit("rt_read_ms<=5"), &rt}}, r);
        const std::vector<LimitVerdict> expected {LimitVerdict::AllMeet, LimitVerdict::AllMeet,
            LimitVerdict::AllMeet, LimitVerdict::Disagree, LimitVerdict::Disagree,
            LimitVerdict::NoneMeet};
        QVERIFY(r.verdicts == expected);
        QCOMPARE(r.stretches.size(), std::size_t(3));
        QCOMPARE(r.stretches[0].from, 0.0); // a linear sweep ends at its ends
        QCOMPARE(r.stretches[0].to, 25.0);
        QVERIFY(r.stretches[0].verdict == LimitVerdict::AllMeet);
        QCOMPARE(r.stretches[1].from, 25.0);
        QCOMPARE(r.stretches[1].to, 45.0);
        QVERIFY(r.stretches[1].verdict == LimitVerdict::Disagree);
        QCOMPARE(r.stretches[2].from, 45.0);
        QCOMPARE(r.stretches[2].to, 50.0);
        QVERIFY(r.stretches[2].verdict == LimitVerdict::NoneMeet);
    }

    void everyLimitMustHold()
    {
        // RT keeps <= 5 everywhere; throughput >= 10 only from x = 20 on: the AND of both.
        const Profile rt = handMade(SweepSpacing::Linear, {0, 10, 20, 30}, {{1, 1, 1, 1}});
        const Profile tp = handMade(SweepSpacing::Linear, {0, 10, 20, 30}, {{5, 8, 12, 20}});
        LimitRegions r;
        limitRegions({{limit("rt_read_ms<=5"), &rt}, {limit("tp_write_mbs>=10"), &tp}}, r);
        QCOMPARE(r.stretches.size(), std::size_t(2));
        QVERIFY(r.stretches[0].verdict == LimitVerdict::NoneMeet);
        QCOMPARE(r.stretches[0].to, 15.0);
        QVERIFY(r.stretches[1].verdict == LimitVerdict::AllMeet);
        QCOMPARE(r.stretches[1].from, 15.0);
        QCOMPARE(r.stretches[1].to, 30.0);
    }

    void log_borderIsGeometricMidpoint()
    {
        const Profile rt = handMade(SweepSpacing::Log, {4, 16, 64, 256}, {{1, 2, 9, 9}});
        LimitRegions r;
        limitRegions({{limit("rt_read_ms<=5"), &rt}}, r);
        QCOMPARE(r.stretches.size(), std::size_t(2));
        QCOMPARE(r.stretches[0].from, 4.0);
        QCOMPARE(r.stretches[0].to, 32.0); // sqrt(16 * 64)
        QCOMPARE(r.stretches[1].from, 32.0);
        QCOMPARE(r.stretches[1].to, 256.0);
    }

    void integer_barsReachHalfAStepOut()
    {
        // VM counts 1..4: the first and last cells are bars around the counts.
        const Profile tp = handMade(SweepSpacing::Integer, {1, 2, 3, 4}, {{40, 30, 20, 10}});
        LimitRegions r;
        limitRegions({{limit("tp_read_mbs>=25"), &tp}}, r);
        QCOMPARE(r.stretches.size(), std::size_t(2));
        QCOMPARE(r.stretches[0].from, 0.5);
        QCOMPARE(r.stretches[0].to, 2.5);
        QCOMPARE(r.stretches[1].from, 2.5);
        QCOMPARE(r.stretches[1].to, 4.5);
        QVERIFY(r.stretches[1].verdict == LimitVerdict::NoneMeet);
    }

    void metricWithoutValue_doesNotConstrain()
    {
        // Read RT at 0 % reads has no value (NaN): the write limit alone decides there.
        Profile rt = handMade(SweepSpacing::Linear, {0, 50, 100}, {{kNaN, 9, 9}});
        rt.points[0].readPct = 0.0;
        rt.points[1].readPct = 50.0;
        rt.points[2].readPct = 100.0;
        Profile tp = rt;
        tp.y = {{20, 20, kNaN}};
        LimitRegions r;
        limitRegions({{limit("rt_read_ms<=5"), &rt}, {limit("tp_write_mbs>=10"), &tp}}, r);
        const std::vector<LimitVerdict> expected {
            LimitVerdict::AllMeet, LimitVerdict::NoneMeet, LimitVerdict::NoneMeet};
        QVERIFY(r.verdicts == expected);
    }

    void modelWithoutAnswer_doesNotVote()
    {
        // Categorical levels 0, 1, 2. Model B never saw level 1 (NaN), and no model saw level 2.
        const Profile rt
            = handMade(SweepSpacing::Categorical, {0, 1, 2}, {{1, 9, kNaN}, {9, kNaN, kNaN}});
        LimitRegions r;
        limitRegions({{limit("rt_read_ms<=5"), &rt}}, r);
        const std::vector<LimitVerdict> expected {
            LimitVerdict::Disagree, LimitVerdict::NoneMeet, LimitVerdict::Unknown};
        QVERIFY(r.verdicts == expected);
        QCOMPARE(r.stretches.size(), std::size_t(2)); // the unknown level gets no stretch
        QCOMPARE(r.stretches[0].from, -0.5);
        QCOMPARE(r.stretches[0].to, 0.5);
        QCOMPARE(r.stretches[1].from, 0.5);
        QCOMPARE(r.stretches[1].to, 1.5);
    }

    void brokenLimit_outvotesMissingAnswer()
    {
        // The model has no read RT at the point but its write throughput breaks the limit.
        const Profile rt = handMade(SweepSpacing::Linear, {0, 1}, {{kNaN, 1}});
        const Profile tp = handMade(SweepSpacing::Linear, {0, 1}, {{1, 50}});
        LimitRegions r;
        limitRegions({{limit("rt_read_ms<=5"), &rt}, {limit("tp_write_mbs>=10"), &tp}}, r);
        QVERIFY(r.verdicts[0] == LimitVerdict::NoneMeet);
        QVERIFY(r.verdicts[1] == LimitVerdict::AllMeet);
    }

    void boundItself_holds()
    {
        const Profile rt = handMade(SweepSpacing::Linear, {0, 1}, {{5, 5.0001}});
        LimitRegions r;
        limitRegions({{limit("rt_read_ms<=5"), &rt}}, r);
        QVERIFY(r.verdicts[0] == LimitVerdict::AllMeet);
        QVERIFY(r.verdicts[1] == LimitVerdict::NoneMeet);
    }

    void mismatchedProfiles_throw()
    {
        const Profile a = handMade(SweepSpacing::Linear, {0, 1, 2}, {{1, 1, 1}});
        const Profile b = handMade(SweepSpacing::Linear, {0, 1}, {{1, 1}});
        const Profile c = handMade(SweepSpacing::Linear, {0, 1, 2}, {{1, 1, 1}, {1, 1, 1}});
        LimitRegions r;
        QVERIFY_THROWS_EXCEPTION(ConfigError,
            limitRegions({{limit("rt_read_ms<=5"), &a}, {limit("tp_read_mbs>=1"), &b}}, r));
        QVERIFY_THROWS_EXCEPTION(ConfigError,
            limitRegions({{limit("rt_read_ms<=5"), &a}, {limit("tp_read_mbs>=1"), &c}}, r));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestLimitRegions)
#include "test_limit_regions.moc"
