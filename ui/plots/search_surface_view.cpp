// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/search_surface_view.hpp"

#include "common/error.hpp"
#include "common/metric_text.hpp"
#include "common/number_format.hpp"
#include "plots/plot_export_menu.hpp"
#include "plots/search_controls.hpp"
#include "plots/stored_runs_panel.hpp"
#include "store/optimizer_runs.hpp"

#include <QCoreApplication>
#include <QDebug>
#include <QEvent>
#include <QHBoxLayout>
#include <QLayout>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>

#include <cmath>

namespace iolens::ui {

QString costImprovementText(const QString& costName, double defaultCost, double bestCost)
{
    const double change = defaultCost > 0.0 ? 100.0 * (bestCost - defaultCost) / defaultCost : 0.0;
    // A real minus sign: the hyphen of QLocale's "-32" looks like a dash next to the arrow.
    QString percent = formatSignificant(std::fabs(change), 2) + QStringLiteral(" %");
    if (change < 0.0)
        percent.prepend(QStringLiteral("−"));
    else if (change > 0.0)
        percent.prepend(QStringLiteral("+"));
    return QCoreApplication::translate("iolens::ui::SearchSurfaceView", "%1 %2 → %3, %4")
        .arg(costName, formatSignificant(defaultCost, 3), formatSignificant(bestCost, 3), percent);
}

// A fixed width, so that progress and result texts wrap instead of widening the column while a
// search runs; taken again when the font changes (presentation mode), or the choices are cut.
void SearchSurfaceView::fitControlsWidth()
{
    // The layouts' cached hints still have the old font's sizes until they are recomputed.
    for (QLayout* layout : m_controls->findChildren<QLayout*>())
        layout->invalidate();
    const int width = m_controls->sizeHint().width() + 16;
    m_controls->setFixedWidth(width);
    m_runsPanel->setFixedWidth(width);
    // Room for the scroll bar beside them, so it never covers the choices when it shows.
    m_column->setFixedWidth(width + m_column->verticalScrollBar()->sizeHint().width());
}

void SearchSurfaceView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        fitControlsWidth();
}

SearchSurfaceView::SearchSurfaceView(QWidget* parent)
    : QWidget(parent)
    , m_controls(new SearchControls(this))
    , m_runsPanel(new StoredRunsPanel(this))
    , m_plot(new SearchSurfacePlot(this))
    , m_runner(new OptimizationRunner(this))
    , m_column(new QScrollArea(this))
{
    auto* columnWidget = new QWidget;
    auto* column = new QVBoxLayout(columnWidget);
    column->setContentsMargins(0, 0, 0, 0);
    column->addWidget(m_controls, 1);
    column->addSpacing(12);
    column->addWidget(m_runsPanel);
    m_column->setWidget(columnWidget);
    m_column->setWidgetResizable(true);
    m_column->setFrameShape(QFrame::NoFrame);
    m_column->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    fitControlsWidth();
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(m_column);
    layout->addWidget(m_plot, 1);
    connect(m_runsPanel, &StoredRunsPanel::showRequested, this, &SearchSurfaceView::showRun);
    connect(m_runsPanel, &StoredRunsPanel::resumeRequested, this, &SearchSurfaceView::resumeRun);

    connect(m_controls, &SearchControls::startRequested, this, &SearchSurfaceView::start);
    connect(m_controls, &SearchControls::cancelRequested, this, &SearchSurfaceView::cancel);
    connect(m_controls, &SearchControls::choiceChanged, this, &SearchSurfaceView::onChoiceChanged);
    connect(m_runner, &OptimizationRunner::progressed, this, &SearchSurfaceView::onProgress);
    connect(m_runner, &OptimizationRunner::finished, this, &SearchSurfaceView::onFinished);
    connect(m_runner, &OptimizationRunner::failed, this, [this](const QString& message) {
        qWarning().noquote() << "parameter search failed:" << message;
        finishRecording("failed");
        onStopped(tr("The search failed: %1").arg(message));
    });
    connect(m_runner, &OptimizationRunner::cancelled, this, [this] {
        finishRecording("cancelled");
        onStopped(m_recordingRun
                ? tr("Search cancelled; run %1 keeps its points and can be resumed.")
                      .arg(*m_recordingRun)
                : tr("Search cancelled."));
    });
    m_controls->setStartEnabled(false);
    onChoiceChanged();
    attachExportMenu(m_plot, [this] {
        return PictureInfo {tr("Parameter search: %1").arg(metricTitle(m_scene.metric)),
            searchCostName(m_scene.cv, m_scene.folds), m_scene.technique};
    });
}

void SearchSurfaceView::setMeasurements(const std::vector<core::Measurement>& runs)
{
    setRows(aggregatedRows(runs));
}

void SearchSurfaceView::setRows(AggregatedRows rows)
{
    ++m_generation;
    m_runner->cancel();
    m_rows = orNoRows(std::move(rows));
    m_outcome.reset();
    m_scene.points.clear();
    m_scene.best.reset();
    m_controls->setStartEnabled(!m_rows->empty());
    m_controls->showStatus(QString());
    redraw();
}

void SearchSurfaceView::setRunStore(
    std::shared_ptr<core::MeasurementDatabase> database, const std::string& dataset, bool writable)
{
    m_database = std::move(database);
    m_dataset = dataset;
    m_writable = writable && m_database;
    refreshRuns();
}

void SearchSurfaceView::refreshRuns()
{
    std::vector<core::StoredOptimizerRun> runs;
    if (m_database) {
        try {
            // The open dataset's runs, and those over every dataset of the database.
            for (core::StoredOptimizerRun& run : core::optimizerRuns(*m_database))
                if (run.dataset.empty() || run.dataset == m_dataset)
                    runs.push_back(std::move(run));
        } catch (const std::exception& error) {
            qWarning().noquote() << "optimizer runs not listed:" << error.what();
        }
    }
    m_runsPanel->setRuns(runs, m_writable);
}

void SearchSurfaceView::startRecording(
    const core::OptimizeRequest& request, const std::vector<core::EvaluatedPoint>& previous)
{
    m_recorder.reset();
    m_recordingRun.reset();
    m_recordingDatabase = m_writable ? m_database : nullptr;
    if (!m_recordingDatabase)
        return;
    try {
        m_recorder
            = std::make_unique<core::OptimizerRunRecorder>(*m_recordingDatabase, request, previous);
        m_recordingRun = m_recorder->runId();
    } catch (const std::exception& error) {
        m_controls->showStatus(
            tr("This search is not recorded: %1").arg(QString::fromStdString(error.what())));
    }
    refreshRuns();
    if (m_recordingRun)
        m_runsPanel->selectRun(*m_recordingRun);
}

void SearchSurfaceView::finishRecording(const std::string& status)
{
    if (!m_recorder)
        return;
    try {
        m_recorder->finish(status);
    } catch (const std::exception& error) {
        qWarning().noquote() << "optimizer run status not saved:" << error.what();
    }
    m_recorder.reset();
    m_recordingDatabase.reset();
    refreshRuns();
    if (m_recordingRun)
        m_runsPanel->selectRun(*m_recordingRun);
}

std::optional<std::int64_t> SearchSurfaceView::recordingRun() const
{
    return m_recordingRun;
}

bool SearchSurfaceView::start()
{
    const core::SearchRequest search = m_controls->request();
    if (m_rows->empty() || !m_runner->start(*m_rows, search))
        return false;
    core::OptimizeRequest request;
    request.model.technique = search.technique;
    request.model.metric = search.metric;
    request.model.params = search.fixed;
    if (!m_dataset.empty())
        request.model.dataset = m_dataset;
    request.settings = search.settings;
    request.folds = search.folds;
    request.seed = search.seed;
    request.cv = search.cv;
    m_runsPanel->setBusy(true);
    startRecording(request);
    m_runGeneration = m_generation;
    m_outcome.reset();
    m_scene.points.clear();
    m_scene.best.reset();
    setSceneCost(search);
    m_controls->setRunning(true);
    m_controls->showStatus(QString());
    redraw();
    return true;
}

SearchSurfaceView::LoadedRun SearchSurfaceView::loadRun(std::int64_t runId) const
{
    auto run = core::optimizerRun(*m_database, runId);
    if (!run)
        throw core::DataError("the database has no optimizer run " + std::to_string(runId));
    LoadedRun loaded {*run, core::storedOptimizeRequest(*run), {}, {}};
    loaded.search = core::searchRequestOf(loaded.request);
    loaded.points
        = core::recordedRunPoints(*m_database, runId, core::searchedDimensions(loaded.search));
    return loaded;
}

void SearchSurfaceView::takeRunChoices(const core::SearchRequest& search)
{
    m_controls->setTechnique(search.technique);
    m_controls->setMetric(search.metric);
    m_controls->setCv(search.cv);
    m_controls->setSettings(search.settings);
}

bool SearchSurfaceView::showRun(std::int64_t runId)
{
    if (!m_database || isRunning())
        return false;
    try {
        LoadedRun loaded = loadRun(runId);
        // The controls take the run's choices first: changing them clears the scene.
        takeRunChoices(loaded.search);
        setSceneCost(loaded.search);
        m_outcome.reset();
        m_scene.points = std::move(loaded.points);
        m_scene.best.reset();
        redraw();
        m_runsPanel->selectRun(runId);
        const core::StoredOptimizerRun& run = loaded.run;
        const QString cost = searchCostName(m_scene.cv, m_scene.folds);
        m_controls->showStatus(run.bestCost
                ? tr("Run %1 (%2): best %3 %4, started %5")
                      .arg(run.id)
                      .arg(storedRunStatusText(run.status), cost,
                          formatSignificant(*run.bestCost, 3), QString::fromStdString(run.created))
                : tr("Run %1 has no evaluated points yet.").arg(run.id));
        return true;
    } catch (const std::exception& error) {
        m_controls->showStatus(
            tr("Run %1 cannot be shown: %2").arg(runId).arg(QString::fromStdString(error.what())));
        return false;
    }
}

bool SearchSurfaceView::resumeRun(std::int64_t runId)
{
    if (!m_database || !m_writable || isRunning())
        return false;
    try {
        LoadedRun loaded = loadRun(runId);
        // The rows the run was started on (its dataset, split and filter), not the table's.
        auto rows = core::selectMeasurements(*m_database, loaded.request.model);
        takeRunChoices(loaded.search);
        if (!m_runner->start(std::move(rows), loaded.search, loaded.points))
            return false;
        setSceneCost(loaded.search);
        m_runsPanel->setBusy(true);
        startRecording(loaded.request, loaded.points);
        m_runGeneration = m_generation;
        m_outcome.reset();
        m_scene.points = std::move(loaded.points);
        m_scene.best.reset();
        m_controls->setRunning(true);
        m_controls->showStatus(tr("Resuming run %1.").arg(runId));
        redraw();
        return true;
    } catch (const std::exception& error) {
        m_controls->showStatus(tr("Run %1 cannot be resumed: %2")
                                   .arg(runId)
                                   .arg(QString::fromStdString(error.what())));
        return false;
    }
}

void SearchSurfaceView::cancel()
{
    m_runner->cancel();
}

bool SearchSurfaceView::isRunning() const
{
    return m_runner->isRunning();
}

void SearchSurfaceView::onProgress(const SearchProgress& progress)
{
    // Recorded whatever the window shows now: the run is the search's, not the view's.
    if (m_recorder) {
        try {
            m_recorder->record(progress.points);
        } catch (const std::exception& error) {
            qWarning().noquote() << "optimizer points not recorded:" << error.what();
        }
    }
    if (!current())
        return; // a search on data that is no longer shown
    m_controls->showProgress(progress);
    m_scene.points = progress.points;
    redraw();
}

void SearchSurfaceView::onFinished(const core::SearchOutcome& outcome)
{
    finishRecording("finished");
    m_runsPanel->setBusy(false);
    m_controls->setRunning(false);
    if (!current()) {
        m_controls->showStatus(tr("The data changed during the search; its result was dropped."));
        return;
    }
    m_outcome = outcome;
    m_controls->showFinished(outcome.search);
    m_scene.points = outcome.search.points;
    m_scene.best = outcome.search.best;
    redraw();
    m_controls->showStatus(tr("%1 (default parameters → best point)")
                               .arg(costImprovementText(searchCostName(m_scene.cv, m_scene.folds),
                                   outcome.defaultCost, outcome.search.best.cost)));
    emit searchFinished(outcome);
    if (outcome.model)
        emit modelOptimized(*outcome.model);
}

void SearchSurfaceView::onStopped(const QString& status)
{
    m_runsPanel->setBusy(false);
    m_controls->setRunning(false);
    m_controls->showStatus(status);
}

void SearchSurfaceView::onChoiceChanged()
{
    const QString technique = QString::fromStdString(m_controls->technique());
    // Points of another technique, metric or cost do not belong on these axes.
    if (!isRunning()
        && (technique != m_scene.technique || m_controls->metric() != m_scene.metric
            || m_controls->request().cv != m_scene.cv)) {
        m_scene.points.clear();
        m_scene.best.reset();
        setSceneCost(m_controls->request());
    }
    m_scene.technique = technique;
    m_scene.metric = m_controls->metric();
    m_scene.dimensions = m_controls->dimensions();
    m_scene.logHints = m_controls->logHints();
    redraw();
}

void SearchSurfaceView::setSceneCost(const core::SearchRequest& search)
{
    m_scene.cv = search.cv;
    m_scene.folds = search.folds;
    m_controls->setCostName(searchCostName(search.cv, search.folds));
}

void SearchSurfaceView::redraw()
{
    m_scene.xDimension = m_controls->xDimension();
    m_scene.yDimension = m_controls->yDimension();
    m_plot->showScene(m_scene);
}

} // namespace iolens::ui

#include "moc_search_surface_view.cpp"
