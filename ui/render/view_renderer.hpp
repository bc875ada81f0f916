// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "render/render_request.hpp"

namespace iolens::ui {

/// Draws one view of the window headless (the engine of `iolens-cli render`): builds a
/// MainWindow on the current platform (offscreen for the command line), opens the database or
/// example, sets the scenario, lets the view prepare (RenderView::prepare), runs the event loop
/// until the view is ready (models trained in the background, cross-validated, or a search
/// finished), then writes the picture at exactly `request.size` pixels: a plot through
/// savePlot(), a table or panel through saveWidgetPicture(). The PNG carries the view, the
/// scenario and the models as text chunks.
///
/// Needs a QApplication. Bad input (unknown view, metric, extension; a scenario that does not
/// parse; a database that cannot be opened) throws core::ConfigError before any work; a view
/// that is not ready within `request.timeoutMs` or a file that cannot be written throws
/// core::Error. Returns a one-line description of what was written.
QString renderView(const RenderRequest& request);

} // namespace iolens::ui
