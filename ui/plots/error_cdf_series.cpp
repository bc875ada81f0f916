// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/error_cdf_series.hpp"
#include "plots/decades.hpp"

#include <algorithm>
#include <cmath>

namespace iolens::ui {

namespace {

double drawnPct(double relativeError)
{
    return std::max(relativeError * 100.0, kErrorFloorPct);
}

// The smallest of 1, 2, 5 x 10^k that is >= value.
double roundNumberAbove(double value)
{
    const double decade = decadeBelow(value);
    for (const double step : {1.0, 2.0, 5.0, 10.0})
        if (step * decade >= value * (1.0 - 1e-12))
            return step * decade;
    return 10.0 * decade;
}

} // namespace

ErrorAxisRange errorAxisRange(const std::vector<const core::EmpiricalCdf*>& cdfs)
{
    double smallest = 1.0; // percent: the axis shows at least 1 % .. 100 %
    double largest = 0.0;
    for (const core::EmpiricalCdf* cdf : cdfs) {
        if (!cdf || cdf->values.empty())
            continue;
        // values are ascending, so the ends are the extremes.
        smallest = std::min(smallest, drawnPct(cdf->values.front()));
        largest = std::max(largest, drawnPct(cdf->values.back()));
    }
    // A little room to the right of the largest error so the last step is seen to end there.
    const double high = largest > 0.0 ? roundNumberAbove(largest * 1.2) : 0.0;
    return {decadeBelow(smallest), std::max(100.0, high)};
}

StepSeries cdfSteps(const core::EmpiricalCdf& cdf, const ErrorAxisRange& range)
{
    StepSeries series;
    const auto n = static_cast<qsizetype>(cdf.values.size());
    series.xPct.reserve(n + 2);
    series.yPct.reserve(n + 2);
    // The curve starts at 0 on the left edge and runs out flat at 100 % to the right edge, so
    // every curve spans the whole axis, as in the paper's figure.
    series.xPct.push_back(range.lowPct);
    series.yPct.push_back(0.0);
    for (std::size_t i = 0; i < cdf.values.size(); ++i) {
        series.xPct.push_back(drawnPct(cdf.values[i]));
        series.yPct.push_back(100.0 * cdf.fractions[i]);
    }
    series.xPct.push_back(range.highPct);
    series.yPct.push_back(100.0);
    return series;
}

StepSeries percentileMarks(const core::ModelEvaluation& evaluation)
{
    StepSeries marks;
    marks.xPct = {drawnPct(evaluation.p50), drawnPct(evaluation.p90), drawnPct(evaluation.p99)};
    marks.yPct = {50.0, 90.0, 99.0};
    return marks;
}

} // namespace iolens::ui
