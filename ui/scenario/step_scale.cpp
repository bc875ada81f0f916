// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/step_scale.hpp"

#include <algorithm>
#include <cmath>

namespace iolens::ui {

StepScale::StepScale(std::vector<double> values)
    : m_values(std::move(values))
{
    std::sort(m_values.begin(), m_values.end());
    m_values.erase(std::unique(m_values.begin(), m_values.end()), m_values.end());
}

StepScale StepScale::halfOctaves(double lo, double hi, const std::vector<double>& measured)
{
    std::vector<double> values = measured;
    const int first = static_cast<int>(std::floor(std::log2(lo)));
    const int last = static_cast<int>(std::ceil(std::log2(hi)));
    for (int exponent = first; exponent <= last; ++exponent) {
        // ldexp is exact, so the octave points are exactly the powers of two that data holds.
        values.push_back(std::ldexp(1.0, exponent));
        if (exponent < last)
            values.push_back(std::ldexp(3.0, exponent - 1));
    }
    return StepScale(std::move(values));
}

StepScale StepScale::linear(double lo, double hi, double step, const std::vector<double>& measured)
{
    std::vector<double> values = measured;
    const int count = static_cast<int>(std::floor((hi - lo) / step + 1e-9));
    // lo + i * step rather than repeated addition, so no rounding error accumulates.
    for (int i = 0; i <= count; ++i)
        values.push_back(lo + i * step);
    return StepScale(std::move(values));
}

int StepScale::nearestIndex(double value, bool logarithmic) const
{
    const auto upper = std::lower_bound(m_values.begin(), m_values.end(), value);
    if (upper == m_values.begin())
        return 0;
    if (upper == m_values.end())
        return size() - 1;
    const auto lower = upper - 1;
    const auto distance = [&](double step) {
        return logarithmic && value > 0.0 && step > 0.0 ? std::fabs(std::log(step / value))
                                                        : std::fabs(step - value);
    };
    const auto nearest = distance(*lower) <= distance(*upper) ? lower : upper;
    return static_cast<int>(nearest - m_values.begin());
}

int StepScale::indexOf(double value) const
{
    const auto it = std::lower_bound(m_values.begin(), m_values.end(), value);
    return it != m_values.end() && *it == value ? static_cast<int>(it - m_values.begin()) : -1;
}

} // namespace iolens::ui
