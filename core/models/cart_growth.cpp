// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/cart_growth.hpp"

#include "common/error.hpp"

#include "models/cart_split_search.hpp"
#include "models/resampling.hpp"

#include <algorithm>
#include <numeric>
#include <random>
#include <utility>

// This file re-implements R rpart's tree growth for method "anova" (rpart.c, partition.c,
// bsplit.c, nodesplit.c, make_cp_list.c; ALGORITHMS.md section 3; the per-variable split search
// is in cart_split_search.cpp) with the grower's state in one object per call instead of rpart's
// file-global struct. Rows are kept in rpart's order and sums formed with rpart's expressions,
// which is what makes exact ties between candidate splits (two cut points or two variables with
// the same gain) resolve the same way as in R.

namespace iolens::core {

namespace {

using cart_detail::Candidate;
using cart_detail::kLeft;
using cart_detail::rpartSort;
using cart_detail::scanCategorical;
using cart_detail::scanNumeric;

/// rpart keeps a variable's best split only if its improve exceeds this fraction of the largest
/// improve seen so far in the whole fit: rounding can leave a tiny non-zero gain where the exact
/// gain is 0, and a relative floor keeps the rule invariant to the scale of y.
constexpr double kRelativeImproveFloor = 1e-10;

/// What a subtree contributes to its parent's complexity: the deviance of its retained leaves
/// and its number of retained splits.
struct SubtreeResult {
    double risk = 0.0;
    int splits = 0;
};

/// A grown child as its parent's complexity step sees it.
struct ChildState {
    SubtreeResult result; ///< what the child's subtree retained
    double complexity;    ///< the child's own complexity (alpha for a leaf that stopped)
    double deviance;      ///< the child's deviance as a single leaf
};

/// partition()'s bound for the right child, once the left subtree is known: the left subtree
/// has shown how much a split here is worth at least; capped by the node's own bound.
double rightChildBound(double risk, const ChildState& left, double nodeBound)
{
    const double bound
        = std::max((risk - left.result.risk) / (left.result.splits + 1), risk - left.deviance);
    return std::min(bound, nodeBound);
}

/// partition()'s weakest-link step: the node's complexity assuming it is the top of the tree,
/// where a child whose own complexity is lower than that collapses first (and then counts as a
/// leaf here); the lower-complexity child is examined first. Updates the children's results.
double weakestLinkComplexity(double risk, ChildState& left, ChildState& right)
{
    const auto complexityOf = [risk](const SubtreeResult& l, const SubtreeResult& r) {
        return (risk - (l.risk + r.risk)) / (l.splits + r.splits + 1);
    };
    const SubtreeResult leftCollapsed {left.deviance, 0};
    const SubtreeResult rightCollapsed {right.deviance, 0};
    const double complexity = complexityOf(left.result, right.result);
    if (right.complexity > left.complexity) {
        if (complexity > left.complexity) {
            left.result = leftCollapsed;
            if (complexityOf(left.result, right.result) > right.complexity)
                right.result = rightCollapsed;
        }
    } else if (complexity > right.complexity) {
        right.result = rightCollapsed;
        if (complexityOf(left.result, right.result) > left.complexity)
            left.result = leftCollapsed;
    }
    return complexityOf(left.result, right.result);
}

/// rpart's make_cp_list(): a node cannot outlive its parent, so its complexity is capped by the
/// parent's. After this, pruning at any alpha is a top-down descent.
void capComplexity(std::vector<CartNode>& nodes, int index, double parent)
{
    CartNode& node = nodes[static_cast<std::size_t>(index)];
    node.complexity = std::min(node.complexity, parent);
    if (!node.isLeaf()) {
        const double own = node.complexity;
        capComplexity(nodes, node.left, own);
        capComplexity(nodes, node.right, own);
    }
}

/// One growth: rpart's partition() recursion with its scratch buffers.
class TreeGrower {
public:
    TreeGrower(const Eigen::MatrixXd& x, const Eigen::VectorXd& y,
        const std::vector<int>& levelCounts, const CartGrowthOptions& options);
    CartTree grow();

private:
    SubtreeResult partition(int index, int begin, int end, int depth);
    SubtreeResult makeLeaf(int index, double complexity);
    void evaluate(CartNode& node, const std::vector<int>& order, int begin, int end) const;
    bool responsesEqual(int begin, int end) const;
    bool findSplit(int index, int begin, int end);
    std::size_t drawColumns();
    int applySplit(int index, int begin, int end);
    int addChild(double bound);

    const Eigen::MatrixXd& m_x;
    const Eigen::VectorXd& m_y;
    const std::vector<int>& m_levelCounts;
    CartGrowthOptions m_options;
    CartTree m_tree;
    std::vector<std::vector<int>> m_sorts; ///< per column: row order, regrouped node by node
    std::vector<double> m_xs;              ///< scratch: one column of the current node
    std::vector<double> m_ys;
    std::vector<int> m_buffer;
    std::vector<char> m_goesLeft;       ///< per row, for the split being applied
    double m_largestImprove = 0.0;      ///< rpart's iscale: shared by all nodes of this fit
    std::vector<std::size_t> m_columns; ///< columns to search; the first drawColumns() are used
    std::mt19937_64 m_rng;              ///< column draws of the random-forest search
};

TreeGrower::TreeGrower(const Eigen::MatrixXd& x, const Eigen::VectorXd& y,
    const std::vector<int>& levelCounts, const CartGrowthOptions& options)
    : m_x(x)
    , m_y(y)
    , m_levelCounts(levelCounts)
    , m_options(options)
    , m_rng(options.featureSeed)
{
    m_columns.resize(static_cast<std::size_t>(x.cols()));
    std::iota(m_columns.begin(), m_columns.end(), std::size_t {0});
    const auto n = static_cast<int>(x.rows());
    m_sorts.resize(static_cast<std::size_t>(x.cols()));
    for (std::size_t j = 0; j < m_sorts.size(); ++j) {
        std::vector<int>& order = m_sorts[j];
        order.resize(static_cast<std::size_t>(n));
        std::iota(order.begin(), order.end(), 0);
        // Numeric columns are sorted once; categorical ones keep the data order, as in rpart.
        if (levelCounts[j] == 0) {
            std::vector<double> values(x.col(static_cast<Eigen::Index>(j)).data(),
                x.col(static_cast<Eigen::Index>(j)).data() + n);
            rpartSort(values, order, 0, n - 1);
        }
    }
    m_xs.resize(static_cast<std::size_t>(n));
    m_ys.resize(static_cast<std::size_t>(n));
    m_buffer.resize(static_cast<std::size_t>(n));
    m_goesLeft.resize(static_cast<std::size_t>(n));
}

CartTree TreeGrower::grow()
{
    std::vector<int> identity(static_cast<std::size_t>(m_x.rows()));
    std::iota(identity.begin(), identity.end(), 0);
    CartNode root;
    evaluate(root, identity, 0, static_cast<int>(identity.size())); // rpart: rows in data order
    root.complexity = root.deviance;
    m_tree.alpha = m_options.cp * root.deviance;
    m_tree.nodes.push_back(std::move(root));
    partition(0, 0, static_cast<int>(m_x.rows()), 0);
    capComplexity(m_tree.nodes, 0, m_tree.nodes[0].complexity);
    return std::move(m_tree);
}

// rpart's anovass: the mean, then the deviance around it, summed in the node's row order.
void TreeGrower::evaluate(CartNode& node, const std::vector<int>& order, int begin, int end) const
{
    double sum = 0.0;
    double weight = 0.0;
    for (int i = begin; i < end; ++i) {
        sum += m_y(order[i]);
        weight += 1.0;
    }
    node.rows = end - begin;
    node.value = sum / weight;
    double deviance = 0.0;
    for (int i = begin; i < end; ++i) {
        const double residual = m_y(order[i]) - node.value;
        deviance += residual * residual;
    }
    node.deviance = deviance;
}

// Deliberate difference from rpart: rows with identical responses have an exact deviance of 0,
// but rounding in the mean can leave ~1e-32, and with cp = 0 (or a constant target) rpart then
// splits such a node into children that all predict the same value. They are leaves here.
bool TreeGrower::responsesEqual(int begin, int end) const
{
    const std::vector<int>& order = m_sorts[0];
    for (int i = begin + 1; i < end; ++i)
        if (m_y(order[i]) != m_y(order[begin]))
            return false;
    return true;
}

SubtreeResult TreeGrower::makeLeaf(int index, double complexity)
{
    CartNode& node = m_tree.nodes[index];
    node.complexity = complexity;
    node.feature = -1;
    node.improve = 0.0;
    node.cut = 0.0;
    node.lessGoesLeft = true;
    node.levelSides.clear();
    node.left = node.right = -1;
    m_tree.nodes.resize(static_cast<std::size_t>(index) + 1); // drop a collapsed subtree
    return {node.deviance, 0};
}

int TreeGrower::addChild(double bound)
{
    CartNode child;
    child.complexity = bound; // until grown: the bound passed down by the parent
    m_tree.nodes.push_back(std::move(child));
    return static_cast<int>(m_tree.nodes.size()) - 1;
}

// rpart's partition(): grow the node, then decide from its subtrees whether its split is worth
// more than alpha. `bound` (rpart's tempcp) is an upper bound on the complexity any split below
// can reach; a node whose bound is <= alpha cannot keep a split and is not searched at all.
SubtreeResult TreeGrower::partition(int index, int begin, int end, int depth)
{
    double bound = m_tree.nodes[index].deviance;
    if (index > 0) {
        evaluate(m_tree.nodes[index], m_sorts[0], begin, end);
        bound = std::min(m_tree.nodes[index].deviance, m_tree.nodes[index].complexity);
    }
    if (m_tree.nodes[index].rows < m_options.minSplit || bound <= m_tree.alpha
        || depth >= m_options.maxDepth || m_sorts.empty() || responsesEqual(begin, end)
        || !findSplit(index, begin, end))
        return makeLeaf(index, m_tree.alpha);

    const double alpha = m_tree.alpha;
    const double risk = m_tree.nodes[index].deviance;
    const int nLeft = applySplit(index, begin, end);
    const int left = addChild(bound - alpha);
    m_tree.nodes[index].left = left;
    const SubtreeResult leftResult = partition(left, begin, begin + nLeft, depth + 1);
    const double rightBound = rightChildBound(
        risk, {leftResult, 0.0, m_tree.nodes[left].deviance}, m_tree.nodes[index].complexity);
    const int right = addChild(rightBound - alpha);
    m_tree.nodes[index].right = right;
    const SubtreeResult rightResult = partition(right, begin + nLeft, end, depth + 1);

    ChildState leftChild {leftResult, m_tree.nodes[left].complexity, m_tree.nodes[left].deviance};
    ChildState rightChild {
        rightResult, m_tree.nodes[right].complexity, m_tree.nodes[right].deviance};
    const double complexity = weakestLinkComplexity(risk, leftChild, rightChild);
    if (complexity <= alpha) // the split does not pay for itself: collapse the whole subtree
        return makeLeaf(index, complexity);
    m_tree.nodes[index].complexity = complexity;
    return {leftChild.result.risk + rightChild.result.risk,
        leftChild.result.splits + rightChild.result.splits + 1};
}

// rpart's bsplit(): the best split over all columns (or over the columns drawn for a random
// forest). Ties between columns go to the one searched first (strict >): the lower index in
// rpart's search, the earlier draw in the forest's. A column's split must pass the relative
// improve floor.
bool TreeGrower::findSplit(int index, int begin, int end)
{
    const int n = end - begin;
    const double risk = m_tree.nodes[index].deviance;
    const int edge = m_options.minBucket;
    Candidate best;
    int bestFeature = -1;
    const std::size_t searched = drawColumns();
    for (std::size_t c = 0; c < searched; ++c) {
        const std::size_t j = m_columns[c];
        const std::vector<int>& order = m_sorts[j];
        for (int i = 0; i < n; ++i) {
            const int row = order[begin + i];
            m_xs[i] = m_x(row, static_cast<Eigen::Index>(j));
            m_ys[i] = m_y(row);
        }
        const int levels = m_levelCounts[j];
        if (levels == 0 && m_xs[0] == m_xs[n - 1])
            continue; // constant in this node: nothing to split
        Candidate candidate = levels == 0 ? scanNumeric(m_xs, m_ys, n, edge, risk)
                                          : scanCategorical(m_xs, m_ys, n, levels, edge, risk);
        m_largestImprove = std::max(m_largestImprove, candidate.improve);
        if (candidate.improve > m_largestImprove * kRelativeImproveFloor
            && (bestFeature < 0 || candidate.improve > best.improve)) {
            best = std::move(candidate);
            bestFeature = static_cast<int>(j);
        }
    }
    if (bestFeature < 0)
        return false;
    CartNode& node = m_tree.nodes[index];
    node.feature = bestFeature;
    node.improve = best.improve;
    node.cut = best.cut;
    node.lessGoesLeft = best.lessSide == kLeft;
    node.levelSides = std::move(best.sides);
    return true;
}

// The random-forest search draws its columns by a partial Fisher-Yates shuffle of m_columns
// (any permutation left by earlier nodes is as good a start as the identity). It shuffles even
// when every column is searched: on grid data splits of different columns often tie exactly,
// and randomForest breaks such ties at random (a fixed lowest-column rule made forests on the
// shipped grids 3-6 % less accurate than R's). rpart's search never touches m_columns.
std::size_t TreeGrower::drawColumns()
{
    const std::size_t p = m_columns.size();
    const auto wanted = static_cast<std::size_t>(std::max(m_options.featuresPerSplit, 0));
    if (wanted == 0)
        return p;
    const std::size_t draws = std::min(wanted, p);
    for (std::size_t c = 0; c < draws; ++c)
        std::swap(m_columns[c], m_columns[c + uniformIndex(m_rng, p - c)]);
    return draws;
}

// rpart's nodesplit(): send the node's rows to their sides, then regroup every column's row order
// in [begin, end) as {left rows, right rows}, each keeping its order (a stable partition).
int TreeGrower::applySplit(int index, int begin, int end)
{
    const CartNode& node = m_tree.nodes[index];
    const auto feature = static_cast<std::size_t>(node.feature);
    const std::vector<int>& order = m_sorts[feature];
    int nLeft = 0;
    for (int i = begin; i < end; ++i) {
        const int row = order[i];
        const double value = m_x(row, node.feature);
        const bool left = m_levelCounts[feature] == 0
            ? (value < node.cut) == node.lessGoesLeft
            : node.levelSides[static_cast<std::size_t>(value)] == kLeft;
        m_goesLeft[row] = left ? 1 : 0;
        nLeft += left ? 1 : 0;
    }
    for (std::vector<int>& column : m_sorts) {
        int nextLeft = begin;
        int nextRight = 0;
        for (int i = begin; i < end; ++i) {
            const int row = column[i];
            if (m_goesLeft[row])
                column[nextLeft++] = row;
            else
                m_buffer[nextRight++] = row;
        }
        std::copy(m_buffer.begin(), m_buffer.begin() + nextRight, column.begin() + nextLeft);
    }
    return nLeft;
}

/// rpart's growth at a larger alpha, replayed on a tree grown with cp = 0: the same bounds and
/// weakest-link decisions as partition(), with the splits taken from the full tree instead of
/// searched again (they are the same: a node's rows and the order of its sums do not depend on
/// alpha). Why not simply cut the full tree at nodes whose complexity is <= alpha, as
/// prune.rpart does: growth at alpha bounds and collapses subtrees with complexities computed at
/// that alpha, and the two disagree for a few percent of small cp values, in R as well.
class TreePruner {
public:
    TreePruner(const CartTree& full, double alpha)
        : m_full(full)
        , m_alpha(alpha)
        , m_complexity(full.nodes.size(), alpha)
        , m_split(full.nodes.size(), 0)
    {
    }

    CartTree prune()
    {
        CartTree tree;
        tree.alpha = m_alpha;
        if (m_full.nodes.empty())
            return tree;
        replay(0, m_full.nodes[0].deviance);
        emit(0, tree);
        capComplexity(tree.nodes, 0, tree.nodes[0].complexity);
        return tree;
    }

private:
    /// partition() for node `index` given the bound its parent passed down (root: its deviance).
    SubtreeResult replay(int index, double nodeBound)
    {
        const CartNode& node = m_full.nodes[static_cast<std::size_t>(index)];
        const double risk = node.deviance;
        const double bound = index == 0 ? risk : std::min(risk, nodeBound);
        if (node.isLeaf() || bound <= m_alpha)
            return stop(index, m_alpha);
        const SubtreeResult leftResult = replay(node.left, bound - m_alpha);
        const CartNode& leftNode = m_full.nodes[static_cast<std::size_t>(node.left)];
        const CartNode& rightNode = m_full.nodes[static_cast<std::size_t>(node.right)];
        const double rightBound = rightChildBound(
            risk, {leftResult, 0.0, leftNode.deviance}, index == 0 ? risk : nodeBound);
        const SubtreeResult rightResult = replay(node.right, rightBound - m_alpha);
        ChildState left {leftResult, complexityOf(node.left), leftNode.deviance};
        ChildState right {rightResult, complexityOf(node.right), rightNode.deviance};
        const double complexity = weakestLinkComplexity(risk, left, right);
        if (complexity <= m_alpha)
            return stop(index, complexity);
        m_complexity[static_cast<std::size_t>(index)] = complexity;
        m_split[static_cast<std::size_t>(index)] = 1;
        return {left.result.risk + right.result.risk, left.result.splits + right.result.splits + 1};
    }

    SubtreeResult stop(int index, double complexity)
    {
        m_complexity[static_cast<std::size_t>(index)] = complexity;
        return {m_full.nodes[static_cast<std::size_t>(index)].deviance, 0};
    }

    double complexityOf(int index) const { return m_complexity[static_cast<std::size_t>(index)]; }

    /// Copies the retained tree in preorder; returns the index of the copy of `index`.
    int emit(int index, CartTree& tree) const
    {
        const auto i = static_cast<std::size_t>(index);
        CartNode node = m_full.nodes[i];
        node.complexity = m_complexity[i];
        if (!m_split[i]) {
            node.feature = -1;
            node.improve = node.cut = 0.0;
            node.lessGoesLeft = true;
            node.levelSides.clear();
            node.left = node.right = -1;
        }
        tree.nodes.push_back(std::move(node));
        const int copy = static_cast<int>(tree.nodes.size()) - 1;
        if (m_split[i]) {
            const int left = emit(m_full.nodes[i].left, tree);
            const int right = emit(m_full.nodes[i].right, tree);
            tree.nodes[static_cast<std::size_t>(copy)].left = left;
            tree.nodes[static_cast<std::size_t>(copy)].right = right;
        }
        return copy;
    }

    const CartTree& m_full;
    double m_alpha;
    std::vector<double> m_complexity; ///< per full-tree node, as growth at m_alpha computes it
    std::vector<char> m_split;        ///< per full-tree node: keeps its split at m_alpha
};

} // namespace

CartTree growCartTree(const Eigen::MatrixXd& x, const Eigen::VectorXd& y,
    const std::vector<int>& levelCounts, const CartGrowthOptions& options)
{
    return TreeGrower(x, y, levelCounts, options).grow();
}

CartTree pruneCartTree(const CartTree& full, double cp)
{
    const double rootDeviance = full.nodes.empty() ? 0.0 : full.nodes.front().deviance;
    return TreePruner(full, cp * rootDeviance).prune(); // the product growth uses for alpha
}

void checkTreeShape(const std::vector<CartNode>& nodes, const std::string& what)
{
    std::vector<int> parents(nodes.size(), 0);
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        if (nodes[i].isLeaf())
            continue;
        for (const int child : {nodes[i].left, nodes[i].right}) {
            if (child <= static_cast<int>(i) || child >= static_cast<int>(nodes.size()))
                throw DataError("model file: " + what + " node " + std::to_string(i)
                    + " has an invalid child index " + std::to_string(child));
            ++parents[static_cast<std::size_t>(child)];
        }
    }
    for (std::size_t i = 1; i < nodes.size(); ++i)
        if (parents[i] != 1)
            throw DataError("model file: " + what + " node " + std::to_string(i) + " has "
                + std::to_string(parents[i]) + " parents");
}

} // namespace iolens::core
