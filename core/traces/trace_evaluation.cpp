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

// The numeric feature row of `f`, in the extractor's header order without response_time_ms;
// the hit column is left out for CART-nocache.
std::vector<double> featureRow(const TraceFeatures& f, bool withHit)
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

bool complete(const TraceFeatures& f)
{
    return f.responseMs && std::all_of(f.timeDiffMs.begin(), f.timeDiffMs.end(), [](const auto& d) {
        return d.has_value();
    }) && std::all_of(f.lbnDiff.begin(), f.lbnDiff.end(), [](const auto& d) {
        return d.has_value();
    });
}

double medianRelativeError(const Eigen::VectorXd& predicted, const Eigen::VectorXd& measured)
{
    return quantile(relativeErrors(predicted, measured), 0.5);
}

} // namespace

TraceEvaluation evaluateTrace(const std::vector<TraceFeatures>& rows,
    const std::vector<std::string>& header, const TraceEvaluationOptions& options)
{
    if (!(options.trainFraction > 0.0 && options.trainFraction < 1.0))
        throw ConfigError("trace evaluation: the training fraction must be in (0, 1)");
    std::vector<const TraceFeatures*> usable;
    for (const TraceFeatures& f : rows)
        if (complete(f))
            usable.push_back(&f);
    const auto trainCount = static_cast<std::size_t>(
        std::floor(options.trainFraction * static_cast<double>(usable.size())));
    if (trainCount < 10 || usable.size() - trainCount < 10)
        throw DataError("trace evaluation: " + std::to_string(usable.size())
            + " requests with a response time and full history; each part needs 10 or more");
    std::vector<std::string> names(header.begin(), header.end() - 1); // no response time
    if (!options.withHit)
        names.erase(std::find(names.begin(), names.end(), "hit"));
    const auto p = static_cast<Eigen::Index>(names.size());

    const auto matrix = [&](std::size_t from, std::size_t to, Eigen::MatrixXd& x,
                            Eigen::VectorXd& y) {
        x.resize(static_cast<Eigen::Index>(to - from), p);
        y.resize(static_cast<Eigen::Index>(to - from));
        for (std::size_t i = from; i < to; ++i) {
            const std::vector<double> row = featureRow(*usable[i], options.withHit);
            for (Eigen::Index j = 0; j < p; ++j)
                x(static_cast<Eigen::Index>(i - from), j) = row[static_cast<std::size_t>(j)];
            y(static_cast<Eigen::Index>(i - from)) = std::max(kFloorMs, *usable[i]->responseMs);
        }
    };
    Dataset train;
    Eigen::VectorXd trainMs;
    matrix(0, trainCount, train.x, trainMs);
    train.y = trainMs.array().log().matrix();
    for (Eigen::Index j = 0; j < p; ++j)
        train.schema = train.schema.withDerivedColumn(names[static_cast<std::size_t>(j)],
            train.x.col(j).minCoeff(), train.x.col(j).maxCoeff());
    Eigen::MatrixXd testX;
    Eigen::VectorXd measured;
    matrix(trainCount, usable.size(), testX, measured);

    auto regressor = createRegressor(options.technique);
    regressor->setParameters(options.params);
    regressor->fit(train);
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
    for (Eigen::Index j = 0; j < p; ++j) {
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
    return e;
}

} // namespace iolens::core
