// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/error_cdf_view.hpp"

#include "common/metric_text.hpp"
#include "plots/decade_ticker.hpp"
#include "plots/error_cdf_series.hpp"
#include "plots/evaluation_text.hpp"
#include "plots/plot_export_menu.hpp"
#include "plots/plot_style.hpp"

#include <QBoxLayout>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QStyle>
#include <QTableWidget>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <array>

namespace iolens::ui {

namespace {

constexpr std::array<double, 3> kPercentileLevels{50.0, 90.0, 99.0};
constexpr int kCurveWidth = 2;

enum Column { ModelColumn, P50Column, P90Column, P99Column, MeanColumn, PointsColumn };

QTableWidgetItem* numberItem(const QString& text)
{
    auto* item = new QTableWidgetItem(text);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    return item;
}

QIcon colorSwatch(const QColor& color)
{
    QPixmap swatch(14, 14);
    swatch.fill(Qt::transparent);
    QPainter painter(&swatch);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(color, 3));
    painter.drawLine(1, 7, 13, 7);
    return QIcon(swatch);
}

// The three levels as dashed guides, named "p50" / "p90" / "p99" on the right axis: the marks on
// the curves then read as "where this model crosses p90". Labels inside the plot would collide
// with the curves or, for p99, with the top edge.
void addPercentileGuides(QCustomPlot& plot)
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
    right->setRange(plot.yAxis->range());
    QObject::connect(plot.yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), right,
                     qOverload<const QCPRange&>(&QCPAxis::setRange));
}

} // namespace

ErrorCdfView::ErrorCdfView(QWidget* parent)
    : QWidget(parent)
    , m_metricBox(new QComboBox(this))
    , m_plot(new QCustomPlot(this))
    , m_table(new QTableWidget(this))
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
    buildTable();
    buildPlot();
    rebuild();
    attachExportMenu(m_plot, [this] {
        QStringList shown;
        for (const QString& label : m_labels)
            if (isCurveVisible(label))
                shown.push_back(label);
        return PictureInfo{tr("Error CDF: %1").arg(metricTitle(metric())), m_scenarioText,
                           shown.join(QStringLiteral(", "))};
    });

    connect(m_metricBox, &QComboBox::currentIndexChanged, this, [this] {
        rebuild();
        emit metricChanged(metric());
    });
    connect(m_table, &QTableWidget::itemChanged, this, &ErrorCdfView::onTableItemChanged);
    connect(m_plot, &QCustomPlot::legendClick, this,
            [this](QCPLegend*, QCPAbstractLegendItem* item, QMouseEvent*) {
                auto* entry = qobject_cast<QCPPlottableLegendItem*>(item);
                if (!entry)
                    return;
                const QString label = entry->plottable()->name();
                setCurveVisible(label, !isCurveVisible(label));
            });
}

void ErrorCdfView::buildTable()
{
    m_table->setColumnCount(6);
    m_table->setHorizontalHeaderLabels({tr("Model"), tr("p50"), tr("p90"), tr("p99"),
                                        tr("Mean"), tr("n")});
    m_table->horizontalHeaderItem(P50Column)->setToolTip(
        tr("Half of the configurations have a smaller relative error"));
    m_table->horizontalHeaderItem(P90Column)->setToolTip(
        tr("90 % of the configurations have a smaller relative error"));
    m_table->horizontalHeaderItem(P99Column)->setToolTip(
        tr("99 % of the configurations have a smaller relative error"));
    m_table->horizontalHeaderItem(MeanColumn)->setToolTip(tr("Mean relative error"));
    m_table->horizontalHeaderItem(PointsColumn)->setToolTip(tr("Configurations evaluated"));
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(ModelColumn, QHeaderView::Stretch);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
}

void ErrorCdfView::buildPlot()
{
    applyPlotStyle(*m_plot);
    m_plot->setMinimumSize(360, 260);
    const PlotHeading heading = addHeadingRows(*m_plot, 1.25);
    m_title = heading.title;
    m_subtitle = heading.subtitle;

    QCPAxis* x = m_plot->xAxis;
    x->setScaleType(QCPAxis::stLogarithmic);
    x->setTicker(QSharedPointer<DecadeTicker>::create());
    x->setLabel(tr("Relative error (%)"));
    x->grid()->setSubGridVisible(true);
    QCPAxis* y = m_plot->yAxis;
    y->setRange(0.0, 101.0);
    y->ticker()->setTickCount(5);
    addPercentileGuides(*m_plot);

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
    updateTitles();
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
    for (const CdfCurve& curve : curves)
        addCurve(curve, range);
    m_placeholder->setVisible(curves.empty());
    m_plot->legend->setVisible(!curves.empty());
    fillTable();
    applyVisibility();
    updateTitles();
    m_plot->replot();
}

void ErrorCdfView::addCurve(const CdfCurve& curve, const ErrorAxisRange& range)
{
    const QColor color = colorOf(curve.label);
    const StepSeries steps = cdfSteps(curve.evaluation.cdf, range);
    QCPGraph* graph = m_plot->addGraph();
    graph->setName(curve.label);
    graph->setLineStyle(QCPGraph::lsStepLeft);
    graph->setPen(QPen(color, kCurveWidth));
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
    const QSignalBlocker blocker(m_table);
    const auto found = m_curves.find(metric());
    const int rows = found == m_curves.end() ? 0 : static_cast<int>(found->second.size());
    m_table->setRowCount(rows);
    for (int row = 0; row < rows; ++row) {
        const CdfCurve& curve = found->second[static_cast<std::size_t>(row)];
        const core::ModelEvaluation& e = curve.evaluation;
        auto* model = new QTableWidgetItem(colorSwatch(colorOf(curve.label)), curve.label);
        model->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        model->setToolTip(percentileSummary(curve.label, e));
        m_table->setItem(row, ModelColumn, model);
        m_table->setItem(row, P50Column, numberItem(relativeErrorText(e.p50)));
        m_table->setItem(row, P90Column, numberItem(relativeErrorText(e.p90)));
        m_table->setItem(row, P99Column, numberItem(relativeErrorText(e.p99)));
        m_table->setItem(row, MeanColumn, numberItem(relativeErrorText(e.meanRelativeError)));
        m_table->setItem(row, PointsColumn,
                         numberItem(QLocale().toString(static_cast<qlonglong>(e.cdf.values.size()))));
    }
    // Exactly as tall as its rows: the table is a caption of the plot, never a scroll area.
    int height = m_table->horizontalHeader()->sizeHint().height() + 2 * m_table->frameWidth();
    for (int row = 0; row < rows; ++row)
        height += m_table->rowHeight(row);
    m_table->setFixedHeight(height);
    m_table->setVisible(rows > 0);
    arrangeBody();
}

// The table goes under the plot, or beside it where the view is wide and short (a 1280x800
// window, or presentation mode's larger fonts): under it there, the plot would be too short
// for its legend and axis label.
void ErrorCdfView::arrangeBody()
{
    const bool beside = width() >= 2 * height();
    if (beside) {
        // The model column stretches, so its width is measured: check box, swatch, label.
        int modelWidth = m_table->horizontalHeader()->sectionSizeHint(ModelColumn);
        const int decoration = m_table->style()->pixelMetric(QStyle::PM_IndicatorWidth)
                               + m_table->iconSize().width()
                               + m_table->fontMetrics().horizontalAdvance(QStringLiteral("MMMMM"));
        for (int row = 0; row < m_table->rowCount(); ++row)
            if (const QTableWidgetItem* item = m_table->item(row, ModelColumn))
                modelWidth = std::max(modelWidth, decoration
                    + m_table->fontMetrics().horizontalAdvance(item->text()));
        int tableWidth = 2 * m_table->frameWidth() + modelWidth;
        for (int column = P50Column; column < m_table->columnCount(); ++column)
            tableWidth += m_table->horizontalHeader()->sectionSize(column);
        m_table->setFixedWidth(tableWidth);
    } else {
        m_table->setMinimumWidth(0);
        m_table->setMaximumWidth(QWIDGETSIZE_MAX);
    }
    m_body->setDirection(beside ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
}

bool ErrorCdfView::tableBesidePlot() const
{
    return m_body->direction() == QBoxLayout::LeftToRight;
}

void ErrorCdfView::applyVisibility()
{
    const QSignalBlocker blocker(m_table);
    for (std::size_t i = 0; i < m_graphs.size(); ++i) {
        const bool visible = !m_hidden.contains(m_labels[i]);
        m_graphs[i]->setVisible(visible);
        m_marks[i]->setVisible(visible);
        // A hidden model stays in the legend, greyed, so it can be clicked back.
        if (QCPPlottableLegendItem* entry = m_plot->legend->itemWithPlottable(m_graphs[i]))
            entry->setTextColor(visible ? Qt::black : QColor(0xA0, 0xA0, 0xA0));
        if (QTableWidgetItem* item = m_table->item(static_cast<int>(i), ModelColumn))
            item->setCheckState(visible ? Qt::Checked : Qt::Unchecked);
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

bool ErrorCdfView::isCurveVisible(const QString& label) const { return !m_hidden.contains(label); }

void ErrorCdfView::onTableItemChanged(QTableWidgetItem* item)
{
    if (item->column() != ModelColumn)
        return;
    setCurveVisible(item->text(), item->checkState() == Qt::Checked);
}

void ErrorCdfView::updateTitles()
{
    // Long titles break at chosen places rather than being clipped by a narrow plot: the title
    // after its colon, the caption after the scenario name and then after its commas.
    const int width = m_plot->width() - 24;
    m_title->setText(fitToWidth(tr("%1: relative error of the predictions").arg(metricTitle(metric())),
                                m_title->font(), width, QStringLiteral(": "), QStringLiteral(":\n")));
    QStringList lines = fitToWidth(m_scenarioText, m_subtitle->font(), width, QStringLiteral(" · "),
                                   QStringLiteral("\n"))
                            .split(QLatin1Char('\n'));
    for (QString& line : lines)
        line = fitToWidth(line, m_subtitle->font(), width, QStringLiteral(", "), QStringLiteral(",\n"));
    const QString caption = lines.join(QLatin1Char('\n'));
    m_subtitle->setText(caption);
    m_subtitle->setVisible(!caption.isEmpty());
    // A short plot (a small screen in presentation mode) gets the short axis label.
    QCPAxis* y = m_plot->yAxis;
    const QString fullLabel = tr("Share of configurations (%)");
    const bool fits = QFontMetrics(y->labelFont()).horizontalAdvance(fullLabel)
                      < m_plot->axisRect()->height();
    y->setLabel(fits ? fullLabel : tr("Share (%)"));
    // As many legend rows as the plot is tall, then another column.
    QCPLegend& legend = *m_plot->legend;
    if (legend.itemCount() > 0) {
        const int itemHeight = legend.item(0)->minimumOuterSizeHint().height() + legend.rowSpacing();
        const int rows = (m_plot->axisRect()->height() - 20) / std::max(1, itemHeight);
        const int wrap = std::clamp(rows, 1, 5);
        if (wrap != legend.wrap()) {
            legend.setWrap(wrap);
            legend.setFillOrder(QCPLayoutGrid::foRowsFirst, true); // re-places the entries
        }
    }
}

void ErrorCdfView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    arrangeBody();
    updateTitles();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace iolens::ui
