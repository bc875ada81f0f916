// SPDX-License-Identifier: GPL-3.0-or-later
#include "traces/trace_analysis.hpp"

#include <algorithm>
#include <cmath>

namespace iolens::core {

TraceAnalysis analyseTrace(const std::vector<TraceRequest>& requests,
    const TraceAnalysisOptions& options, const std::atomic<bool>* cancel)
{
    const auto checkCancel = [cancel] {
        if (cancel && cancel->load())
            throw TraceAnalysisCancelled {};
    };
    TraceFeatureExtractor extractor(options.features);
    std::vector<TraceFeatures> rows;
    rows.reserve(requests.size());
    double hits = 0.0;
    for (const TraceRequest& request : requests) {
        rows.push_back(extractor.next(request));
        hits += rows.back().hit;
    }
    checkCancel();
    TraceAnalysis analysis;
    analysis.hitShare = requests.empty() ? 0.0 : hits / static_cast<double>(requests.size());
    TraceEvaluationOptions model = options.model;
    model.withHit = false;
    model.importance = false; // the tab shows the hit model's importance only
    analysis.withoutHit = evaluateTrace(rows, extractor.header(), model);
    checkCancel();
    model.withHit = true;
    model.importance = true;
    const TraceFit fit = fitTrace(rows, extractor.header(), model);
    analysis.withHit = fit.evaluation;

    const std::size_t n = fit.testMeasuredMs.size();
    const std::size_t step = std::max<std::size_t>(
        1, (n + options.maxPlotPoints - 1) / std::max<std::size_t>(1, options.maxPlotPoints));
    for (std::size_t i = 0; i < n; i += step) {
        analysis.plotArrivalMs.push_back(fit.testArrivalMs[i]);
        analysis.plotMeasuredMs.push_back(fit.testMeasuredMs[i]);
        analysis.plotPredictedMs.push_back(fit.testPredictedMs[i]);
    }
    analysis.sortedRelativeErrors.reserve(n);
    for (std::size_t i = 0; i < n; ++i)
        analysis.sortedRelativeErrors.push_back(
            std::abs(fit.testPredictedMs[i] - fit.testMeasuredMs[i]) / fit.testMeasuredMs[i]);
    std::sort(analysis.sortedRelativeErrors.begin(), analysis.sortedRelativeErrors.end());
    return analysis;
}

} // namespace iolens::core
