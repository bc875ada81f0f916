// SPDX-License-Identifier: GPL-3.0-or-later
#include "tuning/heuristic_optimizer.hpp"

#include "common/error.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace iolens::core {

namespace {

using Key = std::vector<double>;

// M: the n lowest-cost points, ties by ascending parameter vector (ALGORITHMS.md 9, step 2b).
std::vector<EvaluatedPoint> bestPoints(const std::vector<EvaluatedPoint>& points, int n)
{
    std::vector<EvaluatedPoint> sorted = points;
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
        if (a.cost != b.cost)
            return a.cost < b.cost;
        return a.values < b.values;
    });
    if (sorted.size() > static_cast<std::size_t>(n))
        sorted.resize(static_cast<std::size_t>(n));
    return sorted;
}

std::string formatCount(double count)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.4g", count);
    return text;
}

} // namespace

HeuristicOptimizer::HeuristicOptimizer(
    std::vector<SearchDimension> dimensions, OptimizerSettings settings)
    : m_dimensions(std::move(dimensions))
    , m_settings(settings)
{
    if (m_dimensions.empty())
        throw ConfigError("optimizer: the technique has no parameters to search");
    for (const SearchDimension& d : m_dimensions)
        if (!(d.low <= d.high))
            throw ConfigError("optimizer: parameter " + d.name + " has an empty range");
    if (settings.splits < 1 || settings.explorations < 1 || settings.maxIterations < 0)
        throw ConfigError("optimizer: k and n must be >= 1 and iterations >= 0");
    // An iteration plans n x (k + 2)^d grid points, each a cross-validated fit: -k 1000000
    // took 21 GB building its grid before evaluating anything. The paper's k = 4, n = 5 plan
    // 180 for two parameters, 1,080 for three.
    double planned = settings.explorations;
    for (std::size_t d = 0; d < m_dimensions.size(); ++d)
        planned *= settings.splits + 2.0;
    if (planned > kMaxPlannedPoints)
        throw ConfigError("optimizer: k = " + std::to_string(settings.splits)
            + " and n = " + std::to_string(settings.explorations) + " plan up to n x (k + 2)^"
            + std::to_string(m_dimensions.size()) + " = " + formatCount(planned)
            + " points per iteration, each a cross-validated fit; at most "
            + formatCount(kMaxPlannedPoints) + " (lower k or n, or fix parameters with --param)");
}

double HeuristicOptimizer::validValue(std::size_t d, double value) const
{
    const SearchDimension& dim = m_dimensions[d];
    if (dim.integer)
        value = std::nearbyint(value);
    return std::clamp(value, dim.low, dim.high);
}

std::vector<std::vector<double>> HeuristicOptimizer::gridAround(
    const std::vector<double>& pivot, const std::vector<EvaluatedPoint>& evaluated) const
{
    const int k = m_settings.splits;
    std::vector<std::vector<double>> axes;
    for (std::size_t l = 0; l < m_dimensions.size(); ++l) {
        double low = m_dimensions[l].low, up = m_dimensions[l].high;
        for (const EvaluatedPoint& e : evaluated) {
            const double v = e.values[l];
            if (v < pivot[l])
                low = std::max(low, v);
            if (v > pivot[l])
                up = std::min(up, v);
        }
        std::vector<double> axis;
        for (int i = 0; i <= k + 1; ++i) {
            const double raw = i == k + 1 ? up : low + i * (up - low) / (k + 1);
            const double value = validValue(l, raw);
            if (std::find(axis.begin(), axis.end(), value) == axis.end())
                axis.push_back(value);
        }
        axes.push_back(std::move(axis));
    }
    // Cartesian product, first parameter varying fastest (R's expand.grid order): each new axis
    // is the outer loop, so the axes added earlier vary faster.
    std::vector<std::vector<double>> grid {{}};
    for (const auto& axis : axes) {
        std::vector<std::vector<double>> next;
        for (double value : axis)
            for (const auto& partial : grid) {
                auto point = partial;
                point.push_back(value);
                next.push_back(std::move(point));
            }
        grid = std::move(next);
    }
    return grid;
}

OptimizerResult HeuristicOptimizer::run(const BatchCost& cost, const std::atomic<bool>& cancelled,
    const ProgressCallback& progress, const std::vector<EvaluatedPoint>& previous) const
{
    std::map<Key, double> recorded;
    for (const EvaluatedPoint& p : previous)
        recorded[p.values] = p.cost;
    OptimizerResult result;
    std::map<Key, double> known;

    // Evaluates the points of one iteration; false if cancelled before all were done.
    const auto evaluate = [&](const std::vector<Key>& points, int iteration) {
        std::vector<Key> pending;
        for (const Key& p : points)
            if (!recorded.count(p))
                pending.push_back(p);
        std::vector<std::optional<double>> costs;
        if (!pending.empty())
            costs = cost(pending, cancelled);
        std::size_t next = 0;
        bool complete = true;
        for (const Key& p : points) {
            std::optional<double> c;
            if (auto it = recorded.find(p); it != recorded.end())
                c = it->second;
            else
                c = costs.at(next++);
            if (!c) {
                complete = false;
                continue;
            }
            known[p] = *c;
            result.points.push_back({p, *c, iteration});
        }
        if (progress && !result.points.empty()) {
            OptimizerProgress state {iteration, static_cast<int>(result.points.size()),
                static_cast<int>(points.size()), bestPoints(result.points, 1).front().cost,
                &result.points};
            progress(state);
        }
        return complete;
    };

    Key corner;
    for (std::size_t d = 0; d < m_dimensions.size(); ++d)
        corner.push_back(validValue(d, m_dimensions[d].low));
    if (!evaluate({corner}, 0)) {
        result.cancelled = true;
        return result;
    }
    std::vector<EvaluatedPoint> pivots = bestPoints(result.points, m_settings.explorations);
    for (int iteration = 1; iteration <= m_settings.maxIterations; ++iteration) {
        if (cancelled.load()) {
            result.cancelled = true;
            break;
        }
        const std::vector<EvaluatedPoint> evaluatedBefore = result.points;
        std::vector<Key> fresh;
        for (const EvaluatedPoint& pivot : pivots)
            for (Key& g : gridAround(pivot.values, evaluatedBefore))
                if (!known.count(g) && std::find(fresh.begin(), fresh.end(), g) == fresh.end())
                    fresh.push_back(std::move(g));
        const double bestBefore = pivots.front().cost;
        if (!evaluate(fresh, iteration)) {
            result.cancelled = true;
            break;
        }
        result.iterations = iteration;
        pivots = bestPoints(result.points, m_settings.explorations);
        if (fresh.empty())
            break; // the grid around every pivot is exhausted
        const double improvement
            = bestBefore > 0.0 ? (bestBefore - pivots.front().cost) / bestBefore : 0.0;
        if (m_settings.minRelativeImprovement && improvement < *m_settings.minRelativeImprovement)
            break;
    }
    if (!result.points.empty())
        result.best = bestPoints(result.points, 1).front();
    return result;
}

} // namespace iolens::core
