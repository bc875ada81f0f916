// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/plot_style.hpp"

#include <QApplication>
#include <qcustomplot.h>

#include <array>
#include <cmath>
#include <numbers>

namespace iolens::ui {

namespace {

// Okabe & Ito, "Color Universal Design" (2008), reordered: yellow last, because it is hard to
// see on white.
constexpr std::array<QRgb, 8> kOkabeIto{0x0072B2, 0xD55E00, 0x009E73, 0xCC79A7,
                                        0xE69F00, 0x56B4E9, 0x000000, 0xF0E442};

// Relative to the application font: 1.1 makes the default 9-10 pt readable on a projector
// without crowding the ticks of a 450 px wide plot.
constexpr double kTickScale = 1.1;

} // namespace

QColor seriesColor(int index)
{
    const auto size = static_cast<int>(kOkabeIto.size());
    return QColor::fromRgb(kOkabeIto[static_cast<std::size_t>(((index % size) + size) % size)]);
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

QString fitToWidth(const QString& text, const QFont& font, int width, const QString& separator,
                   const QString& replacement)
{
    if (QFontMetrics(font).horizontalAdvance(text) <= width)
        return text;
    QString wrapped = text;
    return wrapped.replace(separator, replacement);
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
