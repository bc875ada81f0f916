// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <vector>

namespace iolens::core {

/// A mean with the half-width of its confidence interval.
struct Estimate {
    double mean = 0.0;
    double halfWidth = 0.0;
    double relativeHalfWidth() const;
};

/// MSER-5 (White 1997, as JMT's simulator uses it): `groupMeans` are the means of consecutive
/// groups of 5 observations; returns how many leading groups to drop as warm-up, chosen in the
/// first half to minimise the squared standard error of the mean of the groups kept.
std::size_t mser5Truncation(const std::vector<double>& groupMeans);

/// Student-t interval at `confidence` (0.99) from independent batch means.
Estimate batchMeansInterval(const std::vector<double>& batchMeans, double confidence);

} // namespace iolens::core
