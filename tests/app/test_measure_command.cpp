// SPDX-License-Identifier: GPL-3.0-or-later
// `iolens-cli measure`: the issue's acceptance test. A tiny plan with 1-second runs against a
// scratch folder with the real fio: rows in the database, raw JSON kept, and a resume after
// kill -9 in the middle that neither duplicates nor loses a row.
#include "common/text_file.hpp"
#include "store/measurement_database.hpp"
#include "support/build_paths.hpp"
#include "support/cli_runner.hpp"
#include "support/fio_server.hpp"
#include "support/fio_tool.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QDir>
#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <filesystem>
#include <set>

using namespace iolens::core;
namespace fs = std::filesystem;

namespace {

using iolens::test::CliResult;
using iolens::test::runCli;

// Rows of the dataset, or -1 while the database cannot be read (not created yet, or locked by
// the writer for a moment).
int storedRows(const QString& db)
{
    try {
        if (!fs::exists(db.toStdString()))
            return -1;
        return int(MeasurementDatabase::open(db.toStdString(), true)
                       .measurements({std::string("tiny"), std::nullopt})
                       .size());
    } catch (const std::exception&) {
        return -1;
    }
}

} // namespace

class TestMeasureCommand : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const bool direct = iolens::test::supportsDirectIo(m_dir.path());
        if (!direct)
            qInfo("the scratch folder refuses O_DIRECT (tmpfs): measuring buffered");
        // 2 file-set sizes x 2 request sizes, 2 repetitions: 8 runs of about 2 s.
        m_plan = QString::fromStdString(iolens::test::writeFile(m_dir.path(), "tiny.json",
            R"({"dataset": "tiny", "workload": {"ramp_seconds": 0, "runtime_seconds": 1,
                "repetitions": 2, "direct": )"
                + std::string(direct ? "true" : "false") + R"(},
                "factors": {"fileset": ["16M", "32M"], "request": ["4k", "64k"],
                            "read_pct": [50]}})"));
    }

    void badInput_exitsWithStatus2()
    {
        const QString bad = QString::fromStdString(iolens::test::writeFile(
            m_dir.path(), "bad.json", R"({"dataset": "x", "factors": {"fileset": ["16M"]}})"));
        const CliResult plan = runCli({"measure", "--plan", bad, "--target",
            m_dir.filePath("t-bad"), "--db", m_dir.filePath("bad.db")});
        QCOMPARE(plan.exitCode, 2);
        QVERIFY2(
            plan.err.contains("bad.json: field 'factors': no request size"), qPrintable(plan.err));
        QVERIFY(!fs::exists(m_dir.filePath("t-bad").toStdString()));

        // A folder with someone else's files is never written to.
        const QString foreign = m_dir.filePath("foreign");
        QVERIFY(QDir(m_dir.path()).mkdir(QStringLiteral("foreign")));
        iolens::test::writeFile(foreign, "thesis.tex", "\\documentclass{article}");
        const CliResult unsafe = runCli(
            {"measure", "--plan", m_plan, "--target", foreign, "--db", m_dir.filePath("bad.db")});
        QCOMPARE(unsafe.exitCode, 2);
        QVERIFY2(unsafe.err.contains("not empty and not an iolens target"), qPrintable(unsafe.err));
        QVERIFY(!fs::exists(m_dir.filePath("bad.db").toStdString()));
        QCOMPARE(QDir(foreign).entryList(QDir::NoDotAndDotDot | QDir::AllEntries | QDir::Hidden),
            QStringList {"thesis.tex"});

        // A fio that is not there stops before the database is created.
        const CliResult noFio
            = runCli({"measure", "--plan", m_plan, "--target", m_dir.filePath("t-nofio"), "--db",
                m_dir.filePath("nofio.db"), "--fio", "/nonexistent/fio"});
        QCOMPARE(noFio.exitCode, 2);
        QVERIFY2(noFio.err.contains("fio '/nonexistent/fio' is not an executable program"),
            qPrintable(noFio.err));
        QVERIFY(!fs::exists(m_dir.filePath("nofio.db").toStdString()));
    }

    void dryRun_printsEstimateAndWritesNothing()
    {
        const CliResult r = runCli({"measure", "--plan", m_plan, "--target",
            m_dir.filePath("t-dry"), "--db", m_dir.filePath("dry.db"), "--dry-run"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(
            r.out.contains("plan: 4 configurations x 2 repetitions = 8 runs"), qPrintable(r.out));
        QVERIFY(r.out.contains("file sets to lay out: 48 MiB"));
        QVERIFY(r.out.contains("estimated time: 0:"));
        QVERIFY(!fs::exists(m_dir.filePath("t-dry").toStdString()));
        QVERIFY(!fs::exists(m_dir.filePath("dry.db").toStdString()));
    }

    void measure_resumesAfterKillWithoutDuplicatesOrLosses()
    {
        IOLENS_REQUIRE_TOOL(iolens::test::fioTool());
        const QString target = m_dir.filePath("target");
        const QString db = m_dir.filePath("tiny.db");
        const QStringList args {"measure", "--plan", m_plan, "--target", target, "--db", db};

        // Starts a session and waits until it reports its first committed row ("[1/N] stored"
        // on stderr, printed after the commit). Watching stderr rather than reading the database
        // keeps the test from holding a read lock while the session commits.
        const auto startUntilFirstRow = [&](QProcess& process) {
            process.start(iolens::test::cliProgram(), args);
            process.waitForStarted();
            QElapsedTimer timer;
            timer.start();
            QByteArray err;
            while (!err.contains("] stored ") && timer.elapsed() < 60000
                && process.state() == QProcess::Running) {
                process.waitForReadyRead(50);
                err += process.readAllStandardError();
            }
            return QString::fromUtf8(err);
        };
        // First session: SIGTERM (as Ctrl-C) after the first row: a clean stop that says how
        // to resume.
        QProcess first;
        startUntilFirstRow(first);
        first.terminate();
        QVERIFY(first.waitForFinished(10000));
        QCOMPARE(first.exitCode(), 1);
        const QString message = QString::fromUtf8(first.readAllStandardError());
        QVERIFY2(message.contains("run the same command again to resume"), qPrintable(message));
        const int afterStop = storedRows(db);
        QVERIFY2(afterStop >= 1 && afterStop < 7, qPrintable(QString::number(afterStop)));

        // Second session: killed with SIGKILL as soon as one more row is committed.
        QProcess killed;
        startUntilFirstRow(killed);
        killed.kill();
        killed.waitForFinished();
        const int afterKill = storedRows(db);
        QVERIFY2(afterKill > afterStop && afterKill < 8, qPrintable(QString::number(afterKill)));

        // Third session: resumes, does only the rest.
        const CliResult second = runCli(args);
        QVERIFY2(second.exitCode == 0, qPrintable(second.err));
        const QString resuming = QStringLiteral("(%1 already stored, resuming)").arg(afterKill);
        QVERIFY2(second.out.contains(resuming), qPrintable(second.out));
        QVERIFY2(second.out.contains(QStringLiteral("measured %1 runs").arg(8 - afterKill)),
            qPrintable(second.out));
        QVERIFY(second.out.contains("noise distribution (RSE over configurations)"));

        const auto rows = MeasurementDatabase::open(db.toStdString(), true).measurements();
        QCOMPARE(rows.size(), std::size_t {8});
        std::set<std::pair<Configuration, int>> distinct;
        for (const Measurement& m : rows) {
            distinct.insert({m.config, m.rep});
            QCOMPARE(m.config.readPct, 50.0);
            QVERIFY(m.value(Metric::RtReadMs).value_or(0.0) > 0.0);
            QVERIFY(m.value(Metric::TpWriteMbs).value_or(0.0) > 0.0);
            QVERIFY(!m.measuredAt.empty());
        }
        QCOMPARE(distinct.size(), std::size_t {8}); // no duplicate (configuration, rep)

        // The raw JSON of every run is kept, complete (no partial file left behind).
        int json = 0;
        for (const auto& entry : fs::directory_iterator(target.toStdString() + "/.iolens/raw")) {
            QVERIFY2(entry.path().extension() != ".partial", entry.path().c_str());
            json += entry.path().extension() == ".json";
        }
        QCOMPARE(json, 8);

        // --cleanup on a finished plan removes the file sets only.
        const CliResult cleanup = runCli(args + QStringList {"--cleanup"});
        QVERIFY2(cleanup.exitCode == 0, qPrintable(cleanup.err));
        QVERIFY(cleanup.out.contains("cleanup: removed 48 MiB of file sets"));
        QVERIFY(!fs::exists(target.toStdString() + "/filesets"));
        QVERIFY(fs::exists(target.toStdString() + "/.iolens/raw"));
    }

    void measure_onTwoFioServersStoresAggregateAndExportsPerHost()
    {
        IOLENS_REQUIRE_TOOL(iolens::test::fioTool());
        int port1 = 0;
        int port2 = 0;
        const QString fio = iolens::test::fioPath();
        const auto server1 = iolens::test::startFioServer(fio, m_dir.path(), port1);
        const auto server2 = iolens::test::startFioServer(fio, m_dir.path(), port2);
        QVERIFY2(server1 && server2, "fio --server did not start on loopback");
        const bool direct = iolens::test::supportsDirectIo(m_dir.path());
        const QString plan
            = QString::fromStdString(iolens::test::writeFile(m_dir.path(), "hosts.json",
                R"({"dataset": "hosts", "hosts": [{"name": "vm1", "address": "127.0.0.1,)"
                    + std::to_string(port1) + R"("}, {"name": "vm2", "address": "127.0.0.1,)"
                    + std::to_string(port2) + R"("}],
                "workload": {"ramp_seconds": 0, "runtime_seconds": 1, "repetitions": 1,
                "direct": )"
                    + std::string(direct ? "true" : "false") + R"(},
                "factors": {"fileset": ["32M"], "request": ["64k"], "threads": [2]}})"));
        const QString db = m_dir.filePath("hosts.db");
        const QStringList args {"measure", "--plan", plan, "--target", m_dir.filePath("t-hosts"),
            "--db", db, "--no-low-level"};

        const CliResult dry = runCli(args + QStringList {"--dry-run"});
        QVERIFY2(dry.exitCode == 0, qPrintable(dry.err));
        QVERIFY2(dry.out.contains("hosts: 2 (vm1, vm2), each run on all at once through fio "
                                  "--client"),
            qPrintable(dry.out));
        const CliResult run = runCli(args);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err + run.out));
        QVERIFY2(run.err.contains("(2 hosts)"), qPrintable(run.err));

        const CliResult all = runCli({"export", "--db", db, "--csv", m_dir.filePath("all.csv")});
        QCOMPARE(all.exitCode, 0);
        const auto lines = [&](const char* file) {
            return QString::fromStdString(
                iolens::core::readTextFile(m_dir.filePath(file).toStdString()))
                .split('\n', Qt::SkipEmptyParts);
        };
        const QStringList rows = lines("all.csv");
        QCOMPARE(rows.size(), 2); // header and the aggregate
        const CliResult perHost
            = runCli({"export", "--db", db, "--csv", m_dir.filePath("hosts.csv"), "--per-host"});
        QVERIFY2(perHost.exitCode == 0, qPrintable(perHost.err));
        QVERIFY(perHost.err.contains("exported 2 per-host results"));
        const QStringList hostRows = lines("hosts.csv");
        QCOMPARE(hostRows.size(), 3);
        QVERIFY2(hostRows[0].endsWith(",host,host_index,address,host_threads,host_fileset_bytes"),
            qPrintable(hostRows[0]));
        QVERIFY2(
            hostRows[1].endsWith(",vm1,0,\"127.0.0.1," + QString::number(port1) + "\",1,16777216"),
            qPrintable(hostRows[1]));
        QVERIFY2(
            hostRows[2].endsWith(",vm2,1,\"127.0.0.1," + QString::number(port2) + "\",1,16777216"),
            qPrintable(hostRows[2]));
    }

private:
    QTemporaryDir m_dir {iolens::test::measurementScratchParent() + "/measure-XXXXXX"};
    QString m_plan;
};

IOLENS_TEST_GUILESS_MAIN(TestMeasureCommand)
#include "test_measure_command.moc"
