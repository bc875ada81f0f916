// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QFont>
#include <QPalette>
#include <QString>

#include <functional>
#include <initializer_list>
#include <utility>

class QCustomPlot;
class QCPAxis;
class QCPColorGradient;
class QCPScatterStyle;
class QCPTextElement;

namespace iolens::ui {

/// The look the window's plots share, chosen so that a plot can go onto a slide as it is: the
/// Okabe-Ito colours (distinguishable with every common colour-vision deficiency, and in grey
/// print through their different lightness), fonts a little larger than the widget default, and
/// light grid lines that stay behind the data.

/// Colour `index` of the model colours, cycling after eleven: the Okabe-Ito colours without black,
/// then four of Paul Tol's muted hues. The order puts the colours that are easiest to tell apart
/// on white first (blue, vermillion, bluish green, reddish purple).
QColor seriesColor(int index);

/// A colour chosen for black text on white, moved onto `palette`: a grey (no hue) is read as a
/// share of the way from text to background and becomes the same share between the palette's
/// Text and Base, so a dark palette turns black text light and white backgrounds dark. Colours
/// with a hue are data (the model colours) and stay as they are.
QColor colorOnPalette(const QColor& chosen, const QPalette& palette);

/// Viridis (matplotlib's default colour map, CC0): perceptually uniform, readable with
/// colour-vision deficiencies and in grey print. QCustomPlot 2.1.0 has no preset for it.
QCPColorGradient viridisGradient();

/// A white five-pointed star with a black rim, 28 px across: the mark of a best point, which
/// must stand out on any colour of a heat map (QCustomPlot's ssStar is lines only).
QCPScatterStyle bestPointStyle();

/// Font of tick labels; axis labels and titles are derived from it.
QFont plotFont(double pointScale = 1.0, bool bold = false);

/// Applies fonts, grid pens and antialiasing to `plot` and its default axes, and makes the plot
/// follow its palette (dark or light): before each replot the background becomes the palette's
/// Base, and every grey (hue-less) colour of axes, grid, legend, captions, notes and lines is
/// read as a share between black text and a white background and redrawn at that share between
/// the palette's Text and Base. Colours with a hue (the model colours, viridis) stay. Views keep
/// choosing colours for white; a palette change (QEvent::PaletteChange) replots.
void applyPlotStyle(QCustomPlot& plot);

/// `text` as is if it is narrower than `width` pixels in `font`, else with a `separator`
/// replaced by `replacement` (which holds a line break) where the lines need it: long captions
/// wrap at a chosen place instead of being clipped, since QCPTextElement does not wrap by
/// itself. As few lines as fit in `width`, balanced: each as narrow as that number allows, so
/// the last is not a lone word. Measures the lines twice, and searches the balance on the
/// parts' widths: O(parts log width) additions.
QString fitToWidth(const QString& text, const QFont& font, int width, const QString& separator,
    const QString& replacement);

/// fitToWidth with several places to break, coarse to fine: each (separator, replacement) pair
/// in turn is applied to every line still wider than `width`, so a caption breaks first at its
/// main joints (" · ", " (") and only then at finer ones (", "). The text's own line breaks
/// stay; {" ", "\n"} last wraps at words.
QString wrapToWidth(const QString& text, const QFont& font, int width,
    std::initializer_list<std::pair<QString, QString>> breaks);

/// Runs `fit` after each layout of `plot` and lays the plot out again while `fit` reports a
/// change (at most four times), before anything is drawn: for what depends on the laid-out size,
/// such as line breaks that fit the width or a legend that leaves axes too short for it. Exports
/// lay the plot out too, so they fit as well. `fit` must converge: same sizes, no change.
void fitAfterLayout(QCustomPlot& plot, std::function<bool()> fit);

/// What fitAxisLabel does with a brief label too long for its axis as well: keep it whole (a
/// view whose brief labels are short enough for any panel it draws), or cut it with an
/// ellipsis rather than let the frame clip it (the profiler's tiny panels).
enum class BriefFit { Whole, Elided };

/// Labels `axis` with `full` if it fits along the axis (its axis rect's height for a left or right
/// axis, its width for a bottom or top one), else with `brief`, so that a short plot's label is
/// not cut or drawn over its neighbour. Returns whether the label changed (for fitAfterLayout).
bool fitAxisLabel(
    QCPAxis& axis, const QString& full, const QString& brief, BriefFit briefFit = BriefFit::Whole);

/// The two text rows above a plot: a bold title and a grey subtitle (the data, units, or state).
struct PlotHeading {
    QCPTextElement* title = nullptr;
    QCPTextElement* subtitle = nullptr;
};

/// Gives a title and subtitle the house look: the subtitle grey, both with the margins that keep
/// them close to each other and clear of the plot. For plots that lay out their own rows.
void styleHeading(QCPTextElement& title, QCPTextElement& subtitle);

/// Inserts an empty title row (0) and subtitle row (1) above `plot`'s layout, titled in
/// plotFont(titleScale, bold) and subtitled in plotFont(0.95), styled by styleHeading. The plot
/// owns both elements; the caller sets their text.
PlotHeading addHeadingRows(QCustomPlot& plot, double titleScale);

/// Fonts, pens and padding of one axis (for axes beyond the default four, such as a colour scale).
void styleAxis(QCPAxis& axis);

} // namespace iolens::ui
