// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "plots/plot_export.hpp"
#include "render/render_request.hpp"

#include <QString>

#include <functional>
#include <vector>

class QCustomPlot;
class QWidget;

namespace iolens::ui {

class MainWindow;

/// What a view hands to the renderer: a plot (exported as a plot, at the picture size) or, for
/// views that are tables and panels, a widget (drawn as it is on screen, at the picture size).
struct RenderTarget {
    QCustomPlot* plot = nullptr;
    QWidget* widget = nullptr;
};

/// One view `iolens-cli render` can draw. Adding a view is one entry in renderViews().
struct RenderView {
    QString name;  ///< --view value
    QString title; ///< for the picture's metadata
    /// Sets the view up on a window whose document is open and whose scenario is set: selects
    /// its tab, the metric, starts work it needs (a parameter search). May throw core::ConfigError
    /// for a request it cannot serve (a metric it does not show).
    std::function<void(MainWindow&, const RenderRequest&)> prepare;
    /// True once the view shows its final content (models trained, cross-validated, searched);
    /// polled while the event loop runs.
    std::function<bool(MainWindow&)> ready;
    /// What to draw, once ready.
    std::function<RenderTarget(MainWindow&)> target;
};

/// Every view, in the order of the --help text: measurements, models, predictions, cdf, surface,
/// conservation, insideout (the accuracy density of measured runs, --runs DIR).
const std::vector<RenderView>& renderViews();
/// The view named `name`, or the view of the window's tab of that name (`error-cdf` is `cdf`,
/// `search` is `surface`); nullptr for an unknown name.
const RenderView* findRenderView(const QString& name);
/// The window's tab (its `--tab` name) that shows the render view `name` ("cdf": "error-cdf",
/// "surface": "search"); `name` itself for the views whose tab has their name.
QString tabOfRenderView(const QString& name);
/// "measurements|models|predictions|cdf|surface|conservation".
QString renderViewNames();

} // namespace iolens::ui
