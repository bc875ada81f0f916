// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QCustomPlot;

namespace iolens::ui {

/// Presentation mode for one plot ("larger fonts and line widths, for projectors"):
/// every plottable's pen, every axis's fonts, pens and tick lengths, the legend's and every
/// text element's and text item's font become `factor` times their normal size. The normal sizes
/// are kept on each object (a dynamic property) the first time it is scaled, so factor 1
/// restores them exactly and scaling twice never compounds. Objects a view creates later (a
/// re-plot that rebuilds its graphs) are normal-sized until the next call; installPresentation-
/// Scale() makes that call before every replot.
/// Cost: linear in the plot's objects; no replot is triggered.
void applyPresentationScale(QCustomPlot& plot, double factor);

/// Scales `plot` by `factor` now and before each of its replots from now on (factor 1 ends
/// it). Idempotent: a plot is hooked once.
void installPresentationScale(QCustomPlot& plot, double factor);

} // namespace iolens::ui
