// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Dense>

#include <vector>

namespace iolens::core {

/// Least squares as R's lm.fit does it: Householder QR with LINPACK dqrdc2's limited column
/// pivoting. Columns are taken left to right; one whose remaining norm falls below
/// tol x its original norm is aliased and moved to the end, so of two collinear columns the later
/// one is dropped and gets no coefficient (NA in R).
struct LeastSquaresFit {
    Eigen::VectorXd coefficients; ///< length p; 0 for aliased columns
    std::vector<bool> aliased;    ///< length p
    int rank = 0;
    Eigen::VectorXd residuals; ///< length n
};

/// x: n x p design (intercept column included by the caller), y: n.
/// Complexity O(n p^2). tol as in lm.fit (1e-7).
LeastSquaresFit fitLeastSquares(
    const Eigen::MatrixXd& x, const Eigen::VectorXd& y, double tol = 1e-7);

} // namespace iolens::core
