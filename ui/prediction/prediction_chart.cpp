// SPDX-License-Identifier: GPL-3.0-or-later
#include "prediction/prediction_chart.hpp"

#include "common/metric_text.hpp"
#include "common/number_format.hpp"
#include "plots/axis_scales.hpp"
#include "plots/plot_export_menu.hpp"
#include "plots/plot_style.hpp"
#include "prediction/model_controller.hpp"
#include "scenario/scenario_compare_panel.hpp"

#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace iolens::ui {

namespace {

constexpr double kDotSize = 11.0;
constexpr double kTypicalWidth = 11.0; ///< px: the p50 bar, as wide as the dot
constexpr double kWideWidth = 2.0;     ///< px: the p90 bar
constexpr double kCapWidth = 12.0;     ///< px: the caps that end the p90 bar
const QColor kMeasuredBand(0x00, 0x00, 0x00, 38);

QColor withAlpha(QColor color, int alpha)
{
    color.setAlpha(alpha);
    return color;
}

// A horizontal dash: the caps of the p90 bar, drawn as the scatter of its two end points.
QCPScatterStyle capStyle(const QColor& color)
{
    QPainterPath dash;
    dash.moveTo(-kCapWidth / 2.0, 0.0);
    dash.lineTo(kCapWidth / 2.0, 0.0);
    return QCPScatterStyle(dash, QPen(color, kWideWidth), Qt::NoBrush, kCapWidth);
}

// Category labels break before a parenthesis, so "cart (optimized)" takes two short lines.
QString categoryLabel(const QString& label)
{
    QString wrapped = label;
    return wrapped.replace(QStringLiteral(" ("), QStringLiteral("\n("));
}

// The low and high of every finite value drawn in `chart`; low > high if there is none.
std::pair<double, double> valueExtent(const MetricChart& chart)
{
    double low = std::numeric_limits<double>::infinity();
    double high = -low;
    const auto include = [&](double v) {
        if (std::isfinite(v)) {
            low = std::min(low, v);
            high = std::max(high, v);
        }
    };
    for (const PredictionMark& mark : chart.marks) {
        if (mark.value)
            include(*mark.value);
        for (const auto& band : {mark.typical, mark.wide, mark.interval})
            if (band) {
                include(band->low);
                include(band->high);
            }
    }
    if (chart.measured) {
        const double rse = chart.rse.value_or(0.0);
        include(*chart.measured * (1.0 - rse));
        include(*chart.measured * (1.0 + rse));
    }
    return {low, high};
}

} // namespace

ErrorBand consistentMeasuredRange(double predicted, double relativeError)
{
    // |p - m| / m <= e  <=>  m (1 - e) <= p <= m (1 + e): the low end from the right
    // inequality, the high end from the left one, which bounds nothing once e >= 1.
    ErrorBand band;
    band.low = predicted / (1.0 + relativeError);
    band.high = relativeError < 1.0 ? predicted / (1.0 - relativeError)
                                    : std::numeric_limits<double>::infinity();
    return band;
}

std::array<MetricChart, 4> predictionChartData(
    const ScenarioEvaluation& evaluation, const std::vector<ModelEntry>& entries)
{
    std::array<MetricChart, 4> charts {};
    for (std::size_t m = 0; m < charts.size(); ++m) {
        const MetricEvaluation& metric = evaluation.metrics[m];
        MetricChart& chart = charts[m];
        chart.metric = core::kCoreMetrics[m];
        chart.applies = metric.applies;
        chart.measured = metric.measured;
        chart.rse = metric.rse;
        for (std::size_t c = 0; c < evaluation.models.size(); ++c) {
            const ModelColumn& column = evaluation.models[c];
            if (!column.covers[m])
                continue; // an optimized entry of another metric: no mark, not even a gap
            PredictionMark mark;
            mark.label = column.label;
            mark.tick = entryHeader(column.label, column.technique, column.rows);
            mark.colorIndex = static_cast<int>(c);
            if (metric.applies && column.trained && c < metric.predictions.size())
                mark.value = metric.predictions[c].value;
            const auto entry = std::find_if(entries.begin(), entries.end(),
                [&](const ModelEntry& e) { return e.label == column.label; });
            if (entry != entries.end()) {
                const MetricValidation& validation = entry->validation[m];
                if (validation.state == MetricValidation::State::Done && validation.result) {
                    mark.p50 = validation.result->evaluation.p50;
                    mark.p90 = validation.result->evaluation.p90;
                }
            }
            // A value implies the metric applies and the model is trained.
            if (mark.value && metric.predictions[c].lower && metric.predictions[c].upper)
                mark.interval
                    = ErrorBand {*metric.predictions[c].lower, *metric.predictions[c].upper};
            else if (mark.value && *mark.value > 0.0 && mark.p50 && mark.p90) {
                mark.typical = consistentMeasuredRange(*mark.value, *mark.p50);
                mark.wide = consistentMeasuredRange(*mark.value, *mark.p90);
            }
            chart.marks.push_back(mark);
        }
    }
    return charts;
}

PredictionChart::PredictionChart(const ModelController* models, QWidget* parent)
    : QWidget(parent)
    , m_models(models)
    , m_plot(new QCustomPlot(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    buildPlot();
    attachExportMenu(m_plot, [this] {
        QStringList labels;
        for (const PredictionMark& mark : m_content[0].marks)
            labels << mark.label;
        return PictureInfo {tr("Predictions"), m_scenario, labels.join(QStringLiteral(", "))};
    });
    if (m_models)
        follow();
    redraw();
}

void PredictionChart::follow()
{
    // The same evaluation the prediction panel shows; a finished cross-validation only adds
    // bars, so it redraws the last evaluation with the entries as they are now.
    const auto update = [this] { showEvaluation(m_models->evaluation(), m_models->entries()); };
    connect(m_models, &ModelController::evaluated, this, update);
    connect(m_models, &ModelController::crossValidationReady, this, update);
}

void PredictionChart::buildPlot()
{
    applyPlotStyle(*m_plot);
    // Low enough that the window (and a 900 x 560 render) fits the controls above it.
    m_plot->setMinimumSize(420, 160);
    QCPLayoutGrid* top = m_plot->plotLayout();
    QCPAxisRect* first = m_plot->axisRect();
    top->take(first);
    top->simplify();
    m_title = new QCPTextElement(m_plot, QString(), plotFont(1.25, true));
    m_title->setMargins(QMargins(0, 6, 0, 0));
    m_caption = new QCPTextElement(m_plot, QString(), plotFont(0.95));
    m_caption->setTextColor(QColor(0x50, 0x50, 0x50));
    auto* grid = new QCPLayoutGrid;
    top->addElement(0, 0, m_title);
    top->addElement(1, 0, m_caption);
    top->addElement(2, 0, grid);
    top->setRowStretchFactor(0, 0.01);
    top->setRowStretchFactor(1, 0.01);
    grid->setColumnSpacing(12);
    grid->setRowSpacing(8);
    // Aligned axes across the 2 x 2: the left edges per column, the bottoms per row.
    std::array<QCPMarginGroup*, 2> columns {new QCPMarginGroup(m_plot), new QCPMarginGroup(m_plot)};
    std::array<QCPMarginGroup*, 2> rows {new QCPMarginGroup(m_plot), new QCPMarginGroup(m_plot)};
    for (std::size_t i = 0; i < m_panels.size(); ++i) {
        QCPAxisRect* rect = i == 0 ? first : new QCPAxisRect(m_plot);
        grid->addElement(static_cast<int>(i / 2), static_cast<int>(i % 2), rect);
        for (QCPAxis* axis : rect->axes())
            styleAxis(*axis);
        rect->setMarginGroup(QCP::msLeft, columns[i % 2]);
        rect->setMarginGroup(QCP::msBottom, rows[i / 2]);
        QCPAxis* x = rect->axis(QCPAxis::atBottom);
        x->setSubTicks(false);
        x->setTickLength(0, 3);
        x->grid()->setVisible(false);
        auto* note = new QCPItemText(m_plot);
        note->setClipAxisRect(rect);
        note->position->setAxisRect(rect);
        note->position->setType(QCPItemPosition::ptAxisRectRatio);
        note->position->setCoords(0.5, 0.5);
        note->setFont(plotFont(1.05));
        note->setColor(QColor(0x70, 0x70, 0x70));
        m_panels[i].rect = rect;
        m_panels[i].note = note;
    }
}

void PredictionChart::showEvaluation(
    const ScenarioEvaluation& evaluation, const std::vector<ModelEntry>& entries)
{
    m_content = predictionChartData(evaluation, entries);
    m_scenario = evaluation.models.empty() ? QString() : scenarioSummary(evaluation.scenario);
    m_waiting.clear();
    m_unvalidated.clear();
    m_intervals.clear();
    for (const MetricChart& chart : m_content)
        for (const PredictionMark& mark : chart.marks)
            if (mark.interval && !m_intervals.contains(mark.label))
                m_intervals << mark.label;
    for (const ModelColumn& column : evaluation.models) {
        if (m_intervals.contains(column.label))
            continue; // its bar is its interval, which needs no cross-validation
        const auto entry = std::find_if(entries.begin(), entries.end(),
            [&](const ModelEntry& e) { return e.label == column.label; });
        bool waits = !column.trained || entry == entries.end();
        bool failed = false;
        for (std::size_t m = 0; entry != entries.end() && m < core::kCoreMetrics.size(); ++m) {
            if (!column.covers[m] || !evaluation.metrics[m].applies)
                continue;
            waits = waits || entry->validation[m].state == MetricValidation::State::Waiting;
            failed = failed || entry->validation[m].state == MetricValidation::State::Failed;
        }
        if (waits)
            m_waiting << column.label;
        else if (failed)
            m_unvalidated << column.label;
    }
    redraw();
}

void PredictionChart::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_dirty)
        redraw();
}

void PredictionChart::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    updateCaption(); // the caption wraps to the new width
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void PredictionChart::redraw()
{
    // Graphs are cheap to make (a few dozen), so every redraw starts afresh; while the tab is
    // hidden a slider step costs nothing but the data above, and the tab catches up on show.
    if (!isVisible()) {
        m_dirty = true;
        return;
    }
    m_dirty = false;
    m_plot->clearGraphs();
    for (Panel& panel : m_panels) {
        for (QCPItemLine* bar : panel.openBands)
            m_plot->removeItem(bar);
        panel.openBands.clear();
    }
    for (std::size_t i = 0; i < m_panels.size(); ++i)
        drawPanel(i);
    m_title->setText(
        m_scenario.isEmpty() ? tr("Predictions") : tr("Predictions for %1").arg(m_scenario));
    updateCaption();
    m_plot->replot();
}

void PredictionChart::drawPanel(std::size_t metricIndex)
{
    Panel& panel = m_panels[metricIndex];
    const MetricChart& chart = m_content[metricIndex];
    panel.graphs.clear();
    QCPAxis* x = panel.rect->axis(QCPAxis::atBottom);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (std::size_t i = 0; i < chart.marks.size(); ++i)
        ticker->addTick(static_cast<double>(i), categoryLabel(chart.marks[i].tick));
    x->setTicker(ticker);
    const double right = std::max<double>(1.0, static_cast<double>(chart.marks.size())) - 0.5;
    x->setRange(-0.5, right);
    setValueAxis(metricIndex);
    const double top = panel.rect->axis(QCPAxis::atLeft)->range().upper;

    bool anyValue = false;
    if (chart.applies) {
        drawMeasured(metricIndex, right);
        for (std::size_t i = 0; i < chart.marks.size(); ++i) {
            const PredictionMark& mark = chart.marks[i];
            if (!mark.value)
                continue;
            anyValue = true;
            const QColor color = seriesColor(mark.colorIndex);
            const double key = static_cast<double>(i);
            if (mark.interval) {
                QCPGraph* interval = addGraph(metricIndex,
                    tr("%1: %2 % interval")
                        .arg(mark.label)
                        .arg(qRound(kPredictionIntervalLevel * 100.0)));
                interval->setPen(QPen(withAlpha(color, 200), kWideWidth));
                interval->setScatterStyle(capStyle(withAlpha(color, 200)));
                interval->setData({key, key}, {mark.interval->low, mark.interval->high}, true);
            }
            if (mark.wide) {
                const bool open = !std::isfinite(mark.wide->high);
                const double high = open ? top : mark.wide->high;
                QCPGraph* wide = addGraph(metricIndex, tr("%1: p90 band").arg(mark.label));
                wide->setData({key, key}, {mark.wide->low, high}, true);
                if (open) {
                    wide->setPen(Qt::NoPen);
                    drawOpenBand(metricIndex, key, mark.wide->low, top, withAlpha(color, 200));
                } else {
                    wide->setPen(QPen(withAlpha(color, 200), kWideWidth));
                    wide->setScatterStyle(capStyle(withAlpha(color, 200)));
                }
            }
            if (mark.typical) {
                const double high = std::isfinite(mark.typical->high) ? mark.typical->high : top;
                QCPGraph* typical = addGraph(metricIndex, tr("%1: p50 band").arg(mark.label));
                QPen pen(withAlpha(color, 90), kTypicalWidth);
                pen.setCapStyle(Qt::FlatCap);
                typical->setPen(pen);
                typical->setData({key, key}, {mark.typical->low, high}, true);
            }
            QCPGraph* dot = addGraph(metricIndex, mark.label);
            dot->setLineStyle(QCPGraph::lsNone);
            // A white rim keeps the dot apart from its own bar and the measured line.
            dot->setScatterStyle(
                QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::white, 1.5), color, kDotSize));
            dot->setData({key}, {*mark.value}, true);
        }
    }
    QString note;
    if (!chart.applies)
        note = core::isReadMetric(chart.metric) ? tr("No reads at 0 % reads")
                                                : tr("No writes at 100 % reads");
    else if (chart.marks.empty())
        note = tr("No models yet");
    else if (!anyValue)
        note = m_waiting.isEmpty() ? tr("No model answers here") : tr("Training the models…");
    panel.note->setText(note);
    panel.note->setVisible(!note.isEmpty());
}

// Open above (p90 >= 100 %: no measured value is too large to be consistent): the bar runs to
// the top edge and ends there in an arrowhead, not in a cap a reader would take for a value.
// The graph keeps the band's ends for the CSV export and the tooltip; the item draws it.
void PredictionChart::drawOpenBand(
    std::size_t metricIndex, double key, double low, double top, const QColor& color)
{
    Panel& panel = m_panels[metricIndex];
    auto* bar = new QCPItemLine(m_plot);
    bar->setClipAxisRect(panel.rect);
    for (QCPItemPosition* end : {bar->start, bar->end})
        end->setAxes(panel.rect->axis(QCPAxis::atBottom), panel.rect->axis(QCPAxis::atLeft));
    bar->start->setCoords(key, low);
    bar->end->setCoords(key, top);
    bar->setPen(QPen(color, kWideWidth));
    bar->setTail(QCPLineEnding(QCPLineEnding::esBar, kCapWidth));
    bar->setHead(QCPLineEnding(QCPLineEnding::esSpikeArrow, kCapWidth, kCapWidth));
    panel.openBands.push_back(bar);
}

void PredictionChart::drawMeasured(std::size_t metricIndex, double right)
{
    const MetricChart& chart = m_content[metricIndex];
    if (!chart.measured)
        return;
    const double mean = *chart.measured;
    if (chart.rse) {
        const double rse = *chart.rse;
        QCPGraph* low = addGraph(metricIndex, tr("Measured − RSE"));
        QCPGraph* high = addGraph(metricIndex, tr("Measured + RSE"));
        low->setPen(Qt::NoPen);
        high->setPen(Qt::NoPen);
        high->setBrush(kMeasuredBand);
        high->setChannelFillGraph(low);
        low->setData({-0.5, right}, {mean * (1.0 - rse), mean * (1.0 - rse)}, true);
        high->setData({-0.5, right}, {mean * (1.0 + rse), mean * (1.0 + rse)}, true);
    }
    QCPGraph* line = addGraph(metricIndex, tr("Measured mean"));
    line->setPen(QPen(QColor(0x20, 0x20, 0x20), 1.5, Qt::DashLine));
    line->setData({-0.5, right}, {mean, mean}, true);
}

void PredictionChart::setValueAxis(std::size_t metricIndex)
{
    QCPAxis* y = m_panels[metricIndex].rect->axis(QCPAxis::atLeft);
    auto [low, high] = valueExtent(m_content[metricIndex]);
    if (!(low <= high)) { // nothing to draw: a plain empty axis
        applyCostScale(*y, 0.0, 1.0);
        return;
    }
    // Log when the values span more than a decade (then a factor of room on both sides);
    // otherwise linear from zero, so the heights of the dots compare as magnitudes.
    const bool log = low > 0.0 && high / low > 10.0;
    if (log)
        applyCostScale(*y, low / 1.3, high * 1.3);
    else
        applyCostScale(*y, std::min(0.0, low), high > 0.0 ? high * 1.08 : 1.0);
}

QCPGraph* PredictionChart::addGraph(std::size_t metricIndex, const QString& name)
{
    const Panel& panel = m_panels[metricIndex];
    QCPGraph* graph
        = m_plot->addGraph(panel.rect->axis(QCPAxis::atBottom), panel.rect->axis(QCPAxis::atLeft));
    graph->setName(name);
    m_panels[metricIndex].graphs.push_back(graph);
    return graph;
}

QCPGraph* PredictionChart::findGraph(std::size_t metricIndex, const QString& name) const
{
    for (QCPGraph* graph : m_panels.at(metricIndex).graphs)
        if (graph->name() == name)
            return graph;
    return nullptr;
}

void PredictionChart::updateCaption()
{
    QStringList key;
    key << tr("Dot: the model's prediction p")
        << tr("bar: the measured values m consistent with p at the model's 10-fold "
              "cross-validated relative error e")
        << tr("|p − m| / m ≤ e, so p / (1 + e) ≤ m ≤ p / (1 − e)")
        << tr("thick bar: e = median (p50)")
        << tr("thin bar with caps: e = p90 (an arrow to the top edge when e ≥ 100 %)");
    if (!m_intervals.isEmpty())
        key << tr("bar with caps for %1: the %2 % prediction interval, calibrated on "
                  "leave-level-out cross-validation")
                   .arg(m_intervals.join(QStringLiteral(", ")))
                   .arg(qRound(kPredictionIntervalLevel * 100.0));
    bool measured = false;
    for (const MetricChart& chart : m_content)
        measured = measured || (chart.applies && chart.measured);
    key << (measured ? tr("dashed line and grey band: measured mean ± relative standard error")
                     : tr("this configuration was not measured"));
    QStringList status;
    if (!m_waiting.isEmpty())
        status << tr("no bar yet (training or cross-validating): %1")
                      .arg(m_waiting.join(QStringLiteral(", ")));
    if (!m_unvalidated.isEmpty())
        status << tr("no bar (cross-validation failed): %1")
                      .arg(m_unvalidated.join(QStringLiteral(", ")));
    // Parts packed greedily into lines as wide as the plot: QCPTextElement does not wrap.
    const QFontMetrics metrics(m_caption->font());
    const int width = std::max(200, m_plot->width() - 40);
    QStringList lines;
    for (const QString& part : key + status) {
        const QString joined
            = lines.isEmpty() ? QString() : lines.back() + QStringLiteral(" · ") + part;
        if (!lines.isEmpty() && metrics.horizontalAdvance(joined) <= width)
            lines.back() = joined;
        else
            lines << part;
    }
    // Presentation fonts in a laptop's window, the panels open: the key took the plots' height,
    // down to 70 px each, and their axis titles ran into one another. Where it leaves a panel
    // shorter than its axis title, the key is the chart's tooltip instead, and the caption says
    // only which models have no bar.
    const bool keyShown = panelHeight(static_cast<int>(lines.size())) >= axisTitleRoom();
    if (!keyShown)
        lines = status;
    const QString saveHint = tr("Right-click to save the chart as a picture or its data as CSV.");
    m_plot->setToolTip(
        keyShown ? saveHint : key.join(QLatin1Char('\n')) + QStringLiteral("\n\n") + saveHint);
    m_caption->setText(lines.join(QLatin1Char('\n')));
    // An empty text element still holds a line's height and its margins.
    m_caption->setMaximumSize(QWIDGETSIZE_MAX, lines.isEmpty() ? 0 : QWIDGETSIZE_MAX);
    m_caption->setMargins(lines.isEmpty() ? QMargins() : QMargins(8, 2, 8, 4));
    updateAxisLabels(static_cast<int>(lines.size()));
}

int PredictionChart::panelHeight(int captionLines) const
{
    const int above = QFontMetrics(m_title->font()).height() + 12
        + captionLines * QFontMetrics(m_caption->font()).lineSpacing();
    // Less the tick labels and margins of each panel (about 50 px).
    return (m_plot->height() - above) / 2 - 50;
}

int PredictionChart::axisTitleRoom() const
{
    const QFontMetrics metrics(plotFont(1.1));
    int room = 0;
    for (const core::Metric metric : core::kCoreMetrics)
        room = std::max(room,
            metrics.horizontalAdvance(
                tr("%1 (%2)").arg(metricShortTitle(metric), metricUnitText(metric))));
    return room;
}

void PredictionChart::updateAxisLabels(int captionLines)
{
    // "Read response time (ms)" runs past a short panel's height into its neighbour: there the
    // table headers' "Read RT (ms)" takes its place.
    const QFontMetrics metrics(plotFont(1.1));
    const int height = panelHeight(captionLines);
    for (std::size_t i = 0; i < m_panels.size(); ++i) {
        const core::Metric metric = core::kCoreMetrics[i];
        const QString unit = metricUnitText(metric);
        const QString full = tr("%1 (%2)").arg(metricTitle(metric), unit);
        m_panels[i]
            .rect->axis(QCPAxis::atLeft)
            ->setLabel(metrics.horizontalAdvance(full) <= height
                    ? full
                    : tr("%1 (%2)").arg(metricShortTitle(metric), unit));
    }
}

QCPAxisRect* PredictionChart::axisRect(std::size_t metricIndex) const
{
    return m_panels.at(metricIndex).rect;
}

QCPGraph* PredictionChart::predictionGraph(std::size_t metricIndex, const QString& label) const
{
    return findGraph(metricIndex, label);
}

QCPGraph* PredictionChart::typicalBandGraph(std::size_t metricIndex, const QString& label) const
{
    return findGraph(metricIndex, tr("%1: p50 band").arg(label));
}

QCPGraph* PredictionChart::intervalGraph(std::size_t metricIndex, const QString& label) const
{
    return findGraph(metricIndex,
        tr("%1: %2 % interval").arg(label).arg(qRound(kPredictionIntervalLevel * 100.0)));
}

QCPGraph* PredictionChart::wideBandGraph(std::size_t metricIndex, const QString& label) const
{
    return findGraph(metricIndex, tr("%1: p90 band").arg(label));
}

QCPGraph* PredictionChart::measuredGraph(std::size_t metricIndex) const
{
    return findGraph(metricIndex, tr("Measured mean"));
}

QCPGraph* PredictionChart::measuredLowGraph(std::size_t metricIndex) const
{
    return findGraph(metricIndex, tr("Measured − RSE"));
}

QCPGraph* PredictionChart::measuredHighGraph(std::size_t metricIndex) const
{
    return findGraph(metricIndex, tr("Measured + RSE"));
}

QString PredictionChart::captionText() const
{
    return m_caption->text();
}

QString PredictionChart::titleText() const
{
    return m_title->text();
}

} // namespace iolens::ui

#include "moc_prediction_chart.cpp"
