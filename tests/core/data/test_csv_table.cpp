// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "data/csv_table.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::core;

class TestCsvTable : public QObject {
    Q_OBJECT
private slots:
    void parse_handlesQuotesAndBlankLines()
    {
        const CsvTable table = parseCsv("a,b\n\n\"x, y\",\"say \"\"hi\"\"\"\n1,2\n", "t.csv");
        QCOMPARE(table.header.size(), std::size_t {2});
        QCOMPARE(table.rows.size(), std::size_t {2});
        QCOMPARE(table.rows[0].fields[0], std::string("x, y"));
        QCOMPARE(table.rows[0].fields[1], std::string("say \"hi\""));
        QCOMPARE(table.rows[1].line, 4);
    }

    void parse_rejectsRaggedRowNamingTheLine()
    {
        try {
            parseCsv("a,b\n1,2\n3\n", "bad.csv");
            QFAIL("no error");
        } catch (const DataError& e) {
            QVERIFY(QString(e.what()).contains("bad.csv: row 3"));
        }
    }

    void formatNumber_roundTripsExactly_data()
    {
        QTest::addColumn<double>("value");
        QTest::newRow("decimal") << 0.322005847525;
        QTest::newRow("long") << 0.41434142462900003;
        QTest::newRow("integer") << 50.0;
        QTest::newRow("tiny") << 1.0e-300;
    }
    void formatNumber_roundTripsExactly()
    {
        QFETCH(double, value);
        double back = 0.0;
        QVERIFY(parseDouble(formatNumber(value), back));
        QCOMPARE(back, value);
    }

    void parseDouble_rejectsJunk_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("word") << "abc";
        QTest::newRow("suffix") << "1.5ms";
        QTest::newRow("empty") << "";
        QTest::newRow("nan") << "nan";
        QTest::newRow("inf") << "inf";
    }
    void parseDouble_rejectsJunk()
    {
        QFETCH(QString, text);
        double value = 0.0;
        QVERIFY(!parseDouble(text.toStdString(), value));
    }

    void parseInt64_acceptsIntegralExponent()
    {
        long long value = 0;
        QVERIFY(parseInt64("4.294967296e9", value));
        QCOMPARE(value, 4294967296LL);
        QVERIFY(!parseInt64("1.5", value));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestCsvTable)
#include "test_csv_table.moc"
