// SPDX-License-Identifier: GPL-3.0-or-later
// import --mapping, --skip-bad-rows and --propose-mapping: a user's CSV with other names and
// units, headless.
#include "data/csv_mapping.hpp"
#include "data/measurement_csv.hpp"
#include "store/measurement_database.hpp"
#include "support/cli_runner.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace iolens::core;

namespace {

using iolens::test::CliResult;
using iolens::test::runCli;

// What a spreadsheet holds: names --propose-mapping recognises, other units (file set in MiB,
// requests in KiB, latencies in us, throughput in MB/s and KiB/s), a column iolens does not use.
const char* const kSheetHeader = "io_scheduler,file_size_mib,bs_kib,rw,rwmixread,numjobs,"
                                 "lat_read_us,lat_write_us,bw_read_MB/s,bw_write_KiB/s,host\n";

// The mapping a person would write for kSheetHeader (and --propose-mapping proposes).
const char* const kSheetMapping = R"({"columns": {
    "io_scheduler": "scheduler",
    "file_size_mib": {"field": "fileset_bytes", "unit": "MiB"},
    "bs_kib": {"field": "request_bytes", "unit": "KiB"},
    "rw": "pattern",
    "rwmixread": {"field": "read_pct", "unit": "percent"},
    "numjobs": "threads",
    "lat_read_us": {"field": "rt_read_ms", "unit": "us"},
    "lat_write_us": {"field": "rt_write_ms", "unit": "us"},
    "bw_read_MB/s": {"field": "tp_read_mbs", "unit": "MB/s"},
    "bw_write_KiB/s": {"field": "tp_write_mbs", "unit": "KiB/s"}},
  "constants": {"vms": 1}})";

std::string sheetCell(const std::optional<double>& value, double factor)
{
    return value ? formatNumber(*value * factor) : std::string();
}

std::string sheetCsv(const std::vector<Measurement>& rows)
{
    std::string csv = kSheetHeader;
    for (const Measurement& m : rows) {
        const Configuration& c = m.config;
        csv += formatCsvLine({c.scheduler, std::to_string(c.filesetBytes / (1024 * 1024)),
            std::to_string(c.requestBytes / 1024),
            c.pattern == Pattern::Random ? "randrw" : "readwrite", formatNumber(c.readPct),
            std::to_string(c.threads), sheetCell(m.value(Metric::RtReadMs), 1000.0),
            sheetCell(m.value(Metric::RtWriteMs), 1000.0),
            sheetCell(m.value(Metric::TpReadMbs), 1048576.0 / 1.0e6),
            sheetCell(m.value(Metric::TpWriteMbs), 1024.0), "vm1"});
    }
    return csv;
}

// The same rows in iolens's format, with only the columns the sheet has.
std::vector<Measurement> coreOnly(std::vector<Measurement> rows)
{
    for (Measurement& m : rows) {
        for (Metric metric :
            {Metric::IopsRead, Metric::IopsWrite, Metric::RtReadP99Ms, Metric::RtWriteP99Ms})
            m.setValue(metric, std::nullopt);
        m.rep = 0;
        m.split = "grid";
    }
    return rows;
}

bool sameValue(const std::optional<double>& a, const std::optional<double>& b)
{
    if (!a || !b)
        return a.has_value() == b.has_value();
    return std::fabs(*a - *b) <= 1e-12 * std::max(std::fabs(*a), std::fabs(*b));
}

} // namespace

class TestCsvImport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const auto tiered = readMeasurementsCsv(iolens::test::tieredCsvPath());
        m_rows = coreOnly(std::vector<Measurement>(tiered.begin(), tiered.begin() + 30));
        m_sheet = QString::fromStdString(
            iolens::test::writeFile(m_dir.path(), "sheet.csv", sheetCsv(m_rows)));
        m_mapping = QString::fromStdString(
            iolens::test::writeFile(m_dir.path(), "sheet-mapping.json", kSheetMapping));
    }

    // The sheet through its mapping stores what iolens's own CSV of the same rows stores.
    void import_mappingGivesTheDirectImportsValues()
    {
        const QString db = m_dir.filePath("mapped.sqlite");
        const std::string own
            = iolens::test::writeFile(m_dir.path(), "own.csv", measurementsToCsv(m_rows));
        CliResult r = runCli({"import", "--db", db, "--csv", QString::fromStdString(own)});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = runCli({"import", "--db", db, "--csv", m_sheet, "--mapping", m_mapping});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(
            r.out.contains("imported 30 measurements into dataset 'sheet'"), qPrintable(r.out));
        QVERIFY2(r.err.contains("column 'host' is not in the mapping: ignored"), qPrintable(r.err));
        auto library = MeasurementDatabase::open(db.toStdString(), true);
        const auto direct = library.measurements({"own", std::nullopt});
        const auto mapped = library.measurements({"sheet", std::nullopt});
        QCOMPARE(mapped.size(), direct.size());
        for (std::size_t i = 0; i < direct.size(); ++i) {
            QVERIFY(mapped[i].config == direct[i].config);
            for (Metric metric : kAllMetrics)
                QVERIFY2(sameValue(mapped[i].value(metric), direct[i].value(metric)),
                    qPrintable(QString::number(i) + " " + QString::fromLatin1(metricName(metric))));
        }
        const auto files = library.importedFiles("sheet");
        QCOMPARE(files.size(), std::size_t {1});
        QCOMPARE(files[0].file, m_sheet.toStdString());
        QCOMPARE(parseCsvMapping(files[0].mapping, "stored"),
            readCsvMappingFile(m_mapping.toStdString()));
        QCOMPARE(files[0].skippedRows, 0);
        QVERIFY(library.importedFiles("own")[0].mapping.empty());
    }

    // Every bad row is listed with file, row, column and reason; exit 2; the database as it was.
    void import_badRowsAreListedAndNothingIsImported()
    {
        const QString db = m_dir.filePath("unchanged.sqlite");
        QCOMPARE(runCli({"import", "--db", db, "--csv",
                            QString::fromStdString(iolens::test::tieredCsvPath())})
                     .exitCode,
            0);
        const QByteArray before = iolens::test::fileHash(db);
        const QString bad = badSheet();
        const CliResult r = runCli({"import", "--db", db, "--csv", bad, "--mapping", m_mapping});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("bad-sheet.csv: row 3, column 'lat_read_us' as rt_read_ms (from "
                                "us): 'n/a' is not a number"),
            qPrintable(r.err));
        QVERIFY2(r.err.contains("bad-sheet.csv: row 6, column 'bs_kib' as request_bytes (from "
                                "KiB): '0.3' KiB is not a whole number of bytes"),
            qPrintable(r.err));
        QVERIFY2(r.err.contains("bad-sheet.csv: row 9, column 'rw' as pattern: 'strided' is not "
                                "a pattern"),
            qPrintable(r.err));
        QVERIFY2(r.err.contains("3 of 30 rows refused; nothing imported"), qPrintable(r.err));
        QCOMPARE(iolens::test::fileHash(db), before);
    }

    // --skip-bad-rows imports exactly the good rows and records how many it skipped.
    void import_skipBadRowsImportsTheGoodRows()
    {
        const QString db = m_dir.filePath("skipped.sqlite");
        const CliResult r = runCli(
            {"import", "--db", db, "--csv", badSheet(), "--mapping", m_mapping, "--skip-bad-rows"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains("skipped: ") && r.err.contains("row 6, column 'bs_kib'"),
            qPrintable(r.err));
        QVERIFY2(r.out.contains("imported 27 measurements"), qPrintable(r.out));
        auto library = MeasurementDatabase::open(db.toStdString(), true);
        const auto stored = library.measurements();
        QCOMPARE(stored.size(), std::size_t {27});
        // Rows 3, 6 and 9 of the file are m_rows[1], [4] and [7].
        std::vector<Measurement> good;
        for (std::size_t i = 0; i < m_rows.size(); ++i)
            if (i != 1 && i != 4 && i != 7)
                good.push_back(m_rows[i]);
        for (std::size_t i = 0; i < good.size(); ++i) {
            QVERIFY(stored[i].config == good[i].config);
            QVERIFY(
                sameValue(stored[i].value(Metric::TpWriteMbs), good[i].value(Metric::TpWriteMbs)));
        }
        const auto files = library.importedFiles("bad-sheet");
        QCOMPARE(files.size(), std::size_t {1});
        QCOMPARE(files[0].importedRows, 27);
        QCOMPARE(files[0].skippedRows, 3);
        const CliResult info = runCli({"info", db});
        QVERIFY2(
            info.out.contains("imported 27 rows from ") && info.out.contains("skipped 3 bad rows"),
            qPrintable(info.out));
    }

    // iolens's own CSV lists every bad row too, and --skip-bad-rows works on it.
    void import_ownFormatListsEveryBadRow()
    {
        const std::string own = iolens::test::writeFile(m_dir.path(), "own-bad.csv",
            "scheduler,fileset_bytes,request_bytes,pattern,read_pct,threads,vms,rt_read_ms,"
            "rt_write_ms,tp_read_mbs,tp_write_mbs\n"
            "bfq,268435456,4096,random,50,16,1,0.5,0.7,10,12\n"
            "bfq,268435456,4096,random,50,16,1,x,0.7,10,12\n"
            "bfq,268435456,4096,random,150,16,1,0.5,0.7,10,12\n");
        const QString db = m_dir.filePath("own-bad.sqlite");
        CliResult r = runCli({"import", "--db", db, "--csv", QString::fromStdString(own)});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("own-bad.csv: row 3, column 'rt_read_ms': 'x' is not a number"),
            qPrintable(r.err));
        QVERIFY2(r.err.contains("own-bad.csv: row 4, column 'read_pct': '150' is outside 0..100"),
            qPrintable(r.err));
        QVERIFY(!QFile::exists(db)
            || MeasurementDatabase::open(db.toStdString(), true).measurements().empty());
        r = runCli({"import", "--db", db, "--csv", QString::fromStdString(own), "--skip-bad-rows"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(MeasurementDatabase::open(db.toStdString(), true).measurements().size(),
            std::size_t {1});
    }

    // The audit's cases: a second rt_read_ms, and "rep,rep" for "rep,split", were imported with
    // the second column dropped (exit 0); the same through a mapping, where the sheet's host
    // column is named twice.
    void import_columnNamedTwiceExits2AndImportsNothing()
    {
        const std::string own = iolens::test::writeFile(m_dir.path(), "own-twice.csv",
            "scheduler,fileset_bytes,request_bytes,pattern,read_pct,threads,vms,rt_read_ms,"
            "rt_write_ms,tp_read_mbs,tp_write_mbs,rt_read_ms\n"
            "bfq,268435456,4096,random,50,16,1,0.5,0.7,10,12,0.9\n");
        const QString db = m_dir.filePath("twice.sqlite");
        CliResult r = runCli({"import", "--db", db, "--csv", QString::fromStdString(own)});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("own-twice.csv: row 1: column 'rt_read_ms' appears twice "
                                "(columns 8 and 12)"),
            qPrintable(r.err));
        std::string sheetText = sheetCsv(m_rows);
        sheetText.replace(sheetText.find(",host\n"), 6, ",io_scheduler\n");
        const std::string sheet
            = iolens::test::writeFile(m_dir.path(), "sheet-twice.csv", sheetText);
        r = runCli(
            {"import", "--db", db, "--csv", QString::fromStdString(sheet), "--mapping", m_mapping});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("sheet-twice.csv: row 1: column 'io_scheduler' appears twice"),
            qPrintable(r.err));
        QVERIFY(!QFile::exists(db)
            || MeasurementDatabase::open(db.toStdString(), true).measurements().empty());
    }

    // A file with a header and no row under it, in iolens's format or through a mapping, beside
    // a good file: exit 2 naming it, and the database as it was (no empty dataset, no good rows).
    void import_headerOnlyFileExits2AndImportsNothing()
    {
        const QString db = m_dir.filePath("header-only.sqlite");
        QCOMPARE(runCli({"import", "--db", db, "--csv",
                            QString::fromStdString(iolens::test::tieredCsvPath())})
                     .exitCode,
            0);
        const QByteArray before = iolens::test::fileHash(db);
        const std::string good
            = iolens::test::writeFile(m_dir.path(), "good.csv", measurementsToCsv(m_rows));
        const std::string own = iolens::test::writeFile(m_dir.path(), "own-header.csv",
            "scheduler,fileset_bytes,request_bytes,pattern,read_pct,threads,vms,rt_read_ms,"
            "rt_write_ms,tp_read_mbs,tp_write_mbs\n");
        CliResult r = runCli({"import", "--db", db, "--dataset", "more", "--csv",
            QString::fromStdString(good), "--csv", QString::fromStdString(own)});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("own-header.csv: no measurement rows under the header; nothing "
                                "imported"),
            qPrintable(r.err));
        const std::string sheet
            = iolens::test::writeFile(m_dir.path(), "sheet-header.csv", kSheetHeader);
        r = runCli(
            {"import", "--db", db, "--csv", QString::fromStdString(sheet), "--mapping", m_mapping});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("sheet-header.csv: no measurement rows under the header"),
            qPrintable(r.err));
        QCOMPARE(iolens::test::fileHash(db), before);
    }

    // A bad mapping file: exit 2, the message names the file and the key.
    void import_badMappingExits2NamingFileAndKey_data()
    {
        QTest::addColumn<QString>("mapping");
        QTest::addColumn<QString>("expected");
        QTest::newRow("unknown unit")
            << QString(kSheetMapping).replace("\"unit\": \"us\"", "\"unit\": \"usec\"")
            << "bad-mapping.json: key 'columns.lat_read_us.unit': \"usec\" is not a unit of "
               "rt_read_ms";
        QTest::newRow("unknown field")
            << QString(kSheetMapping).replace("\"numjobs\": \"threads\"", "\"numjobs\": \"jobs\"")
            << "bad-mapping.json: key 'columns.numjobs': 'jobs' is not an iolens column";
        QTest::newRow("broken JSON")
            << QString(kSheetMapping).left(40) << "bad-mapping.json: not valid JSON";
        QTest::newRow("column not in the file")
            << QString(kSheetMapping).replace("\"bs_kib\":", "\"bs\":")
            << "sheet.csv: row 1: no column 'bs', which the mapping maps to request_bytes";
    }
    void import_badMappingExits2NamingFileAndKey()
    {
        QFETCH(QString, mapping);
        QFETCH(QString, expected);
        const std::string file
            = iolens::test::writeFile(m_dir.path(), "bad-mapping.json", mapping.toStdString());
        const QString db = m_dir.filePath("never.sqlite");
        const CliResult r = runCli(
            {"import", "--db", db, "--csv", m_sheet, "--mapping", QString::fromStdString(file)});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(expected), qPrintable(r.err));
        QVERIFY(!QFile::exists(db));
    }

    // The proposal for the sheet is the mapping a person writes for it, and imports it.
    void proposeMapping_writesAMappingThatImports()
    {
        const QString out = m_dir.filePath("proposed.json");
        CliResult r = runCli({"import", "--csv", m_sheet, "--propose-mapping", out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains("'host' not recognised"), qPrintable(r.err));
        QCOMPARE(
            readCsvMappingFile(out.toStdString()), readCsvMappingFile(m_mapping.toStdString()));
        const QString db = m_dir.filePath("proposed.sqlite");
        r = runCli({"import", "--db", db, "--csv", m_sheet, "--mapping", out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(
            MeasurementDatabase::open(db.toStdString(), true).measurements().size(), m_rows.size());
    }

    void usage_mappingNeedsACsv()
    {
        CliResult r = runCli({"import", "--db", m_dir.filePath("u.sqlite"), "--fio-json",
            QString::fromStdString(iolens::test::tieredCsvPath()), "--skip-bad-rows"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(
            r.err.contains("--mapping and --skip-bad-rows read --csv files"), qPrintable(r.err));
        r = runCli({"import", "--propose-mapping", m_dir.filePath("p.json")});
        QCOMPARE(r.exitCode, 2);
    }

private:
    // The sheet with three bad cells: rows 3, 6 and 9 of the file.
    QString badSheet()
    {
        CsvTable table = parseCsv(sheetCsv(m_rows), "sheet");
        const auto set = [&](std::size_t row, const char* column, const char* value) {
            table.rows[row].fields[static_cast<std::size_t>(table.columnIndex(column))] = value;
        };
        set(1, "lat_read_us", "n/a");
        set(4, "bs_kib", "0.3");
        set(7, "rw", "strided");
        std::string text = formatCsvLine(table.header);
        for (const CsvTable::Row& row : table.rows)
            text += formatCsvLine(row.fields);
        return QString::fromStdString(iolens::test::writeFile(m_dir.path(), "bad-sheet.csv", text));
    }

    QTemporaryDir m_dir;
    std::vector<Measurement> m_rows;
    QString m_sheet;
    QString m_mapping;
};

IOLENS_TEST_GUILESS_MAIN(TestCsvImport)
#include "test_csv_import.moc"
