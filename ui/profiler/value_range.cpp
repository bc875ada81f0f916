// SPDX-License-Identifier: GPL-3.0-or-later
#include "profiler/value_range.hpp"

#include <algorithm>
#include <cmath>

namespace iolens::ui {

namespace {

// A quarter of the value above and below on a log axis (0.1 decade), 6 % of the span on a
// linear one: the dots at the extremes are drawn whole and clear of the frame.
constexpr double kLogPad = 1.25;
constexpr double kLinearPad = 0.06;

} // namespace

void ValueSpan::include(double value)
{
    if (!std::isfinite(value))
        return;
    m_low = std::min(m_low, value);
    m_high = std::max(m_high, value);
}

ValueRange paddedValueRange(const ValueSpan& span)
{
    if (span.empty())
        return {};
    const double low = span.low();
    const double high = span.high();
    if (low > 0.0 && high / low > 10.0)
        return {low / kLogPad, high * kLogPad};
    const double pad = kLinearPad * (high - low);
    return {low >= 0.0 ? std::max(0.0, low - pad) : low - pad, high + pad};
}

} // namespace iolens::ui
