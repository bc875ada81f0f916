// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/inside_out_density_view.hpp"
#include "common/background_pool.hpp"

#include "plots/plot_export_menu.hpp"
#include "plots/plot_style.hpp"

#include "common/error.hpp"

#include <qcustomplot.h>

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPromise>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <atomic>
#include <memory>

namespace iolens::ui {

namespace {

/// The density axis: no tick below zero, where the rug rows sit and a negative density would
/// read as a value.
class DensityTicker : public QCPAxisTicker {
protected:
    QVector<double> createTickVector(double tickStep, const QCPRange& range) override
    {
        QVector<double> ticks = QCPAxisTicker::createTickVector(tickStep, range);
        ticks.removeIf([tickStep](double tick) { return tick < -1e-9 * tickStep; });
        return ticks;
    }
    QVector<double> createSubTickVector(int subTickCount, const QVector<double>& ticks) override
    {
        QVector<double> subTicks = QCPAxisTicker::createSubTickVector(subTickCount, ticks);
        subTicks.removeIf([](double tick) { return tick < 0.0; });
        return subTicks;
    }
};

// Runs in the pool: one progress step per run; a cancel takes effect between methods.
// The stop flag is our own rather than QFuture::cancel(), because a cancelled QFuture drops the
// result and the runs scored so far are worth drawing.
void scoreRuns(QPromise<RunAccuracyBatch>& promise, const QString& directory,
    const core::RunAccuracyOptions& options, std::shared_ptr<std::atomic<bool>> stop)
{
    RunAccuracyBatch batch;
    try {
        const std::vector<core::LowLevelRun> runs
            = core::findLowLevelRuns(directory.toStdString(), &batch.unpaired);
        promise.setProgressRange(0, static_cast<int>(runs.size()));
        for (const core::LowLevelRun& run : runs) {
            if (*stop)
                break;
            batch.runs.push_back(
                core::evaluateRunAccuracy(run, options, [&stop] { return stop->load(); }));
            promise.setProgressValue(static_cast<int>(batch.runs.size()));
        }
    } catch (const core::Error& error) {
        batch.error = QString::fromUtf8(error.what());
    }
    promise.addResult(std::move(batch));
}

// A vertical tick, the rug's mark: 12 px tall, centred on the data point (QCustomPlot scales a
// custom path by size / 6).
QCPScatterStyle rugStyle(const QColor& color)
{
    QPainterPath tick;
    tick.moveTo(0, -3);
    tick.lineTo(0, 3);
    return QCPScatterStyle(tick, QPen(color, 1.5), Qt::NoBrush, 12);
}

} // namespace

InsideOutDensityView::InsideOutDensityView(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
    , m_status(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_cancel(new QPushButton(tr("Cancel"), this))
{
    setObjectName(QStringLiteral("insideout-density"));
    applyPlotStyle(*m_plot);
    m_plot->xAxis->setLabel(tr("accuracy max(1 − MAPE, 0)"));
    m_plot->yAxis->setLabel(tr("density"));
    m_plot->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new DensityTicker));
    m_plot->xAxis->setRange(0.0, 1.0);
    m_plot->yAxis->setRange(0.0, 1.0);
    m_plot->plotLayout()->insertRow(0);
    m_plot->plotLayout()->addElement(0, 0,
        new QCPTextElement(m_plot, tr("Inside-Out accuracy across runs"), plotFont(1.2, true)));
    m_subtitle = new QCPTextElement(m_plot, QString(), plotFont());
    m_plot->plotLayout()->insertRow(1);
    m_plot->plotLayout()->addElement(1, 0, m_subtitle);
    m_plot->legend->setVisible(true);
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    m_plot->setMinimumSize(400, 300);
    attachExportMenu(m_plot, [this] {
        QStringList names;
        for (core::AccuracyMethod method : m_methods)
            names << QString::fromStdString(core::accuracyMethodName(method));
        return PictureInfo {
            tr("Inside-Out accuracy density"), m_directory, names.join(QStringLiteral(", "))};
    });

    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_progress->setVisible(false);
    m_cancel->setVisible(false);
    auto* progressRow = new QHBoxLayout;
    progressRow->addWidget(m_progress, 1);
    progressRow->addWidget(m_cancel);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_plot, 1);
    layout->addLayout(progressRow);
    layout->addWidget(m_status);

    connect(m_cancel, &QPushButton::clicked, this, &InsideOutDensityView::cancel);
    connect(&m_watcher, &QFutureWatcher<RunAccuracyBatch>::progressRangeChanged, m_progress,
        &QProgressBar::setRange);
    connect(&m_watcher, &QFutureWatcher<RunAccuracyBatch>::progressValueChanged, this,
        [this](int done) {
            m_progress->setValue(done);
            m_status->setText(tr("Scoring runs in %1: %2 of %3 done…")
                                  .arg(m_directory)
                                  .arg(done)
                                  .arg(m_progress->maximum()));
        });
    connect(&m_watcher, &QFutureWatcher<RunAccuracyBatch>::finished, this,
        &InsideOutDensityView::onFinished);
}

InsideOutDensityView::~InsideOutDensityView()
{
    m_watcher.disconnect(this);
    if (m_watcher.isRunning()) {
        *m_stop = true;
        m_watcher.waitForFinished();
    }
}

void InsideOutDensityView::evaluate(
    const QString& directory, const core::RunAccuracyOptions& options)
{
    // setFuture() drops the old future's pending signals, so the cancelled run reports nothing.
    if (m_watcher.isRunning()) {
        *m_stop = true;
        m_watcher.waitForFinished();
    }
    m_stop = std::make_shared<std::atomic<bool>>(false);
    m_directory = directory;
    m_methods = options.methods;
    m_folds = options.folds;
    m_finished = false;
    m_progress->setRange(0, 0);
    m_progress->setVisible(true);
    m_cancel->setVisible(true);
    m_status->setText(tr("Scoring runs in %1…").arg(directory));
    m_watcher.setFuture(QtConcurrent::run(backgroundPool(), scoreRuns, directory, options, m_stop));
}

void InsideOutDensityView::cancel()
{
    if (m_watcher.isRunning())
        *m_stop = true;
}

void InsideOutDensityView::onFinished()
{
    m_progress->setVisible(false);
    m_cancel->setVisible(false);
    const QFuture<RunAccuracyBatch> future = m_watcher.future();
    if (future.resultCount() == 0) {
        m_status->setText(tr("Cancelled."));
        m_finished = true;
        emit evaluationFinished();
        return;
    }
    const RunAccuracyBatch batch = future.result();
    setResults(batch.runs, m_methods);
    QStringList notes;
    if (!batch.error.isEmpty())
        notes << tr("Stopped: %1").arg(batch.error);
    if (m_stop->load())
        notes << tr("Cancelled: only the runs scored so far are shown.");
    for (const std::string& unpaired : batch.unpaired)
        notes << tr("Ignored %1.").arg(QString::fromStdString(unpaired));
    if (!notes.isEmpty())
        m_status->setText(m_status->text() + QStringLiteral("\n") + notes.join(QLatin1Char(' ')));
    m_finished = true;
    emit evaluationFinished();
}

void InsideOutDensityView::setResults(
    const std::vector<core::RunAccuracy>& runs, const std::vector<core::AccuracyMethod>& methods)
{
    m_methods = methods;
    m_plot->clearGraphs();
    const std::vector<core::MethodAccuracyDensity> densities
        = core::accuracyDensities(runs, methods);
    double peak = 0.0;
    for (const auto& entry : densities)
        peak = std::max(
            peak, *std::max_element(entry.density.density.begin(), entry.density.density.end()));
    peak = peak > 0.0 ? peak : 1.0;
    // The rugs lie below zero, one row per method, so that ticks of different methods never hide
    // each other and never cover the curves.
    const double rugRow = 0.05 * peak;
    const int count = static_cast<int>(densities.size());
    for (int m = 0; m < count; ++m) {
        const auto& entry = densities[static_cast<std::size_t>(m)];
        const QColor color = seriesColor(m);
        QCPGraph* curve = m_plot->addGraph();
        curve->setName(tr("%1 (mean %2)")
                           .arg(QString::fromStdString(core::accuracyMethodName(entry.method)))
                           .arg(entry.mean, 0, 'f', 3));
        curve->setPen(QPen(color, 2.0));
        curve->setData(QVector<double>(entry.density.grid.begin(), entry.density.grid.end()),
            QVector<double>(entry.density.density.begin(), entry.density.density.end()), true);
    }
    for (int m = 0; m < count; ++m) {
        const auto& entry = densities[static_cast<std::size_t>(m)];
        QCPGraph* rug = m_plot->addGraph();
        rug->setName(
            tr("%1 runs").arg(QString::fromStdString(core::accuracyMethodName(entry.method))));
        rug->setLineStyle(QCPGraph::lsNone);
        rug->setScatterStyle(rugStyle(seriesColor(m)));
        QVector<double> x(entry.accuracies.begin(), entry.accuracies.end());
        std::sort(x.begin(), x.end());
        rug->setData(x, QVector<double>(x.size(), -rugRow * (m + 1)), true);
        rug->removeFromLegend();
    }
    m_curves = count;
    int scored = 0;
    for (const auto& run : runs)
        scored += run.skipped.empty() ? 1 : 0;
    m_subtitle->setText(
        tr("%1 runs scored (%2 skipped) · accuracy by %3-fold cross-validation within each run · "
           "Gaussian kernel, Silverman's bandwidth · ticks: the runs")
            .arg(scored)
            .arg(static_cast<int>(runs.size()) - scored)
            .arg(m_folds > 0 ? m_folds : core::RunAccuracyOptions {}.folds));
    m_plot->xAxis->setRange(0.0, 1.0);
    m_plot->yAxis->setRange(-rugRow * (count + 1), peak * 1.08);
    m_plot->replot();

    int skipped = 0;
    for (const auto& run : runs)
        skipped += run.skipped.empty() ? 0 : 1;
    QStringList lines;
    lines << tr("%1 runs scored, %2 skipped (too short or unusable); accuracy by k-fold "
                "cross-validation within each run; Gaussian kernel density, Silverman's "
                "bandwidth; ticks under the curves: the runs.")
                 .arg(static_cast<int>(runs.size()) - skipped)
                 .arg(skipped);
    for (const auto& run : runs)
        if (!run.skipped.empty())
            lines << tr("Skipped %1: %2.")
                         .arg(QString::fromStdString(run.run.key),
                             QString::fromStdString(run.skipped));
    if (count == 0)
        lines << tr("No run could be scored: nothing to draw.");
    m_summary = lines.join(QLatin1Char('\n'));
    m_status->setText(m_summary);
}

QString InsideOutDensityView::statusText() const
{
    return m_status->text();
}

} // namespace iolens::ui

#include "moc_inside_out_density_view.cpp"
