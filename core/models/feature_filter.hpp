// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/elastic_net_cv.hpp"

#include <Eigen/Dense>

#include <cstdint>
#include <vector>

namespace iolens::core {

/// The first level of the Inside-Out learner (seed 002 section IV-C): a model whose per-feature
/// importance decides which features the second level (lasso) sees.
enum class FeatureFilter {
    Ridge = 0,        ///< Inside-Out: |ridge coefficient| on the standardised scale
    DecisionTree = 1, ///< the paper's Auto-DTL: a CART tree's total deviance reduction per feature
    RandomForest = 2, ///< the paper's Auto-RFL: the same, averaged over a random forest's trees
};

/// Importance of each column of x (n x p) for y (n) by ridge regression: |beta_j| x sd(x_j),
/// the coefficient on the standardised scale (comparable across units), with lambda chosen by
/// `folds`-fold cross-validation (lambda.min; glmnet's path with the given options, alpha = 0).
/// A constant column gets 0. Cost: folds + 1 ridge paths.
Eigen::VectorXd ridgeImportance(const Eigen::MatrixXd& x, const Eigen::VectorXd& y,
    ElasticNetOptions options, int folds, std::uint64_t seed);

/// Importance of each column by a CART regression tree with rpart's defaults (minsplit 20,
/// cp 0.01): the deviance its splits remove, summed over the tree (the impurity importance of
/// sklearn's DecisionTreeRegressor, unnormalised). Unused columns get 0. Cost: one tree.
Eigen::VectorXd treeImportance(const Eigen::MatrixXd& x, const Eigen::VectorXd& y);

/// Importance of each column by a random forest with R randomForest's defaults (500 trees,
/// mtry = max(p / 3, 1), nodesize 5, bootstrap) seeded with `seed`: IncNodePurity, the removed
/// deviance averaged over the trees. Cost: 500 trees (grown in parallel).
Eigen::VectorXd forestImportance(
    const Eigen::MatrixXd& x, const Eigen::VectorXd& y, std::uint64_t seed);

/// The columns kept for importance c and threshold alpha >= 0: c_j >= alpha x median(c) (the
/// paper's "alpha x median(coefficients)"; >= as sklearn's SelectFromModel and ALGORITHMS.md 8),
/// and never a column with c_j = 0 (a tree's unused features, a constant column), so alpha = 0
/// keeps exactly the features the filter uses. Ascending indices.
std::vector<Eigen::Index> selectFeatures(const Eigen::VectorXd& importance, double alpha);

} // namespace iolens::core
