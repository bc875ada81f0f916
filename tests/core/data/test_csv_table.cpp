// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "data/csv_table.hpp"
#include "support/test_registry.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>

using namespace iolens::core;

namespace {

// Every row CsvReader gives for `text` written to a file, or the message it throws.
std::string readThroughFile(const std::string& text, const std::string& path)
{
    {
        std::ofstream out(path, std::ios::binary);
        out << text;
    }
    std::string result;
    try {
        CsvReader reader(path);
        for (const std::string& h : reader.table().header)
            result += h + "|";
        CsvTable::Row row;
        while (reader.next(row)) {
            result += "\n" + std::to_string(row.line) + ":";
            for (const std::string& f : row.fields)
                result += f + "|";
        }
    } catch (const DataError& e) {
        result = std::string("error ") + e.what();
    }
    return result;
}

// The same for parseCsv on the text, naming the same source.
std::string parseWhole(const std::string& text, const std::string& path)
{
    std::string result;
    try {
        const CsvTable table = parseCsv(text, path);
        for (const std::string& h : table.header)
            result += h + "|";
        for (const CsvTable::Row& row : table.rows) {
            result += "\n" + std::to_string(row.line) + ":";
            for (const std::string& f : row.fields)
                result += f + "|";
        }
    } catch (const DataError& e) {
        result = std::string("error ") + e.what();
    }
    return result;
}

// Rows of about 40 bytes up to `bytes`, so the reader refills its buffer mid-record.
std::string manyRows(std::size_t bytes)
{
    std::string text = "a,b,c\n";
    for (int i = 0; text.size() < bytes; ++i)
        text += std::to_string(i) + ",\"quoted, with\nnewline " + std::to_string(i) + "\",x\n";
    return text;
}

} // namespace

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

    // Every field quoted and CRLF line ends, as R's write.csv and spreadsheets write them: the
    // \r after a closing quote (and space there) is no part of the field; inside quotes it is.
    void parse_quotedFieldsWithCrlf()
    {
        const CsvTable table
            = parseCsv("\"a\",\"split\"\r\n\"1\" ,\"grid\"\r\n\"x\r\ny\",\"2\"\r\n", "t.csv");
        QCOMPARE(table.header, (std::vector<std::string> {"a", "split"}));
        QCOMPARE(table.rows.size(), std::size_t {2});
        QCOMPARE(table.rows[0].fields, (std::vector<std::string> {"1", "grid"}));
        QCOMPARE(table.rows[1].fields[0], std::string("x\r\ny"));
        QCOMPARE(table.rows[1].line, 3);
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

    // The streaming reader must give parseCsv's rows, line numbers and messages exactly.
    void reader_givesWhatParseGives_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::newRow("quotes and blank lines")
            << QByteArray("a,b\n\n\"x, y\",\"say \"\"hi\"\"\"\n1,2\n");
        QTest::newRow("byte order mark, no final newline") << QByteArray("\xEF\xBB\xBF"
                                                                         "a,b\n1,2");
        QTest::newRow("blank lines before the header") << QByteArray("\n\na,b\n1,2\n");
        QTest::newRow("quoted newline") << QByteArray("a,b\n\"1\n2\",3\n4,5\n");
        QTest::newRow("quoted, CRLF") << QByteArray("\"a\",\"b\"\r\n\"1\",\"2\"\r\n");
        QTest::newRow("ragged row") << QByteArray("a,b\n1,2\n3\n");
        QTest::newRow("unterminated quote") << QByteArray("a,b\n1,\"2\n3,4\n");
        QTest::newRow("empty file") << QByteArray("");
        QTest::newRow("column named twice") << QByteArray("\na,rep,b,rep\n1,2,3,4\n");
        QTest::newRow("unnamed columns") << QByteArray("a,b,,\n1,2,,\n");
        QTest::newRow("semicolons") << QByteArray("a;b\n1,5;2\n");
        QTest::newRow("over three buffers")
            << QByteArray::fromStdString(manyRows(std::size_t {3} << 20));
    }
    void reader_givesWhatParseGives()
    {
        QFETCH(QByteArray, text);
        QTemporaryDir dir;
        const std::string path = dir.filePath("t.csv").toStdString();
        const std::string whole = parseWhole(text.toStdString(), path);
        const std::string streamed = readThroughFile(text.toStdString(), path);
        QCOMPARE(streamed, whole);
    }

    // Every reader finds a column by name: the second of two with one name was dropped unseen.
    void parse_refusesAColumnNamedTwice()
    {
        QCOMPARE(parseWhole("scheduler,rep,rep\nnone,0,grid\n", "dup.csv"),
            std::string("error dup.csv: row 1: column 'rep' appears twice (columns 2 and 3)"));
        QCOMPARE(parseWhole("\nrt_read_ms,x,rt_read_ms\n", "dup.csv"),
            std::string(
                "error dup.csv: row 2: column 'rt_read_ms' appears twice (columns 1 and 3)"));
        // Unnamed columns (trailing commas) cannot be asked for, so two of them stay readable.
        QCOMPARE(parseWhole("a,,\n1,,\n", "t.csv"), std::string("a|||\n2:1|||"));
    }

    // A spreadsheet's semicolon- or tab-separated export read as one column made every reader
    // report a missing column: the file is named for what it is.
    void parse_refusesSemicolonsAndTabsAsSeparators()
    {
        const std::string advice = "; iolens reads comma-separated files: save it as CSV with "
                                   "commas between the fields and points as decimal marks";
        QCOMPARE(parseWhole("\nscheduler;fileset_bytes\nnone;1\n", "eu.csv"),
            "error eu.csv: row 2: the columns are separated by semicolons" + advice);
        QCOMPARE(parseWhole("scheduler\tfileset_bytes\nnone\t1\n", "tab.csv"),
            "error tab.csv: row 1: the columns are separated by tabs" + advice);
        // A one-column file is read as before, and a semicolon inside one of several columns is
        // text.
        QCOMPARE(parseWhole("a\n1\n", "t.csv"), std::string("a|\n2:1|"));
        QCOMPARE(parseWhole("a,b;c\n1,2\n", "t.csv"), std::string("a|b;c|\n2:1|2|"));
    }

    // UTF-16 (Excel's "Unicode text") read as bytes said "missing required column" of a file
    // that has it: it is named for what it is, by parse and by the reader alike.
    void parseAndReader_refuseUtf16()
    {
        const std::string utf16("\xFF\xFEs\0c\0h\0", 8);
        QCOMPARE(parseWhole(utf16, "u.csv"),
            std::string("error u.csv: the text is UTF-16 or UTF-32; save it as UTF-8 (a "
                        "spreadsheet's \"CSV UTF-8\")"));
        QTemporaryDir dir;
        const std::string path = dir.filePath("u.csv").toStdString();
        std::ofstream(path, std::ios::binary) << utf16;
        try {
            CsvReader reader(path);
            QFAIL("no error");
        } catch (const DataError& e) {
            QVERIFY2(QString(e.what()).contains("UTF-16"), e.what());
        }
    }

    void reader_refusesMissingFile()
    {
        QVERIFY_THROWS_EXCEPTION(DataError, CsvReader("/nonexistent/iolens/x.csv"));
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
