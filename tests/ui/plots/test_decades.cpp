// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/decades.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::ui;

class TestDecades : public QObject {
    Q_OBJECT
private slots:
    void decadeBelow_isThePowerOfTenAtOrBelowTheValue_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<double>("decade");
        QTest::newRow("a decade itself") << 1.0 << 1.0;
        QTest::newRow("just below a decade") << 999.0 << 100.0;
        QTest::newRow("a share below 1") << 0.03 << 0.01;
        QTest::newRow("deep below 1") << 2.5e-7 << 1e-7;
        QTest::newRow("large") << 4.2e9 << 1e9;
    }
    void decadeBelow_isThePowerOfTenAtOrBelowTheValue()
    {
        QFETCH(double, value);
        QFETCH(double, decade);
        QCOMPARE(decadeBelow(value), decade);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestDecades)
#include "test_decades.moc"
