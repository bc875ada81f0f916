// SPDX-License-Identifier: GPL-3.0-or-later
// Where a profiler curve leaves the shared y range: marked once per stretch outside, at the
// point next to the part in range.
#include "profiler/range_exits.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <limits>

using namespace iolens::ui;

namespace {

const std::vector<double> kX {1, 2, 3, 4, 5, 6};

bool sameExits(const std::vector<RangeExit>& got, const std::vector<RangeExit>& expected)
{
    if (got.size() != expected.size())
        return false;
    for (std::size_t i = 0; i < got.size(); ++i)
        if (got[i].x != expected[i].x || got[i].side != expected[i].side)
            return false;
    return true;
}

} // namespace

class TestRangeExits : public QObject {
    Q_OBJECT
private slots:
    void curveInRange_hasNoExit()
    {
        QVERIFY(rangeExits(kX, {1, 2, 3, 4, 5, 10}, 1.0, 10.0, false).empty());
    }

    // lm at the largest file sets: it leaves above at its first point beyond the top.
    void curveLeavingAbove_isMarkedWhereItLeaves()
    {
        const auto exits = rangeExits(kX, {1, 2, 3, 20, 40, 80}, 0.5, 10.0, false);
        QVERIFY(sameExits(exits, {{4, RangeSide::Above}}));
    }

    void curveComingInFromBelow_isMarkedWhereItComesIn()
    {
        const auto exits = rangeExits(kX, {0.01, 0.02, 0.03, 2, 3, 4}, 1.0, 10.0, false);
        QVERIFY(sameExits(exits, {{3, RangeSide::Below}}));
    }

    void everyStretchOutside_isMarked()
    {
        const double gap = std::numeric_limits<double>::quiet_NaN();
        // Above, back in, below, a gap, below again: three stretches.
        const auto exits = rangeExits(kX, {20, 5, 0.1, gap, 0.2, 5}, 1.0, 10.0, false);
        QVERIFY(sameExits(
            exits, {{1, RangeSide::Above}, {3, RangeSide::Below}, {5, RangeSide::Below}}));
    }

    void levels_areMarkedEachOnItsOwn()
    {
        const auto exits = rangeExits({0, 1, 2}, {20, 30, 5}, 1.0, 10.0, true);
        QVERIFY(sameExits(exits, {{0, RangeSide::Above}, {1, RangeSide::Above}}));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestRangeExits)
#include "test_range_exits.moc"
