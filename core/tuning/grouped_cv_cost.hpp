// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "tuning/heuristic_optimizer.hpp"
#include "validation/grouped_cv.hpp"

namespace iolens::core {

/// What a grouped-CV cost minimises over the held-out levels.
enum class GroupedCvScore {
    /// mean |log(predicted / measured)|: symmetric, a factor of 2 too high costs as much as a
    /// factor of 2 too low (the default for searching)
    MeanLogRatio,
    /// mean |predicted - measured| / measured, the ICPE'13 Table 4 figure
    MeanRelative,
};

/// A cost for the parameter optimizer that rewards generalising to unmeasured levels: each
/// point's parameters are scored by groupedCrossValidate (every level of every grouping factor
/// held out in turn) instead of the paper's random k-fold RMSE. Points run in parallel
/// (OpenMP); a point whose fit fails scores +inf. `prototype` and `data` must outlive the
/// returned function; `space` and `options` are copied. Cost per point: one fit per level.
BatchCost groupedCrossValidationCost(const Regressor& prototype,
    const std::vector<SearchDimension>& space, const Dataset& data,
    const GroupedCvOptions& options = {}, GroupedCvScore score = GroupedCvScore::MeanLogRatio);

} // namespace iolens::core
