// SPDX-License-Identifier: GPL-3.0-or-later
#include "harness/noise_summary.hpp"

#include "common/error.hpp"

#include <algorithm>
#include <cmath>

namespace iolens::core {

double quantile(std::vector<double> values, double q)
{
    if (values.empty())
        throw StateError("quantile: no values");
    std::sort(values.begin(), values.end());
    const double position = q * static_cast<double>(values.size() - 1);
    const auto below = static_cast<std::size_t>(std::floor(position));
    const std::size_t above = std::min(below + 1, values.size() - 1);
    return values[below] + (position - std::floor(position)) * (values[above] - values[below]);
}

std::vector<NoiseQuantiles> summarizeNoise(const std::vector<AggregatedMeasurement>& rows)
{
    std::vector<NoiseQuantiles> result;
    for (Metric metric : kCoreMetrics) {
        std::vector<double> rse;
        for (const AggregatedMeasurement& row : rows)
            if (const auto value = row.rse(metric))
                rse.push_back(*value);
        if (rse.empty())
            continue;
        result.push_back({metric, static_cast<int>(rse.size()), quantile(rse, 0.0),
            quantile(rse, 0.5), quantile(rse, 0.9), quantile(rse, 1.0)});
    }
    return result;
}

} // namespace iolens::core
