// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/cubist_model.hpp"

#include "common/error.hpp"
#include "models/cubist_prune.hpp"
#include "models/cubist_regress.hpp"
#include "models/cubist_tree.hpp"

#include <algorithm>
#include <cstring>
#include <functional>
#include <numeric>
#include <string>
#include <string_view>
#include <unordered_map>

namespace iolens::core::cubist {

namespace {

/// One committee member (RuleQuest ConstructRuleSet): grow on `cls`, prune and smooth, move the
/// cuts onto data values, and form rules that describe the original target.
RuleSet constructRuleSet(const TrainingSet& data, const Globals& g, const std::vector<float>& cls)
{
    std::vector<int> order(static_cast<std::size_t>(data.x.rows));
    std::iota(order.begin(), order.end(), 0); // RuleQuest restores the case order per member
    Regression regression(data.x, g);
    std::unique_ptr<TreeNode> tree = TreeBuilder(data.x, g, cls, order, regression).grow();
    const int unlimitedLeaves = TreePruner(data.x, g, cls, order).prune(*tree);
    adjustThresholds(*tree, g);
    RuleSet member = formRules(*tree, data.x, data.y, order, g);
    member.unlimitedLeaves = unlimitedLeaves;
    return member;
}

/// The targets the members of one build were grown on, found by their bytes.
class TargetHistory {
public:
    /// Index (in order of add) of a target equal to `cls` in every bit, or -1.
    int find(const std::vector<float>& cls) const
    {
        const auto [lo, hi] = m_byHash.equal_range(hashOf(cls));
        for (auto it = lo; it != hi; ++it) {
            const std::vector<float>& seen = m_targets[static_cast<std::size_t>(it->second)];
            if (seen.size() == cls.size()
                && std::memcmp(seen.data(), cls.data(), cls.size() * sizeof(float)) == 0)
                return it->second;
        }
        return -1;
    }
    void add(const std::vector<float>& cls)
    {
        m_byHash.emplace(hashOf(cls), static_cast<int>(m_targets.size()));
        m_targets.push_back(cls);
    }

private:
    static std::size_t hashOf(const std::vector<float>& cls)
    {
        return std::hash<std::string_view> {}(std::string_view(
            reinterpret_cast<const char*>(cls.data()), cls.size() * sizeof(float)));
    }
    std::vector<std::vector<float>> m_targets;
    std::unordered_multimap<std::size_t, int> m_byHash;
};

/// R's Cubist keeps the model as the text RuleQuest writes and predicts from that text, so
/// every number passes through printf/scanf: means and sds with 7 significant digits, rule
/// ranges and the target's min/max with %g (6), cuts with 8 and coefficients with 14 digits,
/// MAXD with one decimal. Applying the same round trip makes our predictions those of R
/// (RuleQuest modelfiles.c). The prediction limits are the ones R's predictions use: only the
/// neighbour correction applies them, and with instances RuleQuest recomputes them from the
/// target's min and max in the model header (getdata.c).
void toRText(Model& model)
{
    using std::chars_format;
    model.globalMean = viaTextFloat(model.globalMean, chars_format::general, 7);
    model.extrap = viaTextFloat(model.extrap, chars_format::general, 6);
    const auto [lo, hi] = std::minmax_element(model.instances.y.begin(), model.instances.y.end());
    predictionLimits(static_cast<float>(viaText(*lo, chars_format::general, 6)),
        static_cast<float>(viaText(*hi, chars_format::general, 6)), model.extrap, model.floor,
        model.ceiling);
    for (Attribute& att : model.atts) {
        att.mean = static_cast<float>(viaText(att.mean, chars_format::general, 7));
        att.sd = static_cast<float>(viaText(att.sd, chars_format::general, 7));
    }
    for (RuleSet& member : model.members)
        for (Rule& rule : member.rules) {
            rule.loVal = viaTextFloat(rule.loVal, chars_format::general, 6);
            rule.hiVal = viaTextFloat(rule.hiVal, chars_format::general, 6);
            rule.setLimits(model.extrap);
            for (Condition& c : rule.conditions)
                if (c.type == TestType::Threshold)
                    c.cut = static_cast<float>(viaText(c.cut, chars_format::general, 8));
            for (double& coefficient : rule.model)
                coefficient = viaText(coefficient, chars_format::general, 14);
        }
    // R reads MAXD ("%.1f") with as.double and pastes it back with 15 digits.
    model.instances.maxd = viaTextFloat(
        viaText(model.instances.maxd, chars_format::fixed, 1), chars_format::general, 15);
}

/// Calls visit(m, predictions) with the predictions of members 0..count-1 for the cases, in
/// member order. A member equal to an earlier one (Model::sameAs) reuses that one's predictions.
template <class Visit>
void forEachMemberPrediction(const Model& model, const CaseTable& cases, int count, Visit&& visit)
{
    const auto used = static_cast<std::size_t>(count);
    const bool known = model.sameAs.size() >= used;
    std::vector<char> repeated(used, 0); // some later member is equal to this one
    for (std::size_t m = 0; known && m < used; ++m)
        if (model.sameAs[m] != static_cast<int>(m))
            repeated[static_cast<std::size_t>(model.sameAs[m])] = 1;
    std::vector<std::vector<float>> kept(used);
    const CaseColumns columns(cases);
    std::vector<float> member;
    for (std::size_t m = 0; m < used; ++m) {
        const auto original = known ? static_cast<std::size_t>(model.sameAs[m]) : m;
        if (original != m) {
            visit(m, kept[original]);
            continue;
        }
        model.members[m].predictCases(cases, columns, model.globalMean, member);
        if (repeated[m])
            kept[m] = member;
        visit(m, member);
    }
}

} // namespace

std::vector<float> Model::committeePredictCases(const CaseTable& cases, int count) const
{
    // Member by member; each case sums its members in member order, as PredictValue does.
    const auto n = static_cast<std::size_t>(cases.rows);
    std::vector<double> sum(n, 0.0);
    forEachMemberPrediction(
        *this, cases, count, [&](std::size_t, const std::vector<float>& member) {
            for (std::size_t i = 0; i < n; ++i)
                sum[i] += member[i];
        });
    std::vector<float> out(n);
    for (std::size_t i = 0; i < n; ++i)
        out[i] = static_cast<float>(sum[i] / count);
    return out;
}

void Model::computeInstancePredictions()
{
    instancePred = committeePredictCases(instances.x, static_cast<int>(members.size()));
}

Eigen::VectorXd Model::predict(const CaseTable& cases, int neighbors, int count) const
{
    std::vector<float> prefixPred;
    const std::vector<float>* instPred = &instancePred;
    if (neighbors > 0
        && (count != static_cast<int>(members.size())
            || instancePred.size() != instances.y.size())) {
        prefixPred = committeePredictCases(instances.x, count);
        instPred = &prefixPred;
    }
    const CorrectionContext context {&instances, &atts, instPred, floor, ceiling, neighbors};
    const std::vector<float> committee = committeePredictCases(cases, count);
    Eigen::VectorXd out(cases.rows);
    for (int i = 0; i < cases.rows; ++i) {
        float value = committee[static_cast<std::size_t>(i)];
        if (neighbors > 0)
            value = correctByNeighbours(context, cases.row(i), value);
        out(i) = value;
    }
    return out;
}

CommitteePredictions::CommitteePredictions(const Model& model, const CaseTable& cases, int members,
    const std::vector<int>& neighbourCounts, NearestCache* cache)
    : m_model(&model)
    , m_cases(cases.rows)
{
    // Row j of a sums table holds, per case, the sum of the first j member predictions in member
    // order: exactly the partial sums committeePredict accumulates.
    const auto used = static_cast<std::size_t>(members);
    const auto runningSums = [&model, used](const CaseTable& table) {
        const auto rows = static_cast<std::size_t>(table.rows);
        std::vector<double> sums((used + 1) * rows, 0.0);
        forEachMemberPrediction(model, table, static_cast<int>(used),
            [&](std::size_t m, const std::vector<float>& member) {
                for (std::size_t u = 0; u < rows; ++u)
                    sums[(m + 1) * rows + u] = sums[m * rows + u] + member[u];
            });
        return sums;
    };
    m_caseSums = runningSums(cases);
    if (neighbourCounts.empty())
        return; // the instances only serve the neighbour correction
    m_nearest = cache ? cache->table(model.instances, model.atts, cases)
                      : std::make_shared<const NearestTable>(
                          nearestTable(model.instances, model.atts, cases, neighbourCounts));
    m_asked.assign(m_nearest->byK.size(), 0);
    std::vector<char> isNeighbour(static_cast<std::size_t>(model.instances.x.rows), 0);
    for (const int k : neighbourCounts) {
        m_asked.at(static_cast<std::size_t>(k)) = 1;
        for (const NearestInstances& slots : m_nearest->byK.at(static_cast<std::size_t>(k)))
            for (int slot = 0; slot < slots.count; ++slot)
                isNeighbour[static_cast<std::size_t>(
                    slots.instance[static_cast<std::size_t>(slot)])]
                    = 1;
    }
    // Only the instances that are some case's neighbour need the members' predictions.
    CaseTable neighbourCases;
    neighbourCases.cols = model.instances.x.cols;
    for (int i = 0; i < model.instances.x.rows; ++i)
        if (isNeighbour[static_cast<std::size_t>(i)]) {
            m_neighbourInstances.push_back(i);
            const float* row = model.instances.x.row(i);
            neighbourCases.values.insert(
                neighbourCases.values.end(), row, row + neighbourCases.cols);
        }
    neighbourCases.rows = static_cast<int>(m_neighbourInstances.size());
    m_instanceSums = runningSums(neighbourCases);
}

float CommitteePredictions::prefixMean(
    const std::vector<double>& sums, int count, int row, int members)
{
    const auto index = static_cast<std::size_t>(members) * static_cast<std::size_t>(count)
        + static_cast<std::size_t>(row);
    return static_cast<float>(sums[index] / members);
}

Eigen::VectorXd CommitteePredictions::predict(int neighbors, int members) const
{
    if (neighbors > 0
        && (static_cast<std::size_t>(neighbors) >= m_asked.size()
            || !m_asked[static_cast<std::size_t>(neighbors)]))
        throw ConfigError("CommitteePredictions: neighbors " + std::to_string(neighbors)
            + " was not asked for when the table was made");
    const Model& model = *m_model;
    std::vector<float> instPred; // by instance; set where an instance is a neighbour
    if (neighbors > 0) {
        instPred.resize(static_cast<std::size_t>(model.instances.x.rows));
        const auto count = static_cast<int>(m_neighbourInstances.size());
        for (int j = 0; j < count; ++j)
            instPred[static_cast<std::size_t>(m_neighbourInstances[static_cast<std::size_t>(j)])]
                = prefixMean(m_instanceSums, count, j, members);
    }
    const CorrectionContext context {
        &model.instances, &model.atts, &instPred, model.floor, model.ceiling, neighbors};
    Eigen::VectorXd out(m_cases);
    for (int i = 0; i < m_cases; ++i) {
        float value = prefixMean(m_caseSums, m_cases, i, members);
        if (neighbors > 0)
            value = correctWithNearest(context,
                m_nearest->byK[static_cast<std::size_t>(neighbors)][static_cast<std::size_t>(i)],
                value);
        out(i) = value;
    }
    return out;
}

Model buildModel(const TrainingSet& data, const Globals& g, int committees)
{
    return extendModel(data, g, Model {}, committees);
}

Model extendModel(const TrainingSet& data, const Globals& g, Model model, int committees)
{
    std::vector<float> cls = data.y;
    std::vector<float> predicted;
    const CaseColumns columns(data.x);
    // The next member corrects the newest one's over- and under-estimates, as it was built.
    const auto correctLast = [&](const RuleSet& last) {
        last.predictCases(data.x, columns, g.globalMean, predicted);
        for (std::size_t u = 0; u < cls.size(); ++u)
            cls[u] = 2 * data.y[u] - predicted[u];
    };
    model.instancePred.clear(); // it was the smaller committee's
    if (!model.members.empty())
        correctLast(model.lastMemberAsBuilt);
    // A member depends on nothing but its target, so once a target repeats an earlier one bit
    // for bit, the members from there on repeat with that period (committees that settle often
    // alternate between two members) and are copied instead of built again.
    const auto first = static_cast<int>(model.members.size());
    if (model.sameAs.size() != model.members.size()) {
        model.sameAs.resize(model.members.size());
        std::iota(model.sameAs.begin(), model.sameAs.end(), 0);
    }
    TargetHistory history;
    int period = 0;
    for (int m = first; m < committees; ++m) {
        if (period == 0) {
            if (const int earlier = history.find(cls); earlier >= 0)
                period = m - (first + earlier);
            else
                history.add(cls);
        }
        const auto repeats = static_cast<std::size_t>(m - period);
        model.members.push_back(
            period > 0 ? model.members[repeats] : constructRuleSet(data, g, cls));
        model.sameAs.push_back(period > 0 ? model.sameAs[repeats] : m);
        if (m + 1 < committees && period == 0)
            correctLast(model.members.back());
    }
    model.lastMemberAsBuilt = model.members.back();
    model.atts = g.atts;
    model.minItems = g.minItems;
    model.globalMean = g.globalMean;
    model.extrap = g.settings.extrap;
    model.instances.x = data.x;
    model.instances.y = data.y;
    model.instances.maxd = averagePairDistance(data.x, g.atts);
    // Rounding the members as R's text holds them leaves already rounded members as they are.
    toRText(model);
    return model;
}

} // namespace iolens::core::cubist
