// SPDX-License-Identifier: GPL-3.0-or-later
#include "traces/trace_evaluation.hpp"

#include "common/error.hpp"
#include "data/dataset.hpp"
#include "models/regressor_registry.hpp"
#include "validation/error_metrics.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <random>

namespace iolens::core {

namespace {

// Response times of 0 (a cache hit below the log's resolution) still need a log.
constexpr double kFloorMs = 1e-6;

double medianRelativeError(const Eigen::VectorXd& predicted, const Eigen::VectorXd& measured)
{
    return quantile(relativeErrors(predicted, measured), 0.5);
}

} // namespace

std::vector<double> traceFeatureRow(const TraceFeatures& f, bool withHit)
{
    std::vector<double> row;
    for (const auto& d : f.timeDiffMs)
        row.push_back(*d);
    row.push_back(static_cast<double>(f.lbn));
    for (const auto& d : f.lbnDiff)
        row.push_back(static_cast<double>(*d));
    row.push_back(static_cast<double>(f.size));
    row.push_back(f.read ? 1.0 : 0.0);
    row.push_back(f.sequential ? 1.0 : 0.0);
    if (withHit)
        row.push_back(f.hit);
    return row;
}

bool completeTraceFeatures(const TraceFeatures& f)
{
    return f.responseMs && std::all_of(f.timeDiffMs.begin(), f.timeDiffMs.end(), [](const auto& d) {
        return d.has_value();
    }) && std::all_of(f.lbnDiff.begin(), f.lbnDiff.end(), [](const auto& d) {
        return d.has_value();
    });
}

namespace {

// The model's columns: the header without the response time, and without hit for -nocache.
std::vector<std::string> featureNames(const std::vector<std::string>& header, bool withHit)
{
    std::vector<std::string> names(header.begin(), header.end() - 1);
    if (!withHit)
        names.erase(std::find(names.begin(), names.end(), "hit"));
    return names;
}

// Features and measured response times (ms) of `rows`.
void featureMatrix(const std::vector<const TraceFeatures*>& rows, bool withHit, Eigen::Index p,
    Eigen::MatrixXd& x, Eigen::VectorXd& ms)
{
    x.resize(static_cast<Eigen::Index>(rows.size()), p);
    ms.resize(static_cast<Eigen::Index>(rows.size()));
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const std::vector<double> row = traceFeatureRow(*rows[i], withHit);
        for (Eigen::Index j = 0; j < p; ++j)
            x(static_cast<Eigen::Index>(i), j) = row[static_cast<std::size_t>(j)];
        ms(static_cast<Eigen::Index>(i)) = std::max(kFloorMs, *rows[i]->responseMs);
    }
}

// A fitted model of log(ms) on `rows`.
std::unique_ptr<Regressor> fitOn(const std::vector<const TraceFeatures*>& rows,
    const std::vector<std::string>& names, const TraceEvaluationOptions& options)
{
    const auto p = static_cast<Eigen::Index>(names.size());
    Dataset train;
    Eigen::VectorXd ms;
    featureMatrix(rows, options.withHit, p, train.x, ms);
    train.y = ms.array().log().matrix();
    for (Eigen::Index j = 0; j < p; ++j)
        train.schema = train.schema.withDerivedColumn(names[static_cast<std::size_t>(j)],
            train.x.col(j).minCoeff(), train.x.col(j).maxCoeff());
    auto regressor = createRegressor(options.technique);
    regressor->setParameters(options.params);
    regressor->fit(train);
    return regressor;
}

std::vector<const TraceFeatures*> completeRows(const std::vector<TraceFeatures>& rows)
{
    std::vector<const TraceFeatures*> usable;
    for (const TraceFeatures& f : rows)
        if (completeTraceFeatures(f))
            usable.push_back(&f);
    return usable;
}

} // namespace

TraceFit fitTrace(const std::vector<TraceFeatures>& rows, const std::vector<std::string>& header,
    const TraceEvaluationOptions& options)
{
    if (!(options.trainFraction > 0.0 && options.trainFraction < 1.0))
        throw ConfigError("trace evaluation: the training fraction must be in (0, 1)");
    const std::vector<const TraceFeatures*> usable = completeRows(rows);
    const auto trainCount = static_cast<std::size_t>(
        std::floor(options.trainFraction * static_cast<double>(usable.size())));
    if (trainCount < 10 || usable.size() - trainCount < 10)
        throw DataError("trace evaluation: " + std::to_string(usable.size())
            + " requests with a response time and full history; each part needs 10 or more");
    const std::vector<std::string> names = featureNames(header, options.withHit);
    const auto p = static_cast<Eigen::Index>(names.size());
    const auto split = usable.begin() + static_cast<std::ptrdiff_t>(trainCount);
    std::unique_ptr<Regressor> regressor = fitOn({usable.begin(), split}, names, options);
    Eigen::MatrixXd testX;
    Eigen::VectorXd measured;
    featureMatrix({split, usable.end()}, options.withHit, p, testX, measured);

    const auto start = std::chrono::steady_clock::now();
    const Eigen::VectorXd predicted = regressor->predict(testX).array().exp().matrix();
    const double seconds
        = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    TraceEvaluation e;
    e.technique = options.technique;
    e.withHit = options.withHit;
    e.trainRequests = trainCount;
    e.testRequests = usable.size() - trainCount;
    e.medianRelativeError = medianRelativeError(predicted, measured);
    e.meanMeasuredMs = measured.mean();
    e.meanPredictedMs = predicted.mean();
    for (double q : {0.7, 0.8, 0.9}) {
        e.measuredPercentilesMs.push_back(quantile(measured, q));
        e.predictedPercentilesMs.push_back(quantile(predicted, q));
    }
    e.predictMicrosPerRequest = seconds * 1e6 / static_cast<double>(e.testRequests);
    std::mt19937_64 random(options.seed);
    for (Eigen::Index j = 0; options.importance && j < p; ++j) {
        Eigen::MatrixXd shuffled = testX;
        std::vector<Eigen::Index> order(static_cast<std::size_t>(testX.rows()));
        for (std::size_t i = 0; i < order.size(); ++i)
            order[i] = static_cast<Eigen::Index>(i);
        std::shuffle(order.begin(), order.end(), random);
        for (Eigen::Index i = 0; i < testX.rows(); ++i)
            shuffled(i, j) = testX(order[static_cast<std::size_t>(i)], j);
        const Eigen::VectorXd permuted = regressor->predict(shuffled).array().exp().matrix();
        e.importance.emplace_back(names[static_cast<std::size_t>(j)],
            medianRelativeError(permuted, measured) - e.medianRelativeError);
    }
    TraceFit fit {std::move(regressor), names, std::move(e), {}, {}, {}};
    for (auto row = split; row != usable.end(); ++row)
        fit.testArrivalMs.push_back((*row)->arrivalMs);
    fit.testMeasuredMs.assign(measured.data(), measured.data() + measured.size());
    fit.testPredictedMs.assign(predicted.data(), predicted.data() + predicted.size());
    return fit;
}

TraceEvaluation evaluateTrace(const std::vector<TraceFeatures>& rows,
    const std::vector<std::string>& header, const TraceEvaluationOptions& options)
{
    return fitTrace(rows, header, options).evaluation;
}

std::vector<TraceStabilityPoint> traceStability(const std::vector<TraceFeatures>& rows,
    const std::vector<std::string>& header, const TraceEvaluationOptions& options,
    std::size_t trainCount, std::size_t testCount, const std::vector<std::size_t>& missingSteps)
{
    const std::vector<const TraceFeatures*> usable = completeRows(rows);
    if (usable.size() < trainCount + testCount)
        throw DataError("trace stability: " + std::to_string(usable.size())
            + " requests with a response time and full history; it needs "
            + std::to_string(trainCount + testCount));
    const std::vector<std::string> names = featureNames(header, options.withHit);
    const auto p = static_cast<Eigen::Index>(names.size());
    const auto trainEnd = usable.begin() + static_cast<std::ptrdiff_t>(trainCount);
    Eigen::MatrixXd testX;
    Eigen::VectorXd measured;
    featureMatrix({trainEnd, trainEnd + static_cast<std::ptrdiff_t>(testCount)}, options.withHit, p,
        testX, measured);
    std::vector<TraceStabilityPoint> points;
    for (const std::size_t missing : missingSteps) {
        if (missing + 10 > trainCount)
            throw ConfigError("trace stability: cannot leave out " + std::to_string(missing)
                + " of " + std::to_string(trainCount) + " training requests");
        // The same seed for every step: each step leaves out a superset of the previous one.
        std::vector<const TraceFeatures*> train(usable.begin(), trainEnd);
        std::mt19937_64 random(options.seed);
        std::shuffle(train.begin(), train.end(), random);
        train.resize(trainCount - missing);
        std::sort(train.begin(), train.end()); // back to trace order
        const auto regressor = fitOn(train, names, options);
        const Eigen::VectorXd predicted = regressor->predict(testX).array().exp().matrix();
        points.push_back({missing, medianRelativeError(predicted, measured)});
    }
    return points;
}

} // namespace iolens::core
