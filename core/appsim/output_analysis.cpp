// SPDX-License-Identifier: GPL-3.0-or-later
#include "appsim/output_analysis.hpp"

#include "common/error.hpp"

#include <boost/math/distributions/students_t.hpp>

#include <cmath>
#include <limits>

namespace iolens::core {

double Estimate::relativeHalfWidth() const
{
    return mean != 0.0 ? halfWidth / std::abs(mean) : std::numeric_limits<double>::infinity();
}

std::size_t mser5Truncation(const std::vector<double>& groupMeans)
{
    const std::size_t batches = groupMeans.size();
    if (batches < 4)
        return 0;
    const std::vector<double>& means = groupMeans;
    // Suffix sums give each candidate truncation's mean and variance in one pass.
    std::vector<double> sum(batches + 1, 0.0);
    std::vector<double> squares(batches + 1, 0.0);
    for (std::size_t b = batches; b-- > 0;) {
        sum[b] = sum[b + 1] + means[b];
        squares[b] = squares[b + 1] + means[b] * means[b];
    }
    std::size_t best = 0;
    double bestStatistic = std::numeric_limits<double>::infinity();
    for (std::size_t d = 0; d <= batches / 2; ++d) {
        const auto kept = static_cast<double>(batches - d);
        const double mean = sum[d] / kept;
        const double statistic = (squares[d] / kept - mean * mean) / kept;
        if (statistic < bestStatistic) {
            bestStatistic = statistic;
            best = d;
        }
    }
    return best;
}

Estimate batchMeansInterval(const std::vector<double>& batchMeans, double confidence)
{
    const std::size_t n = batchMeans.size();
    if (n < 2)
        throw StateError("batch means: need at least two batches");
    double mean = 0.0;
    for (double m : batchMeans)
        mean += m;
    mean /= static_cast<double>(n);
    double variance = 0.0;
    for (double m : batchMeans)
        variance += (m - mean) * (m - mean);
    variance /= static_cast<double>(n - 1);
    const boost::math::students_t t(static_cast<double>(n - 1));
    const double quantile = boost::math::quantile(t, 0.5 + 0.5 * confidence);
    return {mean, quantile * std::sqrt(variance / static_cast<double>(n))};
}

} // namespace iolens::core
