// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "tuning/heuristic_optimizer.hpp"
#include "validation/k_fold.hpp"

#include <functional>

namespace iolens::core {

/// How one fitted model serves many parameter points (ALGORITHMS.md section 9, "free
/// evaluations"): points that differ only in the free parameters form a group; one model per
/// group and fold is fitted with parameters that cover every member, and each member's
/// predictions are read from it.
struct SharedFitPlan {
    std::vector<std::string> freeParameters;
    /// Sets the free parameters of `group` (the members' common parameters) so that one fit
    /// serves every member (e.g. CART cp = 0, Cubist committees = the members' largest).
    std::function<void(ParamValues& group, const std::vector<ParamValues>& members)> coverMembers;
    /// The predictions on x of `member` from the model fitted with the group's parameters.
    std::function<Eigen::VectorXd(const Regressor& fitted, const ParamValues& member,
                                  const Eigen::MatrixXd& x)>
        predictMember;
};

/// The CV cost of a batch with shared fits: bit-identical to crossValidationCost when the plan's
/// predictMember reproduces a separate fit exactly; the work drops from (points x folds) fits to
/// (groups x folds). Groups and folds run in parallel. `prototype`, `data` and `folds` must
/// outlive the returned function.
BatchCost sharedFitCost(const Regressor& prototype, const std::vector<SearchDimension>& space,
                        const Dataset& data, const FoldAssignment& folds, SharedFitPlan plan);

/// CART: cp is free (one tree grown at cp = 0 answers every cp, Cart::predictAtCp).
SharedFitPlan cartSharedFitPlan();
/// Cubist: committees and neighbors are free (one fit with the most committees answers every
/// smaller committee and every neighbor count, Cubist::predictWith).
SharedFitPlan cubistSharedFitPlan();
/// MARS: nk, thresh and nprune are free (one forward pass at the largest nk with thresh = 0 and
/// its pruning answer every smaller nk, larger thresh and every nprune, Mars::predictWith).
SharedFitPlan marsSharedFitPlan();

} // namespace iolens::core
