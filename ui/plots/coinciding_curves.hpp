// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

namespace iolens::ui {

/// Per curve, the index of the first earlier curve with exactly the same values (NaN matching
/// NaN, as a gap in both), or -1; an empty curve matches none. Two models can answer alike: M5 is
/// Cubist with one member and no neighbours, so at their defaults their predictions are one,
/// and a plot that draws the later curve over the earlier one hides a model its legend names.
/// The views mark such curves (the Error CDF dashes the later, the profiler cases the earlier).
std::vector<int> coincidingCurves(const std::vector<const std::vector<double>*>& curves);

} // namespace iolens::ui
