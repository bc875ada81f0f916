// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/byte_size_spin_box.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::ui;

class TestByteSizeSpinBox : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void validate_acceptsSizesWithUnits_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("state");
        QTest::newRow("unit") << QStringLiteral("2 GiB") << int(QValidator::Acceptable);
        QTest::newRow("bare") << QStringLiteral("256") << int(QValidator::Acceptable);
        QTest::newRow("typing a unit") << QStringLiteral("16 Ki") << int(QValidator::Intermediate);
        QTest::newRow("empty") << QString() << int(QValidator::Intermediate);
        QTest::newRow("letters first") << QStringLiteral("GiB") << int(QValidator::Intermediate);
        QTest::newRow("garbage") << QStringLiteral("16 % x") << int(QValidator::Invalid);
        QTest::newRow("beyond 1 PiB") << QStringLiteral("2048 TiB") << int(QValidator::Invalid);
    }
    void validate_acceptsSizesWithUnits()
    {
        QFETCH(QString, text);
        QFETCH(int, state);
        ByteSizeSpinBox spin(1 << 20);
        int pos = 0;
        QCOMPARE(int(spin.validate(text, pos)), state);
    }

    void valueFromText_bareNumberIsInTheDefaultUnit()
    {
        ByteSizeSpinBox spin(1 << 20);
        QCOMPARE(spin.valueFromText(QStringLiteral("256")), 256.0 * (1 << 20));
        spin.setValue(4096);
        QCOMPARE(spin.text(), QStringLiteral("4 KiB"));
        QCOMPARE(spin.bytes(), std::int64_t {4096});
    }

    // A size between units shows rounded, yet leaving the box unedited keeps the exact bytes;
    // typing the rounded text asks for that size, rounded to whole bytes.
    void sizeBetweenUnits_showsRoundedAndKeepsItsBytesUntilEdited()
    {
        ByteSizeSpinBox spin(1 << 20);
        spin.setValue(2532481448.0);
        QCOMPARE(spin.text(), QStringLiteral("2.36 GiB"));
        QCOMPARE(spin.valueFromText(spin.text()), 2532481448.0);
        spin.show();
        spin.setFocus();
        spin.clearFocus(); // Qt reads the text back when focus leaves
        QCOMPARE(spin.bytes(), std::int64_t {2532481448});
        spin.selectAll();
        QTest::keyClicks(&spin, QStringLiteral("2.37 GiB"));
        QTest::keyClick(&spin, Qt::Key_Return);
        QCOMPARE(spin.bytes(), std::int64_t {2544768123}); // round(2.37 x 2^30)
    }

    void stepBy_movesAlongTheSteps_data()
    {
        QTest::addColumn<double>("start");
        QTest::addColumn<int>("steps");
        QTest::addColumn<double>("expected");
        QTest::newRow("on a step, up") << 8.0 << 1 << 16.0;
        QTest::newRow("on a step, down") << 8.0 << -1 << 4.0;
        QTest::newRow("between, up goes to the next above") << 10.0 << 1 << 16.0;
        QTest::newRow("between, down goes to the next below") << 10.0 << -1 << 8.0;
        QTest::newRow("near the upper, down") << 15.0 << -1 << 8.0;
        QTest::newRow("two steps") << 4.0 << 2 << 16.0;
        QTest::newRow("clamped") << 16.0 << 3 << 32.0;
    }
    void stepBy_movesAlongTheSteps()
    {
        QFETCH(double, start);
        QFETCH(int, steps);
        QFETCH(double, expected);
        ByteSizeSpinBox spin(1);
        spin.setSteps(StepScale(std::vector<double> {4, 8, 16, 32}));
        spin.setValue(start);
        spin.stepBy(steps);
        QCOMPARE(spin.value(), expected);
    }
};

IOLENS_TEST_MAIN(TestByteSizeSpinBox)
#include "test_byte_size_spin_box.moc"
