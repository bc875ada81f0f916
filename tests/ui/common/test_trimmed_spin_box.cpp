// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/trimmed_spin_box.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::ui;

class TestTrimmedSpinBox : public QObject {
    Q_OBJECT
private slots:
    void showsNoTrailingZeros()
    {
        TrimmedSpinBox box(3);
        box.setLocale(QLocale::c());
        box.setRange(0.001, 1e6);
        box.setSuffix(QStringLiteral(" ms"));
        box.setValue(5.0);
        QCOMPARE(box.text(), QStringLiteral("5 ms"));
        box.setValue(0.05);
        QCOMPARE(box.text(), QStringLiteral("0.05 ms"));
        box.setValue(12.345);
        QCOMPARE(box.text(), QStringLiteral("12.345 ms"));
        box.setValue(250000.0);
        QCOMPARE(box.text(), QStringLiteral("250000 ms")); // no separator to type back
        box.setValue(0.001);
        QCOMPARE(box.text(), QStringLiteral("0.001 ms"));
    }

    void whatItShowsCanBeTypedBack()
    {
        TrimmedSpinBox box(3);
        box.setLocale(QLocale(QLocale::German));
        box.setRange(0.001, 1e6);
        box.setValue(2.5);
        QCOMPARE(box.text(), QStringLiteral("2,5"));
        QCOMPARE(box.valueFromText(box.text()), 2.5);
        box.setValue(1500.0);
        QCOMPARE(box.text(), QStringLiteral("1500"));
        QCOMPARE(box.valueFromText(box.text()), 1500.0);
    }
};

IOLENS_TEST_MAIN(TestTrimmedSpinBox)
#include "test_trimmed_spin_box.moc"
