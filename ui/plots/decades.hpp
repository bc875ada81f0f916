// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cmath>

namespace iolens::ui {

/// The power of ten at or below `value` (> 0): 0.01 for 0.03, 1 for 1, 100 for 999. Where a log
/// axis starts, and the decade a round tick step is chosen in.
inline double decadeBelow(double value)
{
    return std::pow(10.0, std::floor(std::log10(value)));
}

} // namespace iolens::ui
