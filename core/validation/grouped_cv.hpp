// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/dataset.hpp"
#include "models/regressor.hpp"
#include "validation/model_evaluation.hpp"

#include <Eigen/Dense>

#include <atomic>
#include <limits>
#include <optional>
#include <vector>

namespace iolens::core {

/// Leave-level-out ("grouped") cross-validation: for a numeric factor, each distinct level in
/// turn is held out, the model is trained on the other levels and predicts the held-out one. It
/// answers the question random k-fold hides: how well does a model predict a request size, file
/// set or read share nobody measured? k-fold keeps every level in training, so a model that only
/// memorises the levels looks perfect there and fails here. Held-out inner levels score
/// interpolation, the smallest and the largest extrapolation (one level beyond the rest).
/// Follows the grouped CV of Roberts et al. (2017), "Cross-validation strategies for data with
/// temporal, spatial, hierarchical, or phylogenetic structure", with factor levels as the groups.

/// How to run and score a grouped cross-validation.
struct GroupedCvOptions {
    /// Factors whose levels are held out; empty means every numeric factor of the schema with at
    /// least `minLevels` distinct levels in the data (see groupingFactors).
    std::vector<Factor> factors;
    /// Fewest levels a factor needs to be held out level by level (2 or more). With two, each
    /// level is predicted from the other alone: extrapolation only, the last resort of data
    /// that has no factor with three levels.
    int minLevels = 3;
    /// When set, only held-out rows that `rule` admits for this metric are scored (ICPE'13
    /// Table 4); unset scores every held-out row (a regressor does not know its metric).
    std::optional<Metric> metric;
    RelativeErrorRule rule;
    /// True when data.y is log(metric), as TrainedModel fits by default: predictions are mapped
    /// back with exp() before relative errors are taken.
    bool logResponse = true;
    /// When in (0, 1), each fold's model is also asked for predictInterval() at this level, and
    /// the result reports how often the held-out value fell inside (nested, honest coverage).
    double intervalLevel = 0.0;
    /// When given and set, the fits not yet started are skipped and ValidationCancelled is
    /// thrown once the running ones end.
    const std::atomic<bool>* cancel = nullptr;
};

/// A factor needs this many levels for leave-level-out: with two, every held-out level is an
/// extrapolation from a single remaining level.
inline constexpr int kMinGroupLevels = 3;

/// A factor with more distinct levels than this (a continuous factor: every configuration its
/// own file-set size) is held out in this many contiguous ranges of its levels, each with about
/// the same number of distinct levels, instead of level by level: leaving out each of 1,000
/// distinct values took 1,000 fits per candidate, and `auto` minutes per metric on 1,000
/// configurations. A range left out asks the same what-if question with a wider gap.
inline constexpr int kMaxGroupsPerFactor = 10;

/// One held-out level, or one range of levels [level, levelHigh] (kMaxGroupsPerFactor).
struct HeldOutLevel {
    Factor factor = Factor::RequestBytes;
    double level = 0.0;         ///< in the modelling unit (numericValue); the range's lowest
    double levelHigh = 0.0;     ///< the range's highest level; equal to level for one level
    bool extrapolation = false; ///< the smallest or largest level of the factor
    int scored = 0;             ///< held-out rows that count for the error
    double meanRelativeError = std::numeric_limits<double>::quiet_NaN(); ///< NaN if none scored
};

/// One scored held-out prediction. A row appears once per grouping factor.
struct HeldOutPoint {
    Eigen::Index row = 0;
    int level = 0;        ///< index into GroupedCvResult::levels
    double measured = 0;  ///< data.y, on the model's (response) scale
    double predicted = 0; ///< out-of-fold prediction, same scale
    /// The fold model's interval at options.intervalLevel, same scale; NaN when not asked for
    /// or the technique has none.
    double lower = std::numeric_limits<double>::quiet_NaN();
    double upper = std::numeric_limits<double>::quiet_NaN();
    /// How wide the point's interval is to be relative to others (auto's IntervalScale): its
    /// residual is divided by it before it calibrates an interval. 1 where nothing sets it.
    double scale = 1.0;
    /// The least half-width of the point's interval, same scale as its residual: a band the
    /// model shows is never narrower than a run's own noise (auto's RepeatNoise), so coverage
    /// counts a residual inside it as covered whatever the quantiles. 0 where nothing sets it.
    double minHalfWidth = 0.0;
};

/// Everything a grouped cross-validation measured. Errors are means over scored points, so a
/// level with more rows weighs more; NaN where there is no point of that kind.
struct GroupedCvResult {
    std::vector<HeldOutLevel> levels;
    std::vector<HeldOutPoint> points;
    double interpolationError = std::numeric_limits<double>::quiet_NaN();
    double extrapolationError = std::numeric_limits<double>::quiet_NaN();
    double overallError = std::numeric_limits<double>::quiet_NaN();
    /// mean |log(predicted / measured)|: symmetric in over- and under-prediction
    double meanLogRatioError = std::numeric_limits<double>::quiet_NaN();
    /// Share of points inside their fold model's interval (options.intervalLevel); NaN if no
    /// point has one.
    double modelIntervalCoverage = std::numeric_limits<double>::quiet_NaN();
};

/// The numeric factors of data.schema with at least `minLevels` distinct levels in data.x.
/// O(n p log n).
std::vector<Factor> groupingFactors(const Dataset& data, int minLevels = kMinGroupLevels);

/// How many fits groupedCrossValidate makes for `factors` of `data`: each factor's distinct
/// levels, at most kMaxGroupsPerFactor ranges. O(n p log n).
std::size_t heldOutGroupCount(const Dataset& data, const std::vector<Factor>& factors);

/// Fits a clone of `prototype` (parameters set) once per held-out level, on the rows of all
/// other levels only, and predicts the rows of that level. Throws ConfigError for a factor that
/// is not a numeric column of the schema, has fewer than options.minLevels levels, or
/// options.minLevels is below 2, DataError if
/// no factor qualifies or no point can be scored, and rethrows a fit's failure. Cost: one fit
/// per level of every factor. Deterministic for deterministic techniques.
GroupedCvResult groupedCrossValidate(
    const Regressor& prototype, const Dataset& data, const GroupedCvOptions& options = {});

/// One fit of a grouped cross-validation: the held-out rows it predicts (ascending; it trains
/// on all others, heldOutTrainRows) and which of those count for the error.
struct HeldOutFold {
    std::vector<Eigen::Index> test;
    std::vector<char> scored; ///< per test row
    int levelIndex = 0;       ///< into `levels` of heldOutFolds
};

/// The fits groupedCrossValidate makes, in its order, with the levels they hold out appended to
/// `levels`: what a cost that shares fits between parameter points must reproduce. Throws as
/// groupedCrossValidate does for bad data and options. O(n p log n + folds n).
std::vector<HeldOutFold> heldOutFolds(
    const Dataset& data, const GroupedCvOptions& options, std::vector<HeldOutLevel>& levels);

/// The rows a fold trains on: every row of 0..rows-1 it does not hold out, ascending. O(rows).
std::vector<Eigen::Index> heldOutTrainRows(const HeldOutFold& fold, Eigen::Index rows);

/// |log(predicted / measured)| of one held-out row as GroupedCvResult::meanLogRatioError
/// averages it (on the log scale, |predicted - measured|).
double heldOutLogRatio(double measured, double predicted, bool logResponse);

/// Recomputes the per-level and summary errors of `result` from its points (after their
/// predictions were replaced, e.g. by a weighted combination of several models' points).
void summarizeGroupedCv(GroupedCvResult& result, bool logResponse);

/// The folds of a grouped cross-validation with the rows each trains on, built once where
/// several models are scored on the same data and options: `auto` scores dozens of candidates
/// on the same folds, and a training set also sorts out the other direction's response times
/// that go with its rows (subset), which took a sixth of auto's fit on fio-local's write times
/// when every candidate built its own (perf, session 56).
struct GroupedCvPlan {
    std::vector<HeldOutLevel> levels; ///< as heldOutFolds appends them
    std::vector<HeldOutFold> folds;
    std::vector<Dataset> training; ///< per fold: subset(data, heldOutTrainRows(fold, n))
};

/// The plan of a grouped CV of `data` with `options`, every fold's training set built. Throws
/// as heldOutFolds. O(folds n p) time and memory: for the samples auto ranks on (at most
/// AutoBudget::selectionRows rows), not for a whole large database.
GroupedCvPlan planGroupedCv(const Dataset& data, const GroupedCvOptions& options);

/// groupedCrossValidate on a plan made by planGroupedCv from the same `data` and `options`:
/// the same result, without building the training sets again. A plan without training sets
/// (only levels and folds, as heldOutFolds gives them) builds each fold's when it fits it.
GroupedCvResult groupedCrossValidate(const Regressor& prototype, const Dataset& data,
    const GroupedCvOptions& options, const GroupedCvPlan& plan);

/// Empirical coverage of split-conformal intervals at `level` (0 < level < 1) on the grouped CV
/// itself: each held-out level's points are checked against quantiles calibrated on the points
/// of the other levels of the same factor, so no point calibrates its own interval, and
/// widened to the point's minHalfWidth. Returns NaN when there are no points. O(L n log n) for L
/// levels.
double groupedIntervalCoverage(const GroupedCvResult& result, double level);

/// Highest conformal level groupedCalibratedLevel returns: beyond it the bounds are the extreme
/// residuals anyway for a few hundred points.
inline constexpr double kMaxCalibratedLevel = 0.995;

/// Lowest conformal level groupedCalibratedLevel returns, as a share of the target: the
/// coverage it narrows on is judged on a few held-out levels, so it may halve the level on
/// their word, not take it to nothing.
inline constexpr double kMinCalibratedShare = 0.5;

/// The conformal level whose intervals cover `target` (0 < target < 1) of the held-out points
/// in groupedIntervalCoverage, between kMinCalibratedShare x target and kMaxCalibratedLevel.
/// Residuals of an unmeasured level are larger than those of a random row, so quantiles at the
/// nominal level can undercover there: then the smallest higher level that covers the target
/// (kMaxCalibratedLevel if none does). Where points' least half-widths (minHalfWidth) already
/// cover many of them, the nominal quantiles overcover: where they cover more than the target
/// plus the coverage estimate's standard error, sqrt(target (1 - target) / n) for n points
/// judged, the smallest lower level that still covers that much; else the target. Judged level
/// by level as the intervals would be used. Coverage grows with the level, so bisection:
/// O(12 L n log n).
double groupedCalibratedLevel(const GroupedCvResult& result, double target);

} // namespace iolens::core
