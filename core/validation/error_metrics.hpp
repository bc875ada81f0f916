// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Dense>

#include <vector>

namespace iolens::core {

/// Goodness-of-fit and error statistics of ICPE'13 section 6. Shapes: `predicted` and `measured`
/// have the same length n >= 1 (throws DataError otherwise).

/// sqrt(mean((predicted - measured)^2)).
double rootMeanSquaredError(const Eigen::VectorXd& predicted, const Eigen::VectorXd& measured);
/// 1 - RSS/TSS (paper Table 3). NaN when the measured values are all equal.
double rSquared(const Eigen::VectorXd& predicted, const Eigen::VectorXd& measured);
/// |predicted - measured| / measured per point; measured must be > 0.
Eigen::VectorXd relativeErrors(const Eigen::VectorXd& predicted, const Eigen::VectorXd& measured);

/// Empirical CDF: sorted values and F(x_i) = i / n (the paper's Figure 8).
struct EmpiricalCdf {
    std::vector<double> values;    ///< ascending
    std::vector<double> fractions; ///< (i + 1) / n
};
EmpiricalCdf empiricalCdf(const Eigen::VectorXd& values);

/// Quantile by linear interpolation between order statistics (R's default, type 7); 0 <= p <= 1.
double quantile(const Eigen::VectorXd& values, double p);

/// Paired two-sided Student t-test of a - b (paper section 6.4: optimized vs default errors).
struct PairedTTest {
    double meanDifference = 0.0;
    double t = 0.0;
    int degreesOfFreedom = 0;
    double pValue = 1.0; ///< two-sided; 1 when the differences are all equal and zero
};
/// Preconditions: a.size() == b.size() >= 2.
PairedTTest pairedTTest(const Eigen::VectorXd& a, const Eigen::VectorXd& b);

} // namespace iolens::core
