// SPDX-License-Identifier: GPL-3.0-or-later
#include "profiler/profile_plot.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <algorithm>

using namespace iolens::ui;
using iolens::core::Factor;

namespace {

/// A one-curve profile of a count sweep over `counts`.
iolens::core::Profile countProfile(const std::vector<double>& counts)
{
    iolens::core::Profile profile;
    profile.grid.factor = Factor::Threads;
    profile.grid.spacing = iolens::core::SweepSpacing::Integer;
    profile.grid.x = counts;
    profile.points.resize(counts.size());
    profile.y = {std::vector<double>(counts.size(), 1.0)};
    profile.current = counts.front();
    return profile;
}

/// Draws `profile` on `plot` with no band, stretch far from the data or limit; one colour and
/// label per curve.
void drawPlain(ProfilePlot& plot, const iolens::core::Profile& profile, std::vector<QColor> colors,
    std::vector<QString> labels)
{
    const iolens::core::SpreadBand band;
    const std::vector<iolens::core::FarStretch> far;
    ProfileDrawing drawing;
    drawing.profile = &profile;
    drawing.band = &band;
    drawing.far = &far;
    drawing.colors = std::move(colors);
    drawing.labels = std::move(labels);
    plot.show(drawing, QStringLiteral("Read RT (ms)"), QStringLiteral("ms"));
}

QCPAxis::ScaleType xScaleFor(const std::vector<double>& counts)
{
    ProfilePlot plot(Factor::Threads);
    drawPlain(plot, countProfile(counts), {Qt::blue}, {QStringLiteral("auto")});
    return plot.xAxis->scaleType();
}

} // namespace

class TestProfilePlot : public QObject {
    Q_OBJECT
private slots:
    // Thread counts measured in doublings crowd into the left tenth of a linear axis.
    void countAxis_isLogarithmicOverFourDoublingsOrMore()
    {
        QCOMPARE(xScaleFor({1, 2, 4, 8, 16, 32, 64, 128}), QCPAxis::stLogarithmic);
        QCOMPARE(xScaleFor({1, 2, 4, 8, 16}), QCPAxis::stLogarithmic);
        // The VM count 1..8: every whole number, on a linear axis.
        QCOMPARE(xScaleFor({1, 2, 3, 4, 5, 6, 7, 8}), QCPAxis::stLinear);
    }

    // The VM axis 1..8: the measured dot at 1 was cut in half by the frame and "1" had no
    // label; a marker's radius is left at both ends, and both ends are labelled.
    void countAxis_padsTheEndsByAMarkerAndLabelsThem()
    {
        ProfilePlot plot(Factor::Vms);
        iolens::core::Profile profile = countProfile({1, 2, 3, 4, 5, 6, 7, 8});
        profile.grid.factor = Factor::Vms;
        drawPlain(plot, profile, {Qt::blue}, {QStringLiteral("auto")});
        plot.resize(420, 300);
        plot.setViewport(plot.rect()); // a hidden widget gets no resize event
        plot.replot();
        const QCPScatterStyle& dot = plot.measuredGraph()->scatterStyle();
        const double radius = dot.size() / 2.0 + dot.pen().widthF();
        const QRect rect = plot.axisRect()->rect();
        QVERIFY(plot.xAxis->coordToPixel(1.0) - rect.left() >= radius);
        QVERIFY(rect.right() - plot.xAxis->coordToPixel(8.0) >= radius);
        const QVector<QString> labels = plot.xAxis->tickVectorLabels();
        QVERIFY2(labels.contains(QStringLiteral("1")) && labels.contains(QStringLiteral("8")),
            qPrintable(QStringList(labels.begin(), labels.end()).join(QLatin1Char(' '))));
    }

    // Presentation mode's short panels: the title would be cut at the top; the unit fits, and
    // the tooltip names the whole title. A tall panel keeps it.
    void shortPanel_showsTheUnitAndTheTitleInTheTooltip()
    {
        ProfilePlot plot(Factor::Threads);
        QFont font = plot.yAxis->labelFont();
        font.setPixelSize(28);
        plot.yAxis->setLabelFont(font);
        drawPlain(plot, countProfile({1, 2, 3}), {Qt::blue}, {QStringLiteral("auto")});
        plot.resize(400, 190);
        plot.setViewport(plot.rect()); // a hidden widget gets no resize event
        plot.replot();
        QCOMPARE(plot.yAxis->label(), QStringLiteral("ms"));
        QVERIFY(
            QFontMetrics(font).horizontalAdvance(plot.yAxis->label()) < plot.axisRect()->height());
        QVERIFY(plot.toolTip().contains(QStringLiteral("Read RT (ms)")));

        plot.resize(400, 600);
        plot.setViewport(plot.rect());
        plot.replot();
        QCOMPARE(plot.yAxis->label(), QStringLiteral("Read RT (ms)"));
        QVERIFY(!plot.toolTip().contains(QStringLiteral("Read RT (ms)")));

        // Too short even for the unit (the plot's least height, a huge font): elided, not
        // clipped.
        font.setPixelSize(120);
        plot.yAxis->setLabelFont(font);
        plot.resize(400, 170);
        plot.setViewport(plot.rect());
        plot.replot();
        QVERIFY(
            QFontMetrics(font).horizontalAdvance(QStringLiteral("ms")) > plot.axisRect()->height());
        QVERIFY2(plot.yAxis->label() != QStringLiteral("ms"), qPrintable(plot.yAxis->label()));
        QVERIFY(QFontMetrics(font).horizontalAdvance(plot.yAxis->label())
            <= std::max(plot.axisRect()->height(), 0));
    }

    // M5 and Cubist answer alike at their defaults: the later curve is dashed over the earlier
    // one (as in the Error CDF), so both colours show; after a change that parts them, it is not.
    void aCurveLyingOnAnEarlierOne_isDashed()
    {
        iolens::core::Profile profile = countProfile({1, 2, 4, 8});
        const std::vector<double> same {1.0, 2.0, 3.0, 4.0};
        profile.y = {{0.5, 0.5, 0.5, 0.5}, same, same};
        const std::vector<QColor> colors {Qt::blue, Qt::red, Qt::green};
        const std::vector<QString> labels {
            QStringLiteral("lm"), QStringLiteral("m5"), QStringLiteral("cubist")};
        ProfilePlot plot(Factor::Threads);
        drawPlain(plot, profile, colors, labels);
        QCOMPARE(plot.coincidingWith(2), 1);
        QCOMPARE(plot.coincidingWith(1), -1);
        QCOMPARE(plot.curve(2)->pen().style(), Qt::CustomDashLine);
        QCOMPARE(plot.curve(1)->pen().style(), Qt::SolidLine);
        // Neither is wider: no casing whose colour matches no legend entry.
        QCOMPARE(plot.curve(1)->pen().width(), plot.curve(2)->pen().width());
        profile.y[2][3] = 4.5;
        drawPlain(plot, profile, colors, labels);
        QCOMPARE(plot.coincidingWith(2), -1);
        QCOMPARE(plot.curve(2)->pen().style(), Qt::SolidLine);
    }
};

IOLENS_TEST_MAIN(TestProfilePlot)
#include "test_profile_plot.moc"
