// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/render_views.hpp"

#include "common/error.hpp"
#include "conservation/conservation_plot.hpp"
#include "conservation/conservation_view.hpp"
#include "models/model_comparison_panel.hpp"
#include "planning/capacity_panel.hpp"
#include "plots/error_cdf_view.hpp"
#include "plots/search_controls.hpp"
#include "plots/search_surface_view.hpp"
#include "prediction/model_controller.hpp"
#include "profiler/profiler_view.hpp"
#include "scenario/scenario_panel.hpp"
#include "table/measurement_table_panel.hpp"
#include "window/error_cdf_page.hpp"
#include "window/main_window.hpp"

#include <QTabWidget>

#include <algorithm>

namespace iolens::ui {

namespace {

/// The parameter search `render --view surface` runs: CART (a tree fits in milliseconds) with
/// k = 4 splits per parameter (the paper's), n = 3 explorations and 3 iterations: a few dozen
/// points, enough for a surface, in seconds rather than the minutes of the full 10 iterations.
constexpr const char* kSurfaceTechnique = "cart";
constexpr core::OptimizerSettings kSurfaceSettings{4, 3, 3, std::nullopt};

bool modelsTrained(MainWindow& window)
{
    const ModelController* models = window.models();
    return !models->entries().empty() && !models->isTraining();
}

bool modelsValidated(MainWindow& window)
{
    return modelsTrained(window) && !window.models()->isValidating();
}

void showTab(MainWindow& window, QWidget* page) { window.views()->setCurrentWidget(page); }

void requireCoreMetric(const RenderRequest& request)
{
    if (request.metric && std::find(core::kCoreMetrics.begin(), core::kCoreMetrics.end(),
                                    *request.metric) == core::kCoreMetrics.end())
        throw core::ConfigError("view " + request.view.toStdString() + " shows rt_read_ms, "
                                "rt_write_ms, tp_read_mbs and tp_write_mbs only");
}

void noMetric(const RenderRequest& request)
{
    if (request.metric)
        throw core::ConfigError("view " + request.view.toStdString() +
                                " shows no single metric: leave out --metric");
}

RenderView measurementsView()
{
    return {QStringLiteral("measurements"), QStringLiteral("Measurements"),
            [](MainWindow& w, const RenderRequest& r) {
                noMetric(r);
                showTab(w, w.tablePanel());
            },
            modelsTrained, // the panel's measured-vs-predicted scatter needs the models
            [](MainWindow& w) { return RenderTarget{nullptr, w.tablePanel()}; }};
}

RenderView modelsView()
{
    return {QStringLiteral("models"), QStringLiteral("Model comparison"),
            [](MainWindow& w, const RenderRequest& r) {
                noMetric(r);
                showTab(w, w.comparisonPanel());
            },
            modelsValidated,
            [](MainWindow& w) { return RenderTarget{nullptr, w.comparisonPanel()}; }};
}

RenderView predictionsView()
{
    // The scenario and the predictions side by side, as at the top of the window: a prediction
    // means little without the scenario it answers.
    return {QStringLiteral("predictions"), QStringLiteral("Predictions"),
            [](MainWindow&, const RenderRequest& r) { noMetric(r); }, modelsTrained,
            [](MainWindow& w) {
                return RenderTarget{nullptr, w.scenarioPanel()->parentWidget()};
            }};
}

RenderView cdfView()
{
    return {QStringLiteral("cdf"), QStringLiteral("Error CDF"),
            [](MainWindow& w, const RenderRequest& r) {
                requireCoreMetric(r);
                showTab(w, w.errorCdfPage());
                if (r.metric)
                    w.errorCdfView()->setMetric(*r.metric);
            },
            modelsValidated,
            [](MainWindow& w) { return RenderTarget{w.errorCdfView()->plot(), nullptr}; }};
}

RenderView surfaceView()
{
    return {QStringLiteral("surface"), QStringLiteral("Parameter search"),
            [](MainWindow& w, const RenderRequest& r) {
                requireCoreMetric(r);
                showTab(w, w.searchView());
                SearchControls* controls = w.searchView()->controls();
                controls->setTechnique(kSurfaceTechnique);
                if (r.metric)
                    controls->setMetric(*r.metric);
                controls->setSettings(kSurfaceSettings);
                if (!w.searchView()->start())
                    throw core::ConfigError("the parameter search cannot start: no measurements");
            },
            [](MainWindow& w) {
                return !w.searchView()->isRunning() && w.searchView()->outcome().has_value();
            },
            [](MainWindow& w) {
                return RenderTarget{w.searchView()->plot(), nullptr};
            }};
}

RenderView conservationView()
{
    return {QStringLiteral("conservation"), QStringLiteral("Conservation check"),
            [](MainWindow& w, const RenderRequest& r) {
                noMetric(r);
                showTab(w, w.conservationView());
            },
            [](MainWindow&) { return true; },
            [](MainWindow& w) {
                ConservationView* view = w.conservationView();
                // Without the measurements the check needs, the picture is the tab's message.
                return view->check() ? RenderTarget{view->plot(), nullptr}
                                     : RenderTarget{nullptr, view};
            }};
}

RenderView profilerView()
{
    return {QStringLiteral("profiler"), QStringLiteral("Profiler"),
            [](MainWindow& w, const RenderRequest& r) {
                requireCoreMetric(r);
                showTab(w, w.profilerView());
                if (r.metric)
                    w.profilerView()->setMetric(*r.metric);
            },
            modelsTrained,
            [](MainWindow& w) { return RenderTarget{nullptr, w.profilerView()}; }};
}

RenderView capacityView()
{
    return {QStringLiteral("capacity"), QStringLiteral("Capacity"),
            [](MainWindow& w, const RenderRequest& r) {
                noMetric(r);
                showTab(w, w.capacityPage());
            },
            modelsTrained,
            [](MainWindow& w) { return RenderTarget{nullptr, w.capacityPage()}; }};
}

} // namespace

const std::vector<RenderView>& renderViews()
{
    static const std::vector<RenderView> views{
        measurementsView(), modelsView(),   predictionsView(), cdfView(),
        profilerView(),     capacityView(), surfaceView(),     conservationView()};
    return views;
}

const RenderView* findRenderView(const QString& name)
{
    const auto& views = renderViews();
    const auto it = std::find_if(views.begin(), views.end(),
                                 [&](const RenderView& v) { return v.name == name; });
    return it == views.end() ? nullptr : &*it;
}

QString renderViewNames()
{
    QStringList names;
    for (const RenderView& view : renderViews())
        names.push_back(view.name);
    return names.join(QLatin1Char('|'));
}

} // namespace iolens::ui
