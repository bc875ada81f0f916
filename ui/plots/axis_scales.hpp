// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "plots/parameter_scale.hpp"

class QCPAxis;

namespace iolens::ui {

/// How the search plots set up their axes.

/// Lays `scale` on `axis`: scale type, ticks (decades on a log axis, "0" at its floor) and the
/// range, widened by `pad` (a share of the axis) on both sides so points on the border of the
/// search box are drawn whole.
void applyParameterScale(QCPAxis& axis, const ParameterScale& scale, double pad);

/// A cost axis from `low` to `high` (a profile's y axis or a colour scale): logarithmic when the
/// costs span more than a decade, which keeps the differences near the optimum visible next to
/// a bad corner point; a range of one value is widened so it can be drawn.
void applyCostScale(QCPAxis& axis, double low, double high);

} // namespace iolens::ui
