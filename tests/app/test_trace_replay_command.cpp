// SPDX-License-Identifier: GPL-3.0-or-later
// `iolens-cli trace-replay`: an SPC trace replayed with the real fio is stored with a response
// time for every request and evaluates like any timed trace; bad input exits 2 before fio runs
// and stores nothing.
#include "support/cli_runner.hpp"
#include "support/fio_tool.hpp"
#include "support/test_registry.hpp"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <random>
#include <sstream>

using iolens::test::CliResult;
using iolens::test::runCli;

class TestTraceReplayCommand : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // 400 SPC requests, one every millisecond, over one ASU of 2 GiB: 4 KiB to 32 KiB, a
        // quarter writes, half of the reads near the one before.
        std::mt19937_64 random(7);
        std::ostringstream text;
        text.setf(std::ios::fixed);
        text.precision(6);
        std::uint64_t lba = 0;
        for (int i = 0; i < 400; ++i) {
            lba = i % 2 == 0 ? random() % (std::uint64_t {4} << 20) : lba + 64;
            text << "0," << lba << ',' << (1 + random() % 8) * 4096 << ','
                 << (i % 4 == 0 ? 'w' : 'r') << ',' << 0.001 * i << '\n';
        }
        m_spc = write("financial-like.spc", text.str());
    }

    void replay_storesEveryRequestWithAResponseTime()
    {
        IOLENS_REQUIRE_TOOL(iolens::test::fioTool());
        QTemporaryDir target(
            iolens::test::measurementScratchParent() + QStringLiteral("/replay-cli-XXXXXX"));
        const QString db = m_dir.filePath(QStringLiteral("replayed.sqlite"));
        const QString lat = m_dir.filePath(QStringLiteral("replay_lat.log"));
        const QString iolog = m_dir.filePath(QStringLiteral("replay.iolog"));
        QStringList arguments {"trace-replay", "--trace", m_spc, "--format", "spc", "--target",
            target.path(), "--db", db, "--name", "rep", "--file-mib", "64", "--out", lat, "--iolog",
            iolog};
        if (!iolens::test::supportsDirectIo(target.path()))
            arguments << QStringLiteral("--buffered");
        CliResult r = runCli(arguments);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("400 of 400 requests have a response time")),
            qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("trace rep: 400 requests (400 with response "
                                               "times)")),
            qPrintable(r.out));
        QVERIFY(QFile::exists(target.filePath(QStringLiteral("iolens-replay-64MiB.dat"))));
        QFile iologFile(iolog);
        QVERIFY(iologFile.open(QIODevice::ReadOnly));
        QCOMPARE(iologFile.readLine(), QByteArray("fio version 3 iolog\n"));
        QVERIFY(QFile(lat).size() > 0);

        // A name already taken stops before fio runs.
        r = runCli(arguments);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("already exists")), qPrintable(r.err));
        QVERIFY2(!r.out.contains(QStringLiteral("replaying")), qPrintable(r.out));

        // --limit replays the first requests only; the replay file is reused.
        arguments
            = QStringList {"trace-replay", "--trace", m_spc, "--target", target.path(), "--db", db,
                "--name", "first-50", "--file-mib", "64", "--limit", "50", "--time-scale", "200"};
        if (!iolens::test::supportsDirectIo(target.path()))
            arguments << QStringLiteral("--buffered");
        r = runCli(arguments);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("reusing the replay file")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("50 of 50 requests")), qPrintable(r.out));

        r = runCli({"info", db});
        QVERIFY2(r.out.contains(QStringLiteral("trace rep: 400 requests (400 with response "
                                               "times), spc from replay of")),
            qPrintable(r.out));
        r = runCli({"trace-evaluate", "--db", db, "--trace", "rep", "--cache-mib", "16"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("cart-cache")), qPrintable(r.out));
    }

    void badInput_exitsWith2_andStoresNothing_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("message");
        QTest::newRow("file smaller than a request")
            << QStringList {"--file-mib", "32"} << "--file-mib expects a whole number >= 64";
        QTest::newRow("time scale 0") << QStringList {"--time-scale", "0"} << "--time-scale";
        QTest::newRow("unknown format") << QStringList {"--format", "csv"} << "--format 'csv'";
        QTest::newRow("small cgroup") << QStringList {"--memory-mib", "8"} << "--memory-mib";
        QTest::newRow("limit 0") << QStringList {"--limit", "0"} << "--limit";
    }

    void badInput_exitsWith2_andStoresNothing()
    {
        QFETCH(QStringList, extra);
        QFETCH(QString, message);
        QTemporaryDir target;
        const QString db = m_dir.filePath(QStringLiteral("bad.sqlite"));
        const CliResult r = runCli(
            QStringList {"trace-replay", "--trace", m_spc, "--target", target.path(), "--db", db}
            + extra);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY(QDir(target.path()).isEmpty());
    }

    void malformedTrace_namesFileLineAndField()
    {
        QTemporaryDir target;
        const QString bad
            = write("bad.spc", "0,1,4096,r,0.0\n0,9,4096,w,0.001\n0,17,4096,x,0.002\n");
        const QString db = m_dir.filePath(QStringLiteral("malformed.sqlite"));
        CliResult r = runCli({"trace-replay", "--trace", bad, "--target", target.path(), "--db", db,
            "--file-mib", "64"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(
            r.err.contains(QStringLiteral("bad.spc: line 3: field 'Opcode'")), qPrintable(r.err));
        QVERIFY(QDir(target.path()).isEmpty()); // no replay file written
        r = runCli({"info", db});
        QVERIFY2(!r.out.contains(QStringLiteral("trace bad.spc-replay")), qPrintable(r.out));

        r = runCli({"trace-replay", "--trace", m_spc, "--target", target.path()});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("--db")), qPrintable(r.err));
        r = runCli({"trace-replay", "--trace", m_spc, "--target", bad, "--out", "x"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("not a directory")), qPrintable(r.err));
    }

private:
    QString write(const char* name, const std::string& text)
    {
        const QString path = m_dir.filePath(QString::fromLatin1(name));
        QFile file(path);
        if (file.open(QIODevice::WriteOnly))
            file.write(text.data(), static_cast<qint64>(text.size()));
        return path;
    }

    QTemporaryDir m_dir;
    QString m_spc;
};

IOLENS_TEST_GUILESS_MAIN(TestTraceReplayCommand)
#include "test_trace_replay_command.moc"
