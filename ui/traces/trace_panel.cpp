// SPDX-License-Identifier: GPL-3.0-or-later
#include "traces/trace_panel.hpp"
#include "common/background_pool.hpp"

#include "common/number_format.hpp"
#include "common/units.hpp"
#include "plots/plot_style.hpp"
#include "store/trace_store.hpp"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <qcustomplot.h>

#include <algorithm>
#include <exception>

namespace iolens::ui {

namespace {

/// A plot labelled `x` and `y`; where it is too short for `y` (the lower row at 1280x800 cut
/// "Share of test requests" at both ends), its y axis says `briefY`.
QCustomPlot* newPlot(const QString& x, const QString& y, const QString& briefY)
{
    auto* plot = new QCustomPlot;
    applyPlotStyle(*plot);
    plot->xAxis->setLabel(x);
    plot->yAxis->setLabel(y);
    plot->setMinimumHeight(100);
    fitAfterLayout(*plot, [plot, y, briefY] { return fitAxisLabel(*plot->yAxis, y, briefY); });
    return plot;
}

} // namespace

const std::vector<double>& TracePanel::cacheSizesMib()
{
    static const std::vector<double> sizes {0, 1, 4, 16, 64, 256, 1024, 4096, 16384};
    return sizes;
}

TracePanel::TracePanel(QWidget* parent)
    : QWidget(parent)
    , m_trace(new QComboBox)
    , m_technique(new QComboBox)
    , m_cache(new QSlider(Qt::Horizontal))
    , m_cacheValue(new QLabel)
    , m_summary(new QLabel)
    , m_plotArea(new QWidget)
    , m_timeline(newPlot(tr("Arrival (s)"), tr("Response time (ms)"), tr("RT (ms)")))
    , m_errors(newPlot(
          tr("Relative error of the prediction"), tr("Share of test requests"), tr("Share")))
    , m_importance(newPlot(tr("Feature"), tr("Error rise (points)"), tr("Rise (pts)")))
    , m_settle(new QTimer(this))
{
    m_technique->addItem(tr("SBCART"), QStringLiteral("sbcart"));
    m_technique->addItem(tr("CART"), QStringLiteral("cart"));
    m_cache->setRange(0, static_cast<int>(cacheSizesMib().size()) - 1);
    m_cache->setValue(5); // 256 MiB, trace-features' default
    m_cache->setPageStep(1);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Trace:")));
    controls->addWidget(m_trace, 2);
    controls->addWidget(new QLabel(tr("Model:")));
    controls->addWidget(m_technique);
    controls->addWidget(new QLabel(tr("LRU cache for the hit feature:")));
    controls->addWidget(m_cache, 2);
    controls->addWidget(m_cacheValue);
    auto* plots = new QGridLayout(m_plotArea);
    plots->setContentsMargins(0, 0, 0, 0);
    plots->addWidget(m_timeline, 0, 0, 1, 2);
    plots->addWidget(m_errors, 1, 0);
    plots->addWidget(m_importance, 1, 1);
    plots->setRowStretch(0, 1);
    plots->setRowStretch(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_summary);
    layout->addWidget(m_plotArea, 1);
    // Takes the height while the plots are hidden, so the hint stays under the controls.
    layout->addStretch(0);
    // Empty axes and legends say nothing before a trace is imported; the hint above does.
    m_plotArea->hide();

    m_timeline->yAxis->setScaleType(QCPAxis::stLogarithmic);
    m_timeline->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    m_timeline->legend->setVisible(true);
    m_errors->xAxis->setScaleType(QCPAxis::stLogarithmic);
    m_errors->xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    m_errors->legend->setVisible(true);
    m_errors->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignLeft | Qt::AlignTop);

    m_settle->setSingleShot(true);
    m_settle->setInterval(300);
    connect(m_settle, &QTimer::timeout, this, &TracePanel::launch);
    connect(&m_watcher, &QFutureWatcher<Result>::finished, this, &TracePanel::onDone);
    connect(m_trace, &QComboBox::currentIndexChanged, this, [this] {
        loadTrace();
        scheduleAnalysis();
    });
    connect(m_technique, &QComboBox::currentIndexChanged, this, &TracePanel::scheduleAnalysis);
    connect(m_cache, &QSlider::valueChanged, this, [this] {
        m_cacheValue->setText(
            tr("%1 MiB").arg(cacheSizesMib()[static_cast<std::size_t>(m_cache->value())]));
        scheduleAnalysis();
    });
    m_cacheValue->setText(tr("%1 MiB").arg(cacheSizesMib()[5]));
    m_summary->setText(tr("Import a trace with iolens-cli trace-import to see it here."));
}

TracePanel::~TracePanel()
{
    if (m_cancel)
        m_cancel->store(true);
    m_watcher.waitForFinished();
}

void TracePanel::setDatabase(std::shared_ptr<core::MeasurementDatabase> database)
{
    m_database = std::move(database);
    const QSignalBlocker block(m_trace);
    m_trace->clear();
    if (m_database)
        for (const core::TraceRecord& t : core::traces(*m_database))
            m_trace->addItem(
                tr("%1 (%2 requests)").arg(QString::fromStdString(t.name)).arg(t.requests),
                QString::fromStdString(t.name));
    loadTrace();
    m_plotArea->setVisible(m_trace->count() > 0);
    if (m_requests && !m_requests->empty())
        scheduleAnalysis();
}

void TracePanel::loadTrace()
{
    m_requests.reset();
    m_analysis.reset();
    if (!m_database || m_trace->currentIndex() < 0) {
        draw();
        return;
    }
    try {
        const auto trace
            = core::traceNamed(*m_database, m_trace->currentData().toString().toStdString());
        auto requests = std::make_shared<std::vector<core::TraceRequest>>();
        requests->reserve(static_cast<std::size_t>(trace.requests));
        core::forEachTraceRequest(*m_database, trace,
            [&requests](const core::TraceRequest& r) { requests->push_back(r); });
        m_requests = std::move(requests);
    } catch (const std::exception& e) {
        m_summary->setText(QString::fromStdString(e.what()));
    }
}

void TracePanel::scheduleAnalysis()
{
    if (!m_requests || m_requests->empty())
        return;
    m_summary->setText(tr("Training on the first half of the trace…"));
    m_settle->start();
}

void TracePanel::analyseNow()
{
    m_settle->stop();
    launch();
}

void TracePanel::launch()
{
    if (!m_requests || m_requests->empty())
        return;
    if (m_running) {
        m_pending = true;
        m_cancel->store(true);
        return;
    }
    core::TraceAnalysisOptions options;
    options.features.cacheBytes = static_cast<std::int64_t>(
        cacheSizesMib()[static_cast<std::size_t>(m_cache->value())] * core::kBytesPerMiB);
    options.model.technique = m_technique->currentData().toString().toStdString();
    m_running = true;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_watcher.setFuture(QtConcurrent::run(
        backgroundPool(), [requests = m_requests, options, cancel = m_cancel]() -> Result {
            Result result;
            try {
                result.analysis = core::analyseTrace(*requests, options, cancel.get());
            } catch (const core::TraceAnalysisCancelled&) {
                result.cancelled = true;
            } catch (const std::exception& e) {
                result.error = QString::fromStdString(e.what());
            }
            return result;
        }));
}

void TracePanel::onDone()
{
    m_running = false;
    Result result = m_watcher.result();
    if (m_pending) {
        m_pending = false;
        launch();
        return;
    }
    if (result.cancelled)
        return;
    m_analysis = std::move(result.analysis);
    draw();
    if (!result.error.isEmpty())
        m_summary->setText(result.error);
    emit analysisShown();
}

void TracePanel::draw()
{
    for (QCustomPlot* plot : {m_timeline, m_errors, m_importance}) {
        plot->clearGraphs();
        plot->clearPlottables();
    }
    if (!m_analysis) {
        for (QCustomPlot* plot : {m_timeline, m_errors, m_importance})
            plot->replot();
        return;
    }
    const core::TraceAnalysis& a = *m_analysis;
    const QString technique = m_technique->currentText();
    m_summary->setText(
        tr("%1 trained on %2 requests, tested on %3. Median relative error %4 without the hit "
           "feature, %5 with it (hit share %6). Mean response time %7 ms measured, %8 ms "
           "predicted; 90th percentile %9 ms measured, %10 ms predicted; %11 µs per prediction.")
            .arg(technique)
            .arg(a.withHit.trainRequests)
            .arg(a.withHit.testRequests)
            .arg(formatPercent(a.withoutHit.medianRelativeError * 100.0),
                formatPercent(a.withHit.medianRelativeError * 100.0),
                formatPercent(a.hitShare * 100.0), formatSignificant(a.withHit.meanMeasuredMs),
                formatSignificant(a.withHit.meanPredictedMs),
                formatSignificant(a.withHit.measuredPercentilesMs[2]),
                formatSignificant(a.withHit.predictedPercentilesMs[2]),
                formatSignificant(a.withHit.predictMicrosPerRequest)));

    // Over time: the measured and predicted response times of the drawn test requests.
    QVector<double> seconds;
    for (double ms : a.plotArrivalMs)
        seconds.push_back(ms / 1000.0);
    const auto addSeries = [&](const std::vector<double>& values, int colour, const QString& name) {
        QCPGraph* graph = m_timeline->addGraph();
        graph->setName(name);
        graph->setLineStyle(QCPGraph::lsNone);
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, seriesColor(colour), 3));
        // Not sorted: fio's latency log is in completion order, not arrival order.
        graph->setData(seconds, QVector<double>(values.begin(), values.end()));
    };
    addSeries(a.plotMeasuredMs, 1, tr("measured"));
    addSeries(a.plotPredictedMs, 0, tr("predicted (%1 with hit)").arg(technique));
    m_timeline->rescaleAxes();
    m_timeline->replot();

    // The error distribution of the hit model, and where the no-hit model's median lies.
    QCPGraph* cdf = m_errors->addGraph();
    cdf->setName(tr("%1 with hit").arg(technique));
    cdf->setPen(QPen(seriesColor(0), 2.0));
    QVector<double> x;
    QVector<double> y;
    const std::size_t n = a.sortedRelativeErrors.size();
    const std::size_t step = std::max<std::size_t>(1, n / 2000);
    for (std::size_t i = 0; i < n; i += step) {
        x.push_back(std::max(1e-4, a.sortedRelativeErrors[i]));
        y.push_back(static_cast<double>(i + 1) / static_cast<double>(n));
    }
    cdf->setData(x, y, true);
    QCPGraph* median = m_errors->addGraph();
    median->setName(tr("median without hit"));
    median->setPen(QPen(seriesColor(1), 2.0, Qt::DashLine));
    const double m = std::max(1e-4, a.withoutHit.medianRelativeError);
    median->setData({m, m}, {0.0, 1.0});
    m_errors->xAxis->setRange(1e-3, std::max(10.0, x.isEmpty() ? 10.0 : x.back()));
    m_errors->yAxis->setRange(0.0, 1.0);
    m_errors->replot();

    // Permutation importance of the hit model, in percentage points of median error.
    auto* bars = new QCPBars(m_importance->xAxis, m_importance->yAxis);
    bars->setBrush(seriesColor(2));
    bars->setPen(Qt::NoPen);
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    QVector<double> position;
    QVector<double> rise;
    for (std::size_t i = 0; i < a.withHit.importance.size(); ++i) {
        position.push_back(static_cast<double>(i));
        rise.push_back(a.withHit.importance[i].second * 100.0);
        ticker->addTick(
            static_cast<double>(i), QString::fromStdString(a.withHit.importance[i].first));
    }
    bars->setData(position, rise);
    m_importance->xAxis->setTicker(ticker);
    m_importance->xAxis->setTickLabelRotation(60);
    m_importance->xAxis->setRange(-0.6, static_cast<double>(position.size()) - 0.4);
    m_importance->yAxis->rescale();
    // Headroom above the tallest bar, so it does not touch the frame.
    m_importance->yAxis->setRangeUpper(m_importance->yAxis->range().upper * 1.1);
    m_importance->replot();
}

} // namespace iolens::ui

#include "moc_trace_panel.cpp"
