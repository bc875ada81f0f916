// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/configuration.hpp"
#include "data/dataset.hpp"

#include <Eigen/Dense>

#include <vector>

namespace iolens::core {

// The levels a model was fitted on: the span of each numeric factor and its measured level step,
// the unit of distance between configurations that residual smoothing and the intervals beyond
// the measured ranges count in. One step of a factor is the median gap between its measured
// levels, so a step weighs the same in every factor and on every system (requests measured an
// octave apart and file sets two octaves apart are both one step apart).

/// Sizes and counts act multiplicatively (twice the requests, twice the transfer), so their
/// steps are measured on log2; shares act additively.
bool stepsOnLog2(Factor factor);

/// log2 of a size or count, a value <= 0 taken as a tiny size so that the log stays finite.
double log2Size(double value);

/// A factor's value where its steps are measured: log2Size for stepsOnLog2 factors, the value
/// itself otherwise.
double stepScaleValue(Factor factor, double value);

/// The median gap between the distinct values (equal up to rounding) of `values`, or 1 when
/// there are fewer than two. O(n log n).
double medianLevelGap(std::vector<double> values);

/// The span over which a numeric factor was measured: a configuration outside it in any factor is
/// an extrapolation, which grouped CV scores on its outermost levels. (FeatureColumn's own range
/// is that of the schema's configurations; this one is of the rows actually fitted.)
struct MeasuredRange {
    Eigen::Index column = 0; ///< in the schema's encoded matrix
    double low = 0.0;
    double high = 0.0;
    /// One measured level step of the factor (above), on log2 where `log2`; 0 where
    /// unknown (files written before it), and then any distance beyond counts as one step.
    double step = 0.0;
    bool log2 = false;
};

/// The measured span in x (encoded by `schema`) of each numeric factor column (not the derived
/// ones, which follow from them), with its level step. O(n p log n).
std::vector<MeasuredRange> measuredRanges(const FeatureSchema& schema, const Eigen::MatrixXd& x);
inline std::vector<MeasuredRange> measuredRanges(const Dataset& data)
{
    return measuredRanges(data.schema, data.x);
}

/// Per row of `x` (encoded with the same schema), which side of a measured range it lies beyond
/// (by more than rounding): kBelowRange if some factor is below its range, kAboveRange if some
/// is above, both bits if both, 0 inside every range. O(rows x ranges).
inline constexpr char kBelowRange = 1;
inline constexpr char kAboveRange = 2;
std::vector<char> beyondMeasured(
    const Eigen::MatrixXd& x, const std::vector<MeasuredRange>& ranges);

/// The rows of `x` whose value in `column` lies above `top` by more than rounding (as
/// beyondMeasured: a size or count read back from text may differ from the trained one in its
/// last bits), ascending: the rows the rules beyond the largest trained thread count or request
/// size answer. O(rows).
std::vector<Eigen::Index> rowsAbove(const Eigen::MatrixXd& x, Eigen::Index column, double top);

/// Per row of `x`, how far beyond the measured ranges it lies, in level steps: the largest
/// distance over the factors (0 inside every range; 1 beyond a range without a known step).
/// O(rows x ranges).
std::vector<double> stepsBeyondMeasured(
    const Eigen::MatrixXd& x, const std::vector<MeasuredRange>& ranges);

} // namespace iolens::core
