// SPDX-License-Identifier: GPL-3.0-or-later
#include "profiler/profile_plot.hpp"

#include "common/metric_text.hpp"
#include "plots/axis_scales.hpp"
#include "plots/coinciding_curves.hpp"
#include "plots/end_labelled_ticker.hpp"
#include "plots/pixel_padding.hpp"
#include "plots/plot_style.hpp"
#include "profiler/byte_size_ticker.hpp"

#include <QMouseEvent>

#include <algorithm>
#include <cmath>
#include <limits>

namespace iolens::ui {

namespace {

constexpr int kCurveWidth = 2;
// The axis length assumed before the first layout (a 1280 px window's third, less its margins).
constexpr int kTypicalPanelPx = 340;

/// A count sweep over four doublings or more (1 to 16 threads, say): drawn on a log axis.
bool wideCountRange(const core::SweepGrid& grid)
{
    return !grid.x.empty() && grid.x.front() > 0.0 && grid.x.back() >= 16.0 * grid.x.front();
}
const QColor kBandColor(0x00, 0x00, 0x00, 30);
const QColor kFarColor(0xB7, 0x41, 0x0E, 70);
// Light enough that curves, hatching and dots stay readable on top.
const QColor kAllMeetColor(0x3C, 0xB0, 0x4A, 50);
const QColor kDisagreeColor(0xF2, 0xA9, 0x00, 70);
const QColor kNoneMeetColor(0xE0, 0x40, 0x40, 40);
// Dark enough on white, light enough on a dark palette's background.
const QColor kLimitLineColor(0x2E, 0x7D, 0x32);
const QString kLimitsLayer = QStringLiteral("limits");
// QCustomPlot's own top layer is called "overlay"; the marks go between the curves and the axes.
const QString kMarksLayer = QStringLiteral("marks");

QString axisTitle(core::Factor factor)
{
    switch (factor) {
    case core::Factor::ReadPct:
        return ProfilePlot::tr("%1 (%)").arg(factorTitle(factor));
    case core::Factor::Vms:
    case core::Factor::Threads:
        return ProfilePlot::tr("%1 (count)").arg(factorTitle(factor));
    default:
        return factorTitle(factor); // sizes carry their unit in every tick label
    }
}

// Qt 6.4's QList has no assign(); resize keeps the capacity, so a redraw allocates nothing.
void copyInto(const std::vector<double>& from, QVector<double>& to)
{
    to.resize(static_cast<qsizetype>(from.size()));
    std::copy(from.begin(), from.end(), to.begin());
}

} // namespace

ProfilePlot::ProfilePlot(core::Factor factor, QWidget* parent)
    : QCustomPlot(parent)
    , m_factor(factor)
    , m_bandLow(addGraph())
    , m_bandHigh(addGraph())
    , m_measured(nullptr)
    , m_scenarioLine(new QCPItemStraightLine(this))
{
    applyPlotStyle(*this);
    setMinimumSize(220, 170);
    xAxis->setLabel(axisTitle(factor));
    // The band: two graphs, the upper filled down to the lower, no outline.
    m_bandLow->setPen(Qt::NoPen);
    m_bandHigh->setPen(Qt::NoPen);
    m_bandHigh->setBrush(kBandColor);
    m_bandHigh->setChannelFillGraph(m_bandLow);
    m_bandLow->setName(tr("Model spread"));
    m_measured = addGraph();
    m_measured->setLineStyle(QCPGraph::lsNone);
    m_measured->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(Qt::white, 1.5), QBrush(Qt::black), 9));
    m_measured->setName(tr("Measured"));
    // Measured dots and the scenario line above the curves, which would otherwise hide them.
    addLayer(kMarksLayer, layer(QStringLiteral("main")), QCustomPlot::limAbove);
    // The SLA shading below everything else, the far-from-data hatching included.
    addLayer(kLimitsLayer, layer(QStringLiteral("background")), QCustomPlot::limBelow);
    m_measured->setLayer(kMarksLayer);
    m_scenarioLine->setLayer(kMarksLayer);
    m_scenarioLine->setPen(QPen(QColor(0x30, 0x30, 0x30), 1.5, Qt::DashLine));
    m_scenarioLine->point1->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_scenarioLine->point2->setTypeY(QCPItemPosition::ptAxisRectRatio);
    setToolTip(tr("Click to move this factor of the scenario there."));
    fitAfterLayout(*this, [this] {
        const bool label = fitYLabel();
        const bool range = fitXRange();
        return label || range;
    });
}

bool ProfilePlot::fitYLabel()
{
    // The title where it fits the panel's height, else the unit, and even that elided ("…")
    // rather than clipped at the top of a tiny panel.
    if (!fitAxisLabel(*yAxis, m_yLabel, m_yBriefLabel, BriefFit::Elided))
        return false;
    const QString click = tr("Click to move this factor of the scenario there.");
    setToolTip(
        yAxis->label() == m_yLabel ? click : tr("%1\nThe y axis shows %2.").arg(click, m_yLabel));
    return true;
}

void ProfilePlot::setUpXAxis(const core::SweepGrid& grid, const std::optional<GridStretch>& shown)
{
    m_xPadded = false;
    if (grid.x.empty())
        return;
    if (grid.spacing == core::SweepSpacing::Categorical) {
        auto ticker = QSharedPointer<QCPAxisTickerText>::create();
        for (std::size_t i = 0; i < grid.levels.size(); ++i)
            ticker->addTick(static_cast<double>(i), QString::fromStdString(grid.levels[i]));
        xAxis->setScaleType(QCPAxis::stLinear);
        xAxis->setTicker(ticker);
        xAxis->setSubTicks(false);
        xAxis->setRange(-0.5, static_cast<double>(grid.levels.size()) - 0.5);
        return;
    }
    const GridStretch stretch = shown.value_or(GridStretch {0, grid.x.size() - 1});
    m_xFirst = grid.x[std::min(stretch.first, grid.x.size() - 1)];
    m_xLast = grid.x[std::min(stretch.last, grid.x.size() - 1)];
    if (grid.spacing == core::SweepSpacing::Log) {
        xAxis->setScaleType(QCPAxis::stLogarithmic);
        const double unit = m_factor == core::Factor::RequestBytes ? 1024.0 : 1024.0 * 1024.0;
        xAxis->setTicker(QSharedPointer<ByteSizeTicker>::create(unit));
        xAxis->setSubTicks(true);
    } else if (grid.spacing == core::SweepSpacing::Integer && wideCountRange(grid)) {
        // Thread counts measured at 1, 2, 4 ... 64: on a linear axis the first five crowd into
        // its first tenth; doublings read as the equal steps they are on a log axis.
        xAxis->setScaleType(QCPAxis::stLogarithmic);
        auto ticker = QSharedPointer<QCPAxisTickerLog>::create();
        ticker->setLogBase(2.0);
        ticker->setSubTickCount(0);
        xAxis->setTicker(ticker);
        xAxis->setSubTicks(false);
    } else {
        // Counts (whole steps of 1, 2, 5 ...) and the read share: round ticks, and
        // the first and last point labelled too ("1" VM, "100" %).
        xAxis->setScaleType(QCPAxis::stLinear);
        xAxis->setTicker(QSharedPointer<EndLabelledTicker>::create(
            m_xFirst, m_xLast, grid.spacing == core::SweepSpacing::Integer));
        xAxis->setSubTicks(false);
    }
    m_xPadded = true;
    fitXRange();
}

bool ProfilePlot::fitXRange()
{
    if (!m_xPadded)
        return false;
    // The measured dot's radius and its rim: the widest mark drawn at an end.
    const QCPScatterStyle& dot = m_measured->scatterStyle();
    const double radius = dot.size() / 2.0 + dot.pen().widthF() + 1.0;
    const int length = axisRect()->width();
    const bool log = xAxis->scaleType() == QCPAxis::stLogarithmic;
    // Before the first layout the axis has no length yet: a typical panel's.
    const QCPRange range
        = padByPixels(m_xFirst, m_xLast, log, radius, length > 0 ? length : kTypicalPanelPx);
    const QCPRange now = xAxis->range();
    const double tolerance = 1e-9 * (range.upper - range.lower);
    if (std::fabs(now.lower - range.lower) <= tolerance
        && std::fabs(now.upper - range.upper) <= tolerance)
        return false;
    xAxis->setRange(range);
    return true;
}

void ProfilePlot::show(
    const ProfileDrawing& drawing, const QString& yLabel, const QString& yBriefLabel)
{
    const core::Profile& profile = *drawing.profile;
    setUpXAxis(profile.grid, drawing.shown);
    m_yLabel = yLabel;
    m_yBriefLabel = yBriefLabel;
    fitYLabel();
    showBand(drawing);
    showCurves(drawing);
    m_measured->setData(drawing.measuredX, drawing.measuredY);
    m_scenarioLine->point1->setCoords(profile.current, 0.0);
    m_scenarioLine->point2->setCoords(profile.current, 1.0);
    m_scenarioLine->setVisible(profile.current >= 0.0 || !isCategorical(m_factor));
    m_gridX = profile.grid.x;
    m_curveY = profile.y;
    m_curveColors = drawing.colors;
    m_levels = profile.grid.spacing == core::SweepSpacing::Categorical;
    showFar(*drawing.far);
    showLimits(drawing.limits);
    showLimitLines(drawing.limitBounds);
}

void ProfilePlot::showCurves(const ProfileDrawing& drawing)
{
    const core::Profile& profile = *drawing.profile;
    const bool levels = profile.grid.spacing == core::SweepSpacing::Categorical;
    while (m_curves.size() > profile.y.size()) {
        removeGraph(m_curves.back());
        m_curves.pop_back();
        removeGraph(m_outsideCurves.back());
        m_outsideCurves.pop_back();
    }
    while (m_curves.size() < profile.y.size()) {
        m_curves.push_back(addGraph());
        m_outsideCurves.push_back(addGraph());
    }
    copyInto(profile.grid.x, m_x);
    // A curve lying exactly on an earlier one (M5 on Cubist at their defaults) is dashed, gaps as
    // long as the dashes, so the earlier one shows through, as in the Error CDF; the legend
    // names the pair. With levels, its dot is drawn small inside the earlier one's.
    std::vector<const std::vector<double>*> values;
    for (const std::vector<double>& y : profile.y)
        values.push_back(&y);
    m_coincidesWith = coincidingCurves(values);
    for (std::size_t m = 0; m < m_curves.size(); ++m) {
        QCPGraph* graph = m_curves[m];
        const QColor color = drawing.colors[m];
        const bool onEarlier = m_coincidesWith[m] >= 0;
        graph->setName(drawing.labels[m]);
        QPen pen(color, kCurveWidth);
        if (onEarlier)
            pen.setDashPattern({3.0, 3.0});
        graph->setPen(pen);
        // Levels have no order between them: a dot per level, no line across.
        graph->setLineStyle(levels ? QCPGraph::lsNone : QCPGraph::lsLine);
        graph->setScatterStyle(levels
                ? QCPScatterStyle(QCPScatterStyle::ssDisc, color, onEarlier ? 5 : 9)
                : QCPScatterStyle());
        copyInto(profile.y[m], m_y);
        showOutside(m, drawing, levels);
        graph->setData(m_x, m_y, true);
    }
}

// Splits curve `m` (its values in m_y) where its model leaves its own training domain: those
// points move to the dashed graph (with their inside neighbours, so the two parts meet), NaN
// gaps in the solid one; with levels, a hollow dot instead of a full one.
void ProfilePlot::showOutside(std::size_t m, const ProfileDrawing& drawing, bool levels)
{
    const int width = kCurveWidth;
    QCPGraph* dashed = m_outsideCurves[m];
    const QColor color = drawing.colors[m];
    dashed->setPen(QPen(color, width, Qt::DashLine));
    dashed->setLineStyle(levels ? QCPGraph::lsNone : QCPGraph::lsLine);
    dashed->setScatterStyle(levels
            ? QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(color, width), QBrush(Qt::white), 9)
            : QCPScatterStyle());
    const std::vector<bool>* outside
        = m < drawing.outsideOwnDomain.size() ? &drawing.outsideOwnDomain[m] : nullptr;
    const auto n = static_cast<std::size_t>(m_y.size());
    if (!outside || outside->size() != n
        || std::none_of(outside->begin(), outside->end(), [](bool b) { return b; })) {
        dashed->data()->clear();
        return;
    }
    const double gap = std::numeric_limits<double>::quiet_NaN();
    m_outsideY = m_y;
    for (std::size_t i = 0; i < n; ++i) {
        const auto at = static_cast<qsizetype>(i);
        const bool near = (*outside)[i] || (!levels && i > 0 && (*outside)[i - 1])
            || (!levels && i + 1 < n && (*outside)[i + 1]);
        if (!near)
            m_outsideY[at] = gap;
        if ((*outside)[i])
            m_y[at] = gap;
    }
    dashed->setData(m_x, m_outsideY, true);
}

void ProfilePlot::showBand(const ProfileDrawing& drawing)
{
    const core::Profile& profile = *drawing.profile;
    m_bandHigh->setBrush(drawing.bandColor.value_or(kBandColor));
    if (drawing.band->low.empty()) { // one model has no spread, and this one no interval
        m_bandLow->data()->clear();
        m_bandHigh->data()->clear();
        return;
    }
    if (profile.grid.spacing != core::SweepSpacing::Categorical) {
        copyInto(profile.grid.x, m_x);
        copyInto(drawing.band->low, m_y);
        m_bandLow->setData(m_x, m_y, true);
        copyInto(drawing.band->high, m_y);
        m_bandHigh->setData(m_x, m_y, true);
        return;
    }
    // Levels have no order: a box around each level's dots, a NaN gap between the boxes.
    constexpr double kHalfWidth = 0.3;
    const double gap = std::numeric_limits<double>::quiet_NaN();
    QVector<double> keys, low, high;
    for (std::size_t i = 0; i < profile.grid.x.size(); ++i) {
        const double x = profile.grid.x[i];
        keys << x - kHalfWidth << x + kHalfWidth << x + 0.5;
        low << drawing.band->low[i] << drawing.band->low[i] << gap;
        high << drawing.band->high[i] << drawing.band->high[i] << gap;
    }
    m_bandLow->setData(keys, low, true);
    m_bandHigh->setData(keys, high, true);
}

void ProfilePlot::showFar(const std::vector<core::FarStretch>& far)
{
    while (m_far.size() < far.size()) {
        auto* rect = new QCPItemRect(this);
        rect->setPen(Qt::NoPen);
        rect->setBrush(QBrush(kFarColor, Qt::BDiagPattern));
        rect->setLayer(QStringLiteral("background"));
        rect->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
        rect->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
        rect->setClipToAxisRect(true);
        m_far.push_back(rect);
    }
    for (std::size_t i = 0; i < m_far.size(); ++i) {
        const bool used = i < far.size();
        m_far[i]->setVisible(used);
        if (!used)
            continue;
        // A single far point still gets a visible sliver.
        const double to = far[i].to > far[i].from ? far[i].to : far[i].from * 1.0001 + 1e-9;
        m_far[i]->topLeft->setCoords(far[i].from, 0.0);
        m_far[i]->bottomRight->setCoords(to, 1.0);
    }
}

QColor ProfilePlot::limitLineColor()
{
    return kLimitLineColor;
}

QColor ProfilePlot::limitColor(core::LimitVerdict verdict)
{
    switch (verdict) {
    case core::LimitVerdict::AllMeet:
        return kAllMeetColor;
    case core::LimitVerdict::Disagree:
        return kDisagreeColor;
    case core::LimitVerdict::NoneMeet:
        return kNoneMeetColor;
    case core::LimitVerdict::Unknown:
        break;
    }
    return Qt::transparent;
}

void ProfilePlot::showLimits(const core::LimitRegions* regions)
{
    static const std::vector<core::LimitStretch> kNone;
    const std::vector<core::LimitStretch>& stretches = regions ? regions->stretches : kNone;
    while (m_limitBands.size() < stretches.size()) {
        auto* rect = new QCPItemRect(this);
        rect->setPen(Qt::NoPen);
        rect->setLayer(kLimitsLayer);
        rect->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
        rect->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
        rect->setClipToAxisRect(true);
        rect->setSelectable(false);
        m_limitBands.push_back(rect);
    }
    m_limitVerdicts.clear();
    for (std::size_t i = 0; i < m_limitBands.size(); ++i) {
        const bool used = i < stretches.size();
        m_limitBands[i]->setVisible(used);
        if (!used)
            continue;
        m_limitBands[i]->setBrush(limitColor(stretches[i].verdict));
        m_limitBands[i]->topLeft->setCoords(stretches[i].from, 0.0);
        m_limitBands[i]->bottomRight->setCoords(stretches[i].to, 1.0);
        m_limitVerdicts.push_back(stretches[i].verdict);
    }
}

void ProfilePlot::showLimitLines(const std::vector<double>& bounds)
{
    while (m_limitLines.size() < bounds.size()) {
        auto* line = new QCPItemStraightLine(this);
        line->setLayer(kMarksLayer);
        line->setPen(QPen(kLimitLineColor, 1.5, Qt::DashDotLine));
        line->point1->setTypeX(QCPItemPosition::ptAxisRectRatio);
        line->point2->setTypeX(QCPItemPosition::ptAxisRectRatio);
        line->setSelectable(false);
        m_limitLines.push_back(line);
    }
    for (std::size_t i = 0; i < m_limitLines.size(); ++i) {
        const bool used = i < bounds.size();
        m_limitLines[i]->setVisible(used);
        if (!used)
            continue;
        m_limitLines[i]->point1->setCoords(0.0, bounds[i]);
        m_limitLines[i]->point2->setCoords(1.0, bounds[i]);
    }
}

std::vector<double> ProfilePlot::limitLines() const
{
    std::vector<double> values;
    for (const QCPItemStraightLine* line : m_limitLines)
        if (line->visible())
            values.push_back(line->point1->coords().y());
    return values;
}

std::vector<core::LimitStretch> ProfilePlot::limitBands() const
{
    std::vector<core::LimitStretch> bands;
    for (std::size_t i = 0; i < m_limitVerdicts.size(); ++i)
        bands.push_back({m_limitBands[i]->topLeft->coords().x(),
            m_limitBands[i]->bottomRight->coords().x(), m_limitVerdicts[i]});
    return bands;
}

void ProfilePlot::setValueRange(double low, double high)
{
    applyCostScale(*yAxis, low, high);
    showExitMarks(yAxis->range().lower, yAxis->range().upper);
}

void ProfilePlot::showExitMarks(double low, double high)
{
    m_exitMarks.clear();
    for (std::size_t m = 0; m < m_curveY.size(); ++m) {
        // A curve on an earlier one leaves where that one does: one arrow is enough.
        if (coincidingWith(static_cast<int>(m)) >= 0)
            continue;
        for (const RangeExit& exit : rangeExits(m_gridX, m_curveY[m], low, high, m_levels))
            m_exitMarks.push_back({static_cast<int>(m), exit});
    }
    while (m_exitArrows.size() < m_exitMarks.size()) {
        auto* arrow = new QCPItemText(this);
        arrow->setLayer(kMarksLayer);
        arrow->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        arrow->setClipToAxisRect(true);
        arrow->setSelectable(false);
        arrow->setFont(plotFont(0.9));
        m_exitArrows.push_back(arrow);
    }
    for (std::size_t i = 0; i < m_exitArrows.size(); ++i) {
        QCPItemText* arrow = m_exitArrows[i];
        const bool used = i < m_exitMarks.size();
        arrow->setVisible(used);
        if (!used)
            continue;
        const ExitMark& mark = m_exitMarks[i];
        const bool above = mark.exit.side == RangeSide::Above;
        // The arrow stands on the edge the curve crosses, pointing the way it went.
        arrow->setText(above ? QStringLiteral("▲") : QStringLiteral("▼"));
        arrow->setColor(m_curveColors[static_cast<std::size_t>(mark.curve)]);
        arrow->setPositionAlignment(Qt::AlignHCenter | (above ? Qt::AlignTop : Qt::AlignBottom));
        arrow->position->setCoords(mark.exit.x, above ? 0.0 : 1.0);
    }
}

double ProfilePlot::scenarioX() const
{
    return m_scenarioLine->point1->coords().x();
}

int ProfilePlot::farStretchCount() const
{
    int count = 0;
    for (const QCPItemRect* rect : m_far)
        count += rect->visible() ? 1 : 0;
    return count;
}

void ProfilePlot::mousePressEvent(QMouseEvent* event)
{
    QCustomPlot::mousePressEvent(event);
    if (event->button() != Qt::LeftButton)
        return;
    if (!axisRect()->rect().contains(event->position().toPoint()))
        return;
    emit valuePicked(m_factor, xAxis->pixelToCoord(event->position().x()));
}

} // namespace iolens::ui

#include "moc_profile_plot.cpp"
