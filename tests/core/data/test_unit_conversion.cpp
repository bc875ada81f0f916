// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/unit_conversion.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::core;

Q_DECLARE_METATYPE(iolens::core::Unit)
Q_DECLARE_METATYPE(iolens::core::Quantity)

class TestUnitConversion : public QObject {
    Q_OBJECT
private slots:
    // Every unit: its name reads back, and a value converts to iolens's unit exactly.
    void toIolensUnit_everyUnit_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<iolens::core::Quantity>("quantity");
        QTest::addColumn<double>("value");
        QTest::addColumn<double>("expected");
        QTest::newRow("bytes") << "bytes" << Quantity::Size << 4096.0 << 4096.0;
        QTest::newRow("KiB") << "KiB" << Quantity::Size << 4.0 << 4096.0;
        QTest::newRow("MiB") << "MiB" << Quantity::Size << 1.5 << 1572864.0;
        QTest::newRow("GiB") << "GiB" << Quantity::Size << 4.0 << 4294967296.0;
        QTest::newRow("ns") << "ns" << Quantity::Time << 2500000.0 << 2.5;
        QTest::newRow("us") << "us" << Quantity::Time << 1500.0 << 1.5;
        QTest::newRow("ms") << "ms" << Quantity::Time << 0.25 << 0.25;
        QTest::newRow("s") << "s" << Quantity::Time << 0.002 << 2.0;
        QTest::newRow("KiB/s") << "KiB/s" << Quantity::Throughput << 2048.0 << 2.0;
        QTest::newRow("MiB/s") << "MiB/s" << Quantity::Throughput << 80.5 << 80.5;
        // MB/s is 10^6 bytes: 1,048,576 MB/s are 1,000,000 MiB/s.
        QTest::newRow("MB/s") << "MB/s" << Quantity::Throughput << 1048576.0 << 1000000.0;
        QTest::newRow("IOPS as a rate") << "IOPS" << Quantity::Rate << 21677.5 << 21677.5;
        QTest::newRow("percent") << "percent" << Quantity::Share << 70.0 << 70.0;
        QTest::newRow("%") << "%" << Quantity::Share << 25.0 << 25.0;
        QTest::newRow("fraction") << "fraction" << Quantity::Share << 0.75 << 75.0;
    }
    void toIolensUnit_everyUnit()
    {
        QFETCH(QString, name);
        QFETCH(iolens::core::Quantity, quantity);
        QFETCH(double, value);
        QFETCH(double, expected);
        const auto unit = parseUnit(name.toStdString());
        QVERIFY(unit.has_value());
        QVERIFY(accepts(quantity, *unit));
        if (name != "%")
            QCOMPARE(QString::fromLatin1(unitName(*unit)), name);
        const auto converted = toIolensUnit(value, *unit, quantity);
        QVERIFY(converted.has_value());
        QCOMPARE(*converted, expected); // exact: the conversions divide by powers of ten
        QVERIFY(*converted == expected);
    }

    // IOPS as throughput: IOPS x request size, in MiB/s; no request size, no value.
    void toIolensUnit_iopsAsThroughputNeedsTheRequestSize()
    {
        QCOMPARE(toIolensUnit(256.0, Unit::Iops, Quantity::Throughput, 4096.0).value(), 1.0);
        QCOMPARE(toIolensUnit(38064.676617, Unit::Iops, Quantity::Throughput, 16384.0).value(),
            38064.676617 * 16384.0 / 1048576.0);
        QVERIFY(!toIolensUnit(256.0, Unit::Iops, Quantity::Throughput).has_value());
    }

    void parseUnit_ignoresCaseAndRefusesTheUnknown_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("known");
        QTest::newRow("kib") << "kib" << true;
        QTest::newRow("MB/S") << "MB/S" << true;
        QTest::newRow("iops") << "iops" << true;
        QTest::newRow("KB (ambiguous)") << "KB" << false;
        QTest::newRow("hours") << "h" << false;
        QTest::newRow("empty") << "" << false;
    }
    void parseUnit_ignoresCaseAndRefusesTheUnknown()
    {
        QFETCH(QString, text);
        QFETCH(bool, known);
        QCOMPARE(parseUnit(text.toStdString()).has_value(), known);
    }

    void accepts_onlyTheUnitsOfTheQuantity()
    {
        QVERIFY(accepts(Quantity::Throughput, Unit::Iops));
        QVERIFY(!accepts(Quantity::Time, Unit::KiB));
        QVERIFY(!accepts(Quantity::Size, Unit::MBPerS));
        QVERIFY(!accepts(Quantity::Share, Unit::Milliseconds));
        QVERIFY(!accepts(Quantity::Rate, Unit::MiBPerS));
        QCOMPARE(unitList(Quantity::Size), std::string("bytes, KiB, MiB, GiB"));
        QCOMPARE(unitList(Quantity::Throughput), std::string("MiB/s, KiB/s, MB/s, IOPS"));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestUnitConversion)
#include "test_unit_conversion.moc"
