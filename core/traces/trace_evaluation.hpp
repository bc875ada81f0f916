// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/param_spec.hpp"
#include "models/regressor.hpp"
#include "traces/trace_features.hpp"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace iolens::core {

struct TraceEvaluationOptions {
    std::string technique = "cart"; ///< any registered technique; cart and sbcart as in the paper
    ParamValues params;
    double trainFraction = 0.5; ///< the first part of the trace trains, the rest tests
    bool withHit = true;        ///< CART-cache (true) or CART-nocache (false)
    std::uint64_t seed = 1;     ///< permutation importance
    bool importance = true;     ///< compute it (one more prediction of the test part per feature)
};

/// The paper's Figure 4 figures for one model on a trace: response times measured and predicted
/// on the test part, their mean and 70th, 80th and 90th percentiles.
struct TraceEvaluation {
    std::string technique;
    bool withHit = true;
    std::size_t trainRequests = 0;
    std::size_t testRequests = 0;
    double medianRelativeError = 0.0;
    double meanMeasuredMs = 0.0;
    double meanPredictedMs = 0.0;
    std::vector<double> measuredPercentilesMs;  ///< 70, 80, 90
    std::vector<double> predictedPercentilesMs; ///< 70, 80, 90
    /// Permutation importance: the rise of the test median relative error when that feature's
    /// column is shuffled (seeded), per feature, in header order.
    std::vector<std::pair<std::string, double>> importance;
    double predictMicrosPerRequest = 0.0; ///< measured on the test part
};

/// A per-request model as trained: it predicts log(response time in ms) from `featureNames`.
struct TraceFit {
    std::unique_ptr<Regressor> model;
    std::vector<std::string> featureNames;
    TraceEvaluation evaluation;
    /// The test part request by request, in trace order: arrival, measured and predicted time.
    std::vector<double> testArrivalMs;
    std::vector<double> testMeasuredMs;
    std::vector<double> testPredictedMs;
};

/// Trains the per-request model on log(response time) of the first trainFraction of `rows`
/// (those with a response time and full history) and evaluates it on the rest. Throws
/// DataError when either part has fewer than 10 requests.
TraceFit fitTrace(const std::vector<TraceFeatures>& rows, const std::vector<std::string>& header,
    const TraceEvaluationOptions& options);
/// fitTrace's figures alone.
TraceEvaluation evaluateTrace(const std::vector<TraceFeatures>& rows,
    const std::vector<std::string>& header, const TraceEvaluationOptions& options);

/// The numeric feature row of `f` in the extractor's header order without response_time_ms; the
/// hit column is left out for a model without it (CART-nocache).
std::vector<double> traceFeatureRow(const TraceFeatures& f, bool withHit);
/// True when `f` has its full history and a response time.
bool completeTraceFeatures(const TraceFeatures& f);

/// One point of the SBCART paper's Figure 5: the test error after `missing` of the training
/// requests were left out.
struct TraceStabilityPoint {
    std::size_t missing = 0;
    double medianRelativeError = 0.0;
};

/// The paper's stability check (Figure 5): train on the first `trainCount` complete requests with
/// `missing` of them left out (a seeded random choice, for each value of `missingSteps`), and test
/// on the next `testCount`. A stable technique's error changes little with what is missing.
/// Throws DataError when the trace has fewer than trainCount + testCount complete requests.
std::vector<TraceStabilityPoint> traceStability(const std::vector<TraceFeatures>& rows,
    const std::vector<std::string>& header, const TraceEvaluationOptions& options,
    std::size_t trainCount, std::size_t testCount, const std::vector<std::size_t>& missingSteps);

} // namespace iolens::core
