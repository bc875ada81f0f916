// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/elastic_net_path.hpp"

#include "common/error.hpp"

#include <algorithm>
#include <cmath>

namespace iolens::core {

namespace {

// glmnet's limits for its own path (elnet_path/base.hpp): at least 5 fits, then stop when the
// explained deviance grows by less than a relative 1e-5 or exceeds 0.999.
constexpr int kMinPathFits = 5;
constexpr double kMinDevianceGain = 1e-5;
constexpr double kMaxDevianceRatio = 0.999;
// lambda_max divides by max(alpha, 1e-3) so that it stays finite for ridge.
constexpr double kMinAlphaForLambdaMax = 1e-3;

double softThreshold(double z, double gamma)
{
    if (z > gamma)
        return z - gamma;
    if (z < -gamma)
        return z + gamma;
    return 0.0;
}

// An exact test, not a variance threshold: a column of equal values can have a tiny non-zero
// computed variance (the mean of n copies of v is not always v in floating point).
bool isConstant(const auto& values)
{
    return (values.array() == values(0)).all();
}

// Coordinate-descent state on the standardised problem: b are the coefficients of y~ on x~,
// g_j = <x~_j, y~ - x~ b> / n the gradient, rsq the explained fraction of var(y~) = 1.
struct DescentState {
    Eigen::VectorXd b;
    Eigen::VectorXd g;
    std::vector<char> active;
    std::vector<Eigen::Index> activeOrder; ///< columns in the order they became non-zero
    double rsq = 0.0;
};

// One cycle of coordinate updates over `columns`; returns glmnet's dlx = max_j (delta b_j)^2
// (xv_j = 1 after standardisation).
double descentCycle(DescentState& s, const Eigen::MatrixXd& gram, const std::vector<char>& usable,
    const std::vector<Eigen::Index>& columns, double l1, double l2)
{
    double dlx = 0.0;
    for (const Eigen::Index j : columns) {
        if (!usable[static_cast<std::size_t>(j)])
            continue;
        const double old = s.b(j);
        const double updated = softThreshold(s.g(j) + old, l1) / (1.0 + l2);
        const double delta = updated - old;
        if (delta == 0.0)
            continue;
        s.b(j) = updated;
        // Residual sum of squares changes by -delta (2 g_j - delta ||x~_j||^2), ||x~_j||^2/n = 1.
        s.rsq += delta * (2.0 * s.g(j) - delta);
        s.g.noalias() -= gram.col(j) * delta;
        dlx = std::max(dlx, delta * delta);
        if (!s.active[static_cast<std::size_t>(j)]) {
            s.active[static_cast<std::size_t>(j)] = 1;
            s.activeOrder.push_back(j);
        }
    }
    return dlx;
}

} // namespace

ElasticNetProblem::ElasticNetProblem(const Eigen::MatrixXd& x, const Eigen::VectorXd& y)
    : m_rows(x.rows())
{
    if (x.rows() != y.size())
        throw DataError("ElasticNetProblem: x has " + std::to_string(x.rows()) + " rows, y has "
            + std::to_string(y.size()) + " values");
    if (x.rows() < 2)
        throw DataError(
            "ElasticNetProblem: at least 2 rows are needed, have " + std::to_string(x.rows()));
    if (!x.allFinite() || !y.allFinite())
        throw DataError("ElasticNetProblem: x or y has a missing or infinite value");
    const double n = static_cast<double>(x.rows());
    const Eigen::Index p = x.cols();
    m_xMean = x.colwise().mean().transpose();
    m_xScale = Eigen::VectorXd::Zero(p);
    Eigen::MatrixXd standardised = x.rowwise() - m_xMean.transpose();
    for (Eigen::Index j = 0; j < p; ++j) {
        if (isConstant(x.col(j))) {
            standardised.col(j).setZero();
            continue;
        }
        m_xScale(j) = std::sqrt(standardised.col(j).squaredNorm() / n);
        standardised.col(j) /= m_xScale(j);
    }
    m_yMean = y.mean();
    const Eigen::VectorXd centredY = y.array() - m_yMean;
    m_yScale = isConstant(y) ? 0.0 : std::sqrt(centredY.squaredNorm() / n);
    m_gram = standardised.transpose() * standardised / n;
    m_xty = m_yScale > 0.0 ? Eigen::VectorXd(standardised.transpose() * centredY / (n * m_yScale))
                           : Eigen::VectorXd::Zero(p);
}

double ElasticNetProblem::lambdaMax(double alpha) const
{
    if (constantResponse() || m_xty.size() == 0)
        return 0.0;
    return m_xty.cwiseAbs().maxCoeff() / std::max(alpha, kMinAlphaForLambdaMax) * m_yScale;
}

ElasticNetPath ElasticNetProblem::fitPath(const ElasticNetOptions& options) const
{
    return solve(lambdaSequence(lambdaMax(options.alpha), options.nlambda,
                     defaultRatio(options.lambdaMinRatio)),
        options, true);
}

ElasticNetPath ElasticNetProblem::fitAt(
    const std::vector<double>& lambdas, const ElasticNetOptions& options) const
{
    return solve(lambdas, options, false);
}

ElasticNetPath ElasticNetProblem::fitAtLambda(double lambda, const ElasticNetOptions& options) const
{
    std::vector<double> lambdas;
    for (double value : lambdaSequence(
             lambdaMax(options.alpha), options.nlambda, defaultRatio(options.lambdaMinRatio)))
        if (value > lambda)
            lambdas.push_back(value);
    lambdas.push_back(lambda);
    return solve(lambdas, options, false);
}

double ElasticNetProblem::defaultRatio(double ratio) const
{
    if (ratio > 0.0)
        return ratio;
    return m_rows >= cols() ? 1e-4 : 0.01;
}

ElasticNetPath ElasticNetProblem::solve(
    const std::vector<double>& lambdas, const ElasticNetOptions& options, bool ownPath) const
{
    const Eigen::Index p = cols();
    const auto count = static_cast<Eigen::Index>(lambdas.size());
    ElasticNetPath path;
    path.lambdas = lambdas;
    path.intercepts = Eigen::VectorXd::Constant(count, m_yMean);
    path.slopes = Eigen::MatrixXd::Zero(p, count);
    path.devianceRatio.assign(lambdas.size(), 0.0);

    std::vector<char> usable(static_cast<std::size_t>(p));
    std::vector<Eigen::Index> allColumns(static_cast<std::size_t>(p));
    for (Eigen::Index j = 0; j < p; ++j) {
        usable[static_cast<std::size_t>(j)] = m_xScale(j) > 0.0;
        allColumns[static_cast<std::size_t>(j)] = j;
    }
    DescentState s {Eigen::VectorXd::Zero(p), m_xty, std::vector<char>(usable.size(), 0), {}, 0.0};
    if (constantResponse())
        return path; // every fit is the mean

    for (Eigen::Index l = 0; l < count; ++l) {
        // glmnet's own path starts at "lambda = infinity": the all-zero fit, reported as
        // lambda_max.
        if (!(ownPath && l == 0)) {
            const double internal = lambdas[static_cast<std::size_t>(l)] / m_yScale;
            const double l1 = internal * options.alpha, l2 = internal * (1.0 - options.alpha);
            // glmnet's loop: a full sweep admits new columns; then cycle over the active set
            // until it converges, and sweep again until a full sweep changes nothing material.
            while (path.passes < options.maxPasses) {
                ++path.passes;
                if (descentCycle(s, m_gram, usable, allColumns, l1, l2) < options.thresh)
                    break;
                while (path.passes < options.maxPasses) {
                    ++path.passes;
                    if (descentCycle(s, m_gram, usable, s.activeOrder, l1, l2) < options.thresh)
                        break;
                }
            }
            if (path.passes >= options.maxPasses)
                path.converged = false;
        }
        for (Eigen::Index j = 0; j < p; ++j)
            if (usable[static_cast<std::size_t>(j)])
                path.slopes(j, l) = s.b(j) * m_yScale / m_xScale(j);
        path.intercepts(l) = m_yMean - path.slopes.col(l).dot(m_xMean);
        path.devianceRatio[static_cast<std::size_t>(l)] = s.rsq;
        if (ownPath && l + 1 >= std::min<Eigen::Index>(kMinPathFits, count) && l > 0) {
            const double previous = path.devianceRatio[static_cast<std::size_t>(l - 1)];
            if (s.rsq - previous < kMinDevianceGain * s.rsq || s.rsq > kMaxDevianceRatio) {
                path.lambdas.resize(static_cast<std::size_t>(l + 1));
                path.devianceRatio.resize(static_cast<std::size_t>(l + 1));
                path.intercepts.conservativeResize(l + 1);
                path.slopes.conservativeResize(p, l + 1);
                break;
            }
        }
    }
    return path;
}

std::vector<double> lambdaSequence(double lambdaMax, int nlambda, double ratio)
{
    std::vector<double> lambdas;
    lambdas.reserve(static_cast<std::size_t>(std::max(nlambda, 0)));
    for (int k = 0; k < nlambda; ++k)
        lambdas.push_back(
            nlambda == 1 ? lambdaMax : lambdaMax * std::pow(ratio, double(k) / (nlambda - 1)));
    return lambdas;
}

} // namespace iolens::core
