// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/feature_filter.hpp"

#include "models/cart_growth.hpp"
#include "models/forest_growth.hpp"
#include "models/tree_ensemble.hpp"

#include <algorithm>
#include <cmath>

namespace iolens::core {

Eigen::VectorXd ridgeImportance(const Eigen::MatrixXd& x, const Eigen::VectorXd& y,
    ElasticNetOptions options, int folds, std::uint64_t seed)
{
    options.alpha = 0.0;
    const LambdaCrossValidation cv = crossValidateLambda(x, y, options, folds, seed);
    const ElasticNetProblem problem(x, y);
    // The slopes are on the original scale; times sd(x_j) they are on the standardised scale,
    // where a large coefficient means a strong effect whatever the unit of x_j.
    return cv.path.slopes.col(static_cast<Eigen::Index>(cv.minimum))
        .cwiseAbs()
        .cwiseProduct(problem.xScale());
}

namespace {

Eigen::VectorXd toVector(const std::vector<double>& values)
{
    return Eigen::Map<const Eigen::VectorXd>(
        values.data(), static_cast<Eigen::Index>(values.size()));
}

} // namespace

Eigen::VectorXd treeImportance(const Eigen::MatrixXd& x, const Eigen::VectorXd& y)
{
    const auto p = static_cast<std::size_t>(x.cols());
    const CartTree tree = growCartTree(x, y, std::vector<int>(p, 0), {});
    return toVector(impurityImportance({&tree.nodes}, p));
}

Eigen::VectorXd forestImportance(
    const Eigen::MatrixXd& x, const Eigen::VectorXd& y, std::uint64_t seed)
{
    const auto p = static_cast<std::size_t>(x.cols());
    ForestGrowthOptions options;
    options.featuresPerSplit = std::max(static_cast<int>(p) / 3, 1);
    options.seed = seed;
    const GrownForest forest = growForest(x, y, std::vector<int>(p, 0), options);
    std::vector<const std::vector<CartNode>*> trees;
    for (const CartTree& tree : forest.trees)
        trees.push_back(&tree.nodes);
    return toVector(impurityImportance(trees, p));
}

std::vector<Eigen::Index> selectFeatures(const Eigen::VectorXd& importance, double alpha)
{
    std::vector<Eigen::Index> kept;
    if (importance.size() == 0)
        return kept;
    std::vector<double> sorted(importance.data(), importance.data() + importance.size());
    std::sort(sorted.begin(), sorted.end());
    const std::size_t half = sorted.size() / 2;
    const double median
        = sorted.size() % 2 == 1 ? sorted[half] : 0.5 * (sorted[half - 1] + sorted[half]);
    for (Eigen::Index j = 0; j < importance.size(); ++j)
        if (importance(j) > 0.0 && importance(j) >= alpha * median)
            kept.push_back(j);
    return kept;
}

} // namespace iolens::core
