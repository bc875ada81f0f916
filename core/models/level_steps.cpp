// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/level_steps.hpp"

#include <algorithm>
#include <cmath>

namespace iolens::core {

bool stepsOnLog2(Factor factor)
{
    return factor == Factor::FilesetBytes || factor == Factor::RequestBytes
        || factor == Factor::Threads || factor == Factor::Vms;
}

double log2Size(double value)
{
    constexpr double kSmallest = 1e-12;
    return std::log2(std::max(value, kSmallest));
}

double stepScaleValue(Factor factor, double value)
{
    return stepsOnLog2(factor) ? log2Size(value) : value;
}

double medianLevelGap(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end(),
                     [](double a, double b) {
                         return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(a));
                     }),
        values.end());
    if (values.size() < 2)
        return 1.0;
    std::vector<double> gaps;
    gaps.reserve(values.size() - 1);
    for (std::size_t i = 1; i < values.size(); ++i)
        gaps.push_back(values[i] - values[i - 1]);
    const auto middle = gaps.begin() + static_cast<std::ptrdiff_t>(gaps.size() / 2);
    std::nth_element(gaps.begin(), middle, gaps.end());
    return *middle;
}

} // namespace iolens::core
