// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "plots/plot_export.hpp"

#include <functional>

class QCustomPlot;
class QMenu;

namespace iolens::ui {

/// Tells the export what a plot shows at the moment it is saved (for the PNG text chunks).
using PictureInfoSource = std::function<PictureInfo()>;

/// Gives `plot` a context menu (right click) with "Save picture…" (PNG at a chosen size and
/// scale, SVG or PDF), "Copy picture" and "Save data as CSV…". One call per plot, after which
/// the plot needs nothing else: every plot of the window gets it this way, e.g.
///
///     attachExportMenu(m_plot, [this] { return PictureInfo{tr("Error CDF"), scenario, models}; });
///
/// `info` is asked at save time; without it the pictures carry no scenario or model names.
/// Errors (a file that cannot be written) are shown in a message box; nothing throws.
void attachExportMenu(QCustomPlot* plot, PictureInfoSource info = {});

/// The menu attachExportMenu() shows, for a caller that builds its own (the actions act on
/// `plot`; the menu is parented to it). Exposed for tests.
QMenu* createExportMenu(QCustomPlot* plot, const PictureInfoSource& info);

} // namespace iolens::ui
