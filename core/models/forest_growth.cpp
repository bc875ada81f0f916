// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/forest_growth.hpp"

#include "models/resampling.hpp"

#include <cmath>
#include <exception>
#include <limits>
#include <numeric>
#include <random>

namespace iolens::core {

namespace {

/// Tree b's rows and its column-draw seed, both from its own generator: growth and the
/// out-of-bag pass regenerate the same sample from the seed instead of storing n rows per tree.
struct TreeSample {
    std::vector<Eigen::Index> rows;
    std::uint64_t featureSeed = 0;
};

TreeSample drawTreeSample(Eigen::Index n, bool bootstrap, std::uint64_t treeSeed)
{
    std::mt19937_64 rng(treeSeed);
    TreeSample sample;
    if (bootstrap) {
        sample.rows = bootstrapRows(n, rng);
    } else {
        sample.rows.resize(static_cast<std::size_t>(n));
        std::iota(sample.rows.begin(), sample.rows.end(), Eigen::Index {0});
    }
    sample.featureSeed = rng();
    return sample;
}

/// R randomForest's out-of-bag prediction: each row averaged over the trees that did not see it.
Eigen::VectorXd outOfBagPredictions(const GrownForest& forest, const Eigen::MatrixXd& x,
    const std::vector<std::uint64_t>& seeds, const ForestGrowthOptions& options)
{
    const Eigen::Index n = x.rows();
    Eigen::VectorXd sum = Eigen::VectorXd::Zero(n);
    Eigen::VectorXi count = Eigen::VectorXi::Zero(n);
    if (options.bootstrap) {
        std::vector<char> inBag(static_cast<std::size_t>(n));
        for (std::size_t b = 0; b < forest.trees.size(); ++b) {
            std::fill(inBag.begin(), inBag.end(), 0);
            for (const Eigen::Index row : drawTreeSample(n, true, seeds[b]).rows)
                inBag[static_cast<std::size_t>(row)] = 1;
            std::vector<Eigen::Index> out;
            for (Eigen::Index i = 0; i < n; ++i)
                if (!inBag[static_cast<std::size_t>(i)])
                    out.push_back(i);
            const Eigen::VectorXd predicted = predictCartTree(forest.trees[b], x(out, Eigen::all));
            for (std::size_t k = 0; k < out.size(); ++k) {
                sum(out[k]) += predicted(static_cast<Eigen::Index>(k));
                ++count(out[k]);
            }
        }
    }
    Eigen::VectorXd mean(n);
    for (Eigen::Index i = 0; i < n; ++i)
        mean(i) = count(i) > 0 ? sum(i) / count(i) : std::numeric_limits<double>::quiet_NaN();
    return mean;
}

} // namespace

GrownForest growForest(const Eigen::MatrixXd& x, const Eigen::VectorXd& y,
    const std::vector<int>& levelCounts, const ForestGrowthOptions& options)
{
    // randomForest's nodesize is the largest node left unsplit, and it has no minimum leaf size:
    // in rpart's terms minsplit = nodesize + 1, minbucket = 1. cp = 0 grows the tree out (no
    // pruning), and the depth is unlimited (rpart's limit of 30 is a property of its node ids).
    CartGrowthOptions growth;
    growth.minSplit = options.nodeSize + 1;
    growth.minBucket = 1;
    growth.cp = 0.0;
    growth.maxDepth = std::numeric_limits<int>::max();
    growth.featuresPerSplit = options.featuresPerSplit;

    const std::vector<std::uint64_t> seeds = treeSeeds(options.seed, options.trees);
    GrownForest forest;
    forest.trees.resize(static_cast<std::size_t>(options.trees));
    std::exception_ptr failure;
#pragma omp parallel for schedule(dynamic)
    for (int b = 0; b < options.trees; ++b) {
        try {
            const TreeSample sample
                = drawTreeSample(x.rows(), options.bootstrap, seeds[static_cast<std::size_t>(b)]);
            CartGrowthOptions treeGrowth = growth;
            treeGrowth.featureSeed = sample.featureSeed;
            const Eigen::MatrixXd xb = x(sample.rows, Eigen::all);
            const Eigen::VectorXd yb = y(sample.rows);
            forest.trees[static_cast<std::size_t>(b)]
                = growCartTree(xb, yb, levelCounts, treeGrowth);
        } catch (...) {
#pragma omp critical(iolens_forest_failure)
            failure = std::current_exception();
        }
    }
    if (failure)
        std::rethrow_exception(failure);
    forest.outOfBag = outOfBagPredictions(forest, x, seeds, options);
    return forest;
}

Eigen::VectorXd predictCartTree(const CartTree& tree, const Eigen::MatrixXd& x)
{
    Eigen::VectorXd out(x.rows());
    for (Eigen::Index r = 0; r < x.rows(); ++r) {
        std::size_t i = 0;
        while (!tree.nodes[i].isLeaf()) {
            const CartNode& node = tree.nodes[i];
            const double value = x(r, node.feature);
            int side = 0; // 0: missing for this split (NaN, or a level the node never saw)
            if (!std::isnan(value))
                side = node.levelSides.empty() ? ((value < node.cut) == node.lessGoesLeft ? -1 : 1)
                                               : node.levelSides[static_cast<std::size_t>(value)];
            if (side == 0) {
                const int leftRows = tree.nodes[static_cast<std::size_t>(node.left)].rows;
                const int rightRows = tree.nodes[static_cast<std::size_t>(node.right)].rows;
                if (leftRows == rightRows)
                    break;
                side = leftRows > rightRows ? -1 : 1;
            }
            i = static_cast<std::size_t>(side < 0 ? node.left : node.right);
        }
        out(r) = tree.nodes[i].value;
    }
    return out;
}

Eigen::VectorXd predictForest(const std::vector<CartTree>& trees, const Eigen::MatrixXd& x)
{
    Eigen::VectorXd sum = Eigen::VectorXd::Zero(x.rows());
    for (const CartTree& tree : trees)
        sum += predictCartTree(tree, x);
    return sum / static_cast<double>(trees.size());
}

} // namespace iolens::core
