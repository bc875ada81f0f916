// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/cubist_prune.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

namespace iolens::core::cubist {

float kthSmallest(std::vector<float>& values, std::size_t k)
{
    // Quickselect with a median-of-three pivot and a partition without a data-dependent branch
    // (each value is swapped into place and the boundary moves by the comparison's result):
    // on a node's residuals, whose order is random, the branches of std::nth_element's
    // partition mispredict about every second value, and this is 3-4 times faster. NaN has no
    // order and a bad run of pivots could go quadratic; both are left to std::nth_element.
    float* a = values.data();
    std::size_t n = values.size();
    bool unordered = false;
    for (const float v : values)
        unordered |= v != v;
    int rounds = 2 * static_cast<int>(std::bit_width(n)) + 8;
    constexpr std::size_t kSmall = 8; // below this nth_element is as fast
    while (!unordered && n > kSmall && rounds-- > 0) {
        const float first = a[0], middle = a[n / 2], last = a[n - 1];
        const float pivot
            = std::max(std::min(first, middle), std::min(std::max(first, middle), last));
        std::size_t below = 0; // a[0, below) < pivot <= a[below, i)
        for (std::size_t i = 0; i < n; ++i) {
            const float v = a[i];
            const bool less = v < pivot;
            a[i] = a[below];
            a[below] = v;
            below += less;
        }
        if (k < below) {
            n = below;
            continue;
        }
        if (below == 0) { // the pivot is the smallest: set aside the values equal to it
            std::size_t equal = 0;
            for (std::size_t i = 0; i < n; ++i) {
                const float v = a[i];
                const bool same = !(pivot < v);
                a[i] = a[equal];
                a[equal] = v;
                equal += same;
            }
            if (k < equal)
                return pivot;
            below = equal;
        }
        a += below;
        n -= below;
        k -= below;
    }
    std::nth_element(a, a + k, a + n);
    return a[k];
}

TreePruner::TreePruner(const CaseTable& x, const Globals& g, const std::vector<float>& cls,
    const std::vector<int>& order)
    : m_x(x)
    , m_g(g)
    , m_cls(cls)
    , m_order(order)
    , m_resid(static_cast<std::size_t>(x.rows), 0.0)
{
}

int TreePruner::prune(TreeNode& root)
{
    const double n = m_x.rows;
    setProperties(root, nullptr);
    // Models are smoothed first so that the error of every node can be read off directly.
    smoothModels(root, nullptr, 0, 0, m_x.rows - 1);
    findErrors(root, 0, m_x.rows - 1);
    int leaves = treeLeaves(root);
    int unlimitedLeaves = leaves;
    int stage = 1;
    while (true) {
        m_totalParams = root.params;
        m_totalErr = root.treeErr;
        const double adjErr = n * estimateErr(m_totalErr / n, n, static_cast<float>(m_totalParams));
        if (stage == 1)
            m_adjErrLim = adjErr;
        m_extraErr = 1e38;
        const bool found = findWeakestSubtree(root);
        if (found && (m_newAdjErr <= adjErr || stage > 1)) {
            leaves -= treeLeaves(*m_weakest) - 1;
            unsproutAndUpdate(*m_weakest, m_extraErr, m_extraParams);
        } else if (stage == 1) { // allow the adjusted error to grow by 0.5 %
            stage = 2;
            m_adjErrLim = adjErr * 1.005;
        } else { // then prune until the leaves fit the rule limit
            if (stage == 3)
                break; // nothing left to prune (RuleQuest would loop forever on NaN errors)
            stage = 3;
            m_adjErrLim = 1e38;
            unlimitedLeaves = leaves;
        }
        if (stage == 3 && leaves <= m_g.settings.maxRules)
            break;
    }
    return unlimitedLeaves;
}

// RuleQuest SetProperties: parameter counts for the adjusted error (a leaf counts its
// coefficients incl. intercept, a test 4, or 3 for a two-level value test), and the unsmoothed
// model copies that descendants are smoothed towards.
void TreePruner::setProperties(TreeNode& t, TreeNode* parent)
{
    // Branches that cover too few cases are not kept (TreeBuilder::addModels relies on it: it
    // fits no model below such a split).
    if (!t.isLeaf() && (t.branch[0]->cases < m_g.minItems || t.branch[1]->cases < m_g.minItems))
        t.unsprout();
    const auto coeffs = static_cast<float>(countCoefficients(t.model));
    t.coeffs = t.coeffs != 0 ? 0.5f * (t.coeffs + coeffs) : coeffs;
    if (t.isLeaf()) {
        t.params = t.coeffs;
        return;
    }
    t.parent = parent;
    t.modelCopy = t.model;
    t.params = t.test == TestType::Value ? 3.f : 4.f;
    for (auto& child : t.branch)
        if (child->cases > 0) {
            setProperties(*child, &t);
            t.params += child->params;
        }
}

double TreePruner::errVariance(const Coefficients& model, int fp, int lp, std::vector<double>& err)
{
    LinearTerms& terms = m_terms;
    terms.assign(model);
    double sumWt = 0, sum = 0, sumSq = 0;
    for (int i = fp; i <= lp; ++i) {
        const int row = m_order[static_cast<std::size_t>(i)];
        const double v = m_cls[static_cast<std::size_t>(row)]
            - clampTo(terms.rawValue(m_x.row(row)), m_g.floor, m_g.ceiling);
        err[static_cast<std::size_t>(i)] = v;
        sumWt += 1;
        sum += v;
        sumSq += v * v;
    }
    if (sumWt <= 1)
        return 1e-38;
    const double var = (sumSq - sum * sum / sumWt) / (sumWt - 1);
    return var > 1e-38 ? var : 1e-38;
}

std::pair<double, double> TreePruner::ancestorErrors(
    const std::vector<float>& values, int fp, int lp) const
{
    // One pass for what RuleQuest sums in two: each sum still runs in case order.
    double sumWt = 0, sum = 0, sumSq = 0, sumX = 0, sumXY = 0;
    for (int i = fp; i <= lp; ++i) {
        const auto u = static_cast<std::size_t>(i);
        // float - float as in errVariance, then widened: the same rounding.
        const double v = m_cls[static_cast<std::size_t>(m_order[u])] - values[u];
        sumWt += 1;
        sum += v;
        sumSq += v * v;
        sumX += m_resid[u];
        sumXY += m_resid[u] * v;
    }
    double var = 1e-38;
    if (sumWt > 1) {
        var = (sumSq - sum * sum / sumWt) / (sumWt - 1);
        var = var > 1e-38 ? var : 1e-38;
    }
    // sum is RuleQuest's sum of the ancestor's errors (its SumY)
    const double cov = (sumXY - sumX * sum / sumWt) / (sumWt - 1);
    return {var, cov};
}

// RuleQuest SmoothModels (post-order): M5's smoothing folded into the models themselves, so a
// rule can later be used on its own.
void TreePruner::smoothModels(TreeNode& t, TreeNode* parent, int depth, int fp, int lp)
{
    if (!t.isLeaf()) {
        const auto d = static_cast<std::size_t>(depth);
        if (m_copyValues.size() <= d)
            m_copyValues.resize(d + 1);
        std::vector<float>& values = m_copyValues[d];
        values.resize(m_resid.size());
        m_terms.assign(t.modelCopy);
        for (int i = fp; i <= lp; ++i)
            values[static_cast<std::size_t>(i)]
                = clampTo(m_terms.rawValue(m_x.row(m_order[static_cast<std::size_t>(i)])),
                    m_g.floor, m_g.ceiling);
        int bp = fp;
        for (auto& child : t.branch)
            if (child->cases > 0) {
                smoothModels(*child, &t, depth + 1, bp, bp + child->cases - 1);
                bp += child->cases;
            }
    }
    const double sumWt = lp - fp + 1;
    double currVar = errVariance(t.model, fp, lp, m_resid);
    if (sumWt > 2 && currVar > 1e-10) {
        // Blend with each ancestor's original model, nearest first, with the weight that
        // minimises the variance of the blended errors.
        int ancestorDepth = depth - 1;
        for (const TreeNode* p = parent; p; p = p->parent, --ancestorDepth) {
            const auto [parentVar, cov]
                = ancestorErrors(m_copyValues[static_cast<std::size_t>(ancestorDepth)], fp, lp);
            const double denom = currVar + parentVar - 2 * cov;
            const double pCurr = denom <= 1e-12 ? 1 : (parentVar - cov) / denom;
            if (pCurr > 0 && pCurr < 1) {
                for (std::size_t a = 0; a < t.model.size(); ++a)
                    t.model[a] = t.model[a] * pCurr + p->modelCopy[a] * (1 - pCurr);
                currVar = errVariance(t.model, fp, lp, m_resid);
            }
        }
    }
    roundCoefficients(t, fp, lp);
}

void TreePruner::roundCoefficients(TreeNode& t, int fp, int lp)
{
    // Coefficients too small to matter become 0, the rest multiples of the column's unit.
    for (std::size_t a = 1; a < t.model.size(); ++a) {
        double& c = t.model[a];
        const double unit = m_g.attUnit[a - 1];
        if (c == 0 || unit == 0)
            continue;
        c = std::fabs(c) < 0.01 * m_g.globalSd / m_g.atts[a - 1].sd
            ? 0
            : std::nearbyint(c / unit) * unit;
    }
    // Shift the intercept so that the median error is zero (RuleQuest's weighted median with
    // unit weights is the ceil(n/2)-th smallest), then round it to the target's precision.
    std::vector<float>& resid = m_medianScratch;
    resid.clear();
    LinearTerms& terms = m_terms;
    terms.assign(t.model);
    for (int i = fp; i <= lp; ++i) {
        const int row = m_order[static_cast<std::size_t>(i)];
        resid.push_back(terms.rawValue(m_x.row(row)) - m_cls[static_cast<std::size_t>(row)]);
    }
    const double want = (lp - fp + 1) / 2.0;
    const auto k = static_cast<std::size_t>(std::ceil(want)) - 1;
    t.model[0] -= kthSmallest(resid, k);
    t.model[0] = std::nearbyint(t.model[0] / m_g.targetUnit) * m_g.targetUnit;
}

// FindErrors: LeafErr and TreeErr are sums of |y - raw model| (not limited), Utility a lower
// bound of the extra error of pruning anything in the subtree (it prunes the weakest search).
void TreePruner::findErrors(TreeNode& t, int fp, int lp)
{
    double err = 0;
    LinearTerms& terms = m_terms;
    terms.assign(t.model);
    for (int i = fp; i <= lp; ++i) {
        const int row = m_order[static_cast<std::size_t>(i)];
        err += std::fabs(m_cls[static_cast<std::size_t>(row)] - terms.rawValue(m_x.row(row)));
    }
    t.leafErr = t.treeErr = static_cast<float>(err);
    t.utility = 1e38f;
    if (t.isLeaf())
        return;
    t.treeErr = 0;
    double minExtraErr = 1e38;
    int bp = fp;
    for (auto& child : t.branch)
        if (child->cases > 0) {
            findErrors(*child, bp, bp + child->cases - 1);
            t.treeErr += child->treeErr;
            if (!child->isLeaf() && child->utility < minExtraErr)
                minExtraErr = child->utility;
            bp += child->cases;
        }
    t.utility = static_cast<float>(std::min(minExtraErr, 1.0 * (t.leafErr - t.treeErr)));
}

bool TreePruner::findWeakestSubtree(TreeNode& t)
{
    if (t.isLeaf())
        return false;
    // The weakest subtree adds the least error when collapsed while the adjusted error stays
    // within the current limit.
    const double n = m_x.rows;
    const double extraErr = t.leafErr - t.treeErr;
    const float extraParams = t.coeffs - t.params;
    const double adjErr = n
        * estimateErr(
            (extraErr + m_totalErr) / n, n, static_cast<float>(extraParams + m_totalParams));
    bool found = false;
    if (adjErr <= m_adjErrLim && extraErr < m_extraErr) {
        m_weakest = &t;
        m_extraErr = extraErr;
        m_extraParams = extraParams;
        m_newAdjErr = adjErr;
        found = true;
    }
    for (auto& child : t.branch) // utility bounds the extra error anywhere below
        if (child->utility <= m_extraErr)
            found = findWeakestSubtree(*child) || found;
    return found;
}

// UnsproutAndUpdate: collapse the subtree and update errors, parameters and utilities upwards.
void TreePruner::unsproutAndUpdate(TreeNode& pruned, double extraErr, double extraParams)
{
    double minExtraErr = 1e38; // not reset between levels, as in RuleQuest
    pruned.utility = 1e38f;
    for (TreeNode* t = &pruned; t; t = t->parent) {
        t->treeErr = static_cast<float>(t->treeErr + extraErr);
        t->params = static_cast<float>(t->params + extraParams);
        if (t != &pruned) {
            for (auto& child : t->branch)
                minExtraErr = std::min(minExtraErr, 1.0 * child->utility);
            t->utility = static_cast<float>(std::min(minExtraErr, 1.0 * (t->leafErr - t->treeErr)));
        }
    }
    pruned.unsprout();
}

void adjustThresholds(TreeNode& root, const Globals& g)
{
    std::vector<TreeNode*> stack {&root};
    while (!stack.empty()) {
        TreeNode* t = stack.back();
        stack.pop_back();
        if (t->isLeaf())
            continue;
        if (t->test == TestType::Threshold) {
            const auto& values = g.distinctValues[static_cast<std::size_t>(t->att)];
            // Greatest value <= cut (the smallest value if none is).
            const auto it = std::upper_bound(values.begin(), values.end(), t->cut);
            t->cut = it == values.begin() ? values.front() : *(it - 1);
        }
        stack.push_back(t->branch[0].get());
        stack.push_back(t->branch[1].get());
    }
}

float treeValue(const TreeNode& t, const float* x, const Globals& g)
{
    if (!t.isLeaf()) {
        const TreeNode& child = *t.branch[static_cast<std::size_t>(t.outcome(x))];
        // A two-level test whose branch holds no cases answers with its own model.
        if (t.test != TestType::Value || child.cases >= 1)
            return treeValue(child, x, g);
    }
    return clampTo(rawValue(t.model, x), g.floor, g.ceiling);
}

int treeLeaves(const TreeNode& t)
{
    if (t.cases < 1)
        return 0;
    if (t.isLeaf())
        return 1;
    return treeLeaves(*t.branch[0]) + treeLeaves(*t.branch[1]);
}

} // namespace iolens::core::cubist
