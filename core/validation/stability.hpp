// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/dataset.hpp"
#include "models/regressor.hpp"

#include <cstdint>
#include <vector>

namespace iolens::core {

/// How the stability check perturbs the training data.
struct StabilityOptions {
    /// Training rows left out per repeat (the x axis of the SBCART paper's Figure 5),
    /// 1 <= removeRows < n.
    int removeRows = 4;
    /// Independent removals, >= 1.
    int repeats = 20;
    /// Seed of the rows removed (std::mt19937_64).
    std::uint64_t seed = 1;
    /// data.y is log(metric) (TrainingOptions::logResponse): predictions are compared as
    /// exp(prediction), on the metric's own scale, where a relative change means something.
    bool logResponse = false;
};

/// How far predictions move when a few training rows are missing.
struct StabilityResult {
    /// Mean over repeats and over the n rows of |p_r(x_i) - p(x_i)| / |p(x_i)|, p fitted on all
    /// rows, p_r on all but the removed ones.
    double meanRelativeChange = 0.0;
    /// Largest |p_r(x_i) - p(x_i)| / |p(x_i)| over repeats and rows.
    double maxRelativeChange = 0.0;
    std::vector<double> repeatMean; ///< per repeat: mean over the n rows
    std::vector<double> repeatMax;  ///< per repeat: largest over the n rows
    int rows = 0;                   ///< n
};

/// The stability check of the SBCART paper (section 3.4, Figure 5: "SBCART is more stable than
/// CART with the training data changes"), for any technique: fits a clone of `prototype`
/// (parameters set) on all rows of `data`, then `repeats` times on the rows minus `removeRows`
/// drawn at random, and compares the refits' predictions with the full fit's on every row of
/// `data` (the removed rows included). Repeats run in parallel (OpenMP); the removals are drawn
/// up front, so the result does not depend on the thread count. A prediction of 0 that changes
/// counts as an infinite relative change. Throws ConfigError for removeRows outside [1, n) or
/// repeats < 1; fit errors propagate. Cost: (repeats + 1) fits and predictions of n rows.
StabilityResult measureStability(
    const Regressor& prototype, const Dataset& data, const StabilityOptions& options);

} // namespace iolens::core
