// SPDX-License-Identifier: GPL-3.0-or-later
#include "appsim/application_plot.hpp"

#include "common/number_format.hpp"
#include "plots/plot_export_menu.hpp"
#include "plots/plot_style.hpp"

#include <algorithm>

namespace iolens::ui {

namespace {

QPen seriesPen(int colour, Qt::PenStyle style = Qt::SolidLine)
{
    QPen pen(seriesColor(colour), 2.0, style);
    return pen;
}

} // namespace

ApplicationPlot::ApplicationPlot(QWidget* parent)
    : QCustomPlot(parent)
{
    applyPlotStyle(*this);
    const PlotHeading heading = addHeadingRows(*this, 1.15);
    m_title = heading.title;
    m_subtitle = heading.subtitle;
    xAxis->setLabel(tr("Clients"));
    yAxis->setLabel(tr("Response time per loop (ms)"));
    yAxis2->setVisible(true);
    yAxis2->setLabel(tr("Throughput (loops/s)"));
    styleAxis(*yAxis2);
    yAxis2->setTickLabels(true);

    m_response = addGraph(xAxis, yAxis);
    m_response->setName(tr("Response time, simulated"));
    m_response->setPen(seriesPen(0));
    m_response->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, seriesColor(0), 7));
    m_responseBars = new QCPErrorBars(xAxis, yAxis);
    m_responseBars->setDataPlottable(m_response);
    m_responseBars->setPen(seriesPen(0));
    m_responseBars->removeFromLegend();

    m_throughput = addGraph(xAxis, yAxis2);
    m_throughput->setName(tr("Throughput, simulated"));
    m_throughput->setPen(seriesPen(1, Qt::DashLine));
    m_throughput->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, seriesColor(1), 7));
    m_throughputBars = new QCPErrorBars(xAxis, yAxis2);
    m_throughputBars->setDataPlottable(m_throughput);
    m_throughputBars->setPen(seriesPen(1));
    m_throughputBars->removeFromLegend();

    m_measuredResponse = addGraph(xAxis, yAxis);
    m_measuredResponse->setName(tr("Response time, measured"));
    m_measuredResponse->setLineStyle(QCPGraph::lsNone);
    m_measuredResponse->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(seriesColor(0), 2.0), Qt::white, 12));
    m_measuredThroughput = addGraph(xAxis, yAxis2);
    m_measuredThroughput->setName(tr("Throughput, measured"));
    m_measuredThroughput->setLineStyle(QCPGraph::lsNone);
    m_measuredThroughput->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssSquare, QPen(seriesColor(1), 2.0), Qt::white, 11));

    m_limit = new QCPItemStraightLine(this);
    m_limit->setClipAxisRect(axisRect());
    m_limit->setPen(QPen(QColor(80, 80, 80), 1.5, Qt::DashLine));
    m_headroomLabel = new QCPItemText(this);
    m_headroomLabel->setClipToAxisRect(true);
    m_headroomLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    m_headroomLabel->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_headroomLabel->position->setCoords(0.98, 0.08);
    m_headroomLabel->setFont(plotFont(1.0, true));
    m_headroomLabel->setColor(QColor(60, 60, 60));

    // The legend in its own row under the axes: the curves rise in both corners above.
    legend->setVisible(true);
    axisRect()->insetLayout()->take(legend);
    plotLayout()->addElement(plotLayout()->rowCount(), 0, legend);
    plotLayout()->setRowStretchFactor(plotLayout()->rowCount() - 1, 0.001);
    legend->setFillOrder(QCPLegend::foColumnsFirst);
    legend->setWrap(4);
    legend->setMargins(QMargins(8, 4, 8, 4));
    attachExportMenu(this);
    fitAfterLayout(*this, [this] { return fitToSize(); });
    showMessage(tr("Application simulation"), tr("Simulating…"));
}

// The subtitle wraps at its " · ", the legend folds from four columns to fewer.
bool ApplicationPlot::fitToSize()
{
    const int width = viewport().width() - 24;
    const QString subtitle = wrapToWidth(
        m_subtitleText, m_subtitle->font(), width, {{QStringLiteral(" · "), QStringLiteral("\n")}});
    bool changed = subtitle != m_subtitle->text();
    m_subtitle->setText(subtitle);
    const int columns = legend->wrap();
    for (int wrap = 4; wrap >= 1; --wrap) {
        if (legend->wrap() != wrap) {
            legend->setWrap(wrap);
            legend->setFillOrder(QCPLegend::foColumnsFirst, true); // re-places the entries
        }
        if (legend->minimumOuterSizeHint().width() <= width)
            break;
    }
    // A short plot (presentation mode in a laptop's window) names its axes in brief rather
    // than cutting the titles at both ends.
    changed = fitAxisLabel(*yAxis, tr("Response time per loop (ms)"), tr("RT per loop (ms)"))
        || changed;
    changed = fitAxisLabel(*yAxis2, tr("Throughput (loops/s)"), tr("loops/s")) || changed;
    return changed || legend->wrap() != columns;
}

void ApplicationPlot::showMessage(const QString& title, const QString& message)
{
    m_title->setText(title);
    m_subtitleText = message;
    m_subtitle->setText(message);
    for (QCPGraph* graph : {m_response, m_throughput, m_measuredResponse, m_measuredThroughput})
        graph->data()->clear();
    m_responseBars->data()->clear();
    m_throughputBars->data()->clear();
    m_limit->setVisible(false);
    m_headroomLabel->setVisible(false);
    replot();
}

void ApplicationPlot::showSweep(const QString& title, const QString& subtitle,
    const std::vector<core::SimulationResult>& sweep,
    const std::vector<core::AppRunRecord>& measured, std::optional<double> limitMs,
    const core::ClientHeadroom& headroom)
{
    m_title->setText(title);
    m_subtitleText = subtitle;
    m_subtitle->setText(subtitle);
    QVector<double> clients;
    QVector<double> response;
    QVector<double> responseCi;
    QVector<double> throughput;
    QVector<double> throughputCi;
    double top = 0.0;
    double topThroughput = 0.0;
    double right = 1.0;
    for (const core::SimulationResult& r : sweep) {
        clients << r.clients;
        response << r.responseTimeMs.mean;
        responseCi << r.responseTimeMs.halfWidth;
        throughput << r.throughputPerS.mean;
        throughputCi << r.throughputPerS.halfWidth;
        top = std::max(top, r.responseTimeMs.mean + r.responseTimeMs.halfWidth);
        topThroughput = std::max(topThroughput, r.throughputPerS.mean + r.throughputPerS.halfWidth);
        right = std::max(right, static_cast<double>(r.clients));
    }
    m_response->setData(clients, response, true);
    m_responseBars->setData(responseCi);
    m_throughput->setData(clients, throughput, true);
    m_throughputBars->setData(throughputCi);
    m_measuredResponse->data()->clear();
    m_measuredThroughput->data()->clear();
    for (const core::AppRunRecord& run : measured) {
        if (run.responseTimeMs) {
            m_measuredResponse->addData(run.clients, *run.responseTimeMs);
            top = std::max(top, *run.responseTimeMs);
        }
        m_measuredThroughput->addData(run.clients, run.throughputPerS);
        topThroughput = std::max(topThroughput, run.throughputPerS);
        right = std::max(right, static_cast<double>(run.clients));
    }
    // Legend entries for measured runs only where there are some: a database without loadgen
    // runs showed two symbols of nothing.
    for (QCPGraph* graph : {m_measuredResponse, m_measuredThroughput}) {
        if (graph->data()->isEmpty())
            graph->removeFromLegend();
        else
            graph->addToLegend();
    }
    m_limit->setVisible(limitMs.has_value());
    m_headroomLabel->setVisible(limitMs.has_value());
    if (limitMs) {
        m_limit->point1->setCoords(0.0, *limitMs);
        m_limit->point2->setCoords(1.0, *limitMs);
        top = std::max(top, *limitMs);
        m_headroomLabel->setText(!headroom.meetsAtFewest
                ? tr("SLA %1 ms: broken at %2")
                      .arg(*limitMs)
                      .arg(countText(sweep.empty() ? 1 : sweep.front().clients, tr("1 client"),
                          tr("%1 clients")))
                : tr("SLA %1 ms: %2 %3")
                      .arg(*limitMs)
                      .arg(headroom.openEnded ? tr("at least") : tr("up to"),
                          countText(*headroom.largestClients, tr("1 client"), tr("%1 clients"))));
    }
    xAxis->setRange(0.0, right * 1.05);
    yAxis->setRange(0.0, top * 1.1 + 1e-9);
    yAxis2->setRange(0.0, topThroughput * 1.1 + 1e-9);
    replot();
}

} // namespace iolens::ui

#include "moc_application_plot.cpp"
