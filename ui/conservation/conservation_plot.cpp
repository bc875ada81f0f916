// SPDX-License-Identifier: GPL-3.0-or-later
#include "conservation/conservation_plot.hpp"

#include "common/number_format.hpp"
#include "plots/axis_scales.hpp"
#include "plots/plot_style.hpp"
#include "plots/swarm_graph.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace iolens::ui {

namespace {

constexpr int kPanels = 3;
constexpr double kMarkerSize = 10.0;

QString sizeLabel(double requestKib)
{
    return formatByteSize(static_cast<std::int64_t>(std::llround(requestKib * 1024.0)));
}

/// Marker shapes by request size, so that sizes stay apart in grey print as well.
QCPScatterStyle sizeMarker(int index)
{
    static const QCPScatterStyle::ScatterShape shapes[]
        = {QCPScatterStyle::ssDisc, QCPScatterStyle::ssSquare, QCPScatterStyle::ssTriangle,
            QCPScatterStyle::ssDiamond, QCPScatterStyle::ssTriangleInverted};
    const QColor color = seriesColor(index);
    return {shapes[index % 5], color, color, kMarkerSize};
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 == 1 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

void hideSecondaryAxes(QCPAxisRect& rect)
{
    rect.axis(QCPAxis::atTop)->setVisible(false);
    rect.axis(QCPAxis::atRight)->setVisible(false);
    styleAxis(*rect.axis(QCPAxis::atBottom));
    styleAxis(*rect.axis(QCPAxis::atLeft));
}

} // namespace

ConservationPlot::ConservationPlot(QWidget* parent)
    : QCustomPlot(parent)
    , m_title(new QCPTextElement(this, tr("Conservation check (Ra and Lee)"), plotFont(1.2, true)))
    , m_summary(new QCPTextElement(this, QString(), plotFont(0.9)))
{
    applyPlotStyle(*this);
    setMinimumSize(600, 360);
    arrangeLayout();
    fitAfterLayout(*this, [this] { return fitToSize(); });
}

// The summary wraps, first before its parenthesis, then after its colon and commas; the legend
// takes as many columns as the width holds, and a short panel gets its y label in brief
// (presentation mode on a 1280x800 projector).
bool ConservationPlot::fitToSize()
{
    const int width = viewport().width() - 24;
    const QString summary = wrapToWidth(m_summaryText, m_summary->font(), width,
        {{QStringLiteral(" ("), QStringLiteral("\n(")},
            {QStringLiteral(": "), QStringLiteral(":\n")},
            {QStringLiteral(", "), QStringLiteral(",\n")}});
    bool changed = summary != m_summary->text();
    m_summary->setText(summary);

    const int columns = legend->wrap();
    for (int wrap = kLegendColumns; wrap >= 1; --wrap) {
        if (legend->wrap() != wrap) {
            legend->setWrap(wrap);
            legend->setFillOrder(QCPLegend::foColumnsFirst, true); // re-places the entries
        }
        if (legend->minimumOuterSizeHint().width() <= width)
            break;
    }
    changed = changed || legend->wrap() != columns;
    const auto labels = yLabels();
    for (std::size_t i = 0; i < m_panels.size(); ++i)
        changed
            = fitAxisLabel(*m_panels[i]->axis(QCPAxis::atLeft), labels[i].first, labels[i].second)
            || changed;
    return changed;
}

// Title and summary on top, the three panels (each under its own caption) in a row, the legend
// in rows below them, where it covers no point.
void ConservationPlot::arrangeLayout()
{
    styleHeading(*m_title, *m_summary);
    QCPAxisRect* first = axisRect();
    first->insetLayout()->take(legend);
    plotLayout()->take(first);
    plotLayout()->simplify();
    auto* panels = new QCPLayoutGrid;
    plotLayout()->addElement(0, 0, m_title);
    plotLayout()->addElement(1, 0, m_summary);
    plotLayout()->addElement(2, 0, panels);
    plotLayout()->addElement(3, 0, legend);
    for (int row : {0, 1, 3})
        plotLayout()->setRowStretchFactor(row, 0.001);
    // What each panel shows in words a slide's reader knows; the figure numbers are the paper's.
    const QString captions[kPanels] = {tr("Capacity of each mix against pure reads (Fig. 2a)"),
        tr("Reads that one write costs (Fig. 3)"), tr("Error of the estimated IOPS (Fig. 2b/c)")};
    auto* margins = new QCPMarginGroup(this);
    for (int i = 0; i < kPanels; ++i) {
        QCPAxisRect* rect = i == 0 ? first : new QCPAxisRect(this);
        hideSecondaryAxes(*rect);
        rect->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
        auto* caption = new QCPTextElement(this, captions[i], plotFont(1.0, true));
        panels->addElement(0, i, caption);
        panels->addElement(1, i, rect);
        m_panels.push_back(rect);
    }
    panels->setRowStretchFactor(0, 0.001);
    legend->setVisible(true);
    legend->setFillOrder(QCPLegend::foColumnsFirst);
    legend->setWrap(kLegendColumns);
    legend->setMargins(QMargins(8, 4, 8, 4));
    legend->setLayer(QStringLiteral("legend"));

    QCPAxis* readAxes[]
        = {m_panels[0]->axis(QCPAxis::atBottom), m_panels[2]->axis(QCPAxis::atBottom)};
    for (QCPAxis* axis : readAxes) {
        axis->setLabel(tr("Read share (%)"));
        axis->setRange(readShareRange({}));
    }
    m_panels[1]->axis(QCPAxis::atBottom)->setLabel(tr("Request size"));
    const auto labels = yLabels();
    for (std::size_t i = 0; i < m_panels.size(); ++i)
        m_panels[i]->axis(QCPAxis::atLeft)->setLabel(labels[i].first);
}

// Each y label in full where the panel is tall enough, else in brief (fitToSize).
std::array<std::pair<QString, QString>, kPanels> ConservationPlot::yLabels()
{
    return {{{tr("C / T100r (1: capacity conserved)"), tr("C / T100r")},
        {tr("f_rw = T100r / T100w (reads per write)"), tr("f_rw")},
        {tr("Error of the total IOPS (%)"), tr("IOPS error (%)")}}};
}

QString ConservationPlot::summaryText() const
{
    return m_summaryText;
}

void ConservationPlot::clearSeries()
{
    clearGraphs();
    m_capacity.clear();
    m_errors.clear();
    m_sizes.clear();
    m_conserved = nullptr;
    m_writeCost = nullptr;
    m_writeCostMedian = nullptr;
}

void ConservationPlot::showCheck(const core::ConservationCheck& check)
{
    clearSeries();
    for (const auto& table : check.tables)
        for (const core::SizeCapacity& c : table.second)
            m_sizes.push_back(c.requestKib);
    std::sort(m_sizes.begin(), m_sizes.end());
    m_sizes.erase(std::unique(m_sizes.begin(), m_sizes.end()), m_sizes.end());
    drawCapacityAndErrors(check);
    drawWriteCosts(check);
    setSummary(check);
    replot();
}

void ConservationPlot::drawCapacityAndErrors(const core::ConservationCheck& check)
{
    QCPAxisRect* capacity = m_panels[0];
    QCPAxisRect* errors = m_panels[2];
    m_conserved = addGraph(capacity->axis(QCPAxis::atBottom), capacity->axis(QCPAxis::atLeft));
    m_conserved->setName(tr("conserved capacity (C = T100r)"));
    m_conserved->setPen(QPen(QColor(0x50, 0x50, 0x50), 1.5, Qt::DashLine));
    m_conserved->setData({0.0, 100.0}, {1.0, 1.0});
    double highest = 1.0;
    double lowest = 1.0;
    double worst = 0.0;
    std::vector<double> readShares;
    // The sizes at one read share take 60 % of the way to the next read share measured.
    const double dodge = 0.6 * readShareSpacing(check) / static_cast<double>(m_sizes.size());
    for (std::size_t s = 0; s < m_sizes.size(); ++s) {
        QVector<double> read;
        QVector<double> ratio;
        QVector<double> error;
        for (const core::ConservationMix& mix : check.mixes) {
            if (std::fabs(mix.config.requestBytes / 1024.0 - m_sizes[s]) > 1e-9)
                continue;
            read.push_back(mix.config.readPct);
            ratio.push_back(mix.capacityRatio);
            error.push_back(100.0 * mix.relativeError);
            highest = std::max(highest, mix.capacityRatio);
            lowest = std::min(lowest, mix.capacityRatio);
            worst = std::max(worst, 100.0 * mix.relativeError);
            readShares.push_back(mix.config.readPct);
        }
        const int index = static_cast<int>(s);
        // Mixes of different system configurations: points, not a line through them. Every
        // size's mixes share the read shares measured (fio-tiered: 50 % only), so each size
        // stands beside the others at its read share and its points spread sideways where they
        // would cover each other; the data keep the exact read share.
        auto* c
            = new SwarmGraph(capacity->axis(QCPAxis::atBottom), capacity->axis(QCPAxis::atLeft));
        auto* e = new SwarmGraph(errors->axis(QCPAxis::atBottom), errors->axis(QCPAxis::atLeft));
        const double shift
            = dodge * (static_cast<double>(s) - 0.5 * static_cast<double>(m_sizes.size() - 1));
        for (SwarmGraph* graph : {c, e}) {
            graph->setScatterStyle(sizeMarker(index));
            graph->setName(sizeLabel(m_sizes[s]));
            graph->setKeyShift(shift);
        }
        c->setData(read, ratio);
        e->setData(read, error);
        e->removeFromLegend(); // the same sizes in the same colours as the first panel
        m_capacity.push_back(c);
        m_errors.push_back(e);
    }
    // Symmetric around 1, so a reader sees at once how far above or below conservation it is.
    const double spread = std::max({highest - 1.0, 1.0 - lowest, 0.05}) * 1.15;
    capacity->axis(QCPAxis::atLeft)->setRange(std::max(0.0, 1.0 - spread), 1.0 + spread);
    // Below 0 by a marker's room, so the mixes estimated exactly are not cut by the axis.
    const double errorTop = std::max(5.0, worst * 1.1);
    errors->axis(QCPAxis::atLeft)->setRange(-0.03 * errorTop, errorTop);
    const QCPRange reads = readShareRange(readShares);
    for (QCPAxisRect* rect : {capacity, errors})
        rect->axis(QCPAxis::atBottom)->setRange(reads);
}

// The smallest distance between two read shares of the mixes, 20 points where there is one.
double ConservationPlot::readShareSpacing(const core::ConservationCheck& check)
{
    std::vector<double> shares;
    for (const core::ConservationMix& mix : check.mixes)
        shares.push_back(mix.config.readPct);
    std::sort(shares.begin(), shares.end());
    shares.erase(std::unique(shares.begin(), shares.end()), shares.end());
    double spacing = 20.0;
    for (std::size_t i = 1; i < shares.size(); ++i)
        spacing = std::min(spacing, shares[i] - shares[i - 1]);
    return spacing;
}

// The read shares measured, 25 points of read share either side, within 0-100 % and the room
// of a marker: fio-tiered mixes only at 50 %, and on 0-100 % its panels were nine tenths empty.
QCPRange ConservationPlot::readShareRange(const std::vector<double>& readShares)
{
    if (readShares.empty())
        return {-5.0, 105.0};
    const auto [lowest, highest] = std::minmax_element(readShares.begin(), readShares.end());
    return {std::max(-5.0, *lowest - 25.0), std::min(105.0, *highest + 25.0)};
}

void ConservationPlot::drawWriteCosts(const core::ConservationCheck& check)
{
    QCPAxisRect* rect = m_panels[1];
    // Configurations of one size with near write costs spread sideways instead of covering.
    m_writeCost = new SwarmGraph(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    m_writeCost->setName(tr("f_rw of a system configuration"));
    const QColor grey(0x70, 0x70, 0x70);
    m_writeCost->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, grey, 8));
    m_writeCostMedian = addGraph(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    m_writeCostMedian->setName(tr("median f_rw"));
    m_writeCostMedian->setPen(QPen(QColor(0x00, 0x00, 0x00), 2));
    std::map<double, std::vector<double>> bySize;
    double lowest = 0.0;
    double highest = 0.0;
    for (const auto& table : check.tables)
        for (const core::SizeCapacity& c : table.second) {
            m_writeCost->addData(c.requestKib, c.writeCost());
            bySize[c.requestKib].push_back(c.writeCost());
            lowest = lowest > 0.0 ? std::min(lowest, c.writeCost()) : c.writeCost();
            highest = std::max(highest, c.writeCost());
        }
    for (const auto& [kib, values] : bySize)
        m_writeCostMedian->addData(kib, median(values));
    // Behind a cache f_rw spans decades (reads hit the cache, writes do not); the paper's
    // single-digit values fit a linear axis. applyCostScale chooses by the span.
    if (lowest > 0.0 && highest / lowest > 10.0)
        applyCostScale(*rect->axis(QCPAxis::atLeft), lowest / 1.5, highest * 1.5);
    else
        applyCostScale(*rect->axis(QCPAxis::atLeft), 0.0, std::max(highest, 1.0) * 1.1);
    setUpSizeAxis(*rect->axis(QCPAxis::atBottom));
}

// Request sizes double from one measured size to the next, so a log axis spaces them evenly;
// ticks sit at the measured sizes and read "4 KiB", not "4".
void ConservationPlot::setUpSizeAxis(QCPAxis& axis)
{
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (double kib : m_sizes)
        ticker->addTick(kib, sizeLabel(kib));
    axis.setTicker(ticker);
    axis.setScaleType(QCPAxis::stLogarithmic);
    if (!m_sizes.empty())
        axis.setRange(m_sizes.front() / 1.6, m_sizes.back() * 1.6);
}

void ConservationPlot::setSummary(const core::ConservationCheck& check)
{
    QString text = tr("%1 read/write mixes against %2 pure measurements: "
                      "mean |C / T100r − 1| %3, mean estimation error %4")
                       .arg(check.mixes.size())
                       .arg(check.measurementsUsed)
                       .arg(formatPercent(100.0 * check.meanCapacityDeviation),
                           formatPercent(100.0 * check.meanRelativeError));
    if (check.mixesWithoutCapacity > 0)
        text += tr(" (%1 mixes left out: no 100 % read or write measurement of their size)")
                    .arg(check.mixesWithoutCapacity);
    m_summaryText = text;
    m_summary->setText(text);
}

} // namespace iolens::ui

#include "moc_conservation_plot.cpp"
