// SPDX-License-Identifier: GPL-3.0-or-later
// Ticks of the log axes: decades on long ranges, 1-2-5 steps on short ones (where QCustomPlot's
// log ticker would fall back to crowded linear steps), "0" at a floor that stands for zero.
#include "plots/decade_ticker.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <algorithm>
#include <cmath>

using namespace iolens::ui;

namespace {

QVector<double> ticksOf(const QSharedPointer<DecadeTicker>& ticker, QCPRange range)
{
    QCustomPlot plot;
    plot.yAxis->setScaleType(QCPAxis::stLogarithmic);
    plot.yAxis->setTicker(ticker);
    plot.yAxis->setRange(range);
    plot.resize(300, 400);
    plot.replot();
    return plot.yAxis->tickVector();
}

QVector<double> subTicksOf(const QSharedPointer<DecadeTicker>& ticker, QCPRange range)
{
    QVector<double> ticks;
    QVector<double> subTicks;
    QVector<QString> labels;
    ticker->generate(range, QLocale::c(), QLatin1Char('g'), 6, ticks, &subTicks, &labels);
    return subTicks;
}

/// The labelled ticks and the sub-ticks of a log y axis over `range` that is `heightPx` tall,
/// with its ticker given the axis (as every view's log axis has it).
struct FittedTicks {
    QVector<double> ticks, subTicks;
    double labelLinePx = 0.0;
    double pixelsPerDecade = 0.0;
};

FittedTicks fittedTicks(QCPRange range, int heightPx, int fontPx)
{
    QCustomPlot plot;
    QFont font = plot.yAxis->tickLabelFont();
    font.setPixelSize(fontPx);
    plot.yAxis->setTickLabelFont(font);
    plot.yAxis->setScaleType(QCPAxis::stLogarithmic);
    const auto ticker = QSharedPointer<DecadeTicker>::create(plot.yAxis);
    plot.yAxis->setTicker(ticker);
    plot.yAxis->setRange(range);
    plot.resize(300, heightPx);
    plot.setViewport(plot.rect()); // a hidden widget gets no resize event
    // One replot: the ticks of the first layout are made before the axis has a length; the
    // ticker lays the plot out again for them.
    plot.replot();
    // QCPAxis keeps its sub-ticks to itself: the ticker makes them again for the laid-out axis.
    QVector<double> ticks, subTicks;
    ticker->generate(range, QLocale::c(), QLatin1Char('g'), 6, ticks, &subTicks, nullptr);
    return {plot.yAxis->tickVector(), subTicks, static_cast<double>(QFontMetrics(font).height()),
        plot.axisRect()->height() / std::log10(range.upper / range.lower)};
}

} // namespace

class TestDecadeTicker : public QObject {
    Q_OBJECT
private slots:
    void longRange_ticksAtTheDecades()
    {
        const auto ticks = ticksOf(QSharedPointer<DecadeTicker>::create(), {0.1, 2000});
        QCOMPARE(ticks, (QVector<double> {0.1, 1, 10, 100, 1000}));
    }

    void shortRange_ticksAtOneTwoFive()
    {
        // The prediction chart's read response time: 1.3 to 25 ms, 1.3 decades.
        const auto ticks = ticksOf(QSharedPointer<DecadeTicker>::create(), {1.3, 25});
        QCOMPARE(ticks, (QVector<double> {2, 5, 10, 20}));
        const auto sub = subTicksOf(QSharedPointer<DecadeTicker>::create(), {1.3, 25});
        QVERIFY(sub.contains(3.0) && sub.contains(9.0) && !sub.contains(5.0));
    }

    // Under 2.5 decades: the Predictions tab's read response time at the window's first
    // scenario, 0.8 to 60 ms, read "1" and "10" alone.
    void rangeUnderTwoAndAHalfDecades_ticksAtOneTwoFive()
    {
        const auto ticks = ticksOf(QSharedPointer<DecadeTicker>::create(), {0.8, 60});
        QCOMPARE(ticks, (QVector<double> {1, 2, 5, 10, 20, 50}));
        // From 2.5 decades on, the decades.
        const auto decades = ticksOf(QSharedPointer<DecadeTicker>::create(), {0.5, 200});
        QCOMPARE(decades, (QVector<double> {1, 10, 100}));
    }

    void veryShortRange_ticksMoreFinely()
    {
        const auto ticks = ticksOf(QSharedPointer<DecadeTicker>::create(), {3.2, 7.0});
        QCOMPARE(ticks, (QVector<double> {4, 5, 6}));
    }

    void labelledDecadeStep_isTheSmallestThatLeavesRoom()
    {
        // Seven decades on 100 px: 14 px apart at every decade, 28 at every 2nd, 43 at every 3rd.
        QCOMPARE(DecadeTicker::labelledDecadeStep(7.0, 100.0, 10.0), 1);
        QCOMPARE(DecadeTicker::labelledDecadeStep(7.0, 100.0, 24.0), 2);
        QCOMPARE(DecadeTicker::labelledDecadeStep(7.0, 100.0, 40.0), 3);
        QCOMPARE(DecadeTicker::labelledDecadeStep(7.0, 100.0, 60.0), 5);
        QCOMPARE(DecadeTicker::labelledDecadeStep(30.0, 100.0, 60.0), 20);
        // No length yet (before the first layout): every decade.
        QCOMPARE(DecadeTicker::labelledDecadeStep(7.0, 0.0, 40.0), 1);
    }

    // Presentation mode's six panels: 0.001 to 3000 ms on a short axis in a large font.
    void shortAxis_labelsEveryNthDecadeAndKeepsTheOthersAsSubTicks()
    {
        const FittedTicks fitted = fittedTicks({0.001, 3000}, 180, 28);
        QVERIFY(fitted.ticks.size() >= 2);
        const int step
            = static_cast<int>(std::lround(std::log10(fitted.ticks[1] / fitted.ticks[0])));
        QVERIFY2(step == 2 || step == 3, qPrintable(QString::number(step)));
        for (qsizetype i = 0; i < fitted.ticks.size(); ++i) {
            const double exponent = std::log10(fitted.ticks[i]);
            QVERIFY(std::fabs(exponent - std::round(exponent)) < 1e-9);
            QCOMPARE(static_cast<int>(std::lround(exponent)) % step, 0); // 1 is always labelled
        }
        // The skipped decades stay as sub-ticks.
        for (const double decade : {0.01, 0.1, 10.0, 100.0})
            if (!fitted.ticks.contains(decade))
                QVERIFY2(std::any_of(fitted.subTicks.begin(), fitted.subTicks.end(),
                             [&](double t) { return std::fabs(t / decade - 1) < 1e-9; }),
                    qPrintable(QString::number(decade)));
        // Labels at least 1.2 lines apart, and the next smaller step would have been closer.
        QVERIFY(step * fitted.pixelsPerDecade >= 1.2 * fitted.labelLinePx);
        QVERIFY((step - 1) * fitted.pixelsPerDecade < 1.2 * fitted.labelLinePx);
    }

    // fio-local's read response time in presentation mode: 0.2 to 2.4 ms on a short panel.
    void shortRangeOnAShortAxis_thinsTheOneTwoFiveTicks()
    {
        const FittedTicks fitted = fittedTicks({0.22, 2.4}, 150, 28);
        QVERIFY(fitted.ticks.size() >= 1);
        for (qsizetype i = 0; i + 1 < fitted.ticks.size(); ++i)
            QVERIFY(fitted.pixelsPerDecade * std::log10(fitted.ticks[i + 1] / fitted.ticks[i])
                >= 1.2 * fitted.labelLinePx);
        // On a tall axis the same range keeps its 1-2-5 ticks.
        QCOMPARE(fittedTicks({0.22, 2.4}, 700, 12).ticks, (QVector<double> {0.5, 1, 2}));
    }

    void tallAxis_labelsEveryDecade()
    {
        const FittedTicks fitted = fittedTicks({0.001, 3000}, 700, 12);
        QCOMPARE(fitted.ticks, (QVector<double> {0.001, 0.01, 0.1, 1, 10, 100, 1000}));
    }

    void zeroAtTheFloor_isLabelledZero()
    {
        auto ticker = QSharedPointer<DecadeTicker>::create();
        ticker->setZeroAt(0.001);
        QVector<double> ticks;
        QVector<QString> labels;
        ticker->generate({0.001, 1.0}, QLocale::c(), QLatin1Char('g'), 6, ticks, nullptr, &labels);
        QCOMPARE(labels.front(), QStringLiteral("0"));
        QCOMPARE(ticks.front(), 0.001);
    }
};

IOLENS_TEST_MAIN(TestDecadeTicker)
#include "test_decade_ticker.moc"
