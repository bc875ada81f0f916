// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/number_format.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::ui;

class TestNumberFormat : public QObject {
    Q_OBJECT
private slots:
    void formatSignificant_fixedNotation_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("cache hit") << 0.016347 << QStringLiteral("0.0163");
        QTest::newRow("miss") << 8.2149 << QStringLiteral("8.21");
        QTest::newRow("large keeps all digits") << 1593.4 << QStringLiteral("1593");
        QTest::newRow("rounding carries") << 9.996 << QStringLiteral("10.0");
        QTest::newRow("zero") << 0.0 << QStringLiteral("0");
        QTest::newRow("negative") << -0.5 << QStringLiteral("-0.500");
    }
    void formatSignificant_fixedNotation()
    {
        QFETCH(double, value);
        QFETCH(QString, expected);
        QCOMPARE(formatSignificant(value, 3, QLocale::c()), expected);
    }

    void formatSignificant_germanUsesDecimalComma()
    {
        QCOMPARE(formatSignificant(8.2149, 3, QLocale(QLocale::German)), QStringLiteral("8,21"));
    }

    void formatByteSize_exactUnits_data()
    {
        QTest::addColumn<qint64>("bytes");
        QTest::addColumn<QString>("expected");
        QTest::newRow("4 KiB") << qint64 {4096} << QStringLiteral("4 KiB");
        QTest::newRow("1.5 GiB") << qint64 {3} * (qint64 {1} << 29) << QStringLiteral("1.5 GiB");
        QTest::newRow("256 MiB") << (qint64 {256} << 20) << QStringLiteral("256 MiB");
        QTest::newRow("inexact stays in bytes") << qint64 {5000} << QStringLiteral("5000 B");
        QTest::newRow("sector") << qint64 {512} << QStringLiteral("512 B");
    }
    void formatByteSize_exactUnits()
    {
        QFETCH(qint64, bytes);
        QFETCH(QString, expected);
        QCOMPARE(formatByteSize(bytes, QLocale::c()), expected);
        // What is shown must read back as the same number of bytes (the spin box relies on it).
        QCOMPARE(parseByteSize(expected, 1, QLocale::c()), std::optional<std::int64_t>(bytes));
    }

    // Continuous file sets are rarely whole units: three significant digits in the largest unit
    // they fill; whole units stay exact.
    void formatByteSizeRounded_threeDigitsBetweenUnits_data()
    {
        QTest::addColumn<qint64>("bytes");
        QTest::addColumn<QString>("expected");
        QTest::newRow("between GiB") << qint64 {2532481448} << QStringLiteral("2.36 GiB");
        QTest::newRow("just above 256 MiB") << qint64 {268466291} << QStringLiteral("256 MiB");
        QTest::newRow("between KiB") << qint64 {5000} << QStringLiteral("4.88 KiB");
        QTest::newRow("exact stays exact")
            << qint64 {3} * (qint64 {1} << 29) << QStringLiteral("1.5 GiB");
        QTest::newRow("below a KiB") << qint64 {1000} << QStringLiteral("1000 B");
        QTest::newRow("rounding carries") << qint64 {1073741823} << QStringLiteral("1024 MiB");
    }
    void formatByteSizeRounded_threeDigitsBetweenUnits()
    {
        QFETCH(qint64, bytes);
        QFETCH(QString, expected);
        QCOMPARE(formatByteSizeRounded(bytes, 3, QLocale::c()), expected);
    }

    void parseByteSize_unitsAndDefault_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("expected"); // -1: rejected
        QTest::newRow("bare number in default unit") << QStringLiteral("16") << qint64 {16384};
        QTest::newRow("k") << QStringLiteral("16k") << qint64 {16384};
        QTest::newRow("KB read as KiB") << QStringLiteral("16 KB") << qint64 {16384};
        QTest::newRow("GiB fraction") << QStringLiteral("1.5 GiB") << qint64 {1610612736};
        QTest::newRow("bytes") << QStringLiteral("512 B") << qint64 {512};
        QTest::newRow("unknown unit") << QStringLiteral("16 furlongs") << qint64 {-1};
        QTest::newRow("fractional byte") << QStringLiteral("1.5 B") << qint64 {-1};
        QTest::newRow("GiB to 3 digits rounds to whole bytes")
            << QStringLiteral("2.36 GiB") << qint64 {2534030705};
        QTest::newRow("zero") << QStringLiteral("0") << qint64 {-1};
        QTest::newRow("empty") << QString() << qint64 {-1};
    }
    void parseByteSize_unitsAndDefault()
    {
        QFETCH(QString, text);
        QFETCH(qint64, expected);
        const auto parsed = parseByteSize(text, 1024, QLocale::c());
        if (expected < 0)
            QVERIFY(!parsed);
        else
            QCOMPARE(parsed, std::optional<std::int64_t>(expected));
    }

    void countText_singularForOneOnly()
    {
        const QString one = QStringLiteral("1 point");
        const QString many = QStringLiteral("%1 points");
        QCOMPARE(countText(1, one, many), one);
        QCOMPARE(countText(0, one, many), QStringLiteral("0 points"));
        QCOMPARE(countText(12, one, many), QStringLiteral("12 points"));
    }

    void formatRse_twoSignificantDigits()
    {
        QCOMPARE(formatRse(0.0123, QLocale::c()), QStringLiteral("± 1.2 %"));
        QCOMPARE(formatRse(0.00043, QLocale::c()), QStringLiteral("± 0.043 %"));
        QCOMPARE(formatPercent(50.0, QLocale::c()), QStringLiteral("50 %"));
        QCOMPARE(formatPercent(33.3, QLocale::c()), QStringLiteral("33.3 %"));
    }

    // One form for every mean relative error (Models table, Error CDF): three significant
    // digits, none after the point from 100 % on.
    void formatRelativeError_threeSignificantDigits_data()
    {
        QTest::addColumn<double>("fraction");
        QTest::addColumn<QString>("expected");
        QTest::newRow("below one percent") << 0.005341 << QStringLiteral("0.534 %");
        QTest::newRow("tens") << 0.0899 << QStringLiteral("8.99 %");
        QTest::newRow("just below 100 %") << 0.9664 << QStringLiteral("96.6 %");
        QTest::newRow("rounds up to 100 %") << 0.99996 << QStringLiteral("100 %");
        QTest::newRow("hundreds, no decimals") << 1.7459 << QStringLiteral("175 %");
        QTest::newRow("a miss by a factor") << 1204.741 << QStringLiteral("120474 %");
    }
    void formatRelativeError_threeSignificantDigits()
    {
        QFETCH(double, fraction);
        QFETCH(QString, expected);
        QCOMPARE(formatRelativeError(fraction, QLocale::c()), expected);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestNumberFormat)
#include "test_number_format.moc"
