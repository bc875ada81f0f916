// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <qcustomplot.h>

namespace iolens::ui {

/// The axis range that shows `first` to `last` with `padPx` pixels to spare at either end on an
/// axis `lengthPx` long (linear, or logarithmic when `log`, then `first` > 0): a marker of that
/// radius at the first or last point is drawn whole, not cut in half by the frame. An axis too
/// short for the padding, or a range of one value, gets one unit (a factor 2 on a log axis)
/// either side instead.
QCPRange padByPixels(double first, double last, bool log, double padPx, double lengthPx);

} // namespace iolens::ui
