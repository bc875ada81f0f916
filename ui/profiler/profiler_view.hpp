// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/core_metatypes.hpp"
#include "whatif/data_distance.hpp"
#include "whatif/factor_sweeps.hpp"
#include "whatif/limit_regions.hpp"
#include "whatif/profile.hpp"

#include <QWidget>

#include <map>
#include <vector>

class QComboBox;
class QGridLayout;
class QScrollArea;
class QLabel;

namespace iolens::ui {

class ModelController;
class ProfilePlot;
class ValueSpan;
struct ScenarioEvaluation;

/// The prediction profiler (like JMP's): one small plot per factor of the data, each
/// sweeping that factor over its range while the others stay at the scenario, for the chosen
/// metric, with every trained model as a curve (one legend for all plots above them), the models'
/// spread as a band, the stretches far from any measurement hatched, the measurements on the
/// sweep line as dots and the scenario's value as a dashed line. All plots share the y axis, so
/// the steepest plot shows the factor that matters most here.
///
/// It follows the ModelController: a new scenario, a model trained, a dataset opened. The sweeps
/// are core::profile (microseconds per model); they are computed only while the view is visible.
/// Clicking a plot asks for the scenario with that factor moved to the clicked value.
///
/// With SLA limits set (the Capacity tab's, via setLimits) each plot is shaded behind the curves
/// where every model keeps every limit, where the models disagree and where none does
/// (core::limitRegions); the limited metrics are swept too, whichever metric is shown.
class ProfilerView : public QWidget {
    Q_OBJECT
public:
    explicit ProfilerView(ModelController* models, QWidget* parent = nullptr);

    core::Metric metric() const;

protected:
    // QWidget's metric(PaintDeviceMetric) stays visible beside it (clang warns when a name hides
    // a base class's virtual overload).
    using QWidget::metric;

public:
    /// Selects the metric shown (one of core::kCoreMetrics), as the combo box does.
    void setMetric(core::Metric metric);

    /// The plot of `factor`, or nullptr when the view has none (a factor the data holds constant,
    /// threads in both examples; the VM count always has one).
    ProfilePlot* plot(core::Factor factor) const;
    int plotCount() const { return static_cast<int>(m_plots.size()); }
    /// The sweep last drawn in the plot of `factor`, or nullptr.
    const core::Profile* profile(core::Factor factor) const;
    /// The models of the curves, in curve order.
    const std::vector<QString>& curveLabels() const { return m_labels; }
    QString legendText() const;
    /// The legend's items as HTML, one per entry (the lines break between them only).
    QStringList legendItems() const;

    /// The SLA limits to shade (none: no shading). Redraws when visible.
    void setLimits(const std::vector<core::SlaLimit>& limits);
    const std::vector<core::SlaLimit>& limits() const { return m_limits; }
    /// Where the limits hold along `factor`, as last drawn; nullptr when the view has no plot.
    const core::LimitRegions* limitRegions(core::Factor factor) const;
    /// The line under the controls naming the limits, or saying how to set them.
    QString limitCaption() const;

signals:
    /// The user clicked a plot: the current scenario with that plot's factor moved there.
    void scenarioRequested(const iolens::core::Configuration& scenario);

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    struct Sweep {
        core::FactorSweep along; ///< the curves, the band and the distances to data
        /// The sweep of each limited metric by the models that answer every limited metric.
        std::map<core::Metric, core::Profile> limited;
        core::LimitRegions regions;
    };
    void rebuildDomain();
    void onEvaluated(const ScenarioEvaluation& evaluation);
    void refresh();
    void collectModels(std::vector<const core::TrainedModel*>& models);
    void drawPlot(core::Factor factor, Sweep& sweep,
        const std::vector<const core::TrainedModel*>& models, ValueSpan& span);
    /// The limited metrics' sweeps and the shaded regions; run in a sweep's own thread.
    void sweepLimits(core::Factor factor, Sweep& sweep) const;
    void updateLegend();
    /// The earlier curve that curve `curve` lies on in every plot, or -1.
    int coincidingEverywhere(int curve) const;
    void updateLimitCaption();
    void pick(core::Factor factor, double x);

    ModelController* m_models;
    QComboBox* m_metricBox;
    QLabel* m_legend;
    QLabel* m_limitCaption;
    QLabel* m_placeholder;
    QGridLayout* m_grid;
    QScrollArea* m_scroll; ///< holds the panels' grid
    std::map<core::Factor, ProfilePlot*> m_plots;
    std::map<core::Factor, Sweep> m_sweeps;
    std::vector<core::Configuration> m_configs; ///< measured configurations, aggregated
    core::FactorDomain m_domain;
    core::MeasuredSpace m_space;
    core::SweepOptions m_options;
    core::Configuration m_scenario;
    bool m_hasScenario = false;
    bool m_dirty = true; ///< something changed while hidden
    std::vector<QString> m_labels;
    std::vector<QColor> m_colors;
    /// Per curve: a stored model, judged against its own training domain as well (dashed where
    /// the sweep leaves it), not only against the open data's.
    std::vector<bool> m_ownDomain;
    /// The first model's label when it has calibrated intervals (its interval is the band);
    /// empty when the band is the models' spread.
    QString m_intervalLabel;
    std::vector<core::SlaLimit> m_limits;
    /// The models voting on the limits: entries with a model for every limited metric.
    std::map<core::Metric, std::vector<const core::TrainedModel*>> m_limitModels;
};

} // namespace iolens::ui
