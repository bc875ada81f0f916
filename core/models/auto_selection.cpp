// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/auto_selection.hpp"

#include "common/error.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace iolens::core {

namespace {

/// The selection rule on any per-candidate key (lower is better, infinite = unscored) and any
/// way of scoring an average: the best candidate alone, or the inverse-key-weighted average of
/// the best m <= maxCombined when that scores lower. Ties keep the earlier candidate (stable
/// sort). An empty result means nothing scored. One rule for the choice and for its grouped CV
/// (selectionAwarePoints), so the two cannot drift apart.
template <typename ScoreOfAverage>
Combination choose(const std::vector<double>& keys, int maxCombined, ScoreOfAverage scoreOf)
{
    std::vector<std::size_t> order(keys.size());
    std::iota(order.begin(), order.end(), std::size_t {0});
    std::stable_sort(order.begin(), order.end(),
        [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
    if (order.empty() || !std::isfinite(keys[order.front()]))
        return {};
    Combination best {{order.front()}, {1.0}};
    double bestKey = keys[order.front()];
    for (std::size_t m = 2; m <= static_cast<std::size_t>(maxCombined); ++m) {
        if (m > order.size() || !std::isfinite(keys[order[m - 1]]))
            break;
        Combination trial;
        trial.members.assign(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(m));
        for (std::size_t k : trial.members)
            trial.weights.push_back(1.0 / std::max(keys[k], 1e-12));
        const double total = std::accumulate(trial.weights.begin(), trial.weights.end(), 0.0);
        for (double& w : trial.weights)
            w /= total;
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
    const std::vector<GroupedCvResult>& results, int maxCombined)
{
    std::vector<double> keys;
    keys.reserve(scores.size());
    for (const CandidateScore& score : scores)
        keys.push_back(rankKey(score));
    Combination chosen = choose(keys, maxCombined,
        [&](const Combination& trial) { return averagedPoints(results, trial).meanLogRatioError; });
    if (chosen.members.empty())
        throw DataError("AutoModel::fit: no candidate could be scored"
            + (scores.empty() ? std::string() : ": " + scores.front().failure));
    GroupedCvResult cv = chosen.members.size() == 1 ? results[chosen.members.front()]
                                                    : averagedPoints(results, chosen);
    return {std::move(chosen), std::move(cv)};
}

GroupedCvResult selectionAwarePoints(const std::vector<CandidateScore>& scores,
    const std::vector<GroupedCvResult>& results, int maxCombined, const GroupedCvResult& selected)
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
        const Combination chosen = choose(keys, maxCombined, [&](const Combination& trial) {
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
