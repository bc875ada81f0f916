// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "validation/error_metrics.hpp"
#include "validation/model_evaluation.hpp"

#include <QVector>

#include <vector>

namespace iolens::ui {

/// The numbers ErrorCdfView draws, apart from any widget so they can be checked headless.
/// x is the relative error in percent, y the share of configurations in percent.

/// Smallest relative error drawn, in percent. A log axis has no zero, and a model can hit a
/// measurement exactly (CART predicts a leaf mean; on a one-row leaf that is the measurement),
/// so errors below 0.01 % are drawn at 0.01 %: a model that good is "perfect" for any storage
/// question, and the step at the left edge still counts those configurations.
inline constexpr double kErrorFloorPct = 0.01;

/// Axis range of the relative error, in percent: from the decade holding the smallest drawn error
/// (at least kErrorFloorPct) to a round number (1, 2 or 5 x 10^k) above 1.2 x the largest, and
/// at least 1 % .. 100 %.
struct ErrorAxisRange {
    double lowPct = 1.0;
    double highPct = 100.0;
};
ErrorAxisRange errorAxisRange(const std::vector<const core::EmpiricalCdf*>& cdfs);

/// A step curve of the empirical CDF: (lowPct, 0), then one point per sorted error at
/// (max(100 x error, floor), 100 x F), then (highPct, 100): cdf.values.size() + 2 points, to be
/// drawn with QCPGraph::lsStepLeft so F is right-continuous as an ECDF is.
struct StepSeries {
    QVector<double> xPct;
    QVector<double> yPct;
};
StepSeries cdfSteps(const core::EmpiricalCdf& cdf, const ErrorAxisRange& range);

/// The 50th, 90th and 99th percentiles as points on the curve: (100 x p, 50), (.., 90), (.., 99).
StepSeries percentileMarks(const core::ModelEvaluation& evaluation);

} // namespace iolens::ui
