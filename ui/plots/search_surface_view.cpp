// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/search_surface_view.hpp"

#include "common/metric_text.hpp"
#include "common/number_format.hpp"
#include "plots/plot_export_menu.hpp"
#include "plots/search_controls.hpp"

#include <QCoreApplication>
#include <QDebug>
#include <QEvent>
#include <QHBoxLayout>
#include <QLayout>
#include <QPushButton>

#include <cmath>

namespace iolens::ui {

QString costImprovementText(double defaultCost, double bestCost)
{
    const double change = defaultCost > 0.0 ? 100.0 * (bestCost - defaultCost) / defaultCost : 0.0;
    // A real minus sign: the hyphen of QLocale's "-32" looks like a dash next to the arrow.
    QString percent = formatSignificant(std::fabs(change), 2) + QStringLiteral(" %");
    if (change < 0.0)
        percent.prepend(QStringLiteral("−"));
    else if (change > 0.0)
        percent.prepend(QStringLiteral("+"));
    return QCoreApplication::translate("iolens::ui::SearchSurfaceView", "CV RMSE %1 → %2, %3")
        .arg(formatSignificant(defaultCost, 3), formatSignificant(bestCost, 3), percent);
}

// A fixed width, so that progress and result texts wrap instead of widening the column while a
// search runs; taken again when the font changes (presentation mode), or the choices are cut.
void SearchSurfaceView::fitControlsWidth()
{
    // The layouts' cached hints still have the old font's sizes until they are recomputed.
    for (QLayout* layout : m_controls->findChildren<QLayout*>())
        layout->invalidate();
    m_controls->setFixedWidth(m_controls->sizeHint().width() + 16);
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
    , m_plot(new SearchSurfacePlot(this))
    , m_runner(new OptimizationRunner(this))
{
    fitControlsWidth();
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(m_controls);
    layout->addWidget(m_plot, 1);

    connect(m_controls, &SearchControls::startRequested, this, &SearchSurfaceView::start);
    connect(m_controls, &SearchControls::cancelRequested, this, &SearchSurfaceView::cancel);
    connect(m_controls, &SearchControls::choiceChanged, this, &SearchSurfaceView::onChoiceChanged);
    connect(m_runner, &OptimizationRunner::progressed, this, &SearchSurfaceView::onProgress);
    connect(m_runner, &OptimizationRunner::finished, this, &SearchSurfaceView::onFinished);
    connect(m_runner, &OptimizationRunner::failed, this, [this](const QString& message) {
        qWarning().noquote() << "parameter search failed:" << message;
        onStopped(tr("The search failed: %1").arg(message));
    });
    connect(m_runner, &OptimizationRunner::cancelled, this,
        [this] { onStopped(tr("Search cancelled.")); });
    m_controls->setStartEnabled(false);
    onChoiceChanged();
    attachExportMenu(m_plot, [this] {
        return PictureInfo {tr("Parameter search: %1").arg(metricTitle(m_scene.metric)),
            tr("cross-validation RMSE"), m_scene.technique};
    });
}

void SearchSurfaceView::setMeasurements(const std::vector<core::Measurement>& runs)
{
    ++m_generation;
    m_runner->cancel();
    m_rows = core::aggregateRepetitions(runs);
    m_outcome.reset();
    m_scene.points.clear();
    m_scene.best.reset();
    m_controls->setStartEnabled(!m_rows.empty());
    m_controls->showStatus(QString());
    redraw();
}

bool SearchSurfaceView::start()
{
    if (m_rows.empty() || !m_runner->start(m_rows, m_controls->request()))
        return false;
    m_runGeneration = m_generation;
    m_outcome.reset();
    m_scene.points.clear();
    m_scene.best.reset();
    m_controls->setRunning(true);
    m_controls->showStatus(QString());
    redraw();
    return true;
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
    if (!current())
        return; // a search on data that is no longer shown
    m_controls->showProgress(progress);
    m_scene.points = progress.points;
    redraw();
}

void SearchSurfaceView::onFinished(const core::SearchOutcome& outcome)
{
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
    m_controls->showStatus(
        tr("%1 (default parameters → best point)")
            .arg(costImprovementText(outcome.defaultCost, outcome.search.best.cost)));
    emit searchFinished(outcome);
    if (outcome.model)
        emit modelOptimized(*outcome.model);
}

void SearchSurfaceView::onStopped(const QString& status)
{
    m_controls->setRunning(false);
    m_controls->showStatus(status);
}

void SearchSurfaceView::onChoiceChanged()
{
    const QString technique = QString::fromStdString(m_controls->technique());
    // Points of another technique or metric do not belong on these axes.
    if (!isRunning()
        && (technique != m_scene.technique || m_controls->metric() != m_scene.metric)) {
        m_scene.points.clear();
        m_scene.best.reset();
    }
    m_scene.technique = technique;
    m_scene.metric = m_controls->metric();
    m_scene.dimensions = m_controls->dimensions();
    m_scene.logHints = m_controls->logHints();
    redraw();
}

void SearchSurfaceView::redraw()
{
    m_scene.xDimension = m_controls->xDimension();
    m_scene.yDimension = m_controls->yDimension();
    m_plot->showScene(m_scene);
}

} // namespace iolens::ui
