// SPDX-License-Identifier: GPL-3.0-or-later
// Ticks of the log axes: decades on long ranges, 1-2-5 steps on short ones (where QCustomPlot's
// log ticker would fall back to crowded linear steps), "0" at a floor that stands for zero.
#include "plots/decade_ticker.hpp"
#include "support/test_registry.hpp"

#include <QTest>

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

    void veryShortRange_ticksMoreFinely()
    {
        const auto ticks = ticksOf(QSharedPointer<DecadeTicker>::create(), {3.2, 7.0});
        QCOMPARE(ticks, (QVector<double> {4, 5, 6}));
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
