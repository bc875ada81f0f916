// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "whatif/profile.hpp"
#include "whatif/sla_limit.hpp"

#include <vector>

namespace iolens::core {

/// What the models say about the SLA limits at one point of a profile sweep ("the
/// profiler shades where along each factor the scenario still meets every limit").
enum class LimitVerdict {
    AllMeet,  ///< every model with an answer keeps every limit
    Disagree, ///< some models keep every limit, others break one
    NoneMeet, ///< every model with an answer breaks at least one limit
    Unknown,  ///< no model has an answer (a level none of them saw)
};

/// One limit and the sweep of its metric: `profile->y[m]` is model set m's prediction of
/// `limit.metric` along the factor. Several limits may share one profile.
struct LimitedProfile {
    SlaLimit limit;
    const Profile* profile = nullptr; ///< non-null
};

/// A run of neighbouring grid points with the same verdict, in grid coordinates (the sweep's x:
/// KiB, MiB, %, counts or level indices).
struct LimitStretch {
    double from = 0.0; ///< < to
    double to = 0.0;
    LimitVerdict verdict = LimitVerdict::AllMeet;
};

/// The verdict at every grid point and the stretches they form.
struct LimitRegions {
    std::vector<LimitVerdict> verdicts; ///< one per grid point
    /// Ascending, not overlapping; Unknown points form no stretch.
    std::vector<LimitStretch> stretches;
};

/// Where along one factor every model keeps every limit, where the models disagree and where none
/// does. Model set m keeps the limits at point i when each limit holds for its y[m][i]; a limit
/// whose metric has no value there (read response time at 0 % reads, core::metricHasValue on the
/// point's read share) does not constrain it; a model set with no answer for a limited metric
/// there (NaN although the metric has a value) does not vote at that point.
///
/// Boundaries are reported at grid resolution, not interpolated: each grid point owns the cell
/// from the midpoint to its left neighbour to the midpoint to its right one (the geometric
/// midpoint on a Log sweep, so cells look even on a log axis); the first and last cells reach
/// half a step beyond the grid for Integer and Categorical sweeps (a bar around each count or
/// level) and end at the grid's ends otherwise. A boundary is therefore at most half a grid step
/// from where the curve crosses the bound (0.5 % of the range on a 200-point linear sweep).
/// Interpolating would invent values between counts and levels, which have none.
///
/// Preconditions: every profile has the grid and the number of model sets of the first one;
/// otherwise throws ConfigError naming both sizes. No limits: every point is Unknown, no stretch.
/// `out` is filled in place. Cost: O(limits x models x points).
void limitRegions(const std::vector<LimitedProfile>& limited, LimitRegions& out);

} // namespace iolens::core
