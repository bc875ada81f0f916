// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/search_surface_plot.hpp"

#include "common/metric_text.hpp"
#include "common/number_format.hpp"
#include "plots/axis_scales.hpp"
#include "plots/plot_style.hpp"
#include "plots/surface_fill.hpp"

#include <QStringList>

#include <algorithm>
#include <array>
#include <cmath>
#include <set>

namespace iolens::ui {

namespace {

// Space around the search box, in normalised axis units, so points on its border are drawn
// whole instead of cut in half by the axis rect.
constexpr double kPad = 0.04;
// Heat-map cells: fine enough that a Voronoi border looks straight, coarse enough to refill on
// every progress report (cells x points distance evaluations).
constexpr int kCells = 160;
constexpr double kMarkSize = 8.0;
// Pixels between the best point's star and its label.
constexpr int kLabelOffset = 20;

constexpr std::array kShapes {QCPScatterStyle::ssCircle, QCPScatterStyle::ssSquare,
    QCPScatterStyle::ssTriangle, QCPScatterStyle::ssDiamond, QCPScatterStyle::ssTriangleInverted};

QString parameterValueText(const core::SearchDimension& dimension, double value)
{
    if (dimension.integer)
        return QLocale().toString(static_cast<qlonglong>(std::llround(value)));
    return formatSignificant(value, 3);
}

std::vector<double> valuesOf(const std::vector<core::EvaluatedPoint>& points, std::size_t d)
{
    std::vector<double> values;
    for (const core::EvaluatedPoint& p : points)
        if (d < p.values.size())
            values.push_back(p.values[d]);
    return values;
}

core::EvaluatedPoint lowestCost(const std::vector<core::EvaluatedPoint>& points)
{
    // The first of equal costs, as the optimizer's best.
    return *std::min_element(
        points.begin(), points.end(), [](const auto& a, const auto& b) { return a.cost < b.cost; });
}

} // namespace

SearchSurfacePlot::SearchSurfacePlot(QWidget* parent)
    : QCustomPlot(parent)
    , m_title(new QCPTextElement(this, QString(), plotFont(1.2, true)))
    , m_subtitle(new QCPTextElement(this, QString(), plotFont(0.9)))
    , m_map(new QCPColorMap(xAxis2, yAxis2))
    , m_scale(new QCPColorScale(this))
    , m_margins(new QCPMarginGroup(this))
{
    applyPlotStyle(*this);
    setMinimumSize(420, 320);
    arrangeLayout();
    m_scale->setType(QCPAxis::atRight);
    m_scale->setBarWidth(14);
    styleAxis(*m_scale->axis());
    m_map->setColorScale(m_scale);
    m_map->setGradient(viridisGradient());
    m_map->setInterpolate(false); // crisp cells: each is one evaluated point's cost
    m_map->removeFromLegend();
    // The map lives on the hidden secondary axes in normalised coordinates: QCPColorMap places
    // its cells linearly in data units, which a log axis would distort.
    xAxis2->setRange(-kPad, 1.0 + kPad);
    yAxis2->setRange(-kPad, 1.0 + kPad);
    xAxis2->setVisible(false);
    yAxis2->setVisible(false);
    addLabels();
    setToolTip(tr("The heat map is a Voronoi picture of the evaluated costs: each cell shows the "
                  "cost of the nearest evaluated point (distances along the axes as drawn, "
                  "normalised to their ranges). It adds no evaluations of its own."));
}

// Title, subtitle, then the axis rect with its colour scale, then the legend in rows under the
// plot, where it covers no cell of the map.
void SearchSurfacePlot::arrangeLayout()
{
    styleHeading(*m_title, *m_subtitle);
    auto* middle = new QCPLayoutGrid;
    QCPAxisRect* rect = axisRect(); // found through the layout: not while it is taken out
    rect->insetLayout()->take(legend);
    plotLayout()->take(rect);
    plotLayout()->simplify();
    plotLayout()->addElement(0, 0, m_title);
    plotLayout()->addElement(1, 0, m_subtitle);
    plotLayout()->addElement(2, 0, middle);
    // The legend sits in a row with an empty, barely stretching cell beside it: a grid column
    // is no wider than its narrowest element's maximum, and an empty legend's is 8 px, which
    // squeezed the whole plot to its title's width before a search.
    auto* legendRow = new QCPLayoutGrid;
    plotLayout()->addElement(3, 0, legendRow);
    legendRow->addElement(0, 0, legend);
    legendRow->expandTo(1, 2);
    legendRow->setColumnStretchFactors({1.0, 0.001});
    plotLayout()->setRowStretchFactor(0, 0.001);
    plotLayout()->setRowStretchFactor(1, 0.001);
    plotLayout()->setRowStretchFactor(3, 0.001);
    middle->addElement(0, 0, rect);
    middle->addElement(0, 1, m_scale);
    middle->setColumnStretchFactor(1, 0.001);
    m_middle = middle;
    rect->setMarginGroup(QCP::msTop | QCP::msBottom, m_margins);
    m_scale->setMarginGroup(QCP::msTop | QCP::msBottom, m_margins);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setWrap(8);
    legend->setBorderPen(Qt::NoPen);
    legend->setMargins(QMargins(4, 0, 4, 4));
    legend->setVisible(true);
}

// A hidden element still takes its place in a QCustomPlot layout, so the colour scale leaves
// the layout while there is no map, and the axes take its width.
void SearchSurfacePlot::showColorScale(bool show)
{
    m_scale->setVisible(show);
    const bool placed = m_middle->hasElement(0, 1);
    if (show && !placed) {
        m_middle->addElement(0, 1, m_scale);
        m_middle->setColumnStretchFactor(1, 0.001);
    } else if (!show && placed) {
        m_middle->take(m_scale);
        m_middle->simplify();
    }
}

void SearchSurfacePlot::addLabels()
{
    m_bestAnchor = new QCPItemTracer(this);
    m_bestAnchor->setStyle(QCPItemTracer::tsNone);
    m_bestLabel = new QCPItemText(this);
    m_bestLabel->position->setParentAnchor(m_bestAnchor->position);
    m_bestLabel->setFont(plotFont(0.95));
    m_bestLabel->setPadding(QMargins(5, 3, 5, 3));
    m_bestLabel->setBrush(QColor(255, 255, 255, 225));
    m_bestLabel->setPen(QPen(QColor(0x40, 0x40, 0x40)));
    m_bestLabel->setTextAlignment(Qt::AlignLeft);
    // Above the points, which are on the "main" layer and created after it.
    m_bestLabel->setLayer(QStringLiteral("axes"));
    m_placeholder = new QCPItemText(this);
    m_placeholder->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_placeholder->position->setCoords(0.5, 0.5);
    m_placeholder->setFont(plotFont(1.05));
    m_placeholder->setColor(QColor(0x70, 0x70, 0x70));
    m_placeholder->setText(tr("Start a search to see the cost of its points here."));
}

void SearchSurfacePlot::resizeEvent(QResizeEvent* event)
{
    // As many legend entries per row as fit (about 100 px each): a fixed count would overlap
    // them in a narrow window.
    legend->setWrap(std::max(3, event->size().width() / 100));
    setCaption(m_caption);
    QCustomPlot::resizeEvent(event);
}

QString SearchSurfacePlot::bestLabelText() const
{
    return m_bestLabel->visible() ? m_bestLabel->text() : QString();
}

void SearchSurfacePlot::resetPlottables()
{
    clearGraphs();
    m_iterations.clear();
    m_profile = nullptr;
    m_others = nullptr;
    m_best = nullptr;
    m_map->setVisible(false);
    showColorScale(false);
    m_bestLabel->setVisible(false);
    m_placeholder->setVisible(false);
}

void SearchSurfacePlot::clearScene(const SurfaceScene& emptyScene)
{
    SurfaceScene scene = emptyScene;
    scene.points.clear();
    scene.best.reset();
    showScene(scene);
}

void SearchSurfacePlot::showScene(const SurfaceScene& scene)
{
    resetPlottables();
    const bool twoAxes
        = scene.yDimension != scene.xDimension && scene.yDimension < scene.dimensions.size();
    if (scene.xDimension >= scene.dimensions.size()) {
        replot();
        return;
    }
    const auto scaleOf = [&](std::size_t d) {
        const bool hint = d < scene.logHints.size() && scene.logHints[d];
        const core::SearchDimension& dimension = scene.dimensions[d];
        return parameterScale(
            dimension, prefersLogAxis(dimension, hint), valuesOf(scene.points, d));
    };
    const ParameterScale x = scaleOf(scene.xDimension);
    std::optional<ParameterScale> y;
    if (twoAxes)
        y = scaleOf(scene.yDimension);
    setUpAxes(scene, x, y);
    if (scene.points.empty()) {
        m_placeholder->setVisible(true);
        replot();
        return;
    }
    if (twoAxes)
        drawSurface(scene, x, *y);
    else
        drawProfile(scene, x);
    drawBest(scene, scene.best ? *scene.best : lowestCost(scene.points), x, y);
    replot();
}

QString searchCostName(core::SearchCv cv, int folds)
{
    return cv == core::SearchCv::Grouped ? SearchSurfacePlot::tr("grouped-CV mean |log ratio|")
                                         : SearchSurfacePlot::tr("%1-fold CV RMSE").arg(folds);
}

QString searchCostLabel(core::SearchCv cv, int folds, core::Metric metric)
{
    const QString name = metricShortTitle(metric);
    return cv == core::SearchCv::Grouped
        ? SearchSurfacePlot::tr("grouped-CV mean |log ratio| of %1").arg(name)
        : SearchSurfacePlot::tr("%1-fold CV RMSE of log(%2)").arg(folds).arg(name);
}

void SearchSurfacePlot::setUpAxes(
    const SurfaceScene& scene, const ParameterScale& x, const std::optional<ParameterScale>& y)
{
    const QString xName = QString::fromStdString(scene.dimensions[scene.xDimension].name);
    xAxis->setLabel(xName);
    applyParameterScale(*xAxis, x, kPad);
    const QString costLabel = searchCostLabel(scene.cv, scene.folds, scene.metric);
    if (y) {
        const QString yName = QString::fromStdString(scene.dimensions[scene.yDimension].name);
        yAxis->setLabel(yName);
        applyParameterScale(*yAxis, *y, kPad);
        m_scale->axis()->setLabel(costLabel);
        m_title->setText(tr("%1 · %2").arg(scene.technique, metricTitle(scene.metric)));
    } else {
        yAxis->setLabel(costLabel);
        yAxis->setScaleType(QCPAxis::stLinear);
        yAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
        yAxis->setRange(0.0, 1.0);
        m_title->setText(tr("%1 · %2").arg(scene.technique, metricTitle(scene.metric)));
    }
    setCaption(QString());
}

void SearchSurfacePlot::drawSurface(
    const SurfaceScene& scene, const ParameterScale& x, const ParameterScale& y)
{
    const SurfaceSlice slice = sliceThroughBest(scene.points,
        (scene.best ? *scene.best : lowestCost(scene.points)).values, scene.xDimension,
        scene.yDimension, x, y);
    const NearestCostSurface surface(
        planePoints(scene.points, slice, scene.xDimension, scene.yDimension, x, y));
    const std::vector<double> costs = surface.grid(kCells, kCells, -kPad, 1.0 + kPad);
    // QCPColorMapData places cell centres; the grid's cells tile [-kPad, 1 + kPad].
    const double half = (1.0 + 2.0 * kPad) / kCells / 2.0;
    auto* data = new QCPColorMapData(kCells, kCells, QCPRange(-kPad + half, 1.0 + kPad - half),
        QCPRange(-kPad + half, 1.0 + kPad - half));
    double low = std::numeric_limits<double>::infinity();
    double high = -low;
    for (int row = 0; row < kCells; ++row)
        for (int column = 0; column < kCells; ++column) {
            const double cost = costs[static_cast<std::size_t>(row * kCells + column)];
            data->setCell(column, row, cost);
            low = std::min(low, cost);
            high = std::max(high, cost);
        }
    m_map->setData(data, false);
    m_map->setVisible(true);
    showColorScale(true);
    applyCostScale(*m_scale->axis(), low, high);
    m_scale->setDataScaleType(m_scale->axis()->scaleType());
    m_map->setDataRange(QCPRange(low, high > low ? high : low + 1e-9));

    std::vector<std::size_t> others;
    std::set<std::size_t> inSlice(slice.indices.begin(), slice.indices.end());
    for (std::size_t i = 0; i < scene.points.size(); ++i)
        if (!inSlice.contains(i))
            others.push_back(i);
    drawPoints(scene, slice.indices, others, x, y);
    setCaption(sliceCaption(scene, slice));
}

QString SearchSurfacePlot::sliceCaption(const SurfaceScene& scene, const SurfaceSlice& slice) const
{
    QStringList fixed;
    const core::EvaluatedPoint best = scene.best ? *scene.best : lowestCost(scene.points);
    for (std::size_t d = 0; d < scene.dimensions.size(); ++d)
        if (d != scene.xDimension && d != scene.yDimension)
            fixed << QStringLiteral("%1 = %2").arg(QString::fromStdString(scene.dimensions[d].name),
                parameterValueText(scene.dimensions[d], best.values[d]));
    const auto shown = static_cast<qlonglong>(slice.indices.size());
    const QString values = fixed.join(QStringLiteral(", "));
    if (fixed.isEmpty())
        return tr("Each cell: the cost of the nearest of %1 evaluated points").arg(shown);
    switch (slice.kind) {
    case SliceKind::Plane:
        return tr("Each cell: the cost of the nearest of %1 points with %2 (as at the best)")
            .arg(shown)
            .arg(values);
    case SliceKind::TooFew:
        return tr("Each cell: the lowest cost of the nearest of all %1 points (too few have %2)")
            .arg(shown)
            .arg(values);
    case SliceKind::TooSmall:
        return tr("Each cell: the lowest cost of the nearest of all %1 points (those with %2 "
                  "crowd around the best)")
            .arg(shown)
            .arg(values);
    }
    return {};
}

void SearchSurfacePlot::setCaption(const QString& caption)
{
    m_caption = caption;
    m_subtitle->setText(fitToWidth(
        caption, m_subtitle->font(), width() - 24, QStringLiteral(" ("), QStringLiteral("\n(")));
}

void SearchSurfacePlot::drawProfile(const SurfaceScene& scene, const ParameterScale& x)
{
    std::vector<std::size_t> order(scene.points.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return scene.points[a].values[scene.xDimension] < scene.points[b].values[scene.xDimension];
    });
    m_profile = addGraph(xAxis, yAxis);
    m_profile->setPen(QPen(QColor(0x80, 0x80, 0x80), 1.5));
    m_profile->removeFromLegend();
    double low = std::numeric_limits<double>::infinity();
    double high = -low;
    for (const std::size_t i : order) {
        const core::EvaluatedPoint& p = scene.points[i];
        m_profile->addData(x.drawn(p.values[scene.xDimension]), p.cost);
        low = std::min(low, p.cost);
        high = std::max(high, p.cost);
    }
    // Room above and below the extremes, in the axis's own scale, for the marks.
    applyCostScale(*yAxis, low, high);
    const QCPRange range = yAxis->range();
    if (yAxis->scaleType() == QCPAxis::stLogarithmic)
        yAxis->setRange(range.lower / 1.15, range.upper * 1.15);
    else
        yAxis->setRange(range.lower - 0.06 * range.size(), range.upper + 0.06 * range.size());
    drawPoints(scene, order, {}, x, std::nullopt);
    setCaption(tr("%1 evaluated points").arg(static_cast<qlonglong>(order.size())));
}

void SearchSurfacePlot::drawPoints(const SurfaceScene& scene, const std::vector<std::size_t>& shown,
    const std::vector<std::size_t>& others, const ParameterScale& x,
    const std::optional<ParameterScale>& y)
{
    const auto valueOf = [&](const core::EvaluatedPoint& p) {
        return y ? y->drawn(p.values[scene.yDimension]) : p.cost;
    };
    if (!others.empty()) {
        m_others = addGraph(xAxis, yAxis);
        m_others->setLineStyle(QCPGraph::lsNone);
        // Small grey rings: seen on every cell colour and in the legend's white, yet quieter
        // than the points the cells are made of.
        m_others->setScatterStyle(QCPScatterStyle(
            QCPScatterStyle::ssCircle, QPen(QColor(0xA0, 0xA0, 0xA0), 1.2), Qt::NoBrush, 5.0));
        QStringList names;
        for (std::size_t d = 0; d < scene.dimensions.size(); ++d)
            if (d != scene.xDimension && d != scene.yDimension)
                names << QString::fromStdString(scene.dimensions[d].name);
        m_others->setName(tr("other %1").arg(names.join(QStringLiteral(", "))));
        for (const std::size_t i : others)
            m_others->addData(
                x.drawn(scene.points[i].values[scene.xDimension]), valueOf(scene.points[i]));
    }
    int lastIteration = -1;
    for (const std::size_t i : shown)
        lastIteration = std::max(lastIteration, scene.points[i].iteration);
    for (int iteration = 0; iteration <= lastIteration; ++iteration) {
        QCPGraph* graph = addGraph(xAxis, yAxis);
        graph->setLineStyle(QCPGraph::lsNone);
        // Shape and colour both change with the iteration, so neighbours differ in two ways;
        // the white rim separates a mark from any cell colour.
        graph->setScatterStyle(
            QCPScatterStyle(kShapes[static_cast<std::size_t>(iteration) % kShapes.size()],
                QPen(Qt::white, 1.2), QBrush(seriesColor(iteration + 4)), kMarkSize));
        graph->setName(iteration == 0 ? tr("iteration 0") : QString::number(iteration));
        for (const std::size_t i : shown)
            if (scene.points[i].iteration == iteration)
                graph->addData(
                    x.drawn(scene.points[i].values[scene.xDimension]), valueOf(scene.points[i]));
        m_iterations.push_back(graph);
    }
}

void SearchSurfacePlot::drawBest(const SurfaceScene& scene, const core::EvaluatedPoint& best,
    const ParameterScale& x, const std::optional<ParameterScale>& y)
{
    const double bx = x.drawn(best.values[scene.xDimension]);
    const double by = y ? y->drawn(best.values[scene.yDimension]) : best.cost;
    m_best = addGraph(xAxis, yAxis);
    m_best->setLineStyle(QCPGraph::lsNone);
    m_best->setScatterStyle(bestPointStyle());
    m_best->setName(tr("best"));
    m_best->addData(bx, by);

    QStringList values;
    for (std::size_t d = 0; d < scene.dimensions.size(); ++d)
        values << QStringLiteral("%1 = %2").arg(QString::fromStdString(scene.dimensions[d].name),
            parameterValueText(scene.dimensions[d], best.values[d]));
    // Two values fit on a line; three (MARS, Cubist) would make a label wider than the star's
    // neighbourhood, so they go one per line.
    const QString separator = values.size() > 2 ? QStringLiteral("\n") : QStringLiteral(", ");
    m_bestLabel->setText(
        tr("best: %1 %2")
            .arg(searchCostName(scene.cv, scene.folds), formatSignificant(best.cost, 3))
        + QLatin1Char('\n') + values.join(separator));
    // The label goes to the side of the star with room for it, a little away from it. The axis
    // rect is the one of the last replot: close enough while a search adds points.
    const QRect area = axisRect()->rect();
    const QFontMetrics metrics(m_bestLabel->font());
    int width = 0;
    for (const QString& line : m_bestLabel->text().split(QLatin1Char('\n')))
        width = std::max(width, metrics.horizontalAdvance(line));
    width += 10 + kLabelOffset; // padding
    const double px = xAxis->coordToPixel(bx);
    const bool left = px + width > area.right() && px - width >= area.left();
    // On the 1-D profile the best point is the lowest: its label goes above it.
    const bool below = y && y->normalised(best.values[scene.yDimension]) > 0.55;
    m_bestAnchor->position->setAxes(xAxis, yAxis);
    m_bestAnchor->position->setCoords(bx, by);
    m_bestLabel->setPositionAlignment(
        (left ? Qt::AlignRight : Qt::AlignLeft) | (below ? Qt::AlignTop : Qt::AlignBottom));
    m_bestLabel->position->setCoords(
        left ? -kLabelOffset : kLabelOffset, below ? kLabelOffset : -kLabelOffset);
    m_bestLabel->setVisible(true);
}

} // namespace iolens::ui

#include "moc_search_surface_plot.cpp"
