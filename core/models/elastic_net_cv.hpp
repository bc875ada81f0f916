// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/elastic_net_path.hpp"

#include <cstdint>

namespace iolens::core {

/// Which lambda cross-validation picks (cv.glmnet's two answers, ALGORITHMS.md 7.1).
enum class LambdaRule {
    Minimum,     ///< lambda.min: the largest lambda with the smallest CV error (sklearn LassoCV)
    OneStdError, ///< lambda.1se: the largest lambda within one standard error of that minimum
};

/// The result of cross-validating a lambda path, cv.glmnet's shape.
struct LambdaCrossValidation {
    ElasticNetPath path;         ///< the fit on all rows; its lambdas are the ones validated
    std::vector<double> cvm;     ///< per lambda: mean held-out MSE, weighted by fold size
    std::vector<double> cvsd;    ///< per lambda: standard error of cvm
    std::size_t minimum = 0;     ///< index of lambda.min
    std::size_t oneStdError = 0; ///< index of lambda.1se
    int folds = 0;

    std::size_t chosen(LambdaRule rule) const
    {
        return rule == LambdaRule::Minimum ? minimum : oneStdError;
    }
};

/// cv.glmnet for the gaussian family: fits glmnet's own path on all rows of x (n x p) and y (n),
/// then for each of `folds` folds (a seeded shuffle dealt round-robin, FoldAssignment) refits at
/// the same lambdas on the other rows and scores the held-out rows. cvm = sum_f n_f MSE_f / n,
/// cvsd = sqrt(sum_f n_f (MSE_f - cvm)^2 / n / (F - 1)) (cvstats.R); ties in cvm go to the
/// larger lambda. Preconditions: 3 <= folds <= n (cv.glmnet's nfolds >= 3).
/// Cost: (folds + 1) path fits. Throws ConfigError for a bad fold count.
LambdaCrossValidation crossValidateLambda(const Eigen::MatrixXd& x, const Eigen::VectorXd& y,
    const ElasticNetOptions& options, int folds, std::uint64_t seed);

} // namespace iolens::core
