// SPDX-License-Identifier: GPL-3.0-or-later
// `iolens-cli import` (app/cli/import_command.cpp): CSV and fio JSON files, named with their
// option or by their extension, one transaction, exit status 2 for bad input with the file named
// and the database unchanged. Mappings of a user's own CSV: TestCsvImport.
#include "data/measurement_csv.hpp"
#include "store/measurement_database.hpp"
#include "support/cli_runner.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace iolens::core;

namespace {

using iolens::test::CliResult;
using iolens::test::fileHash;
using iolens::test::runCli;

const QString kCsvHeader = QString::fromLatin1(iolens::test::kCoreCsvHeader);

} // namespace

class TestImportCommand : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void import_badCsvExits2AndLeavesDatabaseUnchanged_data()
    {
        QTest::addColumn<QString>("content");
        QTest::addColumn<QString>("message");
        const QString good = QStringLiteral("bfq,268435456,4096,random,50,16,1,0.5,0.7,10,12\n");
        QTest::newRow("not a number")
            << kCsvHeader + good + "bfq,268435456,4096,random,50,16,1,x,0.7,10,12\n"
            << "row 3, column 'rt_read_ms'";
        QTest::newRow("negative size")
            << kCsvHeader + "bfq,268435456,-4096,random,50,16,1,0.5,0.7,10,12\n"
            << "row 2, column 'request_bytes'";
        QTest::newRow("read_pct") << kCsvHeader + good + good
                + "bfq,268435456,4096,random,101,16,1,0.5,0.7,10,12\n"
                                  << "row 4, column 'read_pct'";
        QTest::newRow("pattern") << kCsvHeader
                + "bfq,268435456,4096,strided,50,16,1,0.5,0.7,10,12\n"
                                 << "row 2, column 'pattern'";
        QTest::newRow("missing column") << "scheduler,fileset_bytes\nbfq,1\n"
                                        << "missing required column 'request_bytes'";
    }
    void import_badCsvExits2AndLeavesDatabaseUnchanged()
    {
        QFETCH(QString, content);
        QFETCH(QString, message);
        const QString db = m_dir.filePath("unchanged.sqlite");
        if (!QFile::exists(db))
            QCOMPARE(runCli({"import", "--db", db, "--csv",
                                QString::fromStdString(iolens::test::tieredCsvPath())})
                         .exitCode,
                0);
        const QByteArray before = fileHash(db);
        const std::string bad
            = iolens::test::writeFile(m_dir.path(), "bad.csv", content.toStdString());
        const CliResult r = runCli({"import", "--db", db, "--csv", QString::fromStdString(bad)});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("bad.csv: "), qPrintable(r.err));
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QCOMPARE(fileHash(db), before);
    }

    // A file imported into a dataset again is said to add its rows again; --scheduler, which a
    // CSV's own column overrides, is refused with one.
    void import_sameFileTwiceIsNotedAndSchedulerWithCsvRefused()
    {
        const QString db = m_dir.filePath("twice.sqlite");
        const QString csv = QString::fromStdString(iolens::test::tieredCsvPath());
        CliResult r = runCli({"import", "--db", db, "--csv", csv, "--dataset", "t"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(!r.err.contains("before"), qPrintable(r.err));
        r = runCli({"import", "--db", db, "--csv", csv, "--dataset", "other"});
        QVERIFY2(!r.err.contains("before"), qPrintable(r.err)); // another dataset
        r = runCli({"import", "--db", db, "--csv", csv, "--dataset", "t"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.contains("was imported into dataset 't' before; its rows are added again"),
            qPrintable(r.err));
        r = runCli({"import", "--db", db, "--csv", csv, "--scheduler", "kyber"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--scheduler is for --fio-json files"), qPrintable(r.err));
    }

    // Files named without an option are read by their extension: a .csv as --csv, a .json as
    // --fio-json; another extension exits 2 and nothing is created.
    void import_positionalFilesByExtension()
    {
        const QString db = m_dir.filePath("positional.sqlite");
        const QString csv = QString::fromStdString(iolens::test::tieredCsvPath());
        CliResult r = runCli({"import", "--db", db, csv, "--dataset", "grid"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QDir fio(QString::fromStdString(iolens::test::sourcePath("tests/data/fio-json")));
        const QStringList json = fio.entryList({"*.json"});
        QVERIFY(json.size() >= 3);
        r = runCli({"import", "--db", db, "--dataset", "fio", fio.filePath(json[0]),
            fio.filePath(json[1])});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains("imported 2 measurements into dataset 'fio'"), qPrintable(r.out));
        r = runCli({"import", "--db", db, "--dataset", "one", fio.filePath(json[2])});
        QVERIFY2(r.out.contains("imported 1 measurement into dataset 'one'"), qPrintable(r.out));
        auto library = MeasurementDatabase::open(db.toStdString(), true);
        QCOMPARE(library.importedFiles("grid").size(), std::size_t {1});
        QCOMPARE(library.importedFiles("fio").size(), std::size_t {2});

        const QString other = m_dir.filePath("other.sqlite");
        const QString text = QString::fromStdString(
            iolens::test::writeFile(m_dir.path(), "runs.txt", kCsvHeader.toStdString()));
        r = runCli({"import", "--db", other, text});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(
            r.err.contains("'" + text + "' is neither a .csv nor a .json file"), qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(other));
    }

    void importFioJson_manyFiles()
    {
        const QString db = m_dir.filePath("fio.sqlite");
        const QDir dir(QString::fromStdString(iolens::test::sourcePath("tests/data/fio-json")));
        QStringList args {"import", "--db", db, "--dataset", "runs", "--fio-json"};
        for (const QString& f : dir.entryList({"*.json"}))
            args << dir.filePath(f);
        const CliResult r = runCli(args);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        auto library = MeasurementDatabase::open(db.toStdString(), true);
        QCOMPARE(library.measurements().size(), std::size_t {10});
        // Each file is recorded, as a CSV is, for Dataset > Imported from and `info`.
        const auto files = library.importedFiles("runs");
        QCOMPARE(files.size(), std::size_t {10});
        QCOMPARE(QString::fromStdString(files.front().file), args[6]);
        QCOMPARE(files.front().importedRows, 1);
        QVERIFY(files.front().mapping.empty());
    }

    // A run spread over VMs left a file per VM: one row each, as `measure` stored them; a run
    // missing a VM's file is bad input (exit 2, naming the file and the VM), and nothing is stored.
    void importFioJson_joinsTheVmsOfARun()
    {
        const QDir dir(
            QString::fromStdString(iolens::test::sourcePath("tests/data/fio-json-multivm")));
        QStringList files;
        for (const QString& f : dir.entryList({"*.json"}))
            files << dir.filePath(f);
        QCOMPARE(files.size(), 8);
        const QString db = m_dir.filePath("multivm.sqlite");
        const CliResult r
            = runCli(QStringList {"import", "--db", db, "--dataset", "vms", "--fio-json"} + files);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        auto library = MeasurementDatabase::open(db.toStdString(), true);
        const auto rows = library.measurements();
        const auto stored = readMeasurementsCsv(dir.filePath("measure-rows.csv").toStdString());
        QCOMPARE(rows.size(), stored.size());
        for (const Measurement& row : rows)
            QVERIFY(std::any_of(stored.begin(), stored.end(), [&](const Measurement& s) {
                return s.config == row.config
                    && std::fabs(*s.value(Metric::TpReadMbs) - *row.value(Metric::TpReadMbs))
                    < 1e-9 * *s.value(Metric::TpReadMbs);
            }));
        const auto recorded = library.importedFiles("vms");
        QCOMPARE(recorded.size(), std::size_t {8});
        int importedRows = 0;
        for (const auto& file : recorded)
            importedRows += file.importedRows;
        QCOMPARE(importedRows, 4);

        QStringList missing = files;
        missing.removeIf([](const QString& f) { return f.endsWith("r100_t6_v3-rep0.vm2.json"); });
        const QString refusedDb = m_dir.filePath("multivm-missing.sqlite");
        const CliResult refused = runCli(
            QStringList {"import", "--db", refusedDb, "--dataset", "vms", "--fio-json"} + missing);
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains("r100_t6_v3-rep0.vm0.json")
                && refused.err.contains("lacks the files of vm2"),
            qPrintable(refused.err));
        QVERIFY(!QFile::exists(refusedDb));
    }

    // fio on a whole device gives no size: exit 2 saying so, then --fileset gives it.
    void importFioJson_fileSetOfAWholeDevice()
    {
        const QString raw = QString::fromStdString(
            iolens::test::sourcePath("tests/data/fio-json-engines/raw-device.json"));
        const QString db = m_dir.filePath("device.sqlite");
        CliResult r = runCli({"import", "--db", db, "--fio-json", raw});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(
            r.err.contains("raw-device.json") && r.err.contains("--fileset"), qPrintable(r.err));
        r = runCli({"import", "--db", db, "--fio-json", raw, "--fileset", "64q"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("'64q' is not a size"), qPrintable(r.err));
        r = runCli({"import", "--db", db, "--fio-json", raw, "--fileset", "64M"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const auto rows = MeasurementDatabase::open(db.toStdString(), true).measurements();
        QCOMPARE(rows.size(), std::size_t {1});
        QCOMPARE(rows[0].config.filesetBytes, std::int64_t {64} << 20);
        r = runCli({"import", "--db", db, "--csv",
            QString::fromStdString(iolens::test::tieredCsvPath()), "--fileset", "64M"});
        QCOMPARE(r.exitCode, 2);
    }

    // Runs with another ioengine are another experiment: refused together, nothing stored.
    void importFioJson_refusesRunsOfDifferentSettings()
    {
        const QString folder
            = QString::fromStdString(iolens::test::sourcePath("tests/data/fio-json-engines"));
        const QString db = m_dir.filePath("engines.sqlite");
        CliResult r = runCli(
            {"import", "--db", db, "--fio-json", folder + "/aio.json", folder + "/sync-note.json"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("sync-note.json: fio's ioengine is psync here and libaio in"),
            qPrintable(r.err));
        QVERIFY(!QFile::exists(db));
        r = runCli({"import", "--db", db, "--fio-json", folder + "/aio.json"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    }

    // A number a double cannot hold is bad input like any other: exit 2, naming file and field.
    void importFioJson_numberOverflowExitsTwoNamingFileAndField()
    {
        const QString db = m_dir.filePath("overflow.sqlite");
        QFile good(QString::fromStdString(iolens::test::sourcePath("tests/data/fio-json")) + "/"
            + QDir(QString::fromStdString(iolens::test::sourcePath("tests/data/fio-json")))
                  .entryList({"*.json"})
                  .front());
        QVERIFY(good.open(QIODevice::ReadOnly));
        QByteArray text = good.readAll();
        const qsizetype bw = text.indexOf("\"bw\" : ");
        QVERIFY(bw > 0);
        const qsizetype end = text.indexOf(',', bw);
        text.replace(bw, end - bw, "\"bw\" : 1e999");
        const QString bad = m_dir.filePath("overflow.json");
        QFile out(bad);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(text);
        out.close();
        const CliResult r = runCli({"import", "--db", db, "--dataset", "runs", "--fio-json", bad});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("overflow.json"), qPrintable(r.err));
        QVERIFY2(r.err.contains(".bw"), qPrintable(r.err));
        QVERIFY2(r.err.contains("overflow"), qPrintable(r.err));
    }

private:
    QTemporaryDir m_dir;
};

IOLENS_TEST_GUILESS_MAIN(TestImportCommand)
#include "test_import_command.moc"
