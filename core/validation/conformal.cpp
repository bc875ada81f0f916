// SPDX-License-Identifier: GPL-3.0-or-later
#include "validation/conformal.hpp"

#include "common/error.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace iolens::core {

ConformalBounds conformalBounds(std::vector<double> residuals, double level)
{
    if (!(level > 0.0 && level < 1.0))
        throw ConfigError(
            "conformalBounds: the interval level must be in (0, 1), got " + std::to_string(level));
    if (residuals.empty())
        throw DataError("conformalBounds: no residuals to calibrate an interval from");
    std::sort(residuals.begin(), residuals.end());
    return conformalBoundsOfSorted(residuals, level);
}

ConformalBounds conformalBoundsOfSorted(const std::vector<double>& residuals, double level)
{
    if (!(level > 0.0 && level < 1.0))
        throw ConfigError(
            "conformalBounds: the interval level must be in (0, 1), got " + std::to_string(level));
    if (residuals.empty())
        throw DataError("conformalBounds: no residuals to calibrate an interval from");
    const double n = static_cast<double>(residuals.size());
    const double tail = (1.0 - level) / 2.0;
    // 1-based ranks; the tiny epsilon keeps an exact integer (n+1)*tail from moving a rank by
    // one because of rounding in the product.
    const double lowRank = std::floor((n + 1.0) * tail + 1e-9);
    const double highRank = std::ceil((n + 1.0) * (1.0 - tail) - 1e-9);
    const auto index
        = [&](double rank) { return static_cast<std::size_t>(std::clamp(rank, 1.0, n) - 1.0); };
    return {residuals[index(lowRank)], residuals[index(highRank)]};
}

} // namespace iolens::core
