// SPDX-License-Identifier: GPL-3.0-or-later
#include "profiler/range_exits.hpp"

#include <algorithm>
#include <optional>

namespace iolens::ui {

namespace {

std::optional<RangeSide> sideOf(double value, double low, double high)
{
    if (value > high)
        return RangeSide::Above;
    if (value < low)
        return RangeSide::Below;
    return std::nullopt; // in range, or NaN
}

} // namespace

std::vector<RangeExit> rangeExits(const std::vector<double>& x, const std::vector<double>& y,
    double low, double high, bool separatePoints)
{
    std::vector<RangeExit> exits;
    const std::size_t n = std::min(x.size(), y.size());
    std::size_t i = 0;
    while (i < n) {
        const std::optional<RangeSide> side = sideOf(y[i], low, high);
        if (!side) {
            ++i;
            continue;
        }
        std::size_t end = i; // the run is [i, end]
        while (!separatePoints && end + 1 < n && sideOf(y[end + 1], low, high) == side)
            ++end;
        // Mark the run where the eye follows the curve off the plot: at its start, unless the
        // curve starts out there and comes in at its end.
        const bool comesIn = i == 0 && end + 1 < n;
        exits.push_back({x[comesIn ? end : i], *side});
        i = end + 1;
    }
    return exits;
}

} // namespace iolens::ui
