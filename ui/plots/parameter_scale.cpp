// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/parameter_scale.hpp"
#include "plots/decades.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace iolens::ui {

namespace {

// More than two decades between the ends of a range make a log axis worthwhile.
constexpr double kLogRatio = 100.0;
// A zero floor never goes below this fraction of the range's top: the optimizer may halve its
// way to 1e-12, and ten empty decades would squeeze the interesting ones.
constexpr double kDeepestFloor = 1e-6;
constexpr double kFloorWithoutData = 1e-3;

} // namespace

double ParameterScale::drawn(double value) const
{
    return log ? std::max(value, low) : value;
}

double ParameterScale::normalised(double value) const
{
    if (log)
        return std::log(drawn(value) / low) / std::log(high / low);
    return (value - low) / (high - low);
}

double ParameterScale::fromNormalised(double t) const
{
    if (log)
        return low * std::pow(high / low, t);
    return low + t * (high - low);
}

bool prefersLogAxis(const core::SearchDimension& dimension, bool specLogScale)
{
    if (specLogScale)
        return true;
    if (dimension.low > 0.0)
        return dimension.high / dimension.low > kLogRatio;
    return dimension.low == 0.0 && !dimension.integer && dimension.high > 0.0;
}

ParameterScale parameterScale(
    const core::SearchDimension& dimension, bool log, const std::vector<double>& evaluatedValues)
{
    ParameterScale scale;
    scale.log = log && dimension.high > 0.0;
    scale.high = dimension.high;
    scale.low = dimension.low;
    if (scale.log && dimension.low <= 0.0) {
        double smallest = std::numeric_limits<double>::infinity();
        for (const double v : evaluatedValues)
            if (v > 0.0)
                smallest = std::min(smallest, v);
        const double floor = std::isfinite(smallest)
            ? decadeBelow(smallest) / 10.0
            : decadeBelow(dimension.high * kFloorWithoutData);
        scale.low = std::max(floor, decadeBelow(dimension.high * kDeepestFloor));
        scale.zeroAt = scale.low;
    }
    if (!(scale.high > scale.low)) // a range of one value: give it some width to be drawn on
        scale.high = scale.low + (scale.log ? scale.low : 1.0);
    return scale;
}

} // namespace iolens::ui
