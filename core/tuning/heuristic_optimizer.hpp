// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace iolens::core {

/// One searched parameter: its box [low, high] and how a generated value becomes valid.
struct SearchDimension {
    std::string name;
    double low = 0.0;
    double high = 1.0;
    bool integer = false; ///< round half to even (R's round), then clamp to the box
};

/// Configuration of Algorithm 1 (ICPE'13 section 5).
struct OptimizerSettings {
    int splits = 4;       ///< k: split points per parameter and pivot (>= 1)
    int explorations = 5; ///< n: best points explored in the next iteration (>= 1)
    int maxIterations = 10;
    /// Optional stop: the best cost improved by less than this (relative) in an iteration.
    std::optional<double> minRelativeImprovement;
};

/// An evaluated parameter vector.
struct EvaluatedPoint {
    std::vector<double> values; ///< one per dimension, already valid
    double cost = 0.0;          ///< mean 10-fold CV RMSE
    int iteration = 0;          ///< 0 = the initial corner
};

/// Evaluates a batch of points; returns one cost per point, or std::nullopt for points it did not
/// evaluate because `cancelled` became true. May evaluate in parallel and share work between
/// points (one fit per fold serving many values of a "free" parameter).
using BatchCost = std::function<std::vector<std::optional<double>>(
    const std::vector<std::vector<double>>& points, const std::atomic<bool>& cancelled)>;

/// Progress after each batch: points evaluated so far, points planned for this iteration, best.
struct OptimizerProgress {
    int iteration = 0;
    int evaluated = 0;
    int plannedThisIteration = 0;
    double bestCost = 0.0;
    const std::vector<EvaluatedPoint>* points = nullptr; ///< all evaluated points so far
};
using ProgressCallback = std::function<void(const OptimizerProgress&)>;

struct OptimizerResult {
    std::vector<EvaluatedPoint> points; ///< every evaluated point, in evaluation order
    EvaluatedPoint best;
    int iterations = 0; ///< completed iterations
    bool cancelled = false;
};

/// Algorithm 1 of ICPE'13 as ALGORITHMS.md section 9 pins it down: start at the lower corner;
/// in each iteration, around each of the n best points so far, split the box bounded by the
/// nearest evaluated coordinates with k splits per parameter (k + 2 equally spaced values incl.
/// both borders, mapped to valid values), evaluate every grid point not evaluated yet (first
/// parameter varying fastest), keep the n best of all evaluated points.
class HeuristicOptimizer {
public:
    /// The most points one iteration may plan (n x (k + 2)^d): the window's largest k = 20,
    /// n = 50 plan 532,400 for three parameters, a grid of tens of MB.
    static constexpr double kMaxPlannedPoints = 1.0e6;

    /// Throws ConfigError for an empty space, low > high, or settings out of range (k and n
    /// planning more than kMaxPlannedPoints points per iteration).
    HeuristicOptimizer(std::vector<SearchDimension> dimensions, OptimizerSettings settings);

    /// Runs to the stopping rule or until `cancelled`. `previous` resumes a run: points recorded
    /// earlier (with their iterations) are reused without re-evaluation, and the search continues
    /// exactly as the uninterrupted run would have.
    OptimizerResult run(const BatchCost& cost, const std::atomic<bool>& cancelled,
        const ProgressCallback& progress = {},
        const std::vector<EvaluatedPoint>& previous = {}) const;

    /// The valid value of a generated coordinate of dimension d.
    double validValue(std::size_t d, double value) const;
    /// Grid points one iteration generates around `pivot` given the evaluated points (exposed
    /// for tests of the paper's worked example).
    std::vector<std::vector<double>> gridAround(
        const std::vector<double>& pivot, const std::vector<EvaluatedPoint>& evaluated) const;

private:
    std::vector<SearchDimension> m_dimensions;
    OptimizerSettings m_settings;
};

} // namespace iolens::core
