// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "tuning/heuristic_optimizer.hpp"
#include "validation/k_fold.hpp"

namespace iolens::core {

/// The paper's cost c(p): mean RMSE of k-fold cross-validation with fixed folds, for each point of
/// a batch (perPointCost: in parallel, +inf for a fit that fails or a cost that is not finite,
/// `cancelled` checked between points).
/// `prototype`, `data` and `folds` must outlive the returned function.
BatchCost crossValidationCost(const Regressor& prototype, const std::vector<SearchDimension>& space,
    const Dataset& data, const FoldAssignment& folds);

} // namespace iolens::core
