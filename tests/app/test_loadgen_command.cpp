// SPDX-License-Identifier: GPL-3.0-or-later
// `iolens-cli loadgen` stores measured application runs; `simulate --calibrate-clients` fits
// the model to one and reports CBSE'14's errors at the others.
#include "data/csv_table.hpp"
#include "support/cli_runner.hpp"
#include "support/test_registry.hpp"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

namespace {

using iolens::test::CliResult;
using iolens::test::runCli;

} // namespace

class TestLoadgenCommand : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_app = m_dir.filePath(QStringLiteral("app.json"));
        QFile file(m_app);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"name": "tiny", "think_time_ms": 2, "file_set": {"files": 20,
            "mean_file_bytes": 8192}, "operations": [{"delay_ms": 0.01, "action": "open"},
            {"io": "read", "bytes": "whole_file", "pattern": "sequential"},
            {"delay_ms": 0.01, "action": "close"}, {"cpu_ms": 0.3}]})");
    }

    void loadgen_thenCalibratedSimulation_reportsErrors()
    {
        const QString db = m_dir.filePath(QStringLiteral("runs.sqlite"));
        const CliResult load = runCli(
            {"loadgen", "--app", m_app, "--target", m_dir.filePath(QStringLiteral("target")),
                "--clients", "1,3", "--duration", "0.5", "--warmup", "0.1", "--db", db});
        QVERIFY2(load.exitCode == 0, qPrintable(load.err));
        QVERIFY2(load.out.contains(QStringLiteral("run 2: tiny, 3 clients")), qPrintable(load.out));
        const QString out = m_dir.filePath(QStringLiteral("sim.csv"));
        const CliResult sim = runCli({"simulate", "--app", m_app, "--storage-delay-ms", "0.05",
            "--db", db, "--calibrate-clients", "1", "--clients", "1,3", "--out", out});
        QVERIFY2(sim.exitCode == 0, qPrintable(sim.err));
        QVERIFY2(sim.out.contains(QStringLiteral("calibrated at 1 clients (run 1)")),
            qPrintable(sim.out));
        const auto table = iolens::core::readCsvFile(out.toStdString());
        QCOMPARE(table.rows.size(), std::size_t {2});
        for (const char* column : {"measured_throughput_per_s", "err_io", "err_e2e"}) {
            const int index = table.columnIndex(column);
            QVERIFY2(index >= 0, column);
            for (const auto& row : table.rows) {
                double value = -1.0;
                QVERIFY2(
                    iolens::core::parseDouble(row.fields[static_cast<std::size_t>(index)], value)
                        && value >= 0.0,
                    column);
            }
        }
    }

    void badInput_exitsWith2_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("no target") << QStringList {"loadgen", "--app", "varmail", "--clients", "1",
            "--db", "x.sqlite"} << "--target";
        QTest::newRow("zero clients") << QStringList {"loadgen", "--app", "varmail", "--target",
            "t", "--clients", "0", "--db", "x.sqlite"}
                                      << "--clients '0'";
        QTest::newRow("bad duration") << QStringList {"loadgen", "--app", "varmail", "--target",
            "t", "--clients", "1", "--duration", "0", "--db", "x.sqlite"}
                                      << "--duration";
        QTest::newRow("calibrate without run") << QStringList {"simulate", "--app", "varmail",
            "--storage-delay-ms", "1", "--calibrate-clients", "4"}
                                               << "no measured run";
    }

    void badInput_exitsWith2()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const CliResult r = runCli(arguments);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
    }

    void foreignTarget_exitsWith2_andLeavesItAlone()
    {
        const QString target = m_dir.filePath(QStringLiteral("foreign"));
        QVERIFY(QDir().mkpath(target));
        QFile file(target + QStringLiteral("/precious.txt"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("keep me");
        file.close();
        const CliResult r = runCli({"loadgen", "--app", m_app, "--target", target, "--clients", "1",
            "--duration", "0.2", "--db", m_dir.filePath(QStringLiteral("f.sqlite"))});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(QDir(target).entryList(QDir::Files | QDir::NoDotAndDotDot).size(), 1);
    }

private:
    QTemporaryDir m_dir;
    QString m_app;
};

IOLENS_TEST_GUILESS_MAIN(TestLoadgenCommand)
#include "test_loadgen_command.moc"
