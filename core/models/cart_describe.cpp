// SPDX-License-Identifier: GPL-3.0-or-later
// Cart::describe: the fitted tree as rules (one per leaf) and as an outline, for a person.
#include "models/cart.hpp"

#include "common/counted_noun.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace iolens::core {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

/// Six significant digits: enough to tell cut points of the fio grids apart, short to read.
std::string shortNumber(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", value);
    return text;
}

/// Side of each level at a categorical split, with levels absent from the node sent where
/// predict() sends them (the child with more rows; 0 if both have as many).
std::vector<int> effectiveSides(const CartNode& node, const std::vector<CartNode>& nodes)
{
    const int leftRows = nodes[static_cast<std::size_t>(node.left)].rows;
    const int rightRows = nodes[static_cast<std::size_t>(node.right)].rows;
    const int majority = leftRows == rightRows ? 0 : (leftRows > rightRows ? -1 : 1);
    std::vector<int> sides = node.levelSides;
    for (int& side : sides)
        if (side == 0)
            side = majority;
    return sides;
}

std::string levelSet(const FeatureColumn& column, const std::vector<bool>& allowed)
{
    std::vector<std::string> names;
    for (std::size_t l = 0; l < allowed.size(); ++l)
        if (allowed[l])
            names.push_back(column.levels[l]);
    if (names.size() == 1)
        return column.name() + " = " + names.front();
    std::string text = column.name() + " in {";
    for (std::size_t i = 0; i < names.size(); ++i)
        text += (i ? ", " : "") + names[i];
    return text + "}";
}

/// What a leaf's path says about each feature: a numeric interval [lower, upper) or a set of
/// allowed levels.
struct PathConstraints {
    std::vector<double> lower;
    std::vector<double> upper;
    std::vector<std::vector<bool>> allowed;

    explicit PathConstraints(const FeatureSchema& schema)
        : lower(schema.size(), -kInf)
        , upper(schema.size(), kInf)
    {
        for (const FeatureColumn& column : schema.columns())
            allowed.emplace_back(column.levels.size(), true);
    }

    /// Restricts feature `node.feature` to the rows sent to `side` (-1 left, +1 right).
    void restrict(const CartNode& node, const std::vector<CartNode>& nodes, int side)
    {
        const auto f = static_cast<std::size_t>(node.feature);
        if (node.levelSides.empty()) {
            const bool lessSide = (side < 0) == node.lessGoesLeft; // this side holds x < cut
            if (lessSide)
                upper[f] = std::min(upper[f], node.cut);
            else
                lower[f] = std::max(lower[f], node.cut);
            return;
        }
        const std::vector<int> sides = effectiveSides(node, nodes);
        for (std::size_t l = 0; l < sides.size(); ++l)
            if (sides[l] != side)
                allowed[f][l] = false;
    }

    std::string text(const FeatureSchema& schema, const std::vector<bool>& used) const
    {
        std::string out;
        for (std::size_t f = 0; f < schema.size(); ++f) {
            if (!used[f])
                continue;
            const FeatureColumn& column = schema.columns()[f];
            std::string condition;
            if (column.categorical())
                condition = levelSet(column, allowed[f]);
            else if (lower[f] > -kInf && upper[f] < kInf)
                condition = shortNumber(lower[f]) + " <= " + column.name() + " < "
                    + shortNumber(upper[f]);
            else if (lower[f] > -kInf)
                condition = column.name() + " >= " + shortNumber(lower[f]);
            else
                condition = column.name() + " < " + shortNumber(upper[f]);
            out += (out.empty() ? "" : " and ") + condition;
        }
        return out;
    }
};

/// The condition of one child, as the outline prints it.
std::string branchLabel(const CartNode& parent, const std::vector<CartNode>& nodes,
    const FeatureSchema& schema, int side)
{
    const FeatureColumn& column = schema.columns()[static_cast<std::size_t>(parent.feature)];
    if (parent.levelSides.empty()) {
        const bool lessSide = (side < 0) == parent.lessGoesLeft;
        return column.name() + (lessSide ? " < " : " >= ") + shortNumber(parent.cut);
    }
    const std::vector<int> sides = effectiveSides(parent, nodes);
    std::vector<bool> allowed(sides.size());
    for (std::size_t l = 0; l < sides.size(); ++l)
        allowed[l] = sides[l] == side;
    return levelSet(column, allowed);
}

} // namespace

std::string Cart::describe() const
{
    if (!m_fitted)
        return "CART regression tree (not fitted)";
    std::string text = "CART regression tree (R rpart, method \"anova\"): minsplit "
        + std::to_string(m_params.minSplit) + " (minbucket " + std::to_string(m_params.minBucket())
        + "), cp " + shortNumber(m_params.cp) + "\n";
    text += countedNoun(splitCount(), "split") + ", "
        + countedNoun(splitCount() + 1, "leaf", "leaves") + ", "
        + countedNoun(static_cast<std::size_t>(m_tree.nodes.front().rows), "training row") + "\n\n";
    return text + describeRules() + "\n" + describeOutline();
}

// One rule per leaf, in tree order: the conditions of its path merged per feature.
std::string Cart::describeRules() const
{
    std::string text = "Rules (prediction = mean of the training rows in the leaf):\n";
    struct Frame {
        std::size_t node;
        PathConstraints constraints;
        std::vector<bool> used;
    };
    std::vector<Frame> stack {{0, PathConstraints(m_schema), std::vector<bool>(m_schema.size())}};
    while (!stack.empty()) {
        Frame frame = std::move(stack.back());
        stack.pop_back();
        const CartNode& node = m_tree.nodes[frame.node];
        if (node.isLeaf()) {
            const std::string conditions = frame.constraints.text(m_schema, frame.used);
            text += "  " + (conditions.empty() ? std::string("always") : "if " + conditions)
                + " then " + shortNumber(node.value) + "  (" + std::to_string(node.rows)
                + " rows)\n";
            continue;
        }
        frame.used[static_cast<std::size_t>(node.feature)] = true;
        Frame right = frame;
        right.node = static_cast<std::size_t>(node.right);
        right.constraints.restrict(node, m_tree.nodes, 1);
        frame.node = static_cast<std::size_t>(node.left);
        frame.constraints.restrict(node, m_tree.nodes, -1);
        stack.push_back(std::move(right)); // the left branch is described first
        stack.push_back(std::move(frame));
    }
    return text;
}

// The tree as rpart prints it: one line per node, children indented under their parent.
std::string Cart::describeOutline() const
{
    std::string text = "Tree (condition: rows, mean; * = leaf):\n";
    struct Item {
        std::size_t node;
        int depth;
        std::string label;
    };
    std::vector<Item> stack {{0, 1, "root"}};
    while (!stack.empty()) {
        const Item item = stack.back();
        stack.pop_back();
        const CartNode& node = m_tree.nodes[item.node];
        text += std::string(2 * static_cast<std::size_t>(item.depth), ' ') + item.label + ": "
            + std::to_string(node.rows) + " rows, mean " + shortNumber(node.value)
            + (node.isLeaf() ? " *" : "") + "\n";
        if (node.isLeaf())
            continue;
        stack.push_back({static_cast<std::size_t>(node.right), item.depth + 1,
            branchLabel(node, m_tree.nodes, m_schema, 1)});
        stack.push_back({static_cast<std::size_t>(node.left), item.depth + 1,
            branchLabel(node, m_tree.nodes, m_schema, -1)});
    }
    return text;
}

} // namespace iolens::core
