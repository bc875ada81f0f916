// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

namespace iolens::core {

/// A Gaussian kernel density estimate evaluated on an even grid (Hsu et al., seed 002 Fig. 9:
/// "kernel density function of prediction accuracy").
///   grid: points values from lo to hi, both included; density: points values (1 / x units)
struct KernelDensity {
    double bandwidth = 0.0; ///< h, the kernel's standard deviation (x units)
    std::vector<double> grid;
    std::vector<double> density;
};

/// Smallest bandwidth used when the samples have no spread (one sample, or all equal): the
/// estimate is then a bump of this width rather than undefined. In accuracy units (0..1).
constexpr double kDegenerateBandwidth = 0.02;

/// Silverman's rule of thumb as scipy.stats.gaussian_kde(bw_method="silverman") takes it in one
/// dimension: h = s x (3 n / 4)^(-1/5), s = the sample standard deviation (divides by n - 1),
/// i.e. about 1.06 s n^(-1/5). kDegenerateBandwidth when n < 2 or s = 0. Throws DataError for
/// no sample or a non-finite one.
double silvermanBandwidth(const std::vector<double>& samples);

/// f(x) = 1 / (n h) x sum_i phi((x - s_i) / h), phi the standard normal density. No boundary
/// correction: near the ends of a bounded range (accuracy 0 and 1) part of the mass lies
/// outside, as with scipy's gaussian_kde. Preconditions: samples non-empty, h > 0. O(n).
double gaussianDensityAt(const std::vector<double>& samples, double bandwidth, double x);

/// The estimate with Silverman's bandwidth on `points` (>= 2) grid values over [lo, hi]
/// (lo < hi). Cost O(n points). Throws DataError for no or a non-finite sample, ConfigError for
/// a bad grid.
KernelDensity estimateKernelDensity(
    const std::vector<double>& samples, double lo, double hi, int points);

} // namespace iolens::core
