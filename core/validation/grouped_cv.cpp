// SPDX-License-Identifier: GPL-3.0-or-later
#include "validation/grouped_cv.hpp"

#include "common/error.hpp"
#include "validation/conformal.hpp"
#include "validation/k_fold.hpp"
#include "validation/validation_cancelled.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <set>
#include <string>

namespace iolens::core {

namespace {

std::vector<double> distinctLevels(const Eigen::VectorXd& column)
{
    const std::set<double> levels(column.begin(), column.end());
    return {levels.begin(), levels.end()};
}

/// One fit of the grouped CV: which column and which of its levels (a range of them) is held
/// out.
struct Task {
    Eigen::Index column = 0;
    double low = 0.0;
    double high = 0.0;
    int levelIndex = 0;
};

/// |predicted - measured| / measured on the metric's scale. On the log scale this is
/// |exp(p - m) - 1|, which avoids overflow for large metrics.
double relativeError(double measured, double predicted, bool logResponse)
{
    return logResponse ? std::abs(std::expm1(predicted - measured))
                       : std::abs(predicted - measured) / measured;
}

/// |log(predicted / measured)|. A raw-scale prediction <= 0 is floored at a millionth of the
/// measured value: it is wrong by a huge factor, which this keeps finite.
double logRatioError(double measured, double predicted, bool logResponse)
{
    if (logResponse)
        return std::abs(predicted - measured);
    return std::abs(std::log(std::max(predicted, measured * 1e-6) / measured));
}

std::vector<Task> planTasks(const Dataset& data, const std::vector<Factor>& factors, int minLevels,
    std::vector<HeldOutLevel>& levels)
{
    std::vector<Task> tasks;
    for (Factor factor : factors) {
        const Eigen::Index column = data.schema.numericColumn(factor);
        if (column < 0)
            throw ConfigError("groupedCrossValidate: " + std::string(featureName(factor))
                + " is not a numeric feature of this dataset");
        const std::vector<double> values = distinctLevels(data.x.col(column));
        if (values.size() < static_cast<std::size_t>(minLevels))
            throw ConfigError("groupedCrossValidate: " + std::string(featureName(factor)) + " has "
                + std::to_string(values.size()) + " levels, leave-level-out needs "
                + std::to_string(minLevels));
        // Group g holds the distinct levels [first(g), first(g + 1)): one each, or contiguous
        // ranges of nearly equal size when there are more than kMaxGroupsPerFactor.
        const std::size_t groups
            = std::min(values.size(), static_cast<std::size_t>(kMaxGroupsPerFactor));
        const auto first = [&](std::size_t g) { return g * values.size() / groups; };
        for (std::size_t g = 0; g < groups; ++g) {
            HeldOutLevel held;
            held.factor = factor;
            held.level = values[first(g)];
            held.levelHigh = values[first(g + 1) - 1];
            held.extrapolation = g == 0 || g + 1 == groups;
            tasks.push_back({column, held.level, held.levelHigh, static_cast<int>(levels.size())});
            levels.push_back(held);
        }
    }
    return tasks;
}

/// True if the held-out row counts for the error (rule of Table 4, positive raw value).
bool scored(const Dataset& data, Eigen::Index row, const GroupedCvOptions& options)
{
    if (!options.logResponse && !(data.y(row) > 0.0))
        return false;
    return !options.metric
        || options.rule.admits(*options.metric, data.configs[static_cast<std::size_t>(row)]);
}

} // namespace

std::vector<Factor> groupingFactors(const Dataset& data, int minLevels)
{
    std::vector<Factor> factors;
    // kAllFactors order, so results list factors the same way whatever the schema's order.
    for (Factor factor : kAllFactors) {
        const Eigen::Index column = data.schema.numericColumn(factor);
        if (column >= 0
            && distinctLevels(data.x.col(column)).size() >= static_cast<std::size_t>(minLevels))
            factors.push_back(factor);
    }
    return factors;
}

std::size_t heldOutGroupCount(const Dataset& data, const std::vector<Factor>& factors)
{
    std::size_t groups = 0;
    for (Factor factor : factors) {
        const Eigen::Index column = data.schema.numericColumn(factor);
        if (column >= 0)
            groups += std::min(distinctLevels(data.x.col(column)).size(),
                static_cast<std::size_t>(kMaxGroupsPerFactor));
    }
    return groups;
}

std::vector<HeldOutFold> heldOutFolds(
    const Dataset& data, const GroupedCvOptions& options, std::vector<HeldOutLevel>& levels)
{
    if (data.x.cols() != static_cast<Eigen::Index>(data.schema.size())
        || data.x.rows() != data.y.size())
        throw DataError("groupedCrossValidate: x is " + std::to_string(data.x.rows()) + " x "
            + std::to_string(data.x.cols()) + ", y has " + std::to_string(data.y.size())
            + " values and the schema " + std::to_string(data.schema.size()) + " columns");
    if (options.metric && data.configs.size() != static_cast<std::size_t>(data.rows()))
        throw DataError("groupedCrossValidate: the relative-error rule needs the configurations "
                        "of all "
            + std::to_string(data.rows()) + " rows");
    if (options.minLevels < 2)
        throw ConfigError("groupedCrossValidate: a factor needs 2 or more levels to hold one out, "
                          "asked for "
            + std::to_string(options.minLevels));
    const std::vector<Factor> factors
        = options.factors.empty() ? groupingFactors(data, options.minLevels) : options.factors;
    if (factors.empty())
        throw DataError("groupedCrossValidate: no numeric factor has "
            + std::to_string(options.minLevels) + " or more levels to hold out");
    const std::vector<Task> tasks = planTasks(data, factors, options.minLevels, levels);
    std::vector<HeldOutFold> folds(tasks.size());
    for (std::size_t t = 0; t < tasks.size(); ++t) {
        const Task& task = tasks[t];
        HeldOutFold& fold = folds[t];
        fold.levelIndex = task.levelIndex;
        for (Eigen::Index i = 0; i < data.rows(); ++i)
            if (data.x(i, task.column) >= task.low && data.x(i, task.column) <= task.high) {
                fold.test.push_back(i);
                fold.scored.push_back(scored(data, i, options) ? 1 : 0);
            }
    }
    return folds;
}

std::vector<Eigen::Index> heldOutTrainRows(const HeldOutFold& fold, Eigen::Index rows)
{
    std::vector<Eigen::Index> train;
    train.reserve(static_cast<std::size_t>(rows) - fold.test.size());
    std::size_t next = 0; // fold.test is ascending
    for (Eigen::Index i = 0; i < rows; ++i) {
        if (next < fold.test.size() && fold.test[next] == i)
            ++next;
        else
            train.push_back(i);
    }
    return train;
}

double heldOutLogRatio(double measured, double predicted, bool logResponse)
{
    return logRatioError(measured, predicted, logResponse);
}

GroupedCvPlan planGroupedCv(const Dataset& data, const GroupedCvOptions& options)
{
    GroupedCvPlan plan;
    plan.folds = heldOutFolds(data, options, plan.levels);
    plan.training.resize(plan.folds.size());
    const int count = static_cast<int>(plan.folds.size());
#pragma omp parallel for schedule(dynamic)
    for (int t = 0; t < count; ++t) {
        const auto k = static_cast<std::size_t>(t);
        // subset() keeps the full schema, whose ranges include the held-out level; no
        // technique fits on the schema's ranges, so nothing of that level leaks.
        plan.training[k] = subset(data, heldOutTrainRows(plan.folds[k], data.rows()));
    }
    return plan;
}

GroupedCvResult groupedCrossValidate(
    const Regressor& prototype, const Dataset& data, const GroupedCvOptions& options)
{
    // A plan without training sets: each fold builds its own and drops it, so a large
    // database's CV holds one training set per thread at a time rather than one per fold.
    GroupedCvPlan plan;
    plan.folds = heldOutFolds(data, options, plan.levels);
    return groupedCrossValidate(prototype, data, options, plan);
}

GroupedCvResult groupedCrossValidate(const Regressor& prototype, const Dataset& data,
    const GroupedCvOptions& options, const GroupedCvPlan& plan)
{
    GroupedCvResult result;
    result.levels = plan.levels;
    const std::vector<HeldOutFold>& folds = plan.folds;

    std::vector<std::vector<HeldOutPoint>> taskPoints(folds.size());
    std::exception_ptr failure;
    const int count = static_cast<int>(folds.size());
#pragma omp parallel for schedule(dynamic)
    for (int t = 0; t < count; ++t) {
        if (validationCancelled(options.cancel))
            continue;
        try {
            const HeldOutFold& fold = folds[static_cast<std::size_t>(t)];
            const std::vector<Eigen::Index>& test = fold.test;
            auto model = prototype.clone();
            // subset() keeps the full schema (see planGroupedCv).
            if (plan.training.empty())
                model->fit(subset(data, heldOutTrainRows(fold, data.rows())));
            else
                model->fit(plan.training[static_cast<std::size_t>(t)]);
            // Only the held-out rows' features: subset() would also sort out the response times
            // of the other direction that go with them, which nothing here uses.
            const Eigen::MatrixXd x = data.x(test, Eigen::all);
            const Eigen::VectorXd predicted = model->predict(x);
            const auto interval = options.intervalLevel > 0.0
                ? model->predictInterval(x, options.intervalLevel)
                : std::nullopt;
            for (std::size_t i = 0; i < test.size(); ++i) {
                if (!fold.scored[i])
                    continue;
                const auto k = static_cast<Eigen::Index>(i);
                HeldOutPoint point {test[i], fold.levelIndex, data.y(test[i]), predicted(k)};
                if (interval) {
                    point.lower = interval->first(k);
                    point.upper = interval->second(k);
                }
                taskPoints[static_cast<std::size_t>(t)].push_back(point);
            }
        } catch (...) {
#pragma omp critical(iolens_grouped_cv_failure)
            failure = std::current_exception();
        }
    }
    if (failure)
        std::rethrow_exception(failure);
    if (validationCancelled(options.cancel))
        throw ValidationCancelled();
    // Points in task order whatever the thread schedule, so results are reproducible.
    for (const auto& points : taskPoints)
        result.points.insert(result.points.end(), points.begin(), points.end());
    if (result.points.empty())
        throw DataError("groupedCrossValidate: no held-out row can be scored");
    summarizeGroupedCv(result, options.logResponse);
    return result;
}

void summarizeGroupedCv(GroupedCvResult& result, bool logResponse)
{
    // Pooled over points, not averaged over levels: a level measured more often says more.
    std::vector<double> levelSum(result.levels.size(), 0.0);
    std::vector<int> levelCount(result.levels.size(), 0);
    double sums[2] = {0.0, 0.0}, logSum = 0.0;
    int counts[2] = {0, 0};
    for (const HeldOutPoint& p : result.points) {
        const auto l = static_cast<std::size_t>(p.level);
        const double e = relativeError(p.measured, p.predicted, logResponse);
        levelSum[l] += e;
        ++levelCount[l];
        const int kind = result.levels[l].extrapolation ? 1 : 0;
        sums[kind] += e;
        ++counts[kind];
        logSum += logRatioError(p.measured, p.predicted, logResponse);
    }
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (std::size_t l = 0; l < result.levels.size(); ++l) {
        result.levels[l].scored = levelCount[l];
        result.levels[l].meanRelativeError = levelCount[l] ? levelSum[l] / levelCount[l] : nan;
    }
    const int total = counts[0] + counts[1];
    result.interpolationError = counts[0] ? sums[0] / counts[0] : nan;
    result.extrapolationError = counts[1] ? sums[1] / counts[1] : nan;
    result.overallError = total ? (sums[0] + sums[1]) / total : nan;
    result.meanLogRatioError = total ? logSum / total : nan;
    int withInterval = 0, covered = 0;
    for (const HeldOutPoint& p : result.points) {
        if (std::isnan(p.lower) || std::isnan(p.upper))
            continue;
        ++withInterval;
        covered += p.measured >= p.lower && p.measured <= p.upper ? 1 : 0;
    }
    result.modelIntervalCoverage = withInterval ? static_cast<double>(covered) / withInterval : nan;
}

namespace {

/// Held-out points inside their intervals, of those that could be judged.
struct CoverageCount {
    int covered = 0;
    int total = 0;
    double share() const
    {
        return total ? static_cast<double>(covered) / total
                     : std::numeric_limits<double>::quiet_NaN();
    }
};

CoverageCount coverageCount(const GroupedCvResult& result, double level)
{
    CoverageCount count;
    for (std::size_t held = 0; held < result.levels.size(); ++held) {
        // Calibrate on the same factor's other levels only: points of other factors are the
        // same rows predicted by other fits, and would let a row calibrate its own interval.
        std::vector<double> calibration;
        for (const HeldOutPoint& p : result.points) {
            const auto l = static_cast<std::size_t>(p.level);
            if (l != held && result.levels[l].factor == result.levels[held].factor)
                calibration.push_back(p.measured - p.predicted);
        }
        if (calibration.empty())
            continue;
        const ConformalBounds bounds = conformalBounds(std::move(calibration), level);
        for (const HeldOutPoint& p : result.points) {
            if (static_cast<std::size_t>(p.level) != held)
                continue;
            const double r = p.measured - p.predicted;
            count.covered += r >= std::min(bounds.lower, -p.minHalfWidth)
                    && r <= std::max(bounds.upper, p.minHalfWidth)
                ? 1
                : 0;
            ++count.total;
        }
    }
    return count;
}

} // namespace

double groupedIntervalCoverage(const GroupedCvResult& result, double level)
{
    return coverageCount(result, level).share();
}

double groupedCalibratedLevel(const GroupedCvResult& result, double target)
{
    if (!(target > 0.0 && target < 1.0))
        throw ConfigError("groupedCalibratedLevel: the target coverage must be in (0, 1), got "
            + std::to_string(target));
    const CoverageCount atTarget = coverageCount(result, target);
    if (atTarget.total == 0)
        return target; // no points: nothing to calibrate on
    // Wider where the target level's intervals cover less than it. Narrower only where they
    // cover more than the target by more than the coverage estimate's own standard error, and
    // only as far as keeps that margin: on 12 held-out points, 10 covered is no evidence of a
    // band too wide, and narrowed on it a volume's throughput bands covered 20 % of the level
    // they were asked for (tests/tools/level_holdout_sweep.py).
    const double margin = std::sqrt(target * (1.0 - target) / atTarget.total);
    double low = target, high = std::max(target, kMaxCalibratedLevel), needed = target;
    if (atTarget.share() > target + margin) {
        low = kMinCalibratedShare * target;
        high = target;
        needed = target + margin;
        if (!(groupedIntervalCoverage(result, low) < needed))
            return low;
    } else if (!(atTarget.share() < target)) {
        return target;
    }
    if (groupedIntervalCoverage(result, high) < needed)
        return high;
    // Invariant: coverage(low) < needed <= coverage(high). 12 halvings of at most 0.5 leave
    // 1e-4, finer than the rank steps of a few hundred residuals.
    for (int step = 0; step < 12; ++step) {
        const double mid = 0.5 * (low + high);
        (groupedIntervalCoverage(result, mid) < needed ? low : high) = mid;
    }
    return high;
}

} // namespace iolens::core
