// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/auto_candidate.hpp"
#include "validation/grouped_cv.hpp"

#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace iolens::core {

// How the auto model chooses among its candidates once each has been scored by grouped
// cross-validation, and how well that choice itself does on a level nobody measured.

/// A candidate's grouped cross-validation figures (mean relative error of held-out levels).
struct CandidateScore {
    CandidateSpec spec;
    double interpolation = std::numeric_limits<double>::quiet_NaN();
    double extrapolation = std::numeric_limits<double>::quiet_NaN();
    double overall = std::numeric_limits<double>::quiet_NaN();
    /// mean |log(predicted / measured)| of held-out levels: the selection criterion
    double logRatio = std::numeric_limits<double>::quiet_NaN();
    std::string failure; ///< why the candidate could not be scored; empty if it was
};

/// Width of a table's candidate column: the longest label of `scores`, at least 40 characters
/// ("... writers" labels pass 40).
int candidateLabelWidth(const std::vector<CandidateScore>& scores);

/// Ranking key of a scored candidate, lower is better: its mean |log(predicted / measured)|;
/// a failed or unscored candidate (NaN) ranks last (infinity).
double rankKey(const CandidateScore& score);

/// Most members that stand for one class of tied candidates (evenly spread in candidate order).
inline constexpr std::size_t kMaxTiedMembers = 4;

/// Candidate indices and their weights (sum 1): one candidate alone or an average. tied[m] is
/// how many candidates member m's tie class held before it was thinned (1: no tie).
struct Combination {
    std::vector<std::size_t> members;
    std::vector<double> weights;
    std::vector<std::size_t> tied;
};

/// Held-out points of the weighted average `combination` of `results` (indices into it), errors
/// re-summarised. Every result holds the same points in the same order: the same data, factors
/// and folds. O(points x members).
GroupedCvResult averagedPoints(
    const std::vector<GroupedCvResult>& results, const Combination& combination);

/// The chosen combination and its joint held-out points.
struct Selection {
    Combination chosen;
    GroupedCvResult cv;
};

/// The selection rule: the best-ranked candidate alone, or the inverse-error-weighted average of
/// the best m <= maxCombined when that average's mean log ratio is lower. With `averageTies`,
/// candidates whose held-out predictions are all the same (the grouped CV cannot tell them
/// apart) rank as one, their plain average (at most 4 of them, evenly spread in candidate
/// order). Ties in key between candidates that predict differently keep the earlier candidate,
/// so the choice does not depend on the thread schedule that scored them. `results` holds each
/// candidate's grouped CV (empty for a failed one). Throws DataError if nothing scored.
/// O(candidates^2 x points worst case, for the ties + maxCombined^2 x points).
Selection selectCandidates(const std::vector<CandidateScore>& scores,
    const std::vector<GroupedCvResult>& results, int maxCombined, bool averageTies = true);

/// selectCandidates, with each member of the choice in turn offered to `keep` (position in the
/// choice, candidate index), which auto's fit uses to refit it on every row. A member `keep`
/// refuses (it returns why) fails like a candidate that could not be scored, in `scores` and
/// `results`, and the choice is made again without it; `keep` then sees the new choice from its
/// first member. Throws DataError when no candidate is left.
Selection selectKept(std::vector<CandidateScore>& scores, std::vector<GroupedCvResult>& results,
    int maxCombined, bool averageTies,
    const std::function<std::optional<std::string>(std::size_t position, std::size_t candidate)>&
        keep);

/// The held-out points of `selected` (selectCandidates' cv), each level's predictions replaced
/// by those of the combination the same rule picks when that level's rows are left out of the
/// ranking too: the grouped CV of the selection itself rather than of the model it chose. The
/// chosen model's own residuals are optimistic on a level nobody measured: among ~150
/// candidates it is the one whose errors happened to be smallest on these very levels. Rows are
/// left out, not just the level's points, because the same row held out under another factor
/// would otherwise still vote for the candidate that predicts it. Re-uses the fold predictions
/// already made: no fit. O(levels x candidates x points).
GroupedCvResult selectionAwarePoints(const std::vector<CandidateScore>& scores,
    const std::vector<GroupedCvResult>& results, int maxCombined, bool averageTies,
    const GroupedCvResult& selected);

} // namespace iolens::core
