// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "tuning/heuristic_optimizer.hpp"
#include "validation/grouped_cv.hpp"
#include "validation/k_fold.hpp"

#include <functional>
#include <string>
#include <utility>
#include <vector>

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
    /// Whether `fitted`, fitted earlier with `fittedParams`, serves a group whose covering
    /// parameters are `group` (every member's predictions equal a separate fit's). Plans
    /// compare parameters (sameOrCovering) and may ask the model (Cubist's rules limit).
    std::function<bool(
        const Regressor& fitted, const ParamValues& fittedParams, const ParamValues& group)>
        servedBy;
    /// Which fits to make next for the groups no fit serves yet (their covering parameters),
    /// given each fold's training rows: pairs of an index into `unserved`, a group the fit must
    /// serve, and the parameters to fit with. The fits are made (every fold's in one parallel
    /// round), then the groups checked again, until every group is served. Empty: every
    /// unserved group is fitted with its own parameters, all at once.
    std::function<std::vector<std::pair<std::size_t, ParamValues>>(
        const std::vector<ParamValues>& unserved, const std::vector<std::size_t>& foldRows)>
        chooseFits;
    /// Optional: the fit for `params` made by adding to `fitted` (fitted earlier on the same
    /// fold's `train` with `fittedParams`), equal to a separate fit, or null where it cannot
    /// (Cubist: a committee grown by the missing members).
    std::function<std::unique_ptr<Regressor>(const Regressor& fitted,
        const ParamValues& fittedParams, const ParamValues& params, const Dataset& train)>
        extend;
    /// The predictions on x of every member (one vector each, in order) from the model fitted
    /// with the group's parameters, equal to those of a separate fit of each member. Members
    /// may share work (one pruning pass, one neighbour search for all of them).
    std::function<std::vector<Eigen::VectorXd>(
        const Regressor& fitted, const std::vector<ParamValues>& members, const Eigen::MatrixXd& x)>
        predictMembers;
    /// Optional: a fresh fit of `prototype` with `params` on `train`, for plans whose
    /// predictMembers needs less than Regressor::fit makes (Cubist without its training
    /// predictions); empty: a clone with those parameters, fit().
    std::function<std::unique_ptr<Regressor>(
        const Regressor& prototype, const ParamValues& params, const Dataset& train)>
        fit;
};

/// The cross-validation a shared-fit cost scores: each fold's training and held-out rows, the
/// errors one point's held-out predictions give on a fold, and the point's cost from its
/// errors on every fold (in fold order). Either must reproduce the plain cost bit for bit.
struct SharedCv {
    std::vector<std::vector<Eigen::Index>> trainRows, testRows;
    std::function<std::vector<double>(std::size_t fold, const Eigen::VectorXd& predicted)>
        foldErrors;
    std::function<double(const std::vector<std::vector<double>>& errors)> cost;
};

/// crossValidationCost's: one RMSE per fold, the cost their mean.
SharedCv kFoldSharedCv(const Dataset& data, const FoldAssignment& folds);
/// groupedCrossValidationCost's with GroupedCvScore::MeanLogRatio: each held-out level a fold
/// (heldOutFolds), the cost the mean |log ratio| pooled over the scored rows. Throws as
/// heldOutFolds does.
SharedCv groupedSharedCv(const Dataset& data, const GroupedCvOptions& options);

/// The CV cost of a batch with shared fits: bit-identical to crossValidationCost when the plan's
/// predictMembers reproduces a separate fit exactly; the work drops from (points x folds) fits to
/// (groups x folds). The fits are kept for later batches (the optimizer's next iterations), so a
/// group already served by an earlier fit costs no fit at all. Groups and folds run in parallel.
/// `prototype`, `data` and `folds` must outlive the returned function; calls must not overlap.
BatchCost sharedFitCost(const Regressor& prototype, const std::vector<SearchDimension>& space,
    const Dataset& data, const FoldAssignment& folds, SharedFitPlan plan);
/// The same for any cross-validation (a grouped one, say).
BatchCost sharedFitCost(const Regressor& prototype, const std::vector<SearchDimension>& space,
    const Dataset& data, SharedCv cv, SharedFitPlan plan);

/// True if `fitted` equals `group` in every parameter except `covering`, where it is at least
/// the group's (a fit with more Cubist committees or a larger MARS nk holds the smaller ones).
/// An empty `covering` asks for equal parameters.
bool sameOrCovering(
    const ParamValues& fitted, const ParamValues& group, const std::string& covering);

/// CART: cp is free (one tree grown at cp = 0 answers every cp, Cart::predictAtCp).
SharedFitPlan cartSharedFitPlan();
/// Cubist: committees and neighbors are free (one fit with the most committees answers every
/// smaller committee and every neighbor count, Cubist::committeePredictions), and a fit serves
/// every other rules limit that gives the same members (Cubist::sameMembersWithRules), so the
/// largest limit asked is fitted first. A fit with fewer committees than asked is extended
/// (Cubist::extendedTo).
SharedFitPlan cubistSharedFitPlan();
/// M5: no free parameter, but one fit serves every rules limit that gives the same tree
/// (Cubist::sameMembersWithRules); the largest limit asked is fitted first.
SharedFitPlan m5SharedFitPlan();
/// MARS: nk, thresh and nprune are free (one forward pass at the largest nk with thresh = 0 and
/// its pruning answer every smaller nk, larger thresh and every nprune, Mars::predictWith).
SharedFitPlan marsSharedFitPlan();

} // namespace iolens::core
