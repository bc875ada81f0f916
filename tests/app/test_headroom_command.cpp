// SPDX-License-Identifier: GPL-3.0-or-later
// `iolens-cli headroom`: the capacity-planning question per technique, as CSV.
#include "data/csv_table.hpp"
#include "models/regressor_registry.hpp"
#include "support/cli_runner.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

using iolens::test::CliResult;
using iolens::test::runCli;

} // namespace

class TestHeadroomCommand : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("tiered.sqlite"));
        const CliResult r = runCli({"import", "--db", m_db, "--csv",
            QString::fromStdString(iolens::test::tieredCsvPath())});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    }

    void headroom_answersEveryTechniqueAndFactorAsCsv()
    {
        const QString out = m_dir.filePath(QStringLiteral("headroom.csv"));
        const CliResult r = runCli({"headroom", "--db", m_db, "--scenario",
            "request=16KiB,read=70,fileset=1GiB,scheduler=bfq", "--limit", "rt_read_ms<=5",
            "--limit", "tp_write_mbs>=10", "--technique", "cart", "--technique", "mars", "--out",
            out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(r.out.contains(QStringLiteral("cart, fileset: up to ")));
        const auto table = iolens::core::readCsvFile(out.toStdString());
        QCOMPARE(table.rows.size(), std::size_t {6}); // 2 techniques x 3 factors
        const int factor = table.columnIndex("factor");
        const int binding = table.columnIndex("binding");
        const int largest = table.columnIndex("largest");
        for (const auto& row : table.rows) {
            if (row.fields[static_cast<std::size_t>(factor)] != "fileset")
                continue;
            // 1 GiB keeps 5 ms on this tiered stack; the cache cliff beyond it does not.
            QCOMPARE(row.fields[static_cast<std::size_t>(binding)], std::string("rt_read_ms<=5"));
            double mib = 0.0;
            QVERIFY(iolens::core::parseDouble(row.fields[static_cast<std::size_t>(largest)], mib));
            QVERIFY(mib >= 1024.0 && mib < 8192.0);
        }
    }

    // Without --technique, the Capacity tab's models: the recommended one first, then the paper's.
    void headroom_defaultsToTheWindowsModels()
    {
        const QString out = m_dir.filePath(QStringLiteral("defaults.csv"));
        const CliResult r = runCli({"headroom", "--db", m_db, "--scenario",
            "request=16KiB,read=70,fileset=1GiB,scheduler=bfq", "--limit", "rt_read_ms<=5",
            "--factor", "vms", "--out", out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const auto table = iolens::core::readCsvFile(out.toStdString());
        std::vector<std::string> techniques;
        for (const auto& row : table.rows)
            techniques.push_back(
                row.fields[static_cast<std::size_t>(table.columnIndex("technique"))]);
        QCOMPARE(techniques, iolens::core::defaultTechniques());
        QCOMPARE(techniques.front(), std::string("auto"));
    }

    // The thread count is a factor where the data varied it: by default then, and asked for on
    // data of one count, a row that says why there is no answer; the file set likewise.
    void headroom_threadsWhereTheDataMeasuredSeveralCounts()
    {
        const QString threadsDb = m_dir.filePath(QStringLiteral("threads.sqlite"));
        const CliResult imported = runCli({"import", "--db", threadsDb, "--csv",
            QString::fromStdString(
                iolens::test::sourcePath("tests/data/measured/threads-local-disk.csv"))});
        QVERIFY2(imported.exitCode == 0, qPrintable(imported.err));
        const QString out = m_dir.filePath(QStringLiteral("threads.csv"));
        const CliResult r = runCli(
            {"headroom", "--db", threadsDb, "--scenario", "request=16KiB,read=50,threads=8",
                "--limit", "rt_read_ms<=1", "--technique", "lm", "--out", out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const auto table = iolens::core::readCsvFile(out.toStdString());
        // vms, write-share, threads: the file set is left out, 1 GiB in every run
        QCOMPARE(table.rows.size(), std::size_t {3});
        const auto& threads = table.rows.back().fields;
        QCOMPARE(
            threads[static_cast<std::size_t>(table.columnIndex("factor"))], std::string("threads"));
        QCOMPARE(
            threads[static_cast<std::size_t>(table.columnIndex("unit"))], std::string("threads"));
        double count = 0.0;
        QVERIFY(iolens::core::parseDouble(
            threads[static_cast<std::size_t>(table.columnIndex("largest"))], count));
        // Measured: 0.21 ms at 8 threads, 0.38 ms at 16, 0.71 ms at 32, 1.2 ms at 64.
        QVERIFY2(count > 16.0 && count < 128.0, qPrintable(QString::number(count)));
        QVERIFY(r.out.contains(QStringLiteral("lm, threads: up to ")));
        // A read limit does not constrain 100 % writes: no margin there, and the text says so.
        QVERIFY2(r.out.contains(QStringLiteral(
                     "lm, write-share: at least 100.0 % writes, where no limit applies")),
            qPrintable(r.out));

        const CliResult oneFileset = runCli({"headroom", "--db", threadsDb, "--scenario",
            "threads=8", "--limit", "rt_read_ms<=1", "--technique", "lm", "--factor", "fileset"});
        QCOMPARE(oneFileset.exitCode, 0);
        QVERIFY2(oneFileset.out.contains(
                     QStringLiteral("lm, fileset: no answer (the data measured one file-set size")),
            qPrintable(oneFileset.out));

        const CliResult fixed = runCli({"headroom", "--db", m_db, "--scenario", "read=70",
            "--limit", "rt_read_ms<=5", "--technique", "lm", "--factor", "threads"});
        QCOMPARE(fixed.exitCode, 0);
        QVERIFY2(fixed.out.contains(QStringLiteral("lm, threads: no answer (the data measured "
                                                   "one thread count")),
            qPrintable(fixed.out));
    }

    void headroom_badInputExitsWith2_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("bad limit")
            << QStringList {"--limit", "rt_read_ms<5"} << QStringLiteral("limit 'rt_read_ms<5'");
        QTest::newRow("no limit") << QStringList {} << QStringLiteral("--limit");
        QTest::newRow("bad factor") << QStringList {"--limit", "rt_read_ms<=5", "--factor", "cpu"}
                                    << QStringLiteral("--factor 'cpu'");
        QTest::newRow("bad scenario") << QStringList {"--limit", "rt_read_ms<=5", "--scenario",
            "read=170"} << QStringLiteral("read");
        QTest::newRow("more VMs than threads")
            << QStringList {"--limit", "rt_read_ms<=5", "--scenario", "read=70,threads=2,vms=4"}
            << QStringLiteral("4 VMs but 2 threads in all");
        QTest::newRow("unmeasured scheduler")
            << QStringList {"--limit", "rt_read_ms<=5", "--technique", "lm", "--scenario",
                   "read=70,scheduler=kyber"}
            << QStringLiteral("headroom: --scenario: scheduler 'kyber': the model was not "
                              "trained on this value (trained on bfq, none)");
    }

    void headroom_badInputExitsWith2()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        QStringList all {"headroom", "--db", m_db};
        if (!arguments.contains(QStringLiteral("--scenario")))
            all << QStringLiteral("--scenario") << QStringLiteral("read=70");
        const CliResult r = runCli(all + arguments);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
    }

private:
    QTemporaryDir m_dir;
    QString m_db;
};

IOLENS_TEST_MAIN(TestHeadroomCommand)
#include "test_headroom_command.moc"
