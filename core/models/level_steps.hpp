// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/configuration.hpp"

#include <vector>

namespace iolens::core {

// A measured level step: the unit of distance between configurations that residual smoothing
// and the intervals beyond the measured ranges count in. One step of a factor is the median gap
// between its measured levels, so a step weighs the same in every factor and on every system
// (requests measured an octave apart and file sets two octaves apart are both one step apart).

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

} // namespace iolens::core
