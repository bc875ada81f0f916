// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/cubist_rules.hpp"

#include "models/cubist_prune.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace iolens::core::cubist {

namespace {

/// out[i] = 1 where `levels` holds column[i] (levels[column[i]] != 0), else 0; the opposite with
/// `negate`. The values are level indices, exact small integers, so the test is a few equality
/// compares over the column against the levels in the set, or those out of it, whichever are
/// fewer: these vectorise, a table lookup per value does not.
template <typename Flag>
void levelTest(
    const float* column, std::size_t n, const std::vector<char>& levels, bool negate, Flag* out)
{
    const auto in = static_cast<std::size_t>(
        std::count_if(levels.begin(), levels.end(), [](char level) { return level != 0; }));
    const bool listIn = in <= levels.size() - in;
    std::fill_n(out, n, Flag {0});
    for (std::size_t level = 0; level < levels.size(); ++level) {
        if ((levels[level] != 0) != listIn)
            continue;
        const auto value = static_cast<float>(level);
        for (std::size_t i = 0; i < n; ++i)
            out[i] |= static_cast<Flag>(column[i] == value); // a select would branch here
    }
    if (listIn == negate) // out marks the values that match a listed level
        for (std::size_t i = 0; i < n; ++i)
            out[i] ^= Flag {1};
}

} // namespace

bool Condition::satisfiedBy(const float* x) const
{
    const float v = x[att];
    if (type == TestType::Threshold)
        return (v > cut) == above;
    return levels[levelOf(v)] != 0;
}

bool Condition::operator==(const Condition& other) const
{
    if (type != other.type || att != other.att)
        return false;
    return type == TestType::Threshold ? above == other.above && cut == other.cut
                                       : levels == other.levels;
}

bool Rule::matches(const float* x) const
{
    for (const Condition& c : conditions)
        if (!c.satisfiedBy(x))
            return false;
    return true;
}

double Rule::value(const float* x) const
{
    double val = model[0];
    for (std::size_t a = 1; a < model.size(); ++a)
        if (model[a] != 0.0)
            val += x[a - 1] * model[a];
    return limited(val);
}

double Rule::limited(double val) const
{
    return val < loLim ? loLim : val > hiLim ? hiLim : val;
}

void Rule::setLimits(float extrap)
{
    const float range = hiVal - loVal;
    float v = loVal - extrap * range;
    loLim = v < 0 && loVal >= 0 ? 0.f : v;
    v = hiVal + extrap * range;
    hiLim = v > 0 && hiVal <= 0 ? 0.f : v;
}

float RuleSet::predict(const float* x, float globalMean) const
{
    double sum = 0, weight = 0;
    for (const Rule& rule : rules)
        if (rule.matches(x)) {
            sum += rule.value(x);
            weight += 1.0;
        }
    return weight ? static_cast<float>(sum / weight) : globalMean;
}

CaseColumns::CaseColumns(const CaseTable& x)
    : rows(x.rows)
    , values(x.values.size())
{
    const auto n = static_cast<std::size_t>(x.rows);
    const auto cols = static_cast<std::size_t>(x.cols);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t a = 0; a < cols; ++a)
            values[a * n + i] = x.values[i * cols + a];
}

void RuleSet::predictCases(
    const CaseTable& x, const CaseColumns& columns, float globalMean, std::vector<float>& out) const
{
    const auto n = static_cast<std::size_t>(x.rows);
    std::vector<double> sum(n, 0.0), weight(n, 0.0);
    std::vector<unsigned char> matches(n), inSet(n);
    std::vector<int> matched(n);
    std::vector<double> value(n);
    LinearTerms terms;
    for (const Rule& rule : rules) {
        std::fill(matches.begin(), matches.end(), 1);
        for (const Condition& c : rule.conditions) {
            const float* column = columns.column(c.att); // one vectorisable pass
            unsigned char* match = matches.data();
            if (c.type == TestType::Threshold) {
                const float cut = c.cut;
                const unsigned char above = c.above ? 1 : 0;
                for (std::size_t i = 0; i < n; ++i)
                    match[i] &= static_cast<unsigned char>((column[i] > cut) == above);
            } else {
                levelTest(column, n, c.levels, false, inSet.data());
                for (std::size_t i = 0; i < n; ++i)
                    match[i] &= inSet[i];
            }
        }
        // The matching rows, listed without a branch per row: a rule covers a few of them.
        std::size_t count = 0;
        for (std::size_t i = 0; i < n; ++i) {
            matched[count] = static_cast<int>(i);
            count += matches[i];
        }
        // Each row sums the values of its rules in rule order, as predict() does; a value sums
        // its terms in LinearTerms::sum's order, term by term over the matching rows.
        terms.assign(rule.model);
        std::fill_n(value.begin(), count, terms.intercept());
        for (const auto& [att, coefficient] : terms.list()) {
            const float* column = columns.column(att);
            for (std::size_t j = 0; j < count; ++j)
                value[j] += coefficient * column[matched[j]];
        }
        for (std::size_t j = 0; j < count; ++j) {
            const auto i = static_cast<std::size_t>(matched[j]);
            sum[i] += rule.limited(value[j]);
            weight[i] += 1.0;
        }
    }
    out.resize(n);
    for (std::size_t i = 0; i < n; ++i)
        out[i] = weight[i] != 0.0 ? static_cast<float>(sum[i] / weight[i]) : globalMean;
}

namespace {

double absd(float v)
{
    return std::fabs(static_cast<double>(v));
}

/// RuleQuest's FormRules state. Cases are addressed by their position i in the case order; the
/// cases that fail 0, 1 or more of the undeleted conditions of the rule being pruned are kept in
/// three linked lists (Succ[i] follows i), exactly as RuleQuest does, so sums run in its order.
class RuleBuilder {
public:
    RuleBuilder(const CaseTable& x, const std::vector<float>& y, const std::vector<int>& order,
        const Globals& g)
        : m_x(x)
        , m_y(y)
        , m_order(order)
        , m_g(g)
        , m_n(x.rows)
        , m_stack(1)
        , m_condFailedBy(1)
        , m_nFail(static_cast<std::size_t>(m_n), 0)
        , m_succ(static_cast<std::size_t>(m_n), -1)
        , m_cPredVal(static_cast<std::size_t>(m_n), 0.f)
        , m_predSum(static_cast<std::size_t>(m_n), 0.f)
        , m_predCount(static_cast<std::size_t>(m_n), 1)
        , m_columns(static_cast<std::size_t>(x.cols))
    {
    }

    RuleSet build(const TreeNode& tree)
    {
        for (int i = 0; i < m_n; ++i) // the tree's own prediction starts every average
            m_predSum[static_cast<std::size_t>(i)] = treeValue(tree, row(i), m_g);
        scan(tree);
        orderRules();
        return RuleSet {std::move(m_rules)};
    }

private:
    const float* row(int i) const { return m_x.row(m_order[static_cast<std::size_t>(i)]); }
    float target(int i) const
    {
        return m_y[static_cast<std::size_t>(m_order[static_cast<std::size_t>(i)])];
    }
    bool failed(int d, int i) const
    {
        return m_condFailedBy[static_cast<std::size_t>(d)][static_cast<std::size_t>(i)] != 0;
    }

    void scan(const TreeNode& t);
    void pushCondition(int sign);
    /// Column `att` of the cases in case order, gathered on first use.
    const std::vector<float>& columnInOrder(int att);
    void pruneRule(float initCoeffs, const Coefficients& model);
    void processLists();
    void updateCount(int d, int i);
    int singleFail(int i) const;
    bool newRule(const Rule& stats);
    void removeBias(Rule& rule, int coeffs);
    void orderRules();

    static void addToList(int& head, std::vector<int>& succ, int i)
    {
        succ[static_cast<std::size_t>(i)] = head;
        head = i;
    }

    const CaseTable& m_x;
    const std::vector<float>& m_y;
    const std::vector<int>& m_order;
    const Globals& m_g;
    const int m_n;
    int m_nCond = 0;                               ///< depth of the current path
    std::vector<Condition> m_stack;                ///< conditions 1..m_nCond of the path
    std::vector<std::vector<char>> m_condFailedBy; ///< [condition][case]
    std::vector<int> m_nFail, m_localNFail;        ///< conditions failed by each case
    std::vector<int> m_succ;
    int m_fail0 = -1, m_fail1 = -1, m_failMany = -1;
    std::vector<double> m_total, m_predErr; ///< [condition]: cases, error change if dropped
    std::vector<char> m_deleted;
    int m_bestd = 0;
    const Coefficients* m_model = nullptr;
    LinearTerms m_terms;           ///< the rule's model, ready for its cases
    std::vector<float> m_cPredVal; ///< raw model value of each case for the current rule
    std::vector<float> m_predSum;  ///< sum of the predictions of the rules covering each case
    std::vector<int> m_predCount;
    std::vector<Rule> m_rules;
    std::vector<std::vector<float>> m_columns; ///< columnInOrder's cache, by column
};

// RuleQuest Scan: depth-first over the tree keeping, per case, how many path conditions it
// fails; every leaf with cases becomes a candidate rule.
void RuleBuilder::scan(const TreeNode& t)
{
    if (t.isLeaf()) {
        if (t.cases >= 1) {
            m_localNFail = m_nFail;
            pruneRule(t.coeffs, t.model);
        }
        return;
    }
    ++m_nCond;
    if (static_cast<int>(m_stack.size()) <= m_nCond) {
        m_stack.resize(static_cast<std::size_t>(m_nCond) + 1);
        m_condFailedBy.emplace_back(static_cast<std::size_t>(m_n), 0);
    }
    for (std::size_t b = 0; b < 2; ++b) {
        Condition& c = m_stack[static_cast<std::size_t>(m_nCond)];
        c.type = t.test;
        c.att = t.att;
        c.cut = t.cut;
        c.above = b == 1;
        c.levels = b == 0 ? t.left : t.right;
        pushCondition(+1);
        scan(*t.branch[b]);
        pushCondition(-1);
    }
    --m_nCond;
}

void RuleBuilder::pushCondition(int sign)
{
    auto& failedBy = m_condFailedBy[static_cast<std::size_t>(m_nCond)];
    if (sign > 0) {
        // Condition::satisfiedBy over the column in case order, without its per-case branch.
        const Condition& c = m_stack[static_cast<std::size_t>(m_nCond)];
        const std::vector<float>& column = columnInOrder(c.att);
        if (c.type == TestType::Threshold) {
            const float cut = c.cut;
            const bool above = c.above;
            for (std::size_t u = 0; u < failedBy.size(); ++u)
                failedBy[u] = static_cast<char>((column[u] > cut) != above);
        } else {
            levelTest(column.data(), failedBy.size(), c.levels, true, failedBy.data());
        }
    }
    for (std::size_t u = 0; u < failedBy.size(); ++u)
        m_nFail[u] += sign * failedBy[u];
}

const std::vector<float>& RuleBuilder::columnInOrder(int att)
{
    std::vector<float>& column = m_columns[static_cast<std::size_t>(att)];
    if (column.empty()) {
        column.resize(static_cast<std::size_t>(m_n));
        for (int i = 0; i < m_n; ++i)
            column[static_cast<std::size_t>(i)] = row(i)[att];
    }
    return column;
}

// RuleQuest PruneRule. PredErr[d] accumulates, over the cases failing only condition d, how much
// averaging this rule's (limited) prediction into the predictions of the rules formed so far
// would reduce their |error|. Dropping the best such condition widens the rule; its statistics
// then come from the cases it covers.
void RuleBuilder::pruneRule(float initCoeffs, const Coefficients& model)
{
    const auto slots = static_cast<std::size_t>(m_nCond) + 1;
    m_model = &model;
    m_terms.assign(model);
    m_bestd = 0;
    m_deleted.assign(slots, 0);
    m_total.assign(slots, 0.0);
    m_predErr.assign(slots, 0.0);
    int remaining = m_nCond;
    while (true) {
        processLists();
        if (remaining == 1) // a rule keeps at least one condition
            break;
        // Drop the condition whose removal most improves the newly covered cases.
        m_bestd = 0;
        for (int d = 1; d <= m_nCond; ++d) {
            const auto u = static_cast<std::size_t>(d);
            if (!m_deleted[u] && m_predErr[u] >= 0
                && (!m_bestd || m_predErr[u] > m_predErr[static_cast<std::size_t>(m_bestd)]))
                m_bestd = d;
        }
        if (!m_bestd)
            break;
        m_deleted[static_cast<std::size_t>(m_bestd)] = 1;
        --remaining;
    }
    Rule stats;
    double sum = 0;
    stats.loVal = 1e38f;
    stats.hiVal = -1e38f;
    for (int i = m_fail0; i >= 0; i = m_succ[static_cast<std::size_t>(i)]) {
        const float val = target(i);
        ++stats.cover;
        sum += val;
        stats.loVal = std::min(stats.loVal, val);
        stats.hiVal = std::max(stats.hiVal, val);
    }
    stats.mean = static_cast<float>(sum / stats.cover);
    stats.estErr
        = static_cast<float>(estimateErr(m_predErr[0] / m_total[0], stats.cover, initCoeffs));
    if (!newRule(stats))
        return;
    // Cases this rule newly covers now average its prediction in (limited to its data range).
    for (int i = m_fail0; i >= 0; i = m_succ[static_cast<std::size_t>(i)]) {
        const auto u = static_cast<std::size_t>(i);
        if (m_nFail[u]) {
            m_predSum[u] += clampTo(m_cPredVal[u], stats.loVal, stats.hiVal);
            ++m_predCount[u];
        }
    }
    if (m_g.settings.unbiased)
        removeBias(m_rules.back(), static_cast<int>(initCoeffs));
}

void RuleBuilder::processLists()
{
    if (!m_bestd) { // initialise the lists
        m_fail0 = m_fail1 = m_failMany = -1;
        for (int i = 0; i < m_n; ++i) {
            const int fails = m_localNFail[static_cast<std::size_t>(i)];
            if (fails == 0) {
                updateCount(0, i);
                addToList(m_fail0, m_succ, i);
            } else if (fails == 1) {
                updateCount(singleFail(i), i);
                addToList(m_fail1, m_succ, i);
            } else {
                addToList(m_failMany, m_succ, i);
            }
        }
        return;
    }
    // Condition m_bestd was dropped: promote its single failures, and count down the others.
    int* prev = &m_fail1;
    for (int i = m_fail1; i >= 0;) {
        const int next = m_succ[static_cast<std::size_t>(i)];
        if (failed(m_bestd, i)) {
            m_localNFail[static_cast<std::size_t>(i)] = 0;
            updateCount(0, i);
            *prev = next;
            addToList(m_fail0, m_succ, i);
        } else {
            prev = &m_succ[static_cast<std::size_t>(i)];
        }
        i = next;
    }
    prev = &m_failMany;
    for (int i = m_failMany; i >= 0;) {
        const int next = m_succ[static_cast<std::size_t>(i)];
        if (failed(m_bestd, i) && --m_localNFail[static_cast<std::size_t>(i)] == 1) {
            updateCount(singleFail(i), i);
            *prev = next;
            addToList(m_fail1, m_succ, i);
        } else {
            prev = &m_succ[static_cast<std::size_t>(i)];
        }
        i = next;
    }
}

void RuleBuilder::updateCount(int d, int i)
{
    const auto u = static_cast<std::size_t>(i);
    const float val = target(i);
    m_total[static_cast<std::size_t>(d)] += 1;
    const float raw = m_terms.rawValue(row(i));
    m_cPredVal[u] = raw;
    const float modelVal = clampTo(raw, m_g.floor, m_g.ceiling);
    if (d) { // how much would averaging this rule in help the case?
        const float oldPred = m_predSum[u] / static_cast<float>(m_predCount[u]);
        const float newPred = (m_predSum[u] + modelVal) / static_cast<float>(m_predCount[u] + 1);
        m_predErr[static_cast<std::size_t>(d)] += absd(val - oldPred) - absd(val - newPred);
    } else {
        m_predErr[0] += absd(val - modelVal);
    }
}

int RuleBuilder::singleFail(int i) const
{
    for (int d = 1; d <= m_nCond; ++d)
        if (!m_deleted[static_cast<std::size_t>(d)] && failed(d, i))
            return d;
    return 0;
}

// RuleQuest NewRule. The condition order matters: duplicates are found by comparing conditions
// position by position, as SameRule does.
bool RuleBuilder::newRule(const Rule& stats)
{
    // Conditions are kept in order of decreasing Total (cases failing only them).
    std::vector<Condition> lhs;
    for (int d = 1; d <= m_nCond; ++d)
        if (!m_deleted[static_cast<std::size_t>(d)])
            lhs.emplace_back();
    for (auto& cond : lhs) {
        int dd = 0;
        for (int id = 1; id <= m_nCond; ++id)
            if (!m_deleted[static_cast<std::size_t>(id)]
                && (!dd
                    || m_total[static_cast<std::size_t>(id)]
                        > m_total[static_cast<std::size_t>(dd)]))
                dd = id;
        cond = m_stack[static_cast<std::size_t>(dd)];
        m_deleted[static_cast<std::size_t>(dd)] = 1;
    }
    for (Rule& existing : m_rules)
        if (existing.conditions == lhs) { // a duplicate keeps the model with lower error
            if (stats.estErr < existing.estErr) {
                existing.model = *m_model;
                existing.estErr = stats.estErr;
            }
            return false;
        }
    Rule rule = stats;
    rule.conditions = std::move(lhs);
    rule.model = *m_model;
    rule.setLimits(m_g.settings.extrap);
    m_rules.push_back(std::move(rule));
    return true;
}

// RuleQuest RemoveBias (unbiased = TRUE only).
void RuleBuilder::removeBias(Rule& rule, int coeffs)
{
    double totErr = 0, totWt = 0, totAbsErr = -1;
    for (int i = m_fail0; i >= 0; i = m_succ[static_cast<std::size_t>(i)]) {
        totWt += 1;
        totErr += clampTo(m_cPredVal[static_cast<std::size_t>(i)], rule.loLim, rule.hiLim)
            - 1.0 * target(i);
    }
    double bias = totErr / totWt;
    // Iterate: limiting to [loLim, hiLim] changes the mean error after each shift.
    while (true) {
        const double lastBias = bias;
        if (std::fabs(lastBias) < 0.5 * m_g.targetUnit)
            break;
        rule.model[0] -= bias;
        totErr = totAbsErr = 0;
        for (int i = m_fail0; i >= 0; i = m_succ[static_cast<std::size_t>(i)]) {
            float& pred = m_cPredVal[static_cast<std::size_t>(i)];
            pred = static_cast<float>(pred - bias);
            const double err = clampTo(pred, rule.loLim, rule.hiLim) - 1.0 * target(i);
            totErr += err;
            totAbsErr += std::fabs(err);
        }
        bias = totErr / totWt;
        if (std::fabs(bias) >= std::fabs(lastBias))
            break;
    }
    if (totAbsErr >= 0) {
        rule.model[0] = std::nearbyint(rule.model[0] / m_g.targetUnit) * m_g.targetUnit;
        rule.estErr = static_cast<float>(
            estimateErr(totAbsErr / totWt, rule.cover, static_cast<float>(coeffs)));
    }
}

void RuleBuilder::orderRules()
{
    for (std::size_t r = 0; r < m_rules.size(); ++r) { // selection sort by mean, ties stable
        std::size_t next = r;
        for (std::size_t nr = r + 1; nr < m_rules.size(); ++nr)
            if (m_rules[nr].mean < m_rules[next].mean)
                next = nr;
        if (next != r)
            std::swap(m_rules[r], m_rules[next]);
    }
}

} // namespace

RuleSet formRules(const TreeNode& tree, const CaseTable& x, const std::vector<float>& y,
    const std::vector<int>& order, const Globals& g)
{
    return RuleBuilder(x, y, order, g).build(tree);
}

} // namespace iolens::core::cubist
