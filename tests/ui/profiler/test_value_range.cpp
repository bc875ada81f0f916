// SPDX-License-Identifier: GPL-3.0-or-later
// The profiler's shared y range: the values it is fitted to, with room above and below.
#include "profiler/value_range.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <limits>

using namespace iolens::ui;

namespace {

ValueSpan spanOf(std::initializer_list<double> values)
{
    ValueSpan span;
    for (const double value : values)
        span.include(value);
    return span;
}

} // namespace

class TestValueRange : public QObject {
    Q_OBJECT
private slots:
    void nonFiniteValues_areIgnored()
    {
        const ValueSpan span = spanOf({std::numeric_limits<double>::quiet_NaN(), 2.0,
            std::numeric_limits<double>::infinity(), 0.5});
        QCOMPARE(span.low(), 0.5);
        QCOMPARE(span.high(), 2.0);
        QVERIFY(ValueSpan().empty());
    }

    // Over a decade: the axis is logarithmic, the room a factor either side.
    void wideSpan_isPaddedByAFactor()
    {
        const ValueRange range = paddedValueRange(spanOf({0.004, 12.0}));
        QCOMPARE(range.low, 0.004 / 1.25);
        QCOMPARE(range.high, 12.0 * 1.25);
    }

    void narrowSpan_isPaddedBySixPerCentAndNotBelowZero()
    {
        const ValueRange range = paddedValueRange(spanOf({2.0, 12.0}));
        QCOMPARE(range.low, 2.0 - 0.6);
        QCOMPARE(range.high, 12.0 + 0.6);
        QCOMPARE(paddedValueRange(spanOf({0.0, 1.0})).low, 0.0); // no negative response times
        QCOMPARE(paddedValueRange(spanOf({-1.0, 1.0})).low, -1.12);
    }

    void emptySpan_givesZeroToOne()
    {
        const ValueRange range = paddedValueRange(ValueSpan());
        QCOMPARE(range.low, 0.0);
        QCOMPARE(range.high, 1.0);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestValueRange)
#include "test_value_range.moc"
