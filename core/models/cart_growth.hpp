// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Dense>

#include <cstdint>
#include <string>
#include <vector>

namespace iolens::core {

/// One node of a fitted regression tree: a row of R rpart's `frame` plus its primary split.
struct CartNode {
    int rows = 0;          ///< training rows in the node (rpart frame$n)
    double value = 0.0;    ///< mean response of those rows, the node's prediction (frame$yval)
    double deviance = 0.0; ///< sum of squared deviations from `value` (frame$dev)
    /// Cost-complexity threshold in squared response units: rpart's node complexity before it is
    /// divided by the root deviance, capped by every ancestor's. The split is kept for every
    /// alpha = cp x rootDeviance below it. Leaves where growth stopped hold the grown alpha;
    /// nodes collapsed after growth hold their own (smaller) value, as in rpart.
    double complexity = 0.0;
    int feature = -1;         ///< split column of x; -1 for a leaf
    double improve = 0.0;     ///< rpart's improve: deviance removed by the split / node deviance
    double cut = 0.0;         ///< numeric split point (midpoint between two training values)
    bool lessGoesLeft = true; ///< numeric: rows with x < cut go left, otherwise rows with x >= cut
    /// Categorical: per level, -1 goes left, +1 goes right, 0 = level absent from the node's
    /// training rows (such rows follow the child with more training rows, like rpart's NA).
    std::vector<int> levelSides;
    int left = -1;  ///< index of the left child in CartTree::nodes; it has the lower mean
    int right = -1; ///< index of the right child

    bool isLeaf() const { return feature < 0; }
};

/// A grown tree. Nodes are in preorder (rpart's frame order): nodes[0] is the root and the left
/// child of an internal node i is i + 1.
struct CartTree {
    std::vector<CartNode> nodes;
    double alpha = 0.0; ///< cp x root deviance the tree was grown with (rpart's rp.alpha)
};

/// Checks a tree read from a model file: children come after their parent and every node but
/// the root has exactly one parent, so the nodes form one tree and descents terminate. Throws
/// DataError naming `what` ("CART", "forest tree") and the node.
void checkTreeShape(const std::vector<CartNode>& nodes, const std::string& what);

/// Settings of one growth, in rpart.control's terms.
struct CartGrowthOptions {
    int minSplit = 20; ///< nodes with fewer rows are not split
    int minBucket = 7; ///< every child keeps at least this many rows
    double cp = 0.01;  ///< complexity parameter, relative to the root deviance
    int maxDepth = 30; ///< nodes at this depth (root = 0) are leaves; rpart's limit is 30
    /// Random-forest split search (R randomForest's mtry): at each node min(this, p) columns are
    /// drawn at random without replacement and only they are searched, in the order drawn, so an
    /// exact tie between columns goes to the one drawn first (a random choice, as in
    /// randomForest). 0 searches every column in column order, ties going to the lowest: rpart.
    int featuresPerSplit = 0;
    /// Seed of those draws (std::mt19937_64); unused when every column is searched.
    std::uint64_t featureSeed = 0;
};

/// Grows a regression tree exactly as R's rpart does for method "anova" with unit weights
/// (ALGORITHMS.md section 3.2-3.3): best least-squares split per node (numeric cut points,
/// categorical level subsets ordered by mean), growth bounded by cp, and cost-complexity
/// collapse of splits whose complexity is <= alpha. The arithmetic follows rpart step by step,
/// including its sort order of tied x values, so that exact ties between splits break the way R
/// breaks them.
///   x: n x p; levelCounts: p entries, 0 for a numeric column, k for a categorical column
///   holding level indices 0..k-1; y: n.
/// Preconditions (checked by the caller): n >= 1, every value finite, categorical values valid.
/// Cost: O(p n log n) to sort, then O(p n) per tree level (plus O(k^2) per categorical split).
/// All scratch state lives in the call, so concurrent calls are safe.
CartTree growCartTree(const Eigen::MatrixXd& x, const Eigen::VectorXd& y,
    const std::vector<int>& levelCounts, const CartGrowthOptions& options);

/// The tree growCartTree() grows with complexity parameter `cp` (same minsplit), derived in
/// O(nodes) from `full`, the tree grown with cp = 0: rpart's bounds and weakest-link collapses
/// are replayed at alpha = cp x root deviance on the stored splits. The result is identical
/// (bit for bit) to growing with cp; it is not always prune.rpart(full, cp), which cuts at the
/// cp = 0 complexities and differs from a fit at cp for a few percent of small cp values, in R
/// as well. Precondition: `full` was grown with cp = 0 and 0 <= cp.
CartTree pruneCartTree(const CartTree& full, double cp);

} // namespace iolens::core
