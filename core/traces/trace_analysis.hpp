// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "traces/trace_evaluation.hpp"
#include "traces/trace_request.hpp"

#include <atomic>
#include <vector>

namespace iolens::core {

struct TraceAnalysisOptions {
    TraceFeatureOptions features;
    TraceEvaluationOptions model; ///< withHit is ignored: both are fitted
    std::size_t maxPlotPoints = 4000;
};

/// What the window's Trace tab shows for a trace at one cache size: the model without and with
/// the hit feature (SBCART Figure 4), the test part over time for drawing (every n-th request,
/// at most maxPlotPoints; the figures use every request) and each test request's relative error
/// of the hit model, sorted, for the error distribution.
struct TraceAnalysis {
    TraceEvaluation withoutHit;
    TraceEvaluation withHit;
    double hitShare = 0.0; ///< mean hit of all requests at this cache size
    std::vector<double> plotArrivalMs;
    std::vector<double> plotMeasuredMs;
    std::vector<double> plotPredictedMs;
    std::vector<double> sortedRelativeErrors;
};

/// Derives the features (with the options' cache size), then fits and tests both models.
/// `cancel`, when given and set, stops it between the steps (throws TraceAnalysisCancelled).
TraceAnalysis analyseTrace(const std::vector<TraceRequest>& requests,
    const TraceAnalysisOptions& options, const std::atomic<bool>* cancel = nullptr);

struct TraceAnalysisCancelled { };

} // namespace iolens::core
