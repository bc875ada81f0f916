// SPDX-License-Identifier: GPL-3.0-or-later
// The median the interval scale, auto's typical scale and the run accuracies share: the middle
// value, the mean of the middle two for an even count, in any input order; no values is a bug.
#include "common/error.hpp"
#include "common/median.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::core;

class TestMedian : public QObject {
    Q_OBJECT
private slots:
    void median_ofAnyOrder_data()
    {
        QTest::addColumn<std::vector<double>>("values");
        QTest::addColumn<double>("expected");
        QTest::newRow("one") << std::vector<double> {3.5} << 3.5;
        QTest::newRow("odd, unsorted") << std::vector<double> {9, -1, 4, 7, 2} << 4.0;
        QTest::newRow("even: the middle two's mean") << std::vector<double> {10, 1, 4, 2} << 3.0;
        QTest::newRow("even, ties") << std::vector<double> {5, 5, 1, 9} << 5.0;
        QTest::newRow("two") << std::vector<double> {0.25, 0.75} << 0.5;
    }

    void median_ofAnyOrder()
    {
        QFETCH(std::vector<double>, values);
        QFETCH(double, expected);
        QCOMPARE(median(values), expected);
    }

    void median_ofNothing_isRefused() { QVERIFY_THROWS_EXCEPTION(StateError, median({})); }
};

IOLENS_TEST_APPLESS_MAIN(TestMedian)
#include "test_median.moc"
