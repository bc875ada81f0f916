// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/cubist_tree.hpp"

#include <cmath>
#include <numeric>
#include <utility>

namespace iolens::core::cubist {

namespace {

constexpr int kMinSplit = 3;      // MINSPLIT: smallest branch while growing
constexpr double kEpsilon = 1e-4; // a split may have a gain down to -Epsilon
constexpr float kNone = -1.f;     // RuleQuest None

bool inSet(const std::vector<char>& set, float level)
{
    return set[levelOf(level)] != 0;
}

/// RuleQuest's "Reasonable": at least two branches with MINSPLIT cases (N/A is always empty).
bool reasonable(const double freq[2])
{
    return freq[0] >= kMinSplit && freq[1] >= kMinSplit;
}

/// Sums over one side of a cut: x, x^2, residual, residual^2, x residual.
using SideSums = std::array<double, 5>;

/// Correlation of x and residual on one side of a cut with n cases, zeroed unless significant at
/// 95 % (`insignificant` is Globals::insignificantR), as EvalContinuousAtt.
double sideCorrelation(int n, const SideSums& s, const std::vector<double>& insignificant)
{
    const double mx = s[0] / n, vx = s[1] / n - mx * mx;
    const double my = s[2] / n, vy = s[3] / n - my * my;
    double r = (s[4] - s[0] * s[2] / n) / (n * std::sqrt(vx * vy + 1e-10));
    if (std::fabs(r) < insignificant[static_cast<std::size_t>(n)])
        r = 0;
    return r;
}

/// RuleQuest's score of a cut with loCases cases (sums lo) below it and hiCases (sums hi)
/// above: an imagined least-squares line of residual on x on each side leaves a residual sum of
/// squares of (1 - R^2) n Var(residual), which ComputeGain scores as a side with zero sum.
double cutGain(double nodeSd, int loCases, int hiCases, const SideSums& lo, const SideSums& hi,
    const double freq[2], const Globals& g)
{
    const double loR = sideCorrelation(loCases, lo, g.insignificantR);
    const double hiR = sideCorrelation(hiCases, hi, g.insignificantR);
    const double loMy = lo[2] / freq[0], hiMy = hi[2] / freq[1];
    const double sum[2] = {0, 0};
    const double sumSq[2] = {(1 - loR * loR) * freq[0] * (lo[3] / freq[0] - loMy * loMy),
        (1 - hiR * hiR) * freq[1] * (hi[3] / freq[1] - hiMy * hiMy)};
    return computeGain(nodeSd, freq, sum, sumSq, g.globalSd);
}

} // namespace

int TreeNode::outcome(const float* x) const
{
    const float v = x[att];
    return test == TestType::Threshold ? (v <= cut ? 0 : 1) : (inSet(left, v) ? 0 : 1);
}

void TreeNode::unsprout()
{
    branch[0].reset();
    branch[1].reset();
    left.clear();
    right.clear();
    test = TestType::Leaf;
}

double computeGain(double nodeSd, const double freq[2], const double sum[2], const double sumSq[2],
    double globalSd)
{
    double resid = 0, cases = 0;
    for (int b = 0; b < 2; ++b) {
        cases += freq[b];
        resid += freq[b] * sdOf(freq[b], sum[b], sumSq[b], globalSd);
    }
    return nodeSd - resid / cases;
}

TreeBuilder::TreeBuilder(const CaseTable& x, const Globals& g, const std::vector<float>& cls,
    std::vector<int>& order, Regression& regression)
    : m_x(x)
    , m_g(g)
    , m_cls(cls)
    , m_order(order)
    , m_regression(regression)
    , m_resid(static_cast<std::size_t>(x.rows), 0.f)
    , m_srec(static_cast<std::size_t>(x.rows))
    , m_buckets(static_cast<std::size_t>(x.cols))
{
}

std::unique_ptr<TreeNode> TreeBuilder::grow()
{
    auto root = formTree(0, m_x.rows - 1, nullptr);
    addModels(0, m_x.rows - 1, *root, nullptr, true);
    return root;
}

std::unique_ptr<TreeNode> TreeBuilder::leaf(int cases, double mean, double sd) const
{
    auto node = std::make_unique<TreeNode>();
    node->cases = cases;
    node->mean = mean;
    node->sd = sd;
    node->model.assign(static_cast<std::size_t>(m_x.cols) + 1, 0.0);
    node->model[0] = mean;
    return node;
}

// RuleQuest FormTree: residuals of a local model on the columns tested above (the raw target at
// the root), a leaf if they are below the target's precision, else the best split and recursion.
// The node keeps the local model until AddModels replaces it.
std::unique_ptr<TreeNode> TreeBuilder::formTree(int fp, int lp, TreeNode* parent)
{
    const bool root = lp - fp >= m_x.rows - 1;
    Coefficients& local = m_local;
    local.assign(static_cast<std::size_t>(m_x.cols) + 1, 0.0);
    if (!root) { // residuals of a model on the columns tested above this node
        std::vector<char>& allowed = m_allowed;
        allowed.assign(static_cast<std::size_t>(m_x.cols), 0);
        for (const TreeNode* p = parent; p; p = p->parent)
            allowed[static_cast<std::size_t>(p->att)] = 1;
        m_regression.fit(
            &m_order[static_cast<std::size_t>(fp)], lp - fp + 1, m_cls, allowed, local);
    }
    double cases = 0, rawSum = 0, sum = 0, sumSq = 0;
    float maxResid = 0;
    LinearTerms& terms = m_terms;
    terms.assign(local);
    for (int i = fp; i <= lp; ++i) {
        const int row = m_order[static_cast<std::size_t>(i)];
        const float cls = m_cls[static_cast<std::size_t>(row)];
        const float val
            = root ? cls : cls - clampTo(terms.rawValue(m_x.row(row)), m_g.floor, m_g.ceiling);
        m_resid[static_cast<std::size_t>(row)] = val;
        cases += 1;
        rawSum += cls;
        sum += val;
        sumSq += 1.0 * val * val;
        maxResid = std::max(maxResid, std::fabs(val));
    }
    auto node = leaf(lp - fp + 1, rawSum / cases, sdOf(cases, sum, sumSq, m_g.globalSd));
    if (!root)
        node->model = local;
    if (maxResid < 0.5 * m_g.targetUnit) // residuals below the target's precision
        return node;

    Split best;
    const int att = chooseSplit(*node, parent, fp, lp, best);
    if (att < 0)
        return node;
    const Attribute& a = m_g.atts[static_cast<std::size_t>(att)];
    node->att = att;
    if (a.kind == AttKind::Continuous) {
        node->test = TestType::Threshold;
        node->cut = best.cut;
    } else {
        node->test = a.levels == 2 ? TestType::Value : TestType::Subset;
        node->left = m_bestLeft;
        node->right = m_bestRight;
    }
    node->parent = parent;
    for (int b = 0; b < 2; ++b) { // divide and conquer
        const int ep = group(b, fp, lp, *node);
        if (fp <= ep) {
            node->branch[static_cast<std::size_t>(b)] = formTree(fp, ep, node.get());
            fp = ep + 1;
        } else {
            node->branch[static_cast<std::size_t>(b)] = leaf(0, node->mean, node->sd);
        }
    }
    return node;
}

// A column wins with a larger gain, or with a gain within 0.1 % of the best and a higher
// preference (sign agreement with the target). Gains down to -Epsilon count: RuleQuest starts
// the best value at -Epsilon, and discrete gains are not clipped at 0 as continuous ones are.
int TreeBuilder::chooseSplit(
    const TreeNode& node, const TreeNode* parent, int fp, int lp, Split& best)
{
    const bool root = parent == nullptr;
    fillBuckets(fp, lp);
    auto bestVal = static_cast<float>(-kEpsilon);
    int bestAtt = -1;
    for (int att = 0; att < m_x.cols; ++att) {
        const Attribute& a = m_g.atts[static_cast<std::size_t>(att)];
        Split split;
        if (a.kind == AttKind::Continuous) {
            split = evalContinuous(node, att, fp, lp);
        } else if (a.kind == AttKind::Discrete) {
            // A two-level column already tested by an ancestor cannot split again.
            bool testedAbove = false;
            for (const TreeNode* p = parent; p; p = p->parent)
                testedAbove = testedAbove || p->att == att;
            if (root || a.levels > 2 || !testedAbove)
                split
                    = a.levels == 2 ? evalBinary(node, att, fp, lp) : evalSubset(node, att, fp, lp);
        }
        const float val = split.gain;
        if (val > -kEpsilon
            && (val > bestVal
                || (val > 0.999 * bestVal
                    && m_g.attPref[static_cast<std::size_t>(att)]
                        > m_g.attPref[static_cast<std::size_t>(bestAtt)]))) {
            bestAtt = att;
            bestVal = val;
            best = split;
            if (a.kind == AttKind::Discrete) {
                m_bestLeft = m_trialLeft;
                m_bestRight = m_trialRight;
            }
        }
    }
    return bestAtt;
}

void TreeBuilder::cacheSort(int fp, int lp)
{
    // RuleQuest's Cachesort (three-way quicksort on the middle element), kept so that tied
    // values are summed in the same order.
    while (fp < lp) {
        const float thresh = m_srec[static_cast<std::size_t>((fp + lp) / 2)].v;
        int middle = fp, high = lp;
        while (m_srec[static_cast<std::size_t>(middle)].v < thresh)
            ++middle;
        while (m_srec[static_cast<std::size_t>(high)].v > thresh)
            --high;
        for (int i = middle; i <= high;) {
            const float val = m_srec[static_cast<std::size_t>(i)].v;
            if (val < thresh) {
                std::swap(m_srec[static_cast<std::size_t>(middle++)],
                    m_srec[static_cast<std::size_t>(i++)]);
            } else if (val > thresh) {
                std::swap(
                    m_srec[static_cast<std::size_t>(high--)], m_srec[static_cast<std::size_t>(i)]);
            } else {
                ++i;
            }
        }
        cacheSort(fp, middle - 1);
        fp = high + 1;
    }
}

// RuleQuest EvalContinuousAtt: every cut between distinct values with at least `edge` cases on
// each side; each side is scored by the residual SD left by an imagined least-squares line of
// residual on x, so a cut is judged by how well two lines fit, not two constants.
// RuleQuest sorts the node's cases by value. When the column has no more distinct values than
// the node has cases (and Globals has them), the cases are summed into one bucket per value
// instead: the cuts and their side sums are the same, only added in another order.
TreeBuilder::Split TreeBuilder::evalContinuous(const TreeNode& node, int att, int fp, int lp)
{
    const int cases = lp - fp + 1;
    if (cases < 2 * kMinSplit)
        return {};
    const auto a = static_cast<std::size_t>(att);
    const std::vector<float>& values = m_g.distinctValues[a];
    if (!bucketed(att, cases))
        return evalContinuousSorted(node, att, fp, lp);
    const std::vector<ValueBucket>& buckets = m_buckets[a]; // filled by fillBuckets
    SideSums lo {}, hi {};
    std::size_t occupied = 0;
    for (std::size_t r = 0; r < values.size(); ++r) {
        const ValueBucket& b = buckets[r];
        if (b.cases == 0)
            continue;
        ++occupied;
        const double x = values[r];
        hi[0] += b.cases * x, hi[1] += b.cases * x * x, hi[2] += b.t, hi[3] += b.tt, hi[4] += b.xt;
    }
    Split split;
    if (occupied < 2)
        return split; // no cut between distinct values
    const int edge = cases >= 3 * m_g.minItems ? m_g.minItems : kMinSplit;
    double freq[2] = {0, static_cast<double>(cases)};
    double bestGain = 0;
    std::size_t bestLow = 0;
    std::size_t low = values.size(); // the last occupied value on the low side
    int lowCases = 0;
    for (std::size_t r = 0; r < values.size(); ++r) {
        const ValueBucket& b = buckets[r];
        if (b.cases == 0)
            continue;
        if (low < values.size() && lowCases >= edge && cases - lowCases >= edge) {
            // A cut between `low` and r.
            const double gain = cutGain(node.sd, lowCases, cases - lowCases, lo, hi, freq, m_g);
            if (gain > bestGain) {
                bestGain = gain;
                bestLow = low;
            }
        }
        if (cases - lowCases - b.cases < edge)
            break; // every later cut leaves too few cases above it
        const double x = values[r];
        const double d[5] = {b.cases * x, b.cases * x * x, b.t, b.tt, b.xt};
        for (std::size_t s = 0; s < 5; ++s) {
            lo[s] += d[s];
            hi[s] -= d[s];
        }
        freq[0] += b.cases;
        freq[1] -= b.cases;
        lowCases += b.cases;
        low = r;
    }
    if (bestGain > 0) {
        split.gain = static_cast<float>(bestGain);
        std::size_t next = bestLow + 1;
        while (buckets[next].cases == 0)
            ++next;
        setCut(split, values[bestLow], values[next]);
    }
    return split;
}

bool TreeBuilder::bucketed(int att, int cases) const
{
    const std::vector<float>& values = m_g.distinctValues[static_cast<std::size_t>(att)];
    return !values.empty() && values.size() <= static_cast<std::size_t>(cases);
}

// The buckets of every column evalContinuous buckets, in one pass over the cases: each bucket
// still sums its cases in case order, but the columns' sums no longer wait on each other.
void TreeBuilder::fillBuckets(int fp, int lp)
{
    const int cases = lp - fp + 1;
    m_bucketAtts.clear();
    for (int att = 0; att < m_x.cols; ++att)
        if (m_g.atts[static_cast<std::size_t>(att)].kind == AttKind::Continuous
            && cases >= 2 * kMinSplit && bucketed(att, cases)) {
            const auto a = static_cast<std::size_t>(att);
            m_buckets[a].assign(m_g.distinctValues[a].size(), ValueBucket {});
            m_bucketAtts.push_back(att);
        }
    for (int i = fp; i <= lp; ++i) {
        const auto row = static_cast<std::size_t>(m_order[static_cast<std::size_t>(i)]);
        const double t = m_resid[row];
        for (const int att : m_bucketAtts) {
            const auto a = static_cast<std::size_t>(att);
            const auto r = static_cast<std::size_t>(m_g.valueRank[a][row]);
            const double x = m_g.distinctValues[a][r];
            ValueBucket& b = m_buckets[a][r];
            b.cases += 1;
            b.t += t;
            b.tt += t * t;
            b.xt += x * t;
        }
    }
}

void TreeBuilder::setCut(Split& split, float low, float high)
{
    split.cut = static_cast<float>(0.5 * (low + high));
    if (split.cut >= high) // float rounding must not reach the upper value
        split.cut = low;
}

// EvalContinuousAtt as RuleQuest writes it, for columns with more distinct values than cases.
TreeBuilder::Split TreeBuilder::evalContinuousSorted(const TreeNode& node, int att, int fp, int lp)
{
    Split split;
    const int cases = lp - fp + 1;
    // All cases start on the high side; the low side grows along the sorted values.
    SideSums lo {}, hi {};
    double freq[2] = {0, 0};
    const float first = m_x.at(m_order[static_cast<std::size_t>(fp)], att);
    bool constant = true;
    for (int i = lp; i >= fp; --i) {
        const int row = m_order[static_cast<std::size_t>(i)];
        const float v = m_x.at(row, att), t = m_resid[static_cast<std::size_t>(row)];
        m_srec[static_cast<std::size_t>(i)] = {v, t};
        constant = constant && v == first;
        const double x = v;
        hi[0] += x, hi[1] += x * x, hi[2] += 1.0 * t, hi[3] += 1.0 * t * t, hi[4] += x * t;
        freq[1] += 1;
    }
    if (constant)
        return split; // no cut between distinct values: RuleQuest's scan finds none either
    cacheSort(fp, lp);
    const int edge = cases >= 3 * m_g.minItems ? m_g.minItems : kMinSplit;
    double bestGain = 0;
    int bestI = -1;
    for (int i = fp; i <= lp - edge; ++i) {
        const SortRec r = m_srec[static_cast<std::size_t>(i)];
        const double x = r.v;
        const double d[5] = {x, x * x, 1.0 * r.t, 1.0 * r.t * r.t, x * r.t};
        freq[0] += 1;
        freq[1] -= 1;
        for (std::size_t s = 0; s < 5; ++s) {
            lo[s] += d[s];
            hi[s] -= d[s];
        }
        if (!(m_srec[static_cast<std::size_t>(i) + 1].v > r.v && i >= fp + edge - 1))
            continue;
        const double gain = cutGain(node.sd, i - fp + 1, lp - i, lo, hi, freq, m_g);
        if (gain > bestGain) {
            bestGain = gain;
            bestI = i;
        }
    }
    if (bestGain > 0) {
        split.gain = static_cast<float>(bestGain);
        setCut(split, m_srec[static_cast<std::size_t>(bestI)].v,
            m_srec[static_cast<std::size_t>(bestI) + 1].v);
    }
    return split;
}

// EvalBinarySplit: one branch per level, scored by the plain residual SD of each branch.
TreeBuilder::Split TreeBuilder::evalBinary(const TreeNode& node, int att, int fp, int lp)
{
    double freq[2] = {0, 0}, sum[2] = {0, 0}, sumSq[2] = {0, 0};
    for (int i = fp; i <= lp; ++i) {
        const int row = m_order[static_cast<std::size_t>(i)];
        const auto b = levelOf(m_x.at(row, att));
        const float r = m_resid[static_cast<std::size_t>(row)];
        freq[b] += 1;
        sum[b] += 1.0 * r;
        sumSq[b] += 1.0 * r * r;
    }
    Split split;
    if (reasonable(freq))
        split.gain = static_cast<float>(computeGain(node.sd, freq, sum, sumSq, m_g.globalSd));
    m_trialLeft.assign({1, 0});
    m_trialRight.assign({0, 1});
    return split;
}

// EvalSubsetSplit: a greedy sequence of k-1 two-way partitions ordered by mean residual.
TreeBuilder::Split TreeBuilder::evalSubset(const TreeNode& node, int att, int fp, int lp)
{
    const int k = m_g.atts[static_cast<std::size_t>(att)].levels;
    const auto ku = static_cast<std::size_t>(k);
    std::vector<double>& vFreq = m_levelFreq;
    std::vector<double>& vSum = m_levelSum;
    std::vector<double>& vSumSq = m_levelSumSq;
    vFreq.assign(ku, 0);
    vSum.assign(ku, 0);
    vSumSq.assign(ku, 0);
    for (int i = fp; i <= lp; ++i) {
        const int row = m_order[static_cast<std::size_t>(i)];
        const auto v = levelOf(m_x.at(row, att));
        const float r = m_resid[static_cast<std::size_t>(row)];
        vFreq[v] += 1;
        vSum[v] += 1.0 * r;
        vSumSq[v] += 1.0 * r * r;
    }
    // Start with every value on the left; repeatedly move the left value with the highest mean
    // residual to the right and keep the best partition.
    double freq[2] = {0, 0}, sum[2] = {0, 0}, sumSq[2] = {0, 0};
    std::vector<char>& isLeft = m_levelIsLeft;
    isLeft.assign(ku, 0);
    m_trialLeft.clear();
    m_trialRight.clear();
    for (std::size_t v = 0; v < ku; ++v) {
        freq[0] += vFreq[v], sum[0] += vSum[v], sumSq[0] += vSumSq[v];
        isLeft[v] = vFreq[v] > 0;
    }
    Split split;
    for (int cycle = 0; cycle < k; ++cycle) {
        int sv = -1;
        for (int v = 0; v < k; ++v) {
            const auto vu = static_cast<std::size_t>(v);
            const auto su = static_cast<std::size_t>(sv);
            if (isLeft[vu] && (sv < 0 || vSum[vu] / vFreq[vu] > vSum[su] / vFreq[su]))
                sv = v;
        }
        if (sv < 0)
            break;
        const auto s = static_cast<std::size_t>(sv);
        isLeft[s] = 0;
        freq[0] -= vFreq[s], sum[0] -= vSum[s], sumSq[0] -= vSumSq[s];
        freq[1] += vFreq[s], sum[1] += vSum[s], sumSq[1] += vSumSq[s];
        const double gain
            = reasonable(freq) ? computeGain(node.sd, freq, sum, sumSq, m_g.globalSd) : kNone;
        if (gain > split.gain) {
            split.gain = static_cast<float>(gain);
            m_trialLeft.assign(ku, 0);
            m_trialRight.assign(ku, 0);
            for (std::size_t v = 0; v < ku; ++v)
                if (vFreq[v] > 0)
                    (isLeft[v] ? m_trialLeft : m_trialRight)[v] = 1;
        }
    }
    return split;
}

int TreeBuilder::group(int b, int fp, int lp, const TreeNode& node)
{
    // RuleQuest's Group: a case of branch b swaps places with the first case not of it. The
    // swap is done with selects rather than a branch, which would mispredict on about every
    // second case; the order that results is the same, and tree growth sums in that order.
    int* order = m_order.data();
    for (int i = fp; i <= lp; ++i) {
        const int current = order[i], first = order[fp];
        const bool inBranch = node.outcome(m_x.row(current)) == b;
        order[i] = inBranch ? first : current;
        order[fp] = inBranch ? current : first;
        fp += inBranch ? 1 : 0;
    }
    return fp - 1;
}

// RuleQuest AddModels, post-order: every node with cases gets a fresh model. A node's model may
// use what its subtree tests, so a collapsed subtree is replaced by a model as rich as its leaves.
// Two kinds of node are left alone, since the result is the same: below a split with a branch
// under MINITEMS cases, which pruning removes before any model of it is read (TreePruner's
// setProperties), and at a leaf other than the root, whose cases, their order and the candidate
// columns are those formTree fitted its local model with.
void TreeBuilder::addModels(int fp, int lp, TreeNode& node, const TreeNode* parent, bool root)
{
    if (!node.cases || (node.isLeaf() && !root))
        return;
    if (!node.isLeaf() && node.branch[0]->cases >= m_g.minItems
        && node.branch[1]->cases >= m_g.minItems) {
        int bp = fp;
        for (auto& child : node.branch)
            if (child->cases) {
                addModels(bp, bp + child->cases - 1, *child, &node, false);
                bp += child->cases;
            }
    }
    // Candidate columns: continuous ones tested by ancestors or anywhere in this subtree.
    std::vector<char>& allowed = m_allowed; // formTree is done with it
    allowed.assign(static_cast<std::size_t>(m_x.cols), 0);
    auto allow = [&](const TreeNode& t) {
        if (m_g.atts[static_cast<std::size_t>(t.att)].kind == AttKind::Continuous)
            allowed[static_cast<std::size_t>(t.att)] = 1;
    };
    for (const TreeNode* p = parent; p; p = p->parent)
        allow(*p);
    std::vector<const TreeNode*>& stack = m_stack;
    stack.assign(1, &node);
    while (!stack.empty()) {
        const TreeNode* t = stack.back();
        stack.pop_back();
        if (t->isLeaf())
            continue;
        allow(*t);
        stack.push_back(t->branch[0].get());
        stack.push_back(t->branch[1].get());
    }
    m_regression.fit(
        &m_order[static_cast<std::size_t>(fp)], lp - fp + 1, m_cls, allowed, node.model);
}

} // namespace iolens::core::cubist
