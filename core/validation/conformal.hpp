// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

namespace iolens::core {

/// Split-conformal prediction bounds (Vovk et al., "Algorithmic Learning in a Random World",
/// 2005; Lei et al., JASA 2018, section 2.2) from out-of-sample residuals r = measured -
/// predicted. Signed quantiles rather than |r| so that a model biased on unseen levels gets an
/// asymmetric interval: prediction + [lower, upper] covers a new point with probability >= level
/// when it is exchangeable with the calibration points.
struct ConformalBounds {
    double lower = 0.0; ///< added to a prediction: the lower end of the interval
    double upper = 0.0; ///< added to a prediction: the upper end
};

/// Bounds at coverage `level` from `residuals`: order statistics k_lo = floor((n+1)(1-level)/2)
/// and k_hi = ceil((n+1)(1+level)/2), clamped to 1..n (the finite-sample correction; with few
/// residuals the widest observed residual is the best available bound). Throws ConfigError
/// unless 0 < level < 1, DataError for no residuals. O(n log n).
ConformalBounds conformalBounds(std::vector<double> residuals, double level);
/// The same from residuals already in increasing order, without a copy: O(1), for a model that
/// keeps its residuals sorted and is asked for an interval at every point of a sweep.
ConformalBounds conformalBoundsOfSorted(const std::vector<double>& residuals, double level);

} // namespace iolens::core
