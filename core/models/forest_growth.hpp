// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/cart_growth.hpp"

#include <Eigen/Dense>

#include <cstdint>
#include <vector>

namespace iolens::core {

/// Settings of one forest growth, in R randomForest's terms (ALGORITHMS.md section 5.1).
struct ForestGrowthOptions {
    int trees = 500;          ///< ntree, >= 1
    int featuresPerSplit = 1; ///< mtry, 1..p (p: every column, in a random order per node)
    int nodeSize = 5;         ///< nodesize: a node with <= nodeSize rows is a leaf, >= 1
    bool bootstrap = true;    ///< replace = TRUE, sampsize = n; false: every tree sees every row
    std::uint64_t seed = 1;   ///< of the bootstrap samples and the per-node column draws
};

/// A grown forest and its out-of-bag estimate.
struct GrownForest {
    std::vector<CartTree> trees;
    /// Per training row: mean prediction of the trees whose bootstrap sample missed the row, NaN
    /// if every tree saw it (always NaN without bootstrap). R's `predicted` of a randomForest.
    Eigen::VectorXd outOfBag;
};

/// Grows a random forest of regression trees with the CART grower (growCartTree, rpart's split
/// search on the columns drawn at each node): for each tree a bootstrap sample of the n rows
/// (repeated rows kept), then growth with cp = 0, minbucket 1, minsplit nodeSize + 1, no depth
/// limit, featuresPerSplit columns drawn at each node. Tree b draws from a generator seeded with
/// the b-th value of treeSeeds(seed), so the forest does not depend on the thread count.
///   x: n x p (n >= 1, finite); levelCounts: p entries, 0 numeric, k categorical (indices
///   0..k-1); y: n (finite).
/// Exact ties between columns go to the column drawn first, a random choice as in randomForest.
/// Differences from randomForest's regTree.c, without measurable effect on the shipped grids
/// (held-out RMSE within a few % of R's, tested): a node whose best split removes no deviance is
/// a leaf (randomForest splits it anyway, which leaves that node's prediction unchanged but can
/// enable deeper splits), exact ties between cut points of one column go to the lowest cut
/// (randomForest: random), and categorical columns are split as rpart splits them (levels
/// ordered by mean response, the best cut of that order; randomForest orders them by mean too).
/// Trees grow in parallel (OpenMP). Cost: trees x (p n log n + growth).
GrownForest growForest(const Eigen::MatrixXd& x, const Eigen::VectorXd& y,
    const std::vector<int>& levelCounts, const ForestGrowthOptions& options);

/// Predictions of one tree for x (m x p): a numeric split sends x < cut to the side recorded in
/// lessGoesLeft, a categorical one follows levelSides; a NaN value, or a level absent from the
/// node's training rows, follows the child with more training rows (the node's own mean on a
/// tie), exactly as Cart::predict. Precondition: x's categorical cells are level indices or NaN.
Eigen::VectorXd predictCartTree(const CartTree& tree, const Eigen::MatrixXd& x);

/// Mean of the trees' predictions (summed in tree order, then divided). O(trees m depth).
Eigen::VectorXd predictForest(const std::vector<CartTree>& trees, const Eigen::MatrixXd& x);

} // namespace iolens::core
