// SPDX-License-Identifier: GPL-3.0-or-later
#include "validation/error_metrics.hpp"

#include "common/error.hpp"

#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace iolens::core {

namespace {

void requireSameSize(const char* function, Eigen::Index a, Eigen::Index b)
{
    if (a != b || a == 0)
        throw DataError(std::string(function) + ": sizes " + std::to_string(a) + " and "
            + std::to_string(b) + " must be equal and non-zero");
}

} // namespace

double rootMeanSquaredError(const Eigen::VectorXd& predicted, const Eigen::VectorXd& measured)
{
    requireSameSize("rootMeanSquaredError", predicted.size(), measured.size());
    return std::sqrt((predicted - measured).squaredNorm() / static_cast<double>(measured.size()));
}

double rSquared(const Eigen::VectorXd& predicted, const Eigen::VectorXd& measured)
{
    requireSameSize("rSquared", predicted.size(), measured.size());
    const double tss = (measured.array() - measured.mean()).square().sum();
    if (tss == 0.0)
        return std::numeric_limits<double>::quiet_NaN();
    return 1.0 - (predicted - measured).squaredNorm() / tss;
}

Eigen::VectorXd relativeErrors(const Eigen::VectorXd& predicted, const Eigen::VectorXd& measured)
{
    requireSameSize("relativeErrors", predicted.size(), measured.size());
    if ((measured.array() <= 0.0).any())
        throw DataError("relativeErrors: measured values must be positive");
    return ((predicted - measured).array().abs() / measured.array()).matrix();
}

EmpiricalCdf empiricalCdf(const Eigen::VectorXd& values)
{
    EmpiricalCdf cdf;
    cdf.values.assign(values.data(), values.data() + values.size());
    std::sort(cdf.values.begin(), cdf.values.end());
    const double n = static_cast<double>(cdf.values.size());
    for (std::size_t i = 0; i < cdf.values.size(); ++i)
        cdf.fractions.push_back(static_cast<double>(i + 1) / n);
    return cdf;
}

double quantile(const Eigen::VectorXd& values, double p)
{
    if (values.size() == 0 || p < 0.0 || p > 1.0)
        throw DataError("quantile: needs values and 0 <= p <= 1");
    std::vector<double> sorted(values.data(), values.data() + values.size());
    std::sort(sorted.begin(), sorted.end());
    const double h = (static_cast<double>(sorted.size()) - 1.0) * p;
    const auto lower = static_cast<std::size_t>(std::floor(h));
    const std::size_t upper = std::min(lower + 1, sorted.size() - 1);
    return sorted[lower] + (h - std::floor(h)) * (sorted[upper] - sorted[lower]);
}

PairedTTest pairedTTest(const Eigen::VectorXd& a, const Eigen::VectorXd& b)
{
    requireSameSize("pairedTTest", a.size(), b.size());
    if (a.size() < 2)
        throw DataError("pairedTTest: needs at least two pairs");
    const Eigen::VectorXd d = a - b;
    const double n = static_cast<double>(d.size());
    PairedTTest test;
    test.meanDifference = d.mean();
    test.degreesOfFreedom = static_cast<int>(d.size()) - 1;
    const double sd = std::sqrt((d.array() - test.meanDifference).square().sum() / (n - 1.0));
    if (sd == 0.0) {
        // All differences equal: no variance to test against (R's t.test refuses this case).
        test.t = test.meanDifference == 0.0
            ? 0.0
            : std::copysign(std::numeric_limits<double>::infinity(), test.meanDifference);
        test.pValue = test.meanDifference == 0.0 ? 1.0 : 0.0;
        return test;
    }
    test.t = test.meanDifference / (sd / std::sqrt(n));
    const boost::math::students_t distribution(static_cast<double>(test.degreesOfFreedom));
    test.pValue = 2.0 * boost::math::cdf(boost::math::complement(distribution, std::fabs(test.t)));
    return test;
}

} // namespace iolens::core
