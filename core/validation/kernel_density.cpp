// SPDX-License-Identifier: GPL-3.0-or-later
#include "validation/kernel_density.hpp"

#include "common/error.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

namespace iolens::core {

double silvermanBandwidth(const std::vector<double>& samples)
{
    if (samples.empty())
        throw DataError("silvermanBandwidth: no sample");
    double sum = 0.0;
    for (double s : samples) {
        if (!std::isfinite(s))
            throw DataError("silvermanBandwidth: a sample is not finite");
        sum += s;
    }
    const double n = static_cast<double>(samples.size());
    if (samples.size() < 2)
        return kDegenerateBandwidth;
    const double mean = sum / n;
    double squares = 0.0;
    for (double s : samples)
        squares += (s - mean) * (s - mean);
    const double sd = std::sqrt(squares / (n - 1.0));
    // Equal samples give a rounding-level sd; treat anything that small as no spread.
    if (sd <= 1e-12 * std::max(1.0, std::abs(mean)))
        return kDegenerateBandwidth;
    return sd * std::pow(3.0 * n / 4.0, -0.2);
}

double gaussianDensityAt(const std::vector<double>& samples, double bandwidth, double x)
{
    if (samples.empty() || !(bandwidth > 0.0))
        throw DataError("gaussianDensityAt: " + std::to_string(samples.size())
            + " samples, bandwidth " + std::to_string(bandwidth));
    double total = 0.0;
    for (double s : samples) {
        const double z = (x - s) / bandwidth;
        total += std::exp(-0.5 * z * z);
    }
    const double norm = 1.0 / (std::sqrt(2.0 * std::numbers::pi) * bandwidth);
    return norm * total / static_cast<double>(samples.size());
}

KernelDensity estimateKernelDensity(
    const std::vector<double>& samples, double lo, double hi, int points)
{
    if (points < 2 || !(lo < hi))
        throw ConfigError("estimateKernelDensity: need >= 2 points on lo < hi, got "
            + std::to_string(points) + " points on [" + std::to_string(lo) + ", "
            + std::to_string(hi) + "]");
    KernelDensity kde;
    kde.bandwidth = silvermanBandwidth(samples);
    kde.grid.reserve(static_cast<std::size_t>(points));
    kde.density.reserve(static_cast<std::size_t>(points));
    for (int i = 0; i < points; ++i) {
        const double x = lo + (hi - lo) * i / (points - 1);
        kde.grid.push_back(x);
        kde.density.push_back(gaussianDensityAt(samples, kde.bandwidth, x));
    }
    return kde;
}

} // namespace iolens::core
