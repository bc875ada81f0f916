// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/render_views.hpp"

#include "common/error.hpp"
#include "conservation/conservation_plot.hpp"
#include "conservation/conservation_view.hpp"
#include "models/model_comparison_panel.hpp"
#include "planning/capacity_panel.hpp"
#include "plots/error_cdf_view.hpp"
#include "plots/inside_out_density_view.hpp"
#include "plots/search_controls.hpp"
#include "plots/search_surface_view.hpp"
#include "prediction/model_controller.hpp"
#include "prediction/prediction_chart.hpp"
#include "profiler/profiler_view.hpp"
#include "scenario/scenario_panel.hpp"
#include "table/measurement_table_panel.hpp"
#include "window/error_cdf_page.hpp"
#include "window/main_window.hpp"

#include <QTabWidget>

#include <algorithm>
#include <array>

namespace iolens::ui {

namespace {

/// The parameter search `render --view surface` runs: CART (a tree fits in milliseconds) with
/// k = 4 splits per parameter (the paper's), n = 3 explorations and 3 iterations: a few dozen
/// points, enough for a surface, in seconds rather than the minutes of the full 10 iterations.
constexpr const char* kSurfaceTechnique = "cart";
constexpr core::OptimizerSettings kSurfaceSettings {4, 3, 3, std::nullopt};

bool modelsTrained(MainWindow& window)
{
    const ModelController* models = window.models();
    return !models->entries().empty() && !models->isTraining();
}

bool modelsValidated(MainWindow& window)
{
    return modelsTrained(window) && !window.models()->isValidating();
}

void showTab(MainWindow& window, QWidget* page)
{
    window.views()->setCurrentWidget(page);
}

void requireCoreMetric(const RenderRequest& request)
{
    if (request.metric
        && std::find(core::kCoreMetrics.begin(), core::kCoreMetrics.end(), *request.metric)
            == core::kCoreMetrics.end())
        throw core::ConfigError("view " + request.view.toStdString()
            + " shows rt_read_ms, "
              "rt_write_ms, tp_read_mbs and tp_write_mbs only");
}

void noMetric(const RenderRequest& request)
{
    if (request.metric)
        throw core::ConfigError(
            "view " + request.view.toStdString() + " shows no single metric: leave out --metric");
}

RenderView measurementsView()
{
    return {QStringLiteral("measurements"), QStringLiteral("Measurements"),
        [](MainWindow& w, const RenderRequest& r) {
            noMetric(r);
            showTab(w, w.tablePanel());
        },
        modelsTrained, // the panel's measured-vs-predicted scatter needs the models
        [](MainWindow& w) {
            return RenderTarget {nullptr, w.tablePanel()};
        }};
}

RenderView modelsView()
{
    return {QStringLiteral("models"), QStringLiteral("Model comparison"),
        [](MainWindow& w, const RenderRequest& r) {
            noMetric(r);
            showTab(w, w.comparisonPanel());
        },
        modelsValidated,
        [](MainWindow& w) {
            return RenderTarget {nullptr, w.comparisonPanel()};
        }};
}

RenderView predictionsView()
{
    // The Predictions tab's chart, whose title names the scenario it answers. Drawn as a plot,
    // at exactly the picture size: the window's tabs are at least as tall as their tallest page,
    // which would not fit below the controls at small sizes. Its error bars need the
    // cross-validation, so the picture waits for it.
    return {QStringLiteral("predictions"), QStringLiteral("Predictions"),
        [](MainWindow& w, const RenderRequest& r) {
            noMetric(r);
            showTab(w, w.views()->findChild<QWidget*>(QStringLiteral("predictions")));
        },
        modelsValidated,
        [](MainWindow& w) {
            auto* chart = w.views()->findChild<PredictionChart*>(QStringLiteral("predictions"));
            return RenderTarget {chart->plot(), nullptr};
        }};
}

// Selects the error scenario `text` names (RenderRequest::cdfScenario) on the Error CDF tab.
void chooseCdfScenario(ErrorCdfPage& page, const QString& text)
{
    const QString name = text.trimmed().toLower();
    static const std::vector<std::pair<QString, ErrorScenario>> named {
        {QStringLiteral("cv"), ErrorScenario::CrossValidation},
        {QStringLiteral("grouped"), ErrorScenario::Grouped},
        {QStringLiteral("interpolation"), ErrorScenario::Interpolation},
        {QStringLiteral("extrapolation"), ErrorScenario::Extrapolation},
        {QStringLiteral("multivm"), ErrorScenario::MultiVm},
        {QStringLiteral("multi-vm"), ErrorScenario::MultiVm}};
    for (const auto& [key, scenario] : named) {
        if (name != key)
            continue;
        if (!page.isScenarioEnabled(scenario))
            throw core::ConfigError("--cdf-scenario " + name.toStdString()
                + ": the data has no measurements with 2 or more VMs");
        page.setScenario(scenario);
        return;
    }
    const QString error = page.setRule(text);
    if (!error.isEmpty())
        throw core::ConfigError(
            "--cdf-scenario '" + text.toStdString() + "': " + error.toStdString());
}

RenderView cdfView()
{
    return {QStringLiteral("cdf"), QStringLiteral("Error CDF"),
        [](MainWindow& w, const RenderRequest& r) {
            requireCoreMetric(r);
            showTab(w, w.errorCdfPage());
            if (r.metric)
                w.errorCdfView()->setMetric(*r.metric);
            if (!r.cdfScenario.isEmpty())
                chooseCdfScenario(*w.errorCdfPage(), r.cdfScenario);
            if (r.local)
                w.errorCdfPage()->setLocal(true, *r.local);
        },
        [](MainWindow& w) { return modelsValidated(w) && !w.models()->isEvaluatingRule(); },
        [](MainWindow& w) {
            return RenderTarget {w.errorCdfView()->plot(), nullptr};
        }};
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
            return RenderTarget {w.searchView()->plot(), nullptr};
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
            return view->check() ? RenderTarget {view->plot(), nullptr}
                                 : RenderTarget {nullptr, view};
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
            if (!r.limits.empty())
                w.profilerView()->setLimits(r.limits);
        },
        modelsTrained,
        [](MainWindow& w) {
            return RenderTarget {nullptr, w.profilerView()};
        }};
}

// The accuracy density of measured runs (seed 002 Fig. 9): computed by its own view in a window
// beside the main one, since it needs runs, not the document.
RenderView insideOutView()
{
    static const QString kName = QStringLiteral("render-insideout");
    return {QStringLiteral("insideout"), QStringLiteral("Inside-Out accuracy density"),
        [](MainWindow& w, const RenderRequest& r) {
            noMetric(r);
            if (r.runs.isEmpty())
                throw core::ConfigError("view insideout needs --runs DIR (a lowlevel "
                                        "directory, TARGET/.iolens/lowlevel)");
            auto* view = new InsideOutDensityView(&w);
            view->setObjectName(kName);
            view->setWindowFlag(Qt::Window);
            view->resize(r.size);
            view->show();
            view->evaluate(r.runs);
        },
        [](MainWindow& w) {
            const auto* view = w.findChild<InsideOutDensityView*>(kName);
            return view && view->hasResults();
        },
        [](MainWindow& w) {
            return RenderTarget {w.findChild<InsideOutDensityView*>(kName)->plot(), nullptr};
        }};
}

RenderView capacityView()
{
    return {QStringLiteral("capacity"), QStringLiteral("Capacity"),
        [](MainWindow& w, const RenderRequest& r) {
            noMetric(r);
            showTab(w, w.capacityPage());
            // The limits come from --limit only: a picture must not depend on the settings.
            w.capacityPage()->setLimits(r.limits);
        },
        modelsTrained,
        [](MainWindow& w) {
            return RenderTarget {nullptr, w.capacityPage()};
        }};
}

} // namespace

const std::vector<RenderView>& renderViews()
{
    static const std::vector<RenderView> views {measurementsView(), modelsView(), predictionsView(),
        cdfView(), profilerView(), capacityView(), surfaceView(), conservationView(),
        insideOutView()};
    return views;
}

namespace {

// Where a tab holds more than its view, the two were named apart (the Error CDF tab draws the
// "cdf" view, the Parameter search tab the "surface"). Users learn one name and type it in the
// other command, so each command takes both.
struct ViewOfTab {
    const char* view;
    const char* tab;
};
constexpr std::array kViewsOfTabs {ViewOfTab {"cdf", "error-cdf"}, ViewOfTab {"surface", "search"}};

} // namespace

const RenderView* findRenderView(const QString& name)
{
    QString viewName = name;
    for (const ViewOfTab& alias : kViewsOfTabs)
        if (name == QLatin1String(alias.tab))
            viewName = QLatin1String(alias.view);
    const auto& views = renderViews();
    const auto it = std::find_if(
        views.begin(), views.end(), [&](const RenderView& v) { return v.name == viewName; });
    return it == views.end() ? nullptr : &*it;
}

QString tabOfRenderView(const QString& name)
{
    for (const ViewOfTab& alias : kViewsOfTabs)
        if (name == QLatin1String(alias.view))
            return QLatin1String(alias.tab);
    return name;
}

QString renderViewNames()
{
    QStringList names;
    for (const RenderView& view : renderViews())
        names.push_back(view.name);
    return names.join(QLatin1Char('|'));
}

} // namespace iolens::ui
