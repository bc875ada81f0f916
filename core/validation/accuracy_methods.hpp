// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Dense>

#include <cstdint>
#include <string>
#include <vector>

namespace iolens::core {

/// The learners Hsu et al. compare on low-level node metrics (seed 002 Figs. 4-7 and 9), as far
/// as iolens has them on a plain feature matrix. The plain decision tree and random forest of the
/// paper are not here: iolens' CART and forest learn on configuration datasets only.
enum class AccuracyMethod {
    InsideOut,  ///< ridge filter, then lasso (the paper's Inside-Out; InsideOutModel)
    AutoDtl,    ///< decision-tree filter, then lasso (the paper's Auto-DTL)
    AutoRfl,    ///< random-forest filter, then lasso (the paper's Auto-RFL)
    Lasso,      ///< lasso on every feature, lambda by CV (glmnet alpha = 1)
    Ridge,      ///< ridge on every feature, lambda by CV (glmnet alpha = 0)
    ElasticNet, ///< elastic net on every feature, glmnet alpha = 0.5, lambda by CV
};

/// Every method, in the order of reports and legends.
const std::vector<AccuracyMethod>& allAccuracyMethods();

/// Display name: "Inside-Out", "Auto-DTL", "Auto-RFL", "Lasso", "Ridge", "Elastic net".
std::string accuracyMethodName(AccuracyMethod method);
/// Option/column key: "insideout", "auto_dtl", "auto_rfl", "lasso", "ridge", "elastic_net".
std::string accuracyMethodKey(AccuracyMethod method);
/// The method with that key; throws ConfigError listing the keys for an unknown one.
AccuracyMethod parseAccuracyMethod(const std::string& key);

/// Out-of-fold predictions of `method` on x (n x p, column names `names`) and y (n): `folds`
/// folds of a seeded shuffle (FoldAssignment), each fold's model fitted on the other rows with
/// its own inner `min(folds, training rows)`-fold CV for lambda (and for Inside-Out's threshold).
/// The three two-level methods are crossValidatedPredictions of InsideOutModel with the filter
/// set. Preconditions: 3 <= folds <= n. n values. Cost: folds x one fit of the method.
Eigen::VectorXd methodCrossValidatedPredictions(AccuracyMethod method, const Eigen::MatrixXd& x,
    const Eigen::VectorXd& y, const std::vector<std::string>& names, int folds, std::uint64_t seed);

} // namespace iolens::core
