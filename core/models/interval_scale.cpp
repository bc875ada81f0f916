// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/interval_scale.hpp"

#include "common/error.hpp"
#include "common/median.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

namespace iolens::core {

namespace {

/// Below it a panel's median spread is no spread at all (rounding of equal fits).
constexpr double kMinFloor = 0.01;
/// Two candidates whose held-out log answers all lie within it (1 %) are one view of the data:
/// cache sizes far from every file set measured, say, change a fit by less.
constexpr double kSameAnswers = 0.01;

bool samePredictions(const GroupedCvResult& a, const GroupedCvResult& b)
{
    if (a.points.size() != b.points.size())
        return false;
    for (std::size_t i = 0; i < a.points.size(); ++i)
        if (std::abs(a.points[i].predicted - b.points[i].predicted) > kSameAnswers)
            return false;
    return true;
}

} // namespace

std::vector<std::size_t> IntervalScale::panelOf(const std::vector<CandidateScore>& scores,
    const std::vector<GroupedCvResult>& results, std::size_t size)
{
    std::vector<std::size_t> order(scores.size());
    std::iota(order.begin(), order.end(), std::size_t {0});
    // Stable: candidates of one key keep their order, so the panel is the same on every run.
    std::stable_sort(order.begin(), order.end(),
        [&](std::size_t a, std::size_t b) { return rankKey(scores[a]) < rankKey(scores[b]); });
    std::vector<std::size_t> panel;
    for (std::size_t c : order) {
        if (panel.size() >= size)
            break;
        // A thread-share candidate solves a fixed point per row, which every slider step would pay
        // for again: the panel asks for a spread, and the plain views give it.
        if (!std::isfinite(rankKey(scores[c])) || c >= results.size() || results[c].points.empty()
            || scores[c].spec.threadShare())
            continue;
        // One member per technique and scale: variants of one fit (cache sizes, say) part ways
        // at a file set held out and agree again once the data holds it, so their spread says
        // less than that of differently shaped models.
        const auto sameView = [&](std::size_t p) {
            return (scores[p].spec.technique == scores[c].spec.technique
                       && scores[p].spec.scale == scores[c].spec.scale)
                || samePredictions(results[p], results[c]);
        };
        if (std::none_of(panel.begin(), panel.end(), sameView))
            panel.push_back(c);
    }
    return panel;
}

double IntervalScale::spreadOf(const std::vector<double>& logAnswers)
{
    if (logAnswers.size() < 2)
        return 0.0;
    const double centre = median(logAnswers);
    double sum = 0.0;
    for (double a : logAnswers)
        sum += std::min(std::abs(a - centre), kMaxDeviation);
    return sum / static_cast<double>(logAnswers.size());
}

IntervalScale::IntervalScale(std::vector<std::shared_ptr<const AutoCandidate>> panel, double floor)
    : m_panel(std::move(panel))
    , m_floor(floor)
{
    if (!(floor > 0.0))
        throw StateError("IntervalScale: the floor must be positive, got " + std::to_string(floor));
}

Eigen::VectorXd IntervalScale::at(const Eigen::MatrixXd& x) const
{
    if (!on())
        return Eigen::VectorXd::Ones(x.rows());
    return m_last->get(x, [&] { return computeAt(x); });
}

Eigen::VectorXd IntervalScale::computeAt(const Eigen::MatrixXd& x) const
{
    std::vector<Eigen::VectorXd> answers;
    answers.reserve(m_panel.size());
    for (const auto& member : m_panel)
        answers.push_back(member->predict(x));
    Eigen::VectorXd scale(x.rows());
    std::vector<double> atRow(m_panel.size());
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
        for (std::size_t k = 0; k < answers.size(); ++k)
            atRow[k] = answers[k](i);
        scale(i) = m_floor + spreadOf(atRow);
    }
    return scale;
}

nlohmann::json IntervalScale::toJson() const
{
    if (!on())
        return nullptr;
    nlohmann::json panel = nlohmann::json::array();
    for (const auto& member : m_panel)
        panel.push_back(member->saveState());
    return {{"floor", m_floor}, {"panel", panel}};
}

IntervalScale IntervalScale::fromJson(const nlohmann::json& json, const FeatureSchema& schema)
{
    if (json.is_null())
        return {};
    const double floor = json.at("floor").get<double>();
    if (!(floor > 0.0))
        throw DataError("model file: an interval scale whose floor is not positive");
    std::vector<std::shared_ptr<const AutoCandidate>> panel;
    for (const auto& state : json.at("panel")) {
        auto member = std::make_shared<AutoCandidate>(CandidateSpec::fromJson(state.at("spec")));
        member->loadState(state, schema);
        panel.push_back(std::move(member));
    }
    if (panel.empty())
        throw DataError("model file: an interval scale without a panel");
    return {std::move(panel), floor};
}

std::pair<std::vector<double>, double> heldOutScales(const std::vector<GroupedCvResult>& results,
    const std::vector<std::size_t>& panel, const GroupedCvResult& residuals)
{
    if (panel.empty())
        return {{}, 1.0};
    const std::size_t n = results[panel.front()].points.size();
    std::vector<double> spreads(n);
    std::vector<double> atPoint(panel.size());
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t k = 0; k < panel.size(); ++k) {
            const GroupedCvResult& cv = results[panel[k]];
            if (cv.points.size() != n)
                throw StateError("heldOutScales: the panel's grouped CVs hold different points");
            atPoint[k] = cv.points[i].predicted;
        }
        spreads[i] = IntervalScale::spreadOf(atPoint);
    }
    std::vector<double> absResiduals;
    for (const HeldOutPoint& p : residuals.points)
        absResiduals.push_back(std::abs(p.measured - p.predicted));
    // The floor is the typical error where the panel agrees. Its median spread alone was as
    // small as 0.01 for a write time whose top candidates are one technique's variants, and
    // residuals divided by it made the composed rates' bands 10^29 wide where the panel parted
    // (a 2 GiB page cache's runs beyond its grid).
    const double floor = std::max({n > 0 ? median(spreads) : 0.0,
        absResiduals.empty() ? 0.0 : median(absResiduals), kMinFloor});
    for (double& s : spreads)
        s += floor;
    return {std::move(spreads), floor};
}

GroupedCvResult scaledResiduals(GroupedCvResult cv)
{
    for (HeldOutPoint& p : cv.points) {
        p.measured = (p.measured - p.predicted) / p.scale;
        p.predicted = 0.0;
    }
    return cv;
}

} // namespace iolens::core
