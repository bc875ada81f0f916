// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/auto_candidate.hpp"
#include "models/residual_smoothing.hpp"
#include "validation/grouped_cv.hpp"

#include <limits>
#include <vector>

namespace iolens::core {

/// How the auto model decides whether and how to smooth the residuals of the combination it
/// chose (residual_smoothing.hpp): on the same grouped cross-validation that chose it.

/// The outcome of the choice.
struct SmoothingChoice {
    /// The best setting, or off where it does not beat no smoothing by more than one standard
    /// error of its gain per held-out level.
    SmoothingSpec spec;
    /// Mean |log(predicted / measured)| of the held-out points without smoothing and with the
    /// best setting (whether or not it is taken).
    double offLogRatio = std::numeric_limits<double>::quiet_NaN();
    double logRatio = std::numeric_limits<double>::quiet_NaN();
    /// Per held-out point, in groupedCrossValidate's order, spec's correction: the fold model's
    /// training residuals carried to the held-out row.
    std::vector<double> corrections;
};

/// Refits the weighted combination `members` on each fold of the grouped CV of `data` with
/// `options` (the folds the selection scored), takes its residuals at the fold's training rows
/// and scores every setting of smoothingCandidates() on the held-out rows, distances in the
/// steps of `scale` (the whole data's). The lowest mean log ratio wins if its gain is clear (see
/// SmoothingChoice::spec); no smoothing wins ties.
/// Cost: one fit per member and fold, and O(settings x held-out x training rows) kernel terms.
/// Rethrows a fit's failure.
SmoothingChoice chooseSmoothing(const std::vector<CandidateSpec>& members,
    const std::vector<double>& weights, const Dataset& data, const GroupedCvOptions& options,
    const SmoothingScale& scale);

/// `cv` with `corrections` (one per point, in order) added to its predictions and its errors
/// re-summarised (log response). Throws StateError for a count that differs.
GroupedCvResult smoothedPoints(GroupedCvResult cv, const std::vector<double>& corrections);

} // namespace iolens::core
