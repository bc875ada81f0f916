// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/error_cdf_view.hpp"

#include "common/metric_text.hpp"
#include "plots/coinciding_curves.hpp"
#include "plots/decade_ticker.hpp"
#include "plots/error_cdf_series.hpp"
#include "plots/error_cdf_table.hpp"
#include "plots/evaluation_text.hpp"
#include "plots/plot_export_menu.hpp"
#include "plots/plot_style.hpp"

#include <QBoxLayout>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <array>
#include <limits>

namespace iolens::ui {

namespace {

constexpr std::array<double, 3> kPercentileLevels {50.0, 90.0, 99.0};
constexpr int kCurveWidth = 2;

// The three levels as dashed guides, named "p50" / "p90" / "p99" on the right axis: the marks on
// the curves then read as "where this model crosses p90". Labels inside the plot would collide
// with the curves or, for p99, with the top edge.
QSharedPointer<QCPAxisTickerText> addPercentileGuides(QCustomPlot& plot)
{
    const QPen guide(QColor(0x90, 0x90, 0x90), 1, Qt::DashLine);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (const double level : kPercentileLevels) {
        auto* line = new QCPItemStraightLine(&plot);
        line->setPen(guide);
        line->setLayer(QStringLiteral("grid"));
        line->point1->setTypeX(QCPItemPosition::ptAxisRectRatio);
        line->point2->setTypeX(QCPItemPosition::ptAxisRectRatio);
        line->point1->setCoords(0.0, level);
        line->point2->setCoords(1.0, level);
        ticker->addTick(level, QStringLiteral("p%1").arg(level, 0, 'f', 0));
    }
    QCPAxis* right = plot.yAxis2;
    right->setVisible(true);
    right->setTicker(ticker);
    right->setSubTicks(false);
    right->grid()->setVisible(false);
    right->setTickLabelColor(QColor(0x60, 0x60, 0x60));
    right->setTickLabelFont(plotFont(0.9));
    // No tick marks: on a short plot a label moves off its guide (placePercentileLabels), and
    // the guide itself already reaches the axis.
    right->setTickLength(0, 0);
    right->setRange(plot.yAxis->range());
    QObject::connect(plot.yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), right,
        qOverload<const QCPRange&>(&QCPAxis::setRange));
    return ticker;
}

} // namespace

ErrorCdfView::ErrorCdfView(QWidget* parent)
    : QWidget(parent)
    , m_metricBox(new QComboBox(this))
    , m_plot(new QCustomPlot(this))
    , m_table(new ErrorCdfTable(this))
{
    for (const core::Metric metric : core::kCoreMetrics)
        m_metricBox->addItem(metricTitle(metric), static_cast<int>(metric));
    auto* metricLabel = new QLabel(tr("&Metric:"), this);
    metricLabel->setBuddy(m_metricBox);
    auto* controls = new QHBoxLayout;
    controls->addWidget(metricLabel);
    controls->addWidget(m_metricBox);
    controls->addStretch(1);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    m_body = new QBoxLayout(QBoxLayout::TopToBottom);
    m_body->addWidget(m_plot, 1);
    m_body->addWidget(m_table, 0, Qt::AlignTop);
    layout->addLayout(m_body, 1);
    buildPlot();
    rebuild();
    attachExportMenu(m_plot, [this] {
        QStringList shown;
        for (const QString& label : m_labels)
            if (isCurveVisible(label))
                shown.push_back(label);
        return PictureInfo {tr("Error CDF: %1").arg(metricTitle(metric())), m_scenarioText,
            shown.join(QStringLiteral(", "))};
    });

    connect(m_metricBox, &QComboBox::currentIndexChanged, this, [this] {
        rebuild();
        emit metricChanged(metric());
    });
    fitAfterLayout(*m_plot, [this] { return fitToPlotSize(); });
    connect(m_table, &ErrorCdfTable::curveToggled, this, &ErrorCdfView::setCurveVisible);
    connect(m_plot, &QCustomPlot::legendClick, this,
        [this](QCPLegend*, QCPAbstractLegendItem* item, QMouseEvent*) {
            auto* entry = qobject_cast<QCPPlottableLegendItem*>(item);
            if (!entry)
                return;
            const QString label = entry->plottable()->name();
            setCurveVisible(label, !isCurveVisible(label));
        });
}

void ErrorCdfView::buildPlot()
{
    applyPlotStyle(*m_plot);
    m_plot->setMinimumSize(360, 260);
    const PlotHeading heading = addHeadingRows(*m_plot, 1.25);
    m_title = heading.title;
    m_subtitle = heading.subtitle;
    // The axes sit in a row of their own, so that a legend can stand beside them (fitLegend).
    QCPAxisRect* axes = m_plot->axisRect();
    m_axesRow = new QCPLayoutGrid;
    m_plot->plotLayout()->take(axes);
    m_plot->plotLayout()->addElement(2, 0, m_axesRow);
    m_axesRow->addElement(0, 0, axes);
    m_axesRow->setColumnSpacing(0);

    QCPAxis* x = m_plot->xAxis;
    x->setScaleType(QCPAxis::stLogarithmic);
    x->setTicker(QSharedPointer<DecadeTicker>::create(x));
    x->setLabel(tr("Relative error (%)"));
    x->grid()->setSubGridVisible(true);
    QCPAxis* y = m_plot->yAxis;
    // A little beyond 0 and 100 %, so a curve that reaches 100 % (or starts at 0) is not drawn
    // on the frame.
    y->setRange(-1.5, 102.0);
    y->ticker()->setTickCount(5);
    m_percentileLabels = addPercentileGuides(*m_plot);

    m_plot->legend->setVisible(true);
    // Columns of at most five: ten models (VM-aware and projected ones) fit a short plot.
    m_plot->legend->setFillOrder(QCPLayoutGrid::foRowsFirst);
    m_plot->legend->setWrap(5);
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
    m_plot->setToolTip(tr("Click a model in the legend to hide or show its curve."));

    m_placeholder = new QCPItemText(m_plot);
    m_placeholder->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_placeholder->position->setCoords(0.5, 0.5);
    m_placeholder->setFont(plotFont(1.1));
    m_placeholder->setColor(QColor(0x70, 0x70, 0x70));
    m_placeholder->setText(tr("No evaluated models for this metric yet."));
}

core::Metric ErrorCdfView::metric() const
{
    return static_cast<core::Metric>(m_metricBox->currentData().toInt());
}

void ErrorCdfView::setMetric(core::Metric metric)
{
    const int index = m_metricBox->findData(static_cast<int>(metric));
    if (index >= 0)
        m_metricBox->setCurrentIndex(index);
}

void ErrorCdfView::setCurves(core::Metric metric, std::vector<CdfCurve> curves)
{
    for (const CdfCurve& curve : curves) {
        if (curve.colorIndex >= 0)
            m_colorIndex[curve.label] = curve.colorIndex;
        else
            colorOf(curve.label); // assign colours in the order models first appear
    }
    m_curves[metric] = std::move(curves);
    if (metric == this->metric())
        rebuild();
}

void ErrorCdfView::clearCurves()
{
    m_curves.clear();
    rebuild();
}

void ErrorCdfView::setScenarioText(const QString& text)
{
    m_scenarioText = text;
    m_plot->replot();
}

QColor ErrorCdfView::colorOf(const QString& label)
{
    const auto [it, added] = m_colorIndex.try_emplace(label, static_cast<int>(m_colorIndex.size()));
    return seriesColor(it->second);
}

void ErrorCdfView::rebuild()
{
    m_plot->clearGraphs();
    m_graphs.clear();
    m_marks.clear();
    m_labels.clear();
    const auto found = m_curves.find(metric());
    const std::vector<CdfCurve> none;
    const std::vector<CdfCurve>& curves = found == m_curves.end() ? none : found->second;

    std::vector<const core::EmpiricalCdf*> cdfs;
    for (const CdfCurve& curve : curves)
        cdfs.push_back(&curve.evaluation.cdf);
    const ErrorAxisRange range = errorAxisRange(cdfs);
    m_plot->xAxis->setRange(range.lowPct, range.highPct);
    std::vector<const std::vector<double>*> errors;
    for (const core::EmpiricalCdf* cdf : cdfs)
        errors.push_back(&cdf->values);
    const std::vector<int> coinciding = coincidingCurves(errors);
    for (std::size_t i = 0; i < curves.size(); ++i)
        addCurve(curves[i], range, coinciding[i] >= 0);
    m_placeholder->setVisible(curves.empty());
    m_plot->legend->setVisible(!curves.empty());
    fillTable();
    applyVisibility();
    m_plot->replot();
}

void ErrorCdfView::addCurve(const CdfCurve& curve, const ErrorAxisRange& range, bool dashed)
{
    const QColor color = colorOf(curve.label);
    const StepSeries steps = cdfSteps(curve.evaluation.cdf, range);
    QCPGraph* graph = m_plot->addGraph();
    graph->setName(curve.label);
    graph->setLineStyle(QCPGraph::lsStepLeft);
    // A curve lying exactly on an earlier one is dashed, gaps as long as the dashes, so the one
    // beneath shows as much as it does.
    QPen pen(color, kCurveWidth);
    if (dashed)
        pen.setDashPattern({3.0, 3.0});
    graph->setPen(pen);
    // Sorted already: skip QCustomPlot's sort, which would also reorder equal x values.
    graph->setData(steps.xPct, steps.yPct, true);

    const StepSeries marks = percentileMarks(curve.evaluation);
    QCPGraph* markGraph = m_plot->addGraph();
    markGraph->setName(curve.label);
    markGraph->setLineStyle(QCPGraph::lsNone);
    // A white rim keeps a mark visible where another curve runs through it.
    markGraph->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::white, 1.5), QBrush(color), 9));
    markGraph->setData(marks.xPct, marks.yPct);
    markGraph->removeFromLegend();
    m_graphs.push_back(graph);
    m_marks.push_back(markGraph);
    m_labels.push_back(curve.label);
}

void ErrorCdfView::fillTable()
{
    const auto found = m_curves.find(metric());
    const std::vector<CdfCurve> none;
    const std::vector<CdfCurve>& curves = found == m_curves.end() ? none : found->second;
    std::vector<QColor> colors;
    for (const CdfCurve& curve : curves)
        colors.push_back(colorOf(curve.label));
    m_table->showCurves(curves, colors);
    m_table->setVisible(!curves.empty());
    arrangeBody();
}

// The table goes under the plot, or beside it where the view is wide and short (a 1280x800
// window, or presentation mode's larger fonts): under it there, the plot would be too short
// for its legend and axis label.
void ErrorCdfView::arrangeBody()
{
    const bool beside = width() >= 2 * height();
    if (beside) {
        m_table->setFixedWidth(m_table->widthForColumns());
    } else {
        m_table->setMinimumWidth(0);
        m_table->setMaximumWidth(QWIDGETSIZE_MAX);
    }
    m_body->setDirection(beside ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
}

const QTableWidget* ErrorCdfView::percentileTable() const
{
    return m_table;
}

bool ErrorCdfView::tableBesidePlot() const
{
    return m_body->direction() == QBoxLayout::LeftToRight;
}

void ErrorCdfView::applyVisibility()
{
    for (std::size_t i = 0; i < m_graphs.size(); ++i) {
        const bool visible = !m_hidden.contains(m_labels[i]);
        m_graphs[i]->setVisible(visible);
        m_marks[i]->setVisible(visible);
        // A hidden model stays in the legend, greyed, so it can be clicked back.
        if (QCPPlottableLegendItem* entry = m_plot->legend->itemWithPlottable(m_graphs[i]))
            entry->setTextColor(visible ? Qt::black : QColor(0xA0, 0xA0, 0xA0));
        m_table->setRowChecked(static_cast<int>(i), visible);
    }
}

void ErrorCdfView::setCurveVisible(const QString& label, bool visible)
{
    if (visible)
        m_hidden.erase(label);
    else
        m_hidden.insert(label);
    applyVisibility();
    m_plot->replot();
}

bool ErrorCdfView::isCurveVisible(const QString& label) const
{
    return !m_hidden.contains(label);
}

// Everything that depends on the plot's size: the titles' line breaks, the y label, the legend's
// shape and place, and where the percentile labels go. Returns whether anything changed.
bool ErrorCdfView::fitToPlotSize()
{
    bool changed = fitTitles(m_plot->viewport().width() - 24);
    // A short plot (a small screen in presentation mode) gets the short axis label.
    changed = fitAxisLabel(*m_plot->yAxis, tr("Share of configurations (%)"), tr("Share (%)"))
        || changed;
    changed = fitLegend() || changed;
    return placePercentileLabels() || changed;
}

bool ErrorCdfView::fitTitles(int width)
{
    // Long titles break at chosen places rather than being clipped by a narrow plot: the title
    // after its colon, the caption after the scenario name and then after its commas.
    const QString title
        = fitToWidth(tr("%1: relative error of the predictions").arg(metricTitle(metric())),
            m_title->font(), width, QStringLiteral(": "), QStringLiteral(":\n"));
    const QString caption = wrapToWidth(m_scenarioText, m_subtitle->font(), width,
        {{QStringLiteral(" · "), QStringLiteral("\n")},
            {QStringLiteral(", "), QStringLiteral(",\n")}});
    const bool changed = title != m_title->text() || caption != m_subtitle->text();
    m_title->setText(title);
    m_subtitle->setText(caption);
    m_subtitle->setVisible(!caption.isEmpty());
    return changed;
}

// Inside the axes, the legend has as many rows as the axes are tall (at most five), then another
// column. A legend that would cover more than half of the axes' height there leaves them for the
// slot on their right, where it takes as many rows as the whole row of the axes holds: in the
// corner it would hide the curves it names.
bool ErrorCdfView::fitLegend()
{
    QCPLegend& legend = *m_plot->legend;
    if (legend.itemCount() == 0)
        return false;
    const QCPAxisRect* axes = m_plot->axisRect();
    const int itemHeight = legend.item(0)->minimumOuterSizeHint().height() + legend.rowSpacing();
    const int frame = legend.margins().top() + legend.margins().bottom() + 4;
    const int rowsFitting = std::clamp((axes->height() - 20) / std::max(1, itemHeight), 1, 5);
    // Columns of equal length: six models in two columns of three, not five and one.
    const int columns = (legend.itemCount() + rowsFitting - 1) / rowsFitting;
    const int insideWrap = (legend.itemCount() + columns - 1) / columns;
    const int insideHeight = std::min(legend.itemCount(), insideWrap) * itemHeight + frame;
    const bool outside = 2 * insideHeight > axes->height();
    const int wrap = outside
        ? std::max(1, (axes->outerRect().height() - frame) / std::max(1, itemHeight))
        : insideWrap;
    bool changed = false;
    if (wrap != legend.wrap()) {
        legend.setWrap(wrap);
        legend.setFillOrder(QCPLayoutGrid::foRowsFirst, true); // re-places the entries
        changed = true;
    }
    if (outside == legendBesideAxes())
        return changed;
    // The slot beside the axes exists only while it holds the legend: an empty grid's maximum
    // height is its margins, and a grid row is no taller than its lowest maximum.
    if (outside) {
        m_plot->axisRect()->insetLayout()->take(&legend);
        m_legendSlot = new QCPLayoutGrid;
        m_legendSlot->setMargins(QMargins(0, 0, 6, 0));
        m_axesRow->addElement(0, 1, m_legendSlot);
        m_axesRow->setColumnStretchFactors({1.0, 0.001});
        m_legendSlot->addElement(0, 0, &legend);
        // Under the legend an empty, stretching row, so the legend keeps its own height.
        m_legendSlot->expandTo(2, 1);
        m_legendSlot->setRowStretchFactors({0.001, 1.0});
    } else {
        m_legendSlot->take(&legend);
        m_axesRow->take(m_legendSlot);
        m_axesRow->simplify();
        delete m_legendSlot;
        m_legendSlot = nullptr;
        m_plot->axisRect()->insetLayout()->addElement(&legend, Qt::AlignBottom | Qt::AlignRight);
    }
    return true;
}

bool ErrorCdfView::legendBesideAxes() const
{
    return m_legendSlot != nullptr;
}

// Each label stands at its level unless it would overlap the one above it (p90 under p99 on a
// short plot): then it moves down just far enough.
bool ErrorCdfView::placePercentileLabels()
{
    const QCPAxis* right = m_plot->yAxis2;
    const double pixelsPerUnit = m_plot->axisRect()->height() / right->range().size();
    const double labelUnits
        = QFontMetrics(right->tickLabelFont()).height() / std::max(pixelsPerUnit, 1e-9);
    QMap<double, QString> labels;
    double above = std::numeric_limits<double>::infinity();
    for (auto level = kPercentileLevels.rbegin(); level != kPercentileLevels.rend(); ++level) {
        const double at = std::min(*level, above - labelUnits);
        labels.insert(at, QStringLiteral("p%1").arg(*level, 0, 'f', 0));
        above = at;
    }
    if (labels == m_percentileLabels->ticks())
        return false;
    m_percentileLabels->setTicks(labels);
    return true;
}

void ErrorCdfView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    arrangeBody();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace iolens::ui

#include "moc_error_cdf_view.cpp"
