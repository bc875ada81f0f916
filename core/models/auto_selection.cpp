// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/auto_selection.hpp"

#include "common/error.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace iolens::core {

namespace {

/// Candidates the grouped CV cannot tell apart: every held-out prediction the same. With a
/// factor measured at two levels in a fold, every feature of it is two-valued there, so a cache
/// size C anywhere between the two levels (or the plain size, or its log2) fits the same and
/// predicts every held-out point the same, yet answers differently between the levels: on
/// fio-tiered without its 1 GiB file sets, 66 of cubist's log-scale candidates scored alike,
/// and the one rounding noise ranked first put every 1 GiB random read at 5.6 or 10 ms
/// (measured 0.1-4.3). Where the data cannot choose, the choice is their average. A class
/// lists its members in candidate order; kMaxTiedMembers of them, evenly spread, stand for a
/// larger one, as every member is refitted and evaluated at every answer: with 8, the slider
/// step on that data took 2.2 times as long as with one candidate picked, with 4, 1.4 times,
/// and no nested grouped_cv_report figure moved by more than 4 points from 8 (README).
/// "The same" on the response scale: 1e-4 on the log scale is 0.01 %, far below any
/// measurement's noise, and above Cubist's single-precision rounding (its tied candidates
/// differ by up to 1.1e-5).
constexpr double kSameTolerance = 1e-4;

bool predictSame(const GroupedCvResult& a, const GroupedCvResult& b)
{
    if (a.points.size() != b.points.size())
        return false;
    for (std::size_t k = 0; k < a.points.size(); ++k) {
        const double p = a.points[k].predicted, q = b.points[k].predicted;
        if (!(std::abs(p - q) <= kSameTolerance * (1.0 + std::abs(p))))
            return false;
    }
    return true;
}

/// The candidates in classes of identical held-out predictions, each class in candidate order,
/// then thinned to kMaxTiedMembers evenly spread members; one class per unscored candidate,
/// and per candidate when !averageTies. classOf[c] is candidate c's class.
struct TieClasses {
    std::vector<std::vector<std::size_t>> members;
    std::vector<std::size_t> classOf;
    std::vector<std::size_t> tied; ///< each class's size before thinning
};

TieClasses tieClasses(
    const std::vector<double>& keys, const std::vector<GroupedCvResult>& results, bool averageTies)
{
    TieClasses ties;
    ties.classOf.resize(keys.size());
    for (std::size_t c = 0; c < keys.size(); ++c) {
        std::size_t found = ties.members.size();
        if (averageTies && std::isfinite(keys[c]))
            for (std::size_t t = 0; t < ties.members.size(); ++t) {
                const std::size_t first = ties.members[t].front();
                if (std::isfinite(keys[first])
                    && std::abs(keys[first] - keys[c]) <= kSameTolerance * (1.0 + keys[c])
                    && predictSame(results[first], results[c])) {
                    found = t;
                    break;
                }
            }
        if (found == ties.members.size())
            ties.members.emplace_back();
        ties.members[found].push_back(c);
        ties.classOf[c] = found;
    }
    for (std::vector<std::size_t>& members : ties.members) {
        ties.tied.push_back(members.size());
        if (members.size() <= kMaxTiedMembers)
            continue;
        std::vector<std::size_t> spread;
        for (std::size_t j = 0; j < kMaxTiedMembers; ++j)
            spread.push_back(members[j * (members.size() - 1) / (kMaxTiedMembers - 1)]);
        members = std::move(spread);
    }
    return ties;
}

/// The selection rule on any per-candidate key (lower is better, infinite = unscored) and any
/// way of scoring an average: the best class of tied candidates alone (their plain average), or
/// the inverse-key-weighted average of the best m <= maxCombined classes (each class's weight
/// shared by its members) when that scores lower. Ties in key between candidates that predict
/// differently keep the earlier candidate (stable sort). An empty result means nothing scored.
/// One rule for the choice and for its grouped CV (selectionAwarePoints), so the two cannot
/// drift apart.
template <typename ScoreOfAverage>
Combination choose(const std::vector<double>& keys, const TieClasses& ties, int maxCombined,
    ScoreOfAverage scoreOf)
{
    // One entry per class, at its first member's key (members predict, so score, the same).
    std::vector<std::size_t> order;
    std::vector<char> seen(ties.members.size(), 0);
    for (std::size_t c = 0; c < keys.size(); ++c)
        if (!seen[ties.classOf[c]]) {
            seen[ties.classOf[c]] = 1;
            order.push_back(ties.classOf[c]);
        }
    const auto keyOf = [&](std::size_t t) { return keys[ties.members[t].front()]; };
    std::stable_sort(order.begin(), order.end(),
        [&](std::size_t a, std::size_t b) { return keyOf(a) < keyOf(b); });
    if (order.empty() || !std::isfinite(keyOf(order.front())))
        return {};
    const auto combinationOf = [&](std::size_t m) {
        std::vector<double> classWeights;
        for (std::size_t j = 0; j < m; ++j)
            classWeights.push_back(m == 1 ? 1.0 : 1.0 / std::max(keyOf(order[j]), 1e-12));
        const double total = std::accumulate(classWeights.begin(), classWeights.end(), 0.0);
        Combination combination;
        for (std::size_t j = 0; j < m; ++j) {
            const std::vector<std::size_t>& members = ties.members[order[j]];
            for (std::size_t c : members) {
                combination.members.push_back(c);
                combination.tied.push_back(ties.tied[order[j]]);
                combination.weights.push_back(
                    classWeights[j] / total / static_cast<double>(members.size()));
            }
        }
        return combination;
    };
    Combination best = combinationOf(1);
    double bestKey = keyOf(order.front());
    for (std::size_t m = 2; m <= static_cast<std::size_t>(maxCombined); ++m) {
        if (m > order.size() || !std::isfinite(keyOf(order[m - 1])))
            break;
        Combination trial = combinationOf(m);
        if (const double key = scoreOf(trial); key < bestKey) {
            best = std::move(trial);
            bestKey = key;
        }
    }
    return best;
}

/// Point k's prediction by `combination`.
double averageAt(
    const std::vector<GroupedCvResult>& results, const Combination& combination, std::size_t k)
{
    double sum = 0.0;
    for (std::size_t m = 0; m < combination.members.size(); ++m)
        sum += combination.weights[m] * results[combination.members[m]].points[k].predicted;
    return sum;
}

} // namespace

// The criterion is the mean |log(predicted / measured)| of held-out levels, not their mean
// relative error: with a cache, the outermost levels sit in another regime (a file set that
// fits, predicted only from ones that do not), every candidate over-predicts them by 100x or
// more, and a relative error of 10,000 % there would decide the choice alone, by which
// candidate's impossible guess is least wrong. The log ratio weighs such a miss like any other
// factor-100 miss and lets the levels a model can learn decide.
int candidateLabelWidth(const std::vector<CandidateScore>& scores)
{
    std::size_t width = 40;
    for (const CandidateScore& s : scores)
        width = std::max(width, s.spec.label().size());
    return static_cast<int>(width);
}

double rankKey(const CandidateScore& score)
{
    return std::isnan(score.logRatio) ? std::numeric_limits<double>::infinity() : score.logRatio;
}

namespace {

/// rankKey of every candidate, in order.
std::vector<double> rankKeys(const std::vector<CandidateScore>& scores)
{
    std::vector<double> keys;
    keys.reserve(scores.size());
    for (const CandidateScore& score : scores)
        keys.push_back(rankKey(score));
    return keys;
}

} // namespace

GroupedCvResult averagedPoints(
    const std::vector<GroupedCvResult>& results, const Combination& combination)
{
    GroupedCvResult combined = results[combination.members.front()];
    for (std::size_t k = 0; k < combined.points.size(); ++k)
        combined.points[k].predicted = averageAt(results, combination, k);
    summarizeGroupedCv(combined, true);
    return combined;
}

Selection selectCandidates(const std::vector<CandidateScore>& scores,
    const std::vector<GroupedCvResult>& results, int maxCombined, bool averageTies)
{
    const std::vector<double> keys = rankKeys(scores);
    Combination chosen = choose(keys, tieClasses(keys, results, averageTies), maxCombined,
        [&](const Combination& trial) { return averagedPoints(results, trial).meanLogRatioError; });
    if (chosen.members.empty())
        throw DataError("AutoModel::fit: no candidate could be scored"
            + (scores.empty() ? std::string() : ": " + scores.front().failure));
    GroupedCvResult cv = chosen.members.size() == 1 ? results[chosen.members.front()]
                                                    : averagedPoints(results, chosen);
    return {std::move(chosen), std::move(cv)};
}

Selection selectKept(std::vector<CandidateScore>& scores, std::vector<GroupedCvResult>& results,
    int maxCombined, bool averageTies,
    const std::function<std::optional<std::string>(std::size_t position, std::size_t candidate)>&
        keep)
{
    for (;;) {
        Selection selection = selectCandidates(scores, results, maxCombined, averageTies);
        std::optional<std::string> refused;
        std::size_t m = 0;
        for (; m < selection.chosen.members.size() && !refused; ++m)
            refused = keep(m, selection.chosen.members[m]);
        if (!refused)
            return selection;
        const std::size_t failed = selection.chosen.members[m - 1];
        CandidateScore score;
        score.spec = scores[failed].spec;
        score.failure = *refused;
        scores[failed] = std::move(score);
        results[failed] = GroupedCvResult {};
    }
}

GroupedCvResult selectionAwarePoints(const std::vector<CandidateScore>& scores,
    const std::vector<GroupedCvResult>& results, int maxCombined, bool averageTies,
    const GroupedCvResult& selected)
{
    const std::size_t points = selected.points.size();
    // Each scored candidate's |log ratio| per point, and their sum: a level's key is then the
    // sum less its rows' share, O(points) per candidate.
    std::vector<std::vector<double>> ratios(scores.size());
    std::vector<double> totals(scores.size(), 0.0);
    for (std::size_t c = 0; c < scores.size(); ++c) {
        if (!std::isfinite(rankKey(scores[c])) || results[c].points.size() != points)
            continue;
        ratios[c].resize(points);
        for (std::size_t k = 0; k < points; ++k) {
            const HeldOutPoint& p = results[c].points[k];
            ratios[c][k] = heldOutLogRatio(p.measured, p.predicted, true);
            totals[c] += ratios[c][k];
        }
    }
    Eigen::Index rows = 0;
    for (const HeldOutPoint& p : selected.points)
        rows = std::max(rows, p.row + 1);
    GroupedCvResult aware = selected;
    const TieClasses ties = tieClasses(rankKeys(scores), results, averageTies);
    std::vector<char> rowOut(static_cast<std::size_t>(rows));
    std::vector<char> left(points);
    for (std::size_t level = 0; level < selected.levels.size(); ++level) {
        std::fill(rowOut.begin(), rowOut.end(), 0);
        for (const HeldOutPoint& p : selected.points)
            if (static_cast<std::size_t>(p.level) == level)
                rowOut[static_cast<std::size_t>(p.row)] = 1;
        std::size_t kept = 0;
        for (std::size_t k = 0; k < points; ++k) {
            left[k] = rowOut[static_cast<std::size_t>(selected.points[k].row)];
            kept += left[k] ? 0 : 1;
        }
        if (kept == 0)
            continue; // nothing left to rank on: the chosen model's points stay
        std::vector<double> keys(scores.size(), std::numeric_limits<double>::infinity());
        for (std::size_t c = 0; c < scores.size(); ++c) {
            if (ratios[c].empty())
                continue;
            double out = 0.0;
            for (std::size_t k = 0; k < points; ++k)
                out += left[k] ? ratios[c][k] : 0.0;
            keys[c] = (totals[c] - out) / static_cast<double>(kept);
        }
        const Combination chosen = choose(keys, ties, maxCombined, [&](const Combination& trial) {
            double sum = 0.0;
            for (std::size_t k = 0; k < points; ++k)
                if (!left[k])
                    sum += heldOutLogRatio(
                        selected.points[k].measured, averageAt(results, trial, k), true);
            return sum / static_cast<double>(kept);
        });
        if (chosen.members.empty())
            continue;
        for (std::size_t k = 0; k < points; ++k)
            if (static_cast<std::size_t>(selected.points[k].level) == level)
                aware.points[k].predicted = averageAt(results, chosen, k);
    }
    summarizeGroupedCv(aware, true);
    return aware;
}

} // namespace iolens::core
