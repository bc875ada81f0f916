// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/plot_style.hpp"

#include <QApplication>
#include <qcustomplot.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <numbers>
#include <vector>

namespace iolens::ui {

namespace {

// Okabe & Ito, "Color Universal Design" (2008) without its black, which is the measured points'
// colour, followed by the four hues of Paul Tol's "muted" scheme (2021) that are furthest from
// them (wine, olive, indigo, teal), so that ten models (five techniques, each VM-aware and
// projected from one VM) keep distinct colours. Yellow last: it is hard to see on white.
constexpr std::array<QRgb, 11> kSeriesColors {0x0072B2, 0xD55E00, 0x009E73, 0xCC79A7, 0xE69F00,
    0x56B4E9, 0x882255, 0x999933, 0x332288, 0x44AA99, 0xF0E442};

// Relative to the application font: 1.1 makes the default 9-10 pt readable on a projector
// without crowding the ticks of a 450 px wide plot.
constexpr double kTickScale = 1.1;

// Dynamic properties that remember, per coloured part of a plot element, the colour the view
// chose (for a white background) and the colour the palette made of it.
constexpr const char* kChosen = "iolensChosenColor_";
constexpr const char* kShown = "iolensShownColor_";
constexpr const char* kFollowsPalette = "iolensFollowsPalette";

// Shows `owner`'s colour `part` on `palette`. The colour the view chose is kept in a property,
// so that a later palette starts from it again; a colour the view has set since the last pass
// (it differs from the one shown) is the new choice.
void followPalette(QObject& owner, const char* part, const QPalette& palette, const QColor& current,
    const std::function<void(const QColor&)>& set)
{
    const QByteArray chosenKey = QByteArray(kChosen) + part;
    const QByteArray shownKey = QByteArray(kShown) + part;
    QColor chosen = owner.property(chosenKey).value<QColor>();
    if (!chosen.isValid() || current != owner.property(shownKey).value<QColor>())
        chosen = current;
    const QColor shown = colorOnPalette(chosen, palette);
    owner.setProperty(chosenKey, chosen);
    owner.setProperty(shownKey, shown);
    if (shown != current)
        set(shown);
}

void followPalettePen(QObject& owner, const char* part, const QPalette& palette, QPen pen,
    const std::function<void(const QPen&)>& set)
{
    followPalette(owner, part, palette, pen.color(), [&](const QColor& color) {
        pen.setColor(color);
        set(pen);
    });
}

void axisFollowsPalette(QCPAxis& axis, const QPalette& palette)
{
    followPalette(axis, "tickLabel", palette, axis.tickLabelColor(),
        [&](const QColor& c) { axis.setTickLabelColor(c); });
    followPalette(
        axis, "label", palette, axis.labelColor(), [&](const QColor& c) { axis.setLabelColor(c); });
    followPalettePen(
        axis, "base", palette, axis.basePen(), [&](const QPen& p) { axis.setBasePen(p); });
    followPalettePen(
        axis, "tick", palette, axis.tickPen(), [&](const QPen& p) { axis.setTickPen(p); });
    followPalettePen(
        axis, "subTick", palette, axis.subTickPen(), [&](const QPen& p) { axis.setSubTickPen(p); });
    QCPGrid& grid = *axis.grid();
    followPalettePen(grid, "grid", palette, grid.pen(), [&](const QPen& p) { grid.setPen(p); });
    followPalettePen(
        grid, "subGrid", palette, grid.subGridPen(), [&](const QPen& p) { grid.setSubGridPen(p); });
}

void legendFollowsPalette(QCPLegend& legend, const QPalette& palette)
{
    followPalette(legend, "brush", palette, legend.brush().color(),
        [&](const QColor& c) { legend.setBrush(c); });
    followPalettePen(legend, "border", palette, legend.borderPen(),
        [&](const QPen& p) { legend.setBorderPen(p); });
    // The legend's own text colour is left as chosen: it only seeds the items made later, which
    // then follow the palette like the rest (seeding them with a shown colour would map twice).
    for (int i = 0; i < legend.itemCount(); ++i)
        if (QCPAbstractLegendItem* item = legend.item(i))
            followPalette(*item, "text", palette, item->textColor(),
                [&](const QColor& c) { item->setTextColor(c); });
}

// Black dots with a white rim become light dots with a rim of the background. A custom shape
// (the best point's star) is drawn onto a heat map, not onto the background, and stays.
void scatterFollowsPalette(QCPGraph& graph, const QPalette& palette)
{
    QCPScatterStyle style = graph.scatterStyle();
    if (style.isNone() || style.shape() == QCPScatterStyle::ssCustom)
        return;
    bool changed = false;
    if (style.isPenDefined())
        followPalettePen(graph, "scatterPen", palette, style.pen(), [&](const QPen& p) {
            style.setPen(p);
            changed = true;
        });
    followPalette(graph, "scatterBrush", palette, style.brush().color(), [&](const QColor& c) {
        style.setBrush(QBrush(c, style.brush().style()));
        changed = true;
    });
    if (changed)
        graph.setScatterStyle(style);
}

// Background, axes, legends, captions, neutral lines and notes of `plot` on its palette. Runs
// before every replot, which is cheap (a few dozen colours) and catches what views add later.
void plotFollowsPalette(QCustomPlot& plot)
{
    const QPalette& palette = plot.palette();
    plot.setBackground(palette.color(QPalette::Base));
    for (QCPAxisRect* rect : plot.axisRects())
        for (QCPAxis* axis : rect->axes())
            axisFollowsPalette(*axis, palette);
    for (QCPLayoutElement* element : plot.plotLayout()->elements(true)) {
        if (auto* text = qobject_cast<QCPTextElement*>(element))
            followPalette(*text, "text", palette, text->textColor(),
                [&](const QColor& c) { text->setTextColor(c); });
        else if (auto* legend = qobject_cast<QCPLegend*>(element))
            legendFollowsPalette(*legend, palette);
        else if (auto* scale = qobject_cast<QCPColorScale*>(element))
            axisFollowsPalette(*scale->axis(), palette);
    }
    for (int i = 0; i < plot.plottableCount(); ++i) {
        QCPAbstractPlottable* plottable = plot.plottable(i);
        followPalettePen(*plottable, "pen", palette, plottable->pen(),
            [&](const QPen& p) { plottable->setPen(p); });
        if (auto* graph = qobject_cast<QCPGraph*>(plottable))
            scatterFollowsPalette(*graph, palette);
    }
    for (int i = 0; i < plot.itemCount(); ++i) {
        QCPAbstractItem* item = plot.item(i);
        // A label on its own opaque box keeps its colours: the box, not the plot, is behind it.
        if (auto* text = qobject_cast<QCPItemText*>(item);
            text && text->brush().style() == Qt::NoBrush)
            followPalette(
                *text, "text", palette, text->color(), [&](const QColor& c) { text->setColor(c); });
        else if (auto* line = qobject_cast<QCPItemStraightLine*>(item))
            followPalettePen(
                *line, "pen", palette, line->pen(), [&](const QPen& p) { line->setPen(p); });
        else if (auto* segment = qobject_cast<QCPItemLine*>(item))
            followPalettePen(*segment, "pen", palette, segment->pen(),
                [&](const QPen& p) { segment->setPen(p); });
    }
}

// Redraws a plot when the system (or the application) switches between light and dark.
class PaletteWatcher : public QObject {
public:
    explicit PaletteWatcher(QCustomPlot& plot)
        : QObject(&plot)
        , m_plot(plot)
    {
        plot.installEventFilter(this);
    }

    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (watched == &m_plot && event->type() == QEvent::PaletteChange)
            m_plot.replot(QCustomPlot::rpQueuedReplot);
        return false;
    }

private:
    QCustomPlot& m_plot;
};

} // namespace

QColor colorOnPalette(const QColor& chosen, const QPalette& palette)
{
    if (chosen.hslSaturation() > 0)
        return chosen;
    const QColor text = palette.color(QPalette::Text);
    const QColor base = palette.color(QPalette::Base);
    const float share = chosen.valueF();
    if (share == 0.0f || share == 1.0f) { // exact, so that black and white map onto Text and Base
        QColor end = share == 0.0f ? text : base;
        end.setAlphaF(chosen.alphaF());
        return end;
    }
    const auto mix = [share](float from, float to) { return from + share * (to - from); };
    return QColor::fromRgbF(mix(text.redF(), base.redF()), mix(text.greenF(), base.greenF()),
        mix(text.blueF(), base.blueF()), chosen.alphaF());
}

QColor seriesColor(int index)
{
    const auto size = static_cast<int>(kSeriesColors.size());
    return QColor::fromRgb(kSeriesColors[static_cast<std::size_t>(((index % size) + size) % size)]);
}

QCPColorGradient viridisGradient()
{
    QCPColorGradient gradient;
    gradient.clearColorStops();
    gradient.setColorStopAt(0.0, QColor(0x44, 0x01, 0x54));
    gradient.setColorStopAt(0.25, QColor(0x3B, 0x52, 0x8B));
    gradient.setColorStopAt(0.5, QColor(0x21, 0x90, 0x8C));
    gradient.setColorStopAt(0.75, QColor(0x5D, 0xC8, 0x63));
    gradient.setColorStopAt(1.0, QColor(0xFD, 0xE7, 0x25));
    gradient.setColorInterpolation(QCPColorGradient::ciRGB);
    return gradient;
}

// QCustomPlot scales a custom path by size / 6, so the star is drawn with an outer radius of 3;
// the pen is cosmetic so that the scaling leaves its width alone.
QCPScatterStyle bestPointStyle()
{
    QPainterPath star;
    for (int i = 0; i < 10; ++i) {
        const double radius = i % 2 == 0 ? 3.0 : 1.3;
        const double angle = -std::numbers::pi / 2.0 + i * std::numbers::pi / 5.0;
        const QPointF corner(radius * std::cos(angle), radius * std::sin(angle));
        if (i == 0)
            star.moveTo(corner);
        else
            star.lineTo(corner);
    }
    star.closeSubpath();
    QPen outline(Qt::black, 1.5);
    outline.setCosmetic(true);
    outline.setJoinStyle(Qt::MiterJoin);
    return QCPScatterStyle(star, outline, QBrush(Qt::white), 28.0);
}

QFont plotFont(double pointScale, bool bold)
{
    QFont font = QApplication::font();
    const double base = font.pointSizeF() > 0 ? font.pointSizeF() : 9.0;
    font.setPointSizeF(base * kTickScale * pointScale);
    font.setBold(bold);
    return font;
}

namespace {

/// Greedy, as a paragraph fills: a part joins the line before it while the line still fits, so
/// "11 operations · think time 0 ms · 99 % intervals" breaks once, not at every " · ". `lines`
/// counts the lines made.
QString greedyFit(const QStringList& parts, const QFontMetrics& metrics, int width,
    const QString& separator, const QString& replacement, int& lines)
{
    QString wrapped = parts.front();
    QString line = parts.front();
    lines = 1;
    for (qsizetype i = 1; i < parts.size(); ++i) {
        const QString joined = line + separator + parts[i];
        if (metrics.horizontalAdvance(joined) <= width) {
            wrapped += separator + parts[i];
            line = joined;
        } else {
            wrapped += replacement + parts[i];
            ++lines;
            // The new line starts after the replacement's line break ("\n(" keeps its "(").
            line = (replacement + parts[i]).section(QLatin1Char('\n'), -1);
        }
    }
    return wrapped;
}

/// The lines greedyFit makes at `width`, from the parts' widths alone: a line is as wide as its
/// parts and the separators between them, a new one starting with `lead` (what the replacement
/// leaves after its line break). The balance search below measures no text this way: measuring
/// each candidate width's lines made a caption's wrap 8 times as slow. O(parts).
int greedyLineCount(const std::vector<double>& widths, double separator, double lead, double width)
{
    int lines = 1;
    double line = widths.front();
    for (std::size_t i = 1; i < widths.size(); ++i) {
        if (line + separator + widths[i] <= width) {
            line += separator + widths[i];
        } else {
            ++lines;
            line = lead + widths[i];
        }
    }
    return lines;
}

} // namespace

QString fitToWidth(const QString& text, const QFont& font, int width, const QString& separator,
    const QString& replacement)
{
    const QFontMetrics metrics(font);
    if (metrics.horizontalAdvance(text) <= width)
        return text;
    const QStringList parts = text.split(separator);
    int lines = 0;
    const QString wrapped = greedyFit(parts, metrics, width, separator, replacement, lines);
    if (lines < 2)
        return wrapped;
    // Balanced: the narrowest width that needs no more lines, so that a caption does not end in
    // a lone word ("... over the 70 configurations" over "in the filter"). Greedy needs no fewer
    // lines at a smaller width, so the search may halve.
    const QFontMetricsF exact(font);
    std::vector<double> widths;
    widths.reserve(static_cast<std::size_t>(parts.size()));
    for (const QString& part : parts)
        widths.push_back(exact.horizontalAdvance(part));
    const double separatorWidth = exact.horizontalAdvance(separator);
    const double lead = exact.horizontalAdvance(replacement.section(QLatin1Char('\n'), -1));
    int low = 1, high = width;
    while (low < high) {
        const int middle = low + (high - low) / 2;
        if (greedyLineCount(widths, separatorWidth, lead, middle) <= lines)
            high = middle;
        else
            low = middle + 1;
    }
    if (high >= width)
        return wrapped;
    // Measured whole, a line may come out a fraction wider than its parts' sum (kerning across
    // a joint): then it takes one line more there, and the greedy lines stand.
    int balancedLines = 0;
    const QString balanced = greedyFit(parts, metrics, high, separator, replacement, balancedLines);
    return balancedLines <= lines ? balanced : wrapped;
}

void fitAfterLayout(QCustomPlot& plot, std::function<bool()> fit)
{
    QObject::connect(&plot, &QCustomPlot::afterLayout, &plot, [&plot, fit = std::move(fit)] {
        for (int pass = 0; pass < 4 && fit(); ++pass) {
            QCPLayoutGrid* layout = plot.plotLayout();
            layout->update(QCPLayoutElement::upPreparation);
            layout->update(QCPLayoutElement::upMargins);
            layout->update(QCPLayoutElement::upLayout);
        }
    });
}

QString wrapToWidth(const QString& text, const QFont& font, int width,
    std::initializer_list<std::pair<QString, QString>> breaks)
{
    // The text's own line breaks stay; each of its lines is fitted on its own.
    QStringList lines = text.split(QLatin1Char('\n'));
    for (const auto& [separator, replacement] : breaks) {
        QStringList wrapped;
        for (const QString& line : lines)
            wrapped
                += fitToWidth(line, font, width, separator, replacement).split(QLatin1Char('\n'));
        lines = wrapped;
    }
    return lines.join(QLatin1Char('\n'));
}

bool fitAxisLabel(QCPAxis& axis, const QString& full, const QString& brief, BriefFit briefFit)
{
    const bool vertical = axis.orientation() == Qt::Vertical;
    const int room = vertical ? axis.axisRect()->height() : axis.axisRect()->width();
    const QFontMetrics metrics(axis.labelFont());
    QString label = full;
    if (metrics.horizontalAdvance(full) >= room)
        label = briefFit == BriefFit::Elided
            ? metrics.elidedText(brief, Qt::ElideRight, std::max(room - 1, 0))
            : brief;
    if (label == axis.label())
        return false;
    axis.setLabel(label);
    return true;
}

void styleHeading(QCPTextElement& title, QCPTextElement& subtitle)
{
    subtitle.setTextColor(QColor(0x50, 0x50, 0x50));
    title.setMargins(QMargins(0, 6, 0, 0));
    subtitle.setMargins(QMargins(0, 2, 0, 4));
}

PlotHeading addHeadingRows(QCustomPlot& plot, double titleScale)
{
    plot.plotLayout()->insertRow(0);
    plot.plotLayout()->insertRow(1);
    PlotHeading heading;
    heading.title = new QCPTextElement(&plot, QString(), plotFont(titleScale, true));
    heading.subtitle = new QCPTextElement(&plot, QString(), plotFont(0.95));
    styleHeading(*heading.title, *heading.subtitle);
    plot.plotLayout()->addElement(0, 0, heading.title);
    plot.plotLayout()->addElement(1, 0, heading.subtitle);
    return heading;
}

void styleAxis(QCPAxis& axis)
{
    axis.setTickLabelFont(plotFont());
    axis.setLabelFont(plotFont(1.1));
    axis.setLabelPadding(6);
    axis.setBasePen(QPen(QColor(0x50, 0x50, 0x50), 1));
    axis.setTickPen(QPen(QColor(0x50, 0x50, 0x50), 1));
    axis.setSubTickPen(QPen(QColor(0x80, 0x80, 0x80), 1));
    axis.grid()->setPen(QPen(QColor(0xD8, 0xD8, 0xD8), 1, Qt::SolidLine));
    axis.grid()->setSubGridPen(QPen(QColor(0xEE, 0xEE, 0xEE), 1, Qt::SolidLine));
    axis.grid()->setZeroLinePen(Qt::NoPen);
}

void applyPlotStyle(QCustomPlot& plot)
{
    // The colours below are for a white background; plotFollowsPalette() moves them onto the
    // palette before each replot. One watcher per plot, however often the style is applied.
    if (!plot.property(kFollowsPalette).toBool()) {
        plot.setProperty(kFollowsPalette, true);
        new PaletteWatcher(plot);
        QObject::connect(
            &plot, &QCustomPlot::beforeReplot, &plot, [&plot] { plotFollowsPalette(plot); });
    }
    plot.setBackground(Qt::white);
    // Tick labels in the user's locale (decimal comma in German), without group separators,
    // which would make "1,000" read as one in English and as 1.0 in German.
    QLocale locale;
    locale.setNumberOptions(QLocale::OmitGroupSeparator);
    plot.setLocale(locale);
    plot.setAntialiasedElements(QCP::aeAll);
    plot.setNotAntialiasedElements(QCP::aeAxes | QCP::aeGrid);
    for (QCPAxis* axis : plot.axisRect()->axes())
        styleAxis(*axis);
    plot.legend->setFont(plotFont());
    plot.legend->setBorderPen(QPen(QColor(0xC0, 0xC0, 0xC0)));
    plot.legend->setBrush(QColor(255, 255, 255, 230));
}

} // namespace iolens::ui
