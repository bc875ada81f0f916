// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/cubist_data.hpp"
#include "models/cubist_regress.hpp"

#include <array>
#include <memory>
#include <vector>

namespace iolens::core::cubist {

/// Kind of test at a tree node or in a rule condition (RuleQuest BrDiscr, BrThresh, BrSubset).
enum class TestType {
    Leaf,      ///< no test
    Value,     ///< two-level discrete column: one branch per level
    Threshold, ///< continuous column: x <= cut, x > cut
    Subset     ///< discrete column with more levels: level in left subset, or in right subset
};

/// A node of the model tree (RuleQuest TreeRec). RuleQuest tests have a third, "N/A" outcome;
/// R's Cubist never passes N/A values (its missing values are imputed), so that branch is always
/// empty and is left out here: branch[0] is the "<= cut" / left-subset / first-level outcome,
/// branch[1] the other.
struct TreeNode {
    TestType test = TestType::Leaf;
    int cases = 0;           ///< training cases at this node
    double mean = 0.0;       ///< mean target of those cases
    double sd = 0.0;         ///< SD of their residuals when the node was grown
    Coefficients model;      ///< the node's linear model (p + 1 coefficients)
    Coefficients modelCopy;  ///< MCopy: the unsmoothed model, used to smooth descendants
    int att = -1;            ///< tested column
    float cut = 0.f;         ///< Threshold: cut value
    std::vector<char> left;  ///< Value/Subset: levels taking branch[0]
    std::vector<char> right; ///< Value/Subset: levels taking branch[1]
    std::array<std::unique_ptr<TreeNode>, 2> branch;
    TreeNode* parent = nullptr;
    float params = 0.f;  ///< parameters of this subtree (pruning)
    float coeffs = 0.f;  ///< coefficients of the node's own model incl. intercept
    float treeErr = 0.f; ///< sum |error| of the subtree on its cases
    float leafErr = 0.f; ///< sum |error| if the subtree were a leaf
    float utility = 0.f; ///< least extra error from pruning anything in this subtree

    bool isLeaf() const { return test == TestType::Leaf; }
    /// Branch a case takes: 0 or 1. Precondition: !isLeaf().
    int outcome(const float* x) const;
    /// Makes this node a leaf (RuleQuest Unsprout).
    void unsprout();
};

/// Grows the model tree on the current target (RuleQuest FormTree, Divide, EvalContinuousAtt,
/// EvalDiscreteAtt, AddModels; ALGORITHMS.md 4.3 and 4.4): splits chosen by the reduction of the
/// residual SD, then a linear model at every node on the continuous columns tested in its subtree
/// and by its ancestors.
class TreeBuilder {
public:
    /// `order` is the case order (a permutation of rows), rearranged so that every subtree's
    /// cases are contiguous, as RuleQuest rearranges its Case array. All references must
    /// outlive the builder.
    TreeBuilder(const CaseTable& x, const Globals& g, const std::vector<float>& cls,
        std::vector<int>& order, Regression& regression);

    /// Grows the whole tree and fits the node models. O(n log n p depth + nodes regression).
    std::unique_ptr<TreeNode> grow();

private:
    /// A column's best split: its gain and cut; a discrete column's partition is in
    /// m_trialLeft/m_trialRight.
    struct Split {
        float gain = -1.f; ///< RuleQuest None = -1: no split
        float cut = 0.f;
    };
    struct SortRec {
        float v; ///< attribute value
        float t; ///< residual
    };
    /// The cases of a node at one value of a column: count and sums of residual, residual^2
    /// and value x residual.
    struct ValueBucket {
        int cases = 0;
        double t = 0, tt = 0, xt = 0;
    };

    std::unique_ptr<TreeNode> formTree(int fp, int lp, TreeNode* parent);
    std::unique_ptr<TreeNode> leaf(int cases, double mean, double sd) const;
    /// Best column and split for the node, or -1 (RuleQuest's choice with the 0.999 tie rule).
    int chooseSplit(const TreeNode& node, const TreeNode* parent, int fp, int lp, Split& best);
    /// Whether evalContinuous buckets column att at a node with `cases` cases.
    bool bucketed(int att, int cases) const;
    void fillBuckets(int fp, int lp);
    Split evalContinuous(const TreeNode& node, int att, int fp, int lp);
    Split evalContinuousSorted(const TreeNode& node, int att, int fp, int lp);
    static void setCut(Split& split, float low, float high);
    Split evalBinary(const TreeNode& node, int att, int fp, int lp);
    Split evalSubset(const TreeNode& node, int att, int fp, int lp);
    /// Moves the cases of branch b to the front of [fp, lp]; returns the last one (Group).
    int group(int b, int fp, int lp, const TreeNode& node);
    void addModels(int fp, int lp, TreeNode& node, const TreeNode* parent, bool root);
    void cacheSort(int fp, int lp);

    const CaseTable& m_x;
    const Globals& m_g;
    const std::vector<float>& m_cls;
    std::vector<int>& m_order;
    Regression& m_regression;
    std::vector<float> m_resid;  ///< residual of each row at the node being split
    std::vector<SortRec> m_srec; ///< sort buffer, by case position
    /// By column, then value rank: the cases of the node being split (fillBuckets).
    std::vector<std::vector<ValueBucket>> m_buckets;
    std::vector<int> m_bucketAtts; ///< the columns fillBuckets filled
    // Scratch of formTree, used before it recurses: the local model and its columns.
    Coefficients m_local;
    std::vector<char> m_allowed;
    LinearTerms m_terms;
    // Scratch of the split search: a discrete column's levels per branch as evalBinary or
    // evalSubset left them, and the partition of the best column so far (chooseSplit).
    std::vector<char> m_trialLeft, m_trialRight, m_bestLeft, m_bestRight;
    std::vector<double> m_levelFreq, m_levelSum, m_levelSumSq;
    std::vector<char> m_levelIsLeft;
    std::vector<const TreeNode*> m_stack; ///< addModels' walk of a subtree
};

/// RuleQuest ComputeGain: node SD minus the case-weighted SD of the branches.
/// freq/sum/sumSq describe the two branches.
double computeGain(double nodeSd, const double freq[2], const double sum[2], const double sumSq[2],
    double globalSd);

} // namespace iolens::core::cubist
