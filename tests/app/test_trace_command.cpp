// SPDX-License-Identifier: GPL-3.0-or-later
// `iolens-cli trace-features`: the feature CSV of a trace; bad input exits 2 and writes nothing.
#include "data/csv_table.hpp"
#include "support/cli_runner.hpp"
#include "support/fio_tool.hpp"
#include "support/test_registry.hpp"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using iolens::test::CliResult;
using iolens::test::runCli;

class TestTraceCommand : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void traceFeatures_writesTheContractColumns()
    {
        const QString trace = write("t.csv",
            "128166372003061629,hm,1,Read,0,4096,19942\n"
            "128166372003161629,hm,1,Read,4096,4096,10000\n"
            "128166372003261629,hm,1,Write,0,4096,30000\n");
        const QString out = m_dir.filePath(QStringLiteral("features.csv"));
        const CliResult r = runCli({"trace-features", "--trace", trace, "--format", "msr",
            "--cache-mib", "1", "--out", out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("3 requests (2 reads, 3 with response times)")),
            qPrintable(r.out));
        const auto table = iolens::core::readCsvFile(out.toStdString());
        for (const char* column : {"timediff_1", "timediff_2", "timediff_3", "lbn", "lbndiff_1",
                 "lbndiff_5", "size", "rw", "seq", "hit", "response_time_ms"})
            QVERIFY2(table.columnIndex(column) >= 0, column);
        QCOMPARE(table.rows.size(), std::size_t {3});
        // The third request writes unit 0 again: a hit in a 1 MiB cache.
        QCOMPARE(table.rows[2].fields[static_cast<std::size_t>(table.columnIndex("hit"))],
            std::string("1"));
        QCOMPARE(table.rows[1].fields[static_cast<std::size_t>(table.columnIndex("seq"))],
            std::string("1"));
    }

    void badInput_exitsWith2_andWritesNothing()
    {
        const QString out = m_dir.filePath(QStringLiteral("bad.csv"));
        const QString trace = write("bad.txt", "0.0 0 1 8 1\n0.5 0 x 8 1\n");
        CliResult r
            = runCli({"trace-features", "--trace", trace, "--format", "disksim", "--out", out});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(
            r.err.contains(QStringLiteral("bad.txt: line 2: field 'blkno'")), qPrintable(r.err));
        QVERIFY(!QFile::exists(out));
        QVERIFY(!QFile::exists(out + QStringLiteral(".part")));
        r = runCli({"trace-features", "--trace", trace, "--format", "csv", "--out", out});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(QStringLiteral("--format 'csv'")));
    }

    // A trace without a request is the wrong file: refused (exit 2) by trace-features and by
    // trace-import, which leaves no database behind where there was none (before: exit 0, an
    // empty trace stored, and a header written alone).
    void emptyTrace_exits2_andLeavesNoDatabase()
    {
        const QString trace = write("empty.blk", "# comments only\n\n");
        const QString out = m_dir.filePath(QStringLiteral("empty-features.csv"));
        CliResult r
            = runCli({"trace-features", "--trace", trace, "--format", "blkparse", "--out", out});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("empty.blk: no requests in the trace")),
            qPrintable(r.err));
        QVERIFY(!QFile::exists(out));
        const QString db = m_dir.filePath(QStringLiteral("empty-trace.sqlite"));
        r = runCli({"trace-import", "--db", db, "--trace", trace, "--format", "blkparse"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("no requests in the trace")), qPrintable(r.err));
        QVERIFY(!QFile::exists(db));
    }

    // trace-import, trace-train on the stored trace, trace-evaluate of it with the stability
    // check, and info listing both; a malformed trace changes nothing (exit 2).
    void importTrainEvaluate_throughTheDatabase()
    {
        std::string text;
        for (int i = 0; i < 600; ++i) {
            const long long offset = (i * 7919LL % 512) * 4096;
            text += std::to_string(128166372003061629LL + i * 10000LL) + ",hm,1,"
                + (i % 3 == 0 ? "Write" : "Read") + "," + std::to_string(offset) + ",4096,"
                + std::to_string(1000 + (offset / 4096) % 50 * 100) + "\n";
        }
        const QString trace = write("hm.csv", text.c_str());
        const QString db = m_dir.filePath(QStringLiteral("traces.sqlite"));
        CliResult r = runCli(
            {"trace-import", "--db", db, "--trace", trace, "--format", "msr", "--name", "hm"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("600 requests (600 with response times)")),
            qPrintable(r.out));
        r = runCli(
            {"trace-import", "--db", db, "--trace", trace, "--format", "msr", "--name", "hm"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("already exists")), qPrintable(r.err));
        const QString bad = write("bad.csv", "128166372003061629,hm,1,Read,0,4096,1\nx\n");
        r = runCli({"trace-import", "--db", db, "--trace", bad, "--format", "msr"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("bad.csv: line 2")), qPrintable(r.err));

        r = runCli({"trace-train", "--db", db, "--trace", "hm", "--technique", "cart",
            "--cache-mib", "1", "--train-fraction", "0.6"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("trace model hm-cart-cache: cart on")),
            qPrintable(r.out));
        r = runCli({"trace-train", "--db", db, "--trace", "nope"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("no trace 'nope'")), qPrintable(r.err));

        const QString report = m_dir.filePath(QStringLiteral("report.json"));
        r = runCli({"trace-evaluate", "--db", db, "--trace", "hm", "--stability",
            "--stability-train", "300", "--stability-test", "200", "--out", report});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("cart-nocache")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("sbcart-cache")), qPrintable(r.out));
        QFile json(report);
        QVERIFY(json.open(QIODevice::ReadOnly));
        QVERIFY(json.readAll().contains("\"stability\""));

        r = runCli({"info", db});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("trace hm: 600 requests")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("trace model hm-cart-cache: cart on hm")),
            qPrintable(r.out));
    }

    // trace-record runs a fio job with the latency log and stores it; a taken name stops it
    // before fio runs.
    void traceRecord_storesFiosLatencyLog()
    {
        IOLENS_REQUIRE_TOOL(iolens::test::fioTool());
        QTemporaryDir target(
            iolens::test::measurementScratchParent() + QStringLiteral("/record-XXXXXX"));
        const QString job = write("job.fio",
            "[global]\nfilename=data\nsize=4M\nioengine=psync\n\n[r]\nrw=randread\nbs=4k\n"
            "number_ios=200\n");
        const QString db = m_dir.filePath(QStringLiteral("recorded.sqlite"));
        CliResult r = runCli(
            {"trace-record", "--job", job, "--target", target.path(), "--db", db, "--name", "rec"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("trace rec: 200 requests")), qPrintable(r.out));
        r = runCli(
            {"trace-record", "--job", job, "--target", target.path(), "--db", db, "--name", "rec"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("already exists")), qPrintable(r.err));
        r = runCli({"info", db});
        QVERIFY2(r.out.contains(QStringLiteral("trace rec: 200 requests (200 with response "
                                               "times), fio-lat from fio job")),
            qPrintable(r.out));
    }

    // As measure and loadgen, trace-record writes only into an empty folder or iolens' own: a
    // folder of a user's files is refused before fio runs (it took fio's data file).
    void traceRecord_refusesAForeignFolder()
    {
        const QString foreign = m_dir.filePath(QStringLiteral("foreign"));
        QVERIFY(QDir().mkpath(foreign));
        QFile mine(foreign + QStringLiteral("/notes.txt"));
        QVERIFY(mine.open(QIODevice::WriteOnly));
        mine.write("mine\n");
        mine.close();
        const QString job = write("foreign.fio", "[r]\nrw=randread\nsize=1M\n");
        const QString db = m_dir.filePath(QStringLiteral("foreign.sqlite"));
        const CliResult r = runCli({"trace-record", "--job", job, "--target", foreign, "--db", db});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(foreign), qPrintable(r.err));
        QCOMPARE(QDir(foreign).entryList(QDir::Files | QDir::NoDotAndDotDot | QDir::Hidden),
            QStringList {QStringLiteral("notes.txt")});
        QVERIFY(!QFileInfo::exists(db));
    }

    // SIGTERM (Ctrl-C likewise) ends fio with iolens-cli: fio went on writing, orphaned.
    void traceRecord_stoppedEndsFio()
    {
        IOLENS_REQUIRE_TOOL(iolens::test::fioTool());
        QTemporaryDir target(
            iolens::test::measurementScratchParent() + QStringLiteral("/stop-XXXXXX"));
        const QString job = write("long.fio",
            "[global]\nfilename=data\nsize=4M\nioengine=psync\n\n[r]\nrw=randread\nbs=4k\n"
            "time_based\nruntime=60\n");
        const QString db = m_dir.filePath(QStringLiteral("stopped.sqlite"));
        QProcess process;
        process.start(iolens::test::cliProgram(),
            {"trace-record", "--job", job, "--target", target.path(), "--db", db, "--name", "s"});
        QVERIFY(process.waitForStarted());
        QByteArray out;
        while (!out.contains("running") && process.state() != QProcess::NotRunning) {
            process.waitForReadyRead(100);
            out += process.readAllStandardOutput();
        }
        QTest::qWait(500); // fio started
        process.terminate();
        QVERIFY2(process.waitForFinished(15000), "iolens-cli did not stop on SIGTERM");
        QCOMPARE(process.exitStatus(), QProcess::NormalExit); // handled, not killed by it
        QVERIFY(process.exitCode() != 0);
        // No process of this job is left running (read from /proc: no procps needed).
        for (const QString& pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
            QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(pid));
            if (pid.toInt() > 0 && cmdline.open(QIODevice::ReadOnly))
                QVERIFY2(!cmdline.readAll().contains(job.toUtf8()),
                    qPrintable(QStringLiteral("process %1 of the job still runs").arg(pid)));
        }
    }

private:
    QString write(const char* name, const char* text)
    {
        const QString path = m_dir.filePath(QString::fromLatin1(name));
        QFile file(path);
        if (file.open(QIODevice::WriteOnly))
            file.write(text);
        return path;
    }

    QTemporaryDir m_dir;
};

IOLENS_TEST_GUILESS_MAIN(TestTraceCommand)
#include "test_trace_command.moc"
