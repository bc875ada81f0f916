// SPDX-License-Identifier: GPL-3.0-or-later
// `iolens-cli simulate`: the application-level what-if as CSV, on a constant storage delay
// (checked against exact MVA) and on a database's models; bad input exits with status 2.
#include "appsim/mean_value_analysis.hpp"
#include "data/csv_table.hpp"
#include "support/cli_runner.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

namespace {

using iolens::test::CliResult;
using iolens::test::runCli;

double field(const iolens::core::CsvTable& table, std::size_t row, const char* column)
{
    double value = 0.0;
    const int index = table.columnIndex(column);
    if (index < 0
        || !iolens::core::parseDouble(
            table.rows[row].fields[static_cast<std::size_t>(index)], value))
        return std::nan("");
    return value;
}

} // namespace

class TestSimulateCommand : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void constantStorage_writesTheContractColumnsAndMatchesMva()
    {
        const QString app = m_dir.filePath(QStringLiteral("app.json"));
        QFile file(app);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"name": "mva case", "think_time_ms": {"exponential": {"mean": 20}},
            "cpu_cores": 1, "operations": [{"cpu_ms": {"exponential": {"mean": 5}}},
            {"delay_ms": 10}, {"io": "read", "bytes": 4096}, {"io": "write", "bytes": 4096}]})");
        file.close();
        const QString out = m_dir.filePath(QStringLiteral("mva.csv"));
        const CliResult r = runCli({"simulate", "--app", app, "--storage-delay-ms", "3",
            "--clients", "1,4,8,16", "--seed", "2", "--precision", "0.02", "--out", out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const auto table = iolens::core::readCsvFile(out.toStdString());
        for (const char* column :
            {"clients", "throughput_per_s", "throughput_ci_per_s", "response_time_ms",
                "response_time_ci_ms", "io_response_time_ms", "cpu_utilization"})
            QVERIFY2(table.columnIndex(column) >= 0, column);
        QCOMPARE(table.rows.size(), std::size_t {4});
        const auto exact = iolens::core::meanValueAnalysis(
            {{"cpu", 5.0, 1}, {"delay and I/O", 16.0, 0}}, 20.0, 16);
        for (std::size_t i = 0; i < table.rows.size(); ++i) {
            const auto clients = static_cast<std::size_t>(field(table, i, "clients"));
            const double x = field(table, i, "throughput_per_s");
            const double ci = field(table, i, "throughput_ci_per_s");
            QVERIFY2(std::abs(x - exact[clients - 1].throughputPerS) <= ci,
                qPrintable(QStringLiteral("%1 clients: %2 ± %3").arg(clients).arg(x).arg(ci)));
            QCOMPARE(field(table, i, "io_response_time_ms"), 3.0);
        }
    }

    void builtinOnModels_responseTimeGrowsWithClients()
    {
        const QString db = m_dir.filePath(QStringLiteral("local.sqlite"));
        QCOMPARE(runCli({"import", "--db", db, "--csv",
                            QString::fromStdString(iolens::test::localCsvPath())})
                     .exitCode,
            0);
        for (const char* metric : {"rt_read_ms", "rt_write_ms"})
            QCOMPARE(runCli({"train", "--db", db, "--technique", "cart", "--metric", metric,
                                "--name", QStringLiteral("cart-%1").arg(metric)})
                         .exitCode,
                0);
        const QString out = m_dir.filePath(QStringLiteral("fileserver.csv"));
        const CliResult r = runCli({"simulate", "--app", "fileserver", "--db", db, "--model",
            "cart-rt_read_ms", "--model", "cart-rt_write_ms", "--clients", "1,50", "--scenario",
            "scheduler=bfq", "--out", out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("scheduler=bfq")), qPrintable(r.out));
        const auto table = iolens::core::readCsvFile(out.toStdString());
        QCOMPARE(table.rows.size(), std::size_t {2});
        QVERIFY(field(table, 0, "io_response_time_ms") > 0.0);
        QVERIFY(field(table, 1, "throughput_per_s") > field(table, 0, "throughput_per_s"));
        QVERIFY(table.columnIndex("op_8_read_whole_file_ms") >= 0);
    }

    void badInput_exitsWith2_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("no app") << QStringList {"simulate", "--storage-delay-ms", "1"} << "--app";
        QTest::newRow("unknown app")
            << QStringList {"simulate", "--app", "database", "--storage-delay-ms", "1"}
            << "not a built-in application";
        QTest::newRow("no storage")
            << QStringList {"simulate", "--app", "varmail"} << "--storage-delay-ms";
        QTest::newRow("bad clients") << QStringList {"simulate", "--app", "varmail",
            "--storage-delay-ms", "1", "--clients", "1,x"}
                                     << "--clients '1,x'";
        QTest::newRow("bad precision") << QStringList {"simulate", "--app", "varmail",
            "--storage-delay-ms", "1", "--precision", "2"}
                                       << "--precision";
    }

    void badInput_exitsWith2()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const CliResult r = runCli(arguments);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
    }

    // --sla-ms and --out are used after the simulation; a bad one was refused only then.
    void optionsUsedAfterTheRun_areCheckedBeforeIt_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QString>("message");
        QTest::newRow("sla not a number")
            << QStringList {"--sla-ms", "abc"} << "--sla-ms expects a number, got 'abc'";
        QTest::newRow("sla zero") << QStringList {"--sla-ms", "0"}
                                  << "--sla-ms: expected a response time limit > 0 ms";
        QTest::newRow("out in no folder")
            << QStringList {"--out", "/nonexistent/iolens/sim.csv"}
            << "--out '/nonexistent/iolens/sim.csv': no folder '/nonexistent/iolens'";
    }
    void optionsUsedAfterTheRun_areCheckedBeforeIt()
    {
        QFETCH(QStringList, options);
        QFETCH(QString, message);
        const CliResult r = runCli(QStringList {"simulate", "--app", "varmail",
                                       "--storage-delay-ms", "1", "--clients", "1,2"}
            + options);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY2(!r.out.contains("clients:"), qPrintable(r.out)); // nothing was simulated
    }

    // Finite figures or a reason: "nan ± nan loops/s" and "inf ± -nan" exited 0.
    void hugeDelayIsFinite_zeroDemandIsRefused()
    {
        const CliResult slow = runCli(
            {"simulate", "--app", "fileserver", "--storage-delay-ms", "100000", "--clients", "1"});
        QVERIFY2(slow.exitCode == 0, qPrintable(slow.err));
        QVERIFY2(slow.out.contains("1 clients: 0.00333"), qPrintable(slow.out));
        QVERIFY2(!slow.out.contains("nan") && !slow.out.contains("inf"), qPrintable(slow.out));
        const QString app = m_dir.filePath(QStringLiteral("idle.json"));
        QFile file(app);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"name": "idle", "think_time_ms": 0, "operations": [{"cpu_ms": 0}],
            "file_set": {"files": 1, "mean_file_bytes": 4096}})");
        file.close();
        const CliResult idle
            = runCli({"simulate", "--app", app, "--storage-delay-ms", "1", "--clients", "1"});
        QCOMPARE(idle.exitCode, 2);
        QVERIFY2(
            idle.err.contains("application 'idle': its loop takes no time"), qPrintable(idle.err));
    }

    void badApplicationFile_namesFileAndField()
    {
        const QString app = m_dir.filePath(QStringLiteral("bad.json"));
        QFile file(app);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"operations": [{"io": "read", "bytes": -5}]})");
        file.close();
        const CliResult r = runCli({"simulate", "--app", app, "--storage-delay-ms", "1"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("bad.json: field 'operations[0].bytes'")),
            qPrintable(r.err));
    }

private:
    QTemporaryDir m_dir;
};

IOLENS_TEST_GUILESS_MAIN(TestSimulateCommand)
#include "test_simulate_command.moc"
