// SPDX-License-Identifier: GPL-3.0-or-later
// A sweep's first and last point get a tick label of their own, between the round ticks.
#include "plots/end_labelled_ticker.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::ui;

namespace {

struct Ticks {
    QVector<double> values;
    QVector<QString> labels;
};

Ticks endLabelledTicksOf(double first, double last, bool whole, QCPRange range)
{
    auto ticker = QSharedPointer<EndLabelledTicker>::create(first, last, whole);
    Ticks ticks;
    ticker->generate(
        range, QLocale::c(), QLatin1Char('g'), 6, ticks.values, nullptr, &ticks.labels);
    return ticks;
}

} // namespace

class TestEndLabelledTicker : public QObject {
    Q_OBJECT
private slots:
    // The VM axis: round ticks 2, 4, 6, 8 left the first count, 1, unlabelled.
    void counts_labelTheFirstAndLastCount()
    {
        const Ticks ticks = endLabelledTicksOf(1.0, 8.0, true, {0.8, 8.2});
        QCOMPARE(ticks.labels.front(), QStringLiteral("1"));
        QCOMPARE(ticks.labels.back(), QStringLiteral("8"));
        for (const double tick : ticks.values)
            QCOMPARE(tick, std::round(tick));
    }

    // The read share for a read metric: from the first share above 0 % to 100 %; 0 is not shown.
    void readShare_startsAtTheFirstShareShown()
    {
        const Ticks ticks = endLabelledTicksOf(100.0 / 199.0, 100.0, false, {-1.0, 101.5});
        QCOMPARE(ticks.labels.front(), QStringLiteral("0.5"));
        QCOMPARE(ticks.labels.back(), QStringLiteral("100"));
        QVERIFY(!ticks.values.contains(0.0));
        QVERIFY(ticks.values.contains(40.0));
    }

    // A round tick less than half a step from an end would print over the end's label.
    void roundTickTooNearAnEnd_isDropped()
    {
        const Ticks ticks = endLabelledTicksOf(0.0, 99.0, false, {-1.0, 100.5});
        QVERIFY(ticks.values.contains(99.0));
        QVERIFY(!ticks.values.contains(100.0));
        QVERIFY(ticks.values.contains(80.0));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestEndLabelledTicker)
#include "test_end_labelled_ticker.moc"
