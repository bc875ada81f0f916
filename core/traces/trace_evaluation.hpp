// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/param_spec.hpp"
#include "traces/trace_features.hpp"

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

/// Trains the per-request model on log(response time) of the first trainFraction of `rows`
/// (those with a response time and full history) and evaluates it on the rest. Throws
/// DataError when either part has fewer than 10 requests.
TraceEvaluation evaluateTrace(const std::vector<TraceFeatures>& rows,
    const std::vector<std::string>& header, const TraceEvaluationOptions& options);

} // namespace iolens::core
