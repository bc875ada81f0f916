// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/aggregation.hpp"
#include "plots/optimization_runner.hpp"
#include "plots/search_surface_plot.hpp"

#include <QWidget>

#include <optional>
#include <vector>

namespace iolens::ui {

class SearchControls;

/// The parameter search of ICPE'13 section 5 in the window: pick a technique and a metric, press
/// Start, and watch Algorithm 1 explore its parameters on the open dataset, the cross-validation
/// cost of every evaluated point drawn live over two chosen parameters (SearchSurfacePlot). The
/// search runs in the background (OptimizationRunner), so the window never blocks; Cancel stops
/// it after the batch in flight. When it ends, the view shows the default against the best cost
/// and emits the model fitted at the best point for the model comparison.
class SearchSurfaceView : public QWidget {
    Q_OBJECT
public:
    explicit SearchSurfaceView(QWidget* parent = nullptr);

    /// The runs of the open dataset; repetitions are averaged here. A search in progress is
    /// cancelled and its outcome discarded: it belongs to the previous data.
    void setMeasurements(const std::vector<core::Measurement>& runs);
    /// Starts a search as the controls describe it; false if one runs or there is no data.
    bool start();
    void cancel();
    bool isRunning() const;

    /// The last search that ran to its end on the current data.
    const std::optional<core::SearchOutcome>& outcome() const { return m_outcome; }
    SearchControls* controls() const { return m_controls; }
    SearchSurfacePlot* plot() const { return m_plot; }
    const OptimizationRunner* runner() const { return m_runner; }

signals:
    /// A search finished: `model` is fitted on all rows at the best point ("cart (optimized)").
    void modelOptimized(const iolens::core::TrainedModel& model);
    /// The same search in full: every point, default and best cost, the best parameters.
    void searchFinished(const iolens::core::SearchOutcome& outcome);

protected:
    void changeEvent(QEvent* event) override;

private:
    void fitControlsWidth();
    void onProgress(const SearchProgress& progress);
    void onFinished(const core::SearchOutcome& outcome);
    void onStopped(const QString& status);
    void onChoiceChanged();
    void redraw();
    bool current() const { return m_runGeneration == m_generation; }

    SearchControls* m_controls;
    SearchSurfacePlot* m_plot;
    OptimizationRunner* m_runner;
    std::vector<core::AggregatedMeasurement> m_rows;
    SurfaceScene m_scene;
    std::optional<core::SearchOutcome> m_outcome;
    int m_generation = 0;    ///< bumped by every setMeasurements
    int m_runGeneration = 0; ///< the generation the running search started on
};

/// "CV RMSE 1.27 → 0.86, −32 %": the default parameters' cost against the best point's.
QString costImprovementText(double defaultCost, double bestCost);

} // namespace iolens::ui
