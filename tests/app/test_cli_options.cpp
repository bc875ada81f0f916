// SPDX-License-Identifier: GPL-3.0-or-later
// The option readers the subcommands share (app/cli/cli_options): every command words a missing,
// malformed or out-of-range option the same way, names the option, and exits with status 2.
#include "support/cli_runner.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using iolens::test::CliResult;
using iolens::test::runCli;

class TestCliOptions : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("options.sqlite"));
        const CliResult r = runCli({"import", "--db", m_db, "--csv",
            QString::fromStdString(iolens::test::localCsvPath())});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    }

    void badOption_exits2AndNamesIt_data()
    {
        // {db} stands for the imported database, {dir} for a folder.
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("required, stability")
            << QStringList {"stability"} << "stability: missing required option --db";
        QTest::newRow("required, headroom")
            << QStringList {"headroom"} << "headroom: missing required option --db";
        QTest::newRow("required, measure")
            << QStringList {"measure"} << "measure: missing required option --plan";
        QTest::newRow("required, predict")
            << QStringList {"predict"} << "predict: missing required option --db";
        QTest::newRow("required, insideout") << QStringList {"insideout", "--target", "t.csv",
            "--out", "o.json"} << "insideout: missing required option --nodes";
        QTest::newRow("required, empty value") << QStringList {"stability", "--db", "{db}",
            "--technique", "", "--metric", "rt_read_ms"}
                                               << "stability: missing required option --technique";
        QTest::newRow("whole number, text") << QStringList {"optimize", "--db", "{db}",
            "--technique", "lm", "--metric", "rt_read_ms", "--name", "o", "--k", "x"}
                                            << "--k expects a whole number >= 1, got 'x'";
        QTest::newRow("whole number, below minimum") << QStringList {"stability", "--db", "{db}",
            "--technique", "lm", "--metric", "rt_read_ms", "--repeats",
            "0"} << "--repeats expects a whole number >= 1, got '0'";
        QTest::newRow("whole number, fraction") << QStringList {"insideout", "--runs", "{dir}",
            "--folds", "2.5"} << "--folds expects a whole number >= 3, got '2.5'";
        QTest::newRow("number") << QStringList {"evaluate", "--db", "{db}", "--model", "m",
            "--read-min-pct", "abc"}
                                << "--read-min-pct expects a number, got 'abc'";
        QTest::newRow("metric") << QStringList {"stability", "--db", "{db}", "--technique", "lm",
            "--metric", "latency"}
                                << "unknown metric 'latency' (known: rt_read_ms, rt_write_ms, "
                                   "tp_read_mbs, tp_write_mbs, iops_read, iops_write, "
                                   "rt_read_p99_ms, rt_write_p99_ms)";
        QTest::newRow("param") << QStringList {"optimize", "--db", "{db}", "--technique", "lm",
            "--metric", "rt_read_ms", "--name", "o", "--param", "degree"}
                               << "--param expects NAME=NUMBER, got 'degree'";
    }

    void badOption_exits2AndNamesIt()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        arguments.replaceInStrings(QStringLiteral("{db}"), m_db);
        arguments.replaceInStrings(QStringLiteral("{dir}"), m_dir.path());
        const CliResult r = runCli(arguments);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
    }

private:
    QTemporaryDir m_dir;
    QString m_db;
};

IOLENS_TEST_GUILESS_MAIN(TestCliOptions)
#include "test_cli_options.moc"
