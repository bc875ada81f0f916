// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "tuning/heuristic_optimizer.hpp"
#include "validation/grouped_cv.hpp"
#include "validation/k_fold.hpp"

namespace iolens::core {

/// The fastest exact CV cost for the technique of `prototype`: a technique with free dimensions
/// (CART: cp; Cubist: committees and neighbors; MARS: nk, thresh and nprune; ALGORITHMS.md
/// section 9) or rules limits that cut no tree (Cubist, M5) shares fits between points, any
/// other technique gets crossValidationCost. Every variant returns the same costs as
/// crossValidationCost.
BatchCost techniqueCrossValidationCost(const Regressor& prototype,
    const std::vector<SearchDimension>& space, const Dataset& data, const FoldAssignment& folds);

/// The same for the grouped cost of `optimize --cv grouped` (GroupedCvScore::MeanLogRatio): the
/// same shared fits over the held-out levels, the same costs as groupedCrossValidationCost.
BatchCost techniqueGroupedCost(const Regressor& prototype,
    const std::vector<SearchDimension>& space, const Dataset& data,
    const GroupedCvOptions& options);

} // namespace iolens::core
