// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/view_renderer.hpp"

#include "common/closest_name.hpp"
#include "common/error.hpp"
#include "data/scenario_text.hpp"
#include "plots/plot_export.hpp"
#include "prediction/model_controller.hpp"
#include "render/headless_window.hpp"
#include "render/render_views.hpp"
#include "render/widget_picture.hpp"
#include "scenario/scenario_panel.hpp"
#include "window/main_window.hpp"

#include <QCoreApplication>
#include <QRegularExpression>

#include <memory>

namespace iolens::ui {

namespace {

std::string str(const QString& text)
{
    return text.toStdString();
}

void validate(const RenderRequest& request)
{
    if (!findRenderView(request.view)) {
        std::vector<std::string> names;
        for (const RenderView& view : renderViews())
            names.push_back(str(view.name));
        const auto meant = core::closestName(str(request.view), names);
        throw core::ConfigError("unknown view '" + str(request.view) + "' ("
            + (meant ? "did you mean '" + *meant + "'? " : std::string()) + "use "
            + str(renderViewNames()) + ")");
    }
    if (request.out.isEmpty())
        throw core::ConfigError("missing required option --out");
    if (!pictureFormatOf(request.out))
        throw core::ConfigError(
            str(request.out) + ": unknown picture format (use .png, .svg or .pdf)");
    if (request.size.width() < 100 || request.size.height() < 100)
        throw core::ConfigError("the picture size must be at least 100x100 pixels");
    // Parsed once here so that a bad scenario fails before a database is opened.
    core::parseScenarioText(str(request.scenario), core::Configuration {});
}

QString modelLabels(const MainWindow& window)
{
    QStringList labels;
    for (const ModelEntry& entry : window.models()->entries())
        labels.push_back(entry.label);
    return labels.join(QStringLiteral(", "));
}

/// A table or panel at exactly `size`: taken out of the window's layout (which decides its size
/// there) into a top-level widget of its own. The window is about to be destroyed anyway.
std::unique_ptr<QWidget> standAlone(QWidget& widget, QSize size)
{
    widget.setParent(nullptr);
    widget.resize(size);
    widget.show();
    QCoreApplication::processEvents(); // lay out and fill at the new size
    return std::unique_ptr<QWidget>(&widget);
}

} // namespace

QSize parseRenderSize(const QString& text)
{
    static const QRegularExpression pattern(QStringLiteral("^(\\d{3,5})x(\\d{3,5})$"));
    const auto match = pattern.match(text.trimmed());
    const int width = match.hasMatch() ? match.captured(1).toInt() : 0;
    const int height = match.hasMatch() ? match.captured(2).toInt() : 0;
    if (width < 100 || height < 100 || width > 10000 || height > 10000)
        throw core::ConfigError("--size expects WIDTHxHEIGHT in pixels, each 100..10000 (e.g. "
                                "1600x1000), got '"
            + str(text) + "'");
    return {width, height};
}

QString renderView(const RenderRequest& request)
{
    validate(request);
    const RenderView& view = *findRenderView(request.view);
    MainWindow window;
    openHeadlessWindow(window,
        {request.database, request.example, request.scenario, request.size, request.storedModels,
            request.techniques});
    view.prepare(window, request);
    if (!runUntil([&] { return view.ready(window); }, request.timeoutMs))
        throw core::Error("render: the " + str(view.name) + " view was not ready within "
            + std::to_string(request.timeoutMs / 1000) + " s");
    const PictureInfo info {view.title,
        QString::fromStdString(core::scenarioText(window.scenarioPanel()->scenario())),
        modelLabels(window)};
    const RenderTarget target = view.target(window);
    QString error;
    bool written = false;
    if (target.plot) {
        PlotExportOptions options;
        options.size = request.size;
        options.info = info;
        written = savePlot(*target.plot, request.out, options, &error);
    } else {
        const auto shown = standAlone(*target.widget, request.size);
        written = saveWidgetPicture(*shown, request.out, info, &error);
    }
    if (!written)
        throw core::Error(str(error));
    return QStringLiteral("%1 view (%2x%3) written to %4")
        .arg(view.name)
        .arg(request.size.width())
        .arg(request.size.height())
        .arg(request.out);
}

} // namespace iolens::ui
