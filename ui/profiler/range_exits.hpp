// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

namespace iolens::ui {

/// Which edge of the y range a curve leaves by.
enum class RangeSide { Above, Below };

/// A stretch of a curve outside the y range, marked at one x (where it leaves or comes back).
struct RangeExit {
    double x = 0.0;
    RangeSide side = RangeSide::Above;
};

/// Where the curve `y` over `x` (same length, x ascending) lies outside [low, high]: one exit per
/// run of consecutive points beyond one edge, at the run's point next to the part in range (its
/// first point, or its last when the curve starts outside and comes in); a curve entirely
/// outside is marked at its first point. `separatePoints`: every point is a run of its own (the
/// levels of a scheduler, which no line joins). NaN points are gaps, in no run.
/// O(points).
std::vector<RangeExit> rangeExits(const std::vector<double>& x, const std::vector<double>& y,
    double low, double high, bool separatePoints);

} // namespace iolens::ui
