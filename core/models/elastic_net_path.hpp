// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Dense>

#include <vector>

namespace iolens::core {

/// Settings of an elastic-net fit, in glmnet's terms (ALGORITHMS.md section 7.1).
struct ElasticNetOptions {
    /// Mixing of the penalties: 1 = lasso (L1 only), 0 = ridge (L2 only). Range 0..1.
    /// glmnet `alpha`; sklearn ElasticNet `l1_ratio`.
    double alpha = 1.0;
    /// Number of lambda values of a computed path. Range >= 1. glmnet `nlambda`.
    int nlambda = 100;
    /// Smallest lambda of a computed path as a fraction of lambda_max, range (0, 1); 0 picks
    /// glmnet's default: 1e-4 when n >= p, else 0.01. glmnet `lambda.min.ratio`.
    double lambdaMinRatio = 0.0;
    /// Convergence: a coordinate-descent cycle ends when no coefficient moved by more than
    /// sqrt(thresh) on the standardised scale (glmnet's max xv_j (delta b_j)^2 < thresh, which is
    /// relative to the null deviance because y is standardised). glmnet `thresh`.
    double thresh = 1e-7;
    /// Limit on coordinate-descent passes over all lambdas. glmnet `maxit`.
    int maxPasses = 100000;
};

/// Coefficients of a fit at several lambda values, on the original scale of x and y.
///   lambdas: L values, decreasing, in y units (glmnet's reported lambda)
///   intercepts: L; slopes: p x L (column l = fit at lambdas[l])
struct ElasticNetPath {
    std::vector<double> lambdas;
    Eigen::VectorXd intercepts;
    Eigen::MatrixXd slopes;
    /// Fraction of the (weighted) variance of y explained at each lambda (glmnet dev.ratio).
    std::vector<double> devianceRatio;
    int passes = 0;        ///< coordinate-descent passes used over the whole path
    bool converged = true; ///< false if maxPasses ran out (the last fits are approximate)
};

/// One regression problem prepared for coordinate descent: x and y standardised the way glmnet
/// does (x_j centred and divided by its 1/n standard deviation, y centred and divided by its
/// 1/n standard deviation, unit weights), and the Gram matrix of the standardised x
/// ("covariance" updates, glmnet's type.gaussian = "covariance"). Build it once, then fit any
/// number of lambda sequences and alphas on it.
/// Shapes: x is n x p, y has n entries, n >= 2. Columns that are constant in x get slope 0.
/// Cost of construction O(n p^2), memory O(p^2).
class ElasticNetProblem {
public:
    /// Throws DataError for mismatched shapes, fewer than two rows or a non-finite value.
    ElasticNetProblem(const Eigen::MatrixXd& x, const Eigen::VectorXd& y);

    Eigen::Index rows() const { return m_rows; }
    Eigen::Index cols() const { return m_xMean.size(); }
    /// True if y is constant: every fit is then the mean with zero slopes.
    bool constantResponse() const { return m_yScale == 0.0; }

    /// The smallest lambda (y units) at which every slope is zero for this alpha:
    /// max_j |<x~_j, y~>| / n / max(alpha, 1e-3), times sd(y) (glmnet's lambda_max; for alpha
    /// below 1e-3 the slopes are only approximately zero there, as in glmnet). 0 if y is constant.
    double lambdaMax(double alpha) const;

    /// glmnet's own path: nlambda values from lambdaMax down to lambdaMinRatio x lambdaMax,
    /// log-spaced. The first fit is the all-zero one (glmnet fits it at "lambda = infinity"), and
    /// the path stops early, after at least 5 values, when the explained variance grows by less
    /// than 1e-5 (relative) or exceeds 0.999, as glmnet's does.
    /// Cost: O(p) per coordinate update, so O(p^2) per full pass and O(active x p) per pass over
    /// the active set; glmnet's strategy keeps most passes on the active set.
    ElasticNetPath fitPath(const ElasticNetOptions& options) const;

    /// Fits at the given lambdas (y units, in the given order; warm-started from one to the
    /// next, so decreasing order is fastest), with no early stop: every value gets its fit.
    ElasticNetPath fitAt(
        const std::vector<double>& lambdas, const ElasticNetOptions& options) const;

    /// The fit at one lambda (y units, >= 0), warm-started along the values of glmnet's path
    /// above it (glmnet's advice for a single lambda: the path is faster and more stable than a
    /// cold start). Returns a path whose last entry is the fit at `lambda`.
    ElasticNetPath fitAtLambda(double lambda, const ElasticNetOptions& options) const;

    /// Means and 1/n standard deviations of the columns of x (0 for a constant column).
    const Eigen::VectorXd& xMean() const { return m_xMean; }
    const Eigen::VectorXd& xScale() const { return m_xScale; }

private:
    /// lambda.min.ratio, or glmnet's default for it when `ratio` <= 0.
    double defaultRatio(double ratio) const;
    ElasticNetPath solve(
        const std::vector<double>& lambdas, const ElasticNetOptions& options, bool ownPath) const;

    Eigen::Index m_rows = 0;
    Eigen::VectorXd m_xMean, m_xScale;
    double m_yMean = 0.0, m_yScale = 0.0;
    Eigen::MatrixXd m_gram; ///< x~' x~ / n (p x p), rows and columns of constant x are 0
    Eigen::VectorXd m_xty;  ///< x~' y~ / n (p)
};

/// The lambda values of glmnet's path for nlambda and ratio r: lambdaMax x r^(k / (nlambda - 1)),
/// k = 0..nlambda-1 (just lambdaMax when nlambda = 1).
std::vector<double> lambdaSequence(double lambdaMax, int nlambda, double ratio);

} // namespace iolens::core
