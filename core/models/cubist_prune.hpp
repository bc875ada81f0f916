// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/cubist_tree.hpp"

#include <utility>
#include <vector>

namespace iolens::core::cubist {

/// Smooths and prunes a grown model tree (RuleQuest prunetree.c; ALGORITHMS.md 4.5):
/// branches under MINITEMS cases are collapsed, every node's model is blended with its
/// ancestors' models (Pregibon-like shrinking) and its coefficients rounded, then subtrees are
/// collapsed in three stages by M5's adjusted error n MAE (n+v)/(n-v): while it does not grow,
/// while it stays within 0.5 % of that level, and finally until at most `maxRules` leaves remain.
class TreePruner {
public:
    /// `order` is the case order left by TreeBuilder (subtrees contiguous). All references must
    /// outlive the pruner.
    TreePruner(const CaseTable& x, const Globals& g, const std::vector<float>& cls,
        const std::vector<int>& order);

    /// Prunes `root` in place. Returns the leaves left before the rules limit applies (after
    /// stages 1 and 2): the limit changes the tree only when it is below that count.
    /// O(nodes n) per pruning step.
    int prune(TreeNode& root);

private:
    void setProperties(TreeNode& t, TreeNode* parent);
    void smoothModels(TreeNode& t, TreeNode* parent, int depth, int fp, int lp);
    /// Errors of `model` on the cases [fp, lp] into err[], and their variance (ErrVariance).
    double errVariance(const Coefficients& model, int fp, int lp, std::vector<double>& err);
    /// For an ancestor's limited model values on the cases [fp, lp] (by case position): the
    /// variance of its errors, rounded as errVariance rounds them, and their covariance with
    /// the node's errors in m_resid.
    std::pair<double, double> ancestorErrors(
        const std::vector<float>& values, int fp, int lp) const;
    void roundCoefficients(TreeNode& t, int fp, int lp);
    void findErrors(TreeNode& t, int fp, int lp);
    bool findWeakestSubtree(TreeNode& t);
    void unsproutAndUpdate(TreeNode& pruned, double extraErr, double extraParams);

    const CaseTable& m_x;
    const Globals& m_g;
    const std::vector<float>& m_cls;
    const std::vector<int>& m_order;
    std::vector<double> m_resid; ///< the node's errors, per case position
    /// m_copyValues[d][i]: the limited value of the unsmoothed model (MCopy) of the node at
    /// depth d on the path being smoothed, for case position i of that node. Every descendant
    /// is smoothed towards it, so it is computed once per node instead of once per descendant.
    std::vector<std::vector<float>> m_copyValues;
    std::vector<float> m_medianScratch; ///< roundCoefficients: errors of one node
    LinearTerms m_terms;                ///< the model being evaluated on a node's cases

    // State of one weakest-subtree search (RuleQuest file globals of prunetree.c).
    double m_totalErr = 0, m_totalParams = 0, m_extraErr = 0, m_extraParams = 0;
    double m_adjErrLim = 0, m_newAdjErr = 0;
    TreeNode* m_weakest = nullptr;
};

/// The k-th smallest (from 0) of `values`, which it may reorder: the value std::nth_element
/// would put at k. Precondition: k < values.size(). Expected O(n).
float kthSmallest(std::vector<float>& values, std::size_t k);

/// Replaces every cut by the greatest training value of its column at or below it, so the
/// printed thresholds are values from the data (RuleQuest AdjustAllThresholds), found among
/// Globals::distinctValues.
void adjustThresholds(TreeNode& root, const Globals& g);

/// The tree's prediction for one case: the leaf model limited to [floor, ceiling] (TreeValue).
float treeValue(const TreeNode& t, const float* x, const Globals& g);

/// Leaves that hold training cases.
int treeLeaves(const TreeNode& t);

} // namespace iolens::core::cubist
