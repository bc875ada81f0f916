// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/aggregated_rows.hpp"
#include "plots/optimization_runner.hpp"
#include "plots/search_surface_plot.hpp"
#include "workflow/model_optimization.hpp"

#include <QWidget>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

class QScrollArea;

namespace iolens::ui {

class SearchControls;
class StoredRunsPanel;

/// The parameter search of ICPE'13 section 5 in the window: pick a technique and a metric, press
/// Start, and watch Algorithm 1 explore its parameters on the open dataset, the cross-validation
/// cost of every evaluated point drawn live over two chosen parameters (SearchSurfacePlot). The
/// search runs in the background (OptimizationRunner), so the window never blocks; Cancel stops
/// it after the batch in flight. When it ends, the view shows the default against the best cost
/// and emits the model fitted at the best point for the model comparison. In a writable database
/// every search is recorded as an optimizer run, as `iolens-cli optimize` records its own; the
/// runs stored for the open dataset are listed (StoredRunsPanel), any of them can be redrawn,
/// and one that did not finish resumes where it stopped.
class SearchSurfaceView : public QWidget {
    Q_OBJECT
public:
    explicit SearchSurfaceView(QWidget* parent = nullptr);

    /// The runs of the open dataset; repetitions are averaged here. A search in progress is
    /// cancelled and its outcome discarded: it belongs to the previous data.
    void setMeasurements(const std::vector<core::Measurement>& runs);
    /// The same from the runs aggregated already, shared rather than copied.
    void setRows(AggregatedRows rows);
    /// Where optimizer runs are kept: the open database and dataset. `writable` false (an example,
    /// a file opened read-only): searches are not recorded and runs cannot be resumed.
    void setRunStore(std::shared_ptr<core::MeasurementDatabase> database,
        const std::string& dataset, bool writable);
    /// Starts a search as the controls describe it; false if one runs or there is no data.
    bool start();
    /// Draws a stored run's points, with its technique, metric and settings in the controls.
    /// False, with the reason in the status line, if it cannot be read.
    bool showRun(std::int64_t runId);
    /// Continues a stored run that did not finish, recording its new points in the database.
    bool resumeRun(std::int64_t runId);
    /// The run the search in progress (or the last one) records into, if any.
    std::optional<std::int64_t> recordingRun() const;
    void cancel();
    bool isRunning() const;

    /// The last search that ran to its end on the current data.
    const std::optional<core::SearchOutcome>& outcome() const { return m_outcome; }
    SearchControls* controls() const { return m_controls; }
    StoredRunsPanel* storedRuns() const { return m_runsPanel; }
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
    void refreshRuns();
    /// A stored run as showRun and resumeRun need it: its request, its search and its recorded
    /// points. Throws for a run the database lacks or cannot be read.
    struct LoadedRun {
        core::StoredOptimizerRun run;
        core::OptimizeRequest request;
        core::SearchRequest search;
        std::vector<core::EvaluatedPoint> points;
    };
    LoadedRun loadRun(std::int64_t runId) const;
    /// Puts a run's technique, metric and settings in the controls (which clears the scene).
    void takeRunChoices(const core::SearchRequest& search);
    /// The scene and the progress texts name `search`'s cost (random k-fold or grouped).
    void setSceneCost(const core::SearchRequest& search);
    /// Starts recording a search (a new run, or request.resumeRun continued); a database that
    /// refuses leaves the search unrecorded, with the reason in the status line.
    void startRecording(const core::OptimizeRequest& request,
        const std::vector<core::EvaluatedPoint>& previous = {});
    void finishRecording(const std::string& status);

    SearchControls* m_controls;
    StoredRunsPanel* m_runsPanel;
    SearchSurfacePlot* m_plot;
    OptimizationRunner* m_runner;
    /// The controls and the stored runs, scrolled where the tab is too short for them (at
    /// 1280x800 the spin boxes were squeezed to half their height, their digits cut).
    QScrollArea* m_column;
    std::shared_ptr<core::MeasurementDatabase> m_database;
    std::string m_dataset;
    bool m_writable = false;
    /// The database the recorder writes to stays alive with it, whatever the window opens since.
    std::shared_ptr<core::MeasurementDatabase> m_recordingDatabase;
    std::unique_ptr<core::OptimizerRunRecorder> m_recorder;
    std::optional<std::int64_t> m_recordingRun;
    AggregatedRows m_rows = orNoRows(nullptr);
    SurfaceScene m_scene;
    std::optional<core::SearchOutcome> m_outcome;
    int m_generation = 0;    ///< bumped by every setRows
    int m_runGeneration = 0; ///< the generation the running search started on
};

/// "10-fold CV RMSE 1.27 → 0.86, −32 %": the default parameters' cost (`costName`,
/// searchCostName) against the best point's.
QString costImprovementText(const QString& costName, double defaultCost, double bestCost);

} // namespace iolens::ui
