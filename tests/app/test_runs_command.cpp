// SPDX-License-Identifier: GPL-3.0-or-later
// `iolens-cli runs`: the optimizer runs `optimize` recorded, as CSV, and the run id it lists is
// the one `optimize --resume` continues.
#include "support/cli_runner.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTemporaryDir>
#include <QTest>

namespace {

using iolens::test::CliResult;
using iolens::test::runCli;

} // namespace

class TestRunsCommand : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("runs.sqlite"));
        const CliResult r = runCli({"import", "--db", m_db, "--dataset", "tiered", "--csv",
            QString::fromStdString(iolens::test::tieredCsvPath())});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    }

    void runs_listsWhatOptimizeRecorded()
    {
        CliResult r = runCli({"runs", "--db", m_db});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(r.out,
            QStringLiteral("run,technique,metric,dataset,cv,status,points,best_cost,created\n"));
        const CliResult optimize = runCli({"optimize", "--db", m_db, "--technique", "cart",
            "--metric", "rt_read_ms", "--dataset", "tiered", "--k", "3", "--n", "2", "--iterations",
            "2", "--cv", "grouped", "--name", "cart-tuned"});
        QVERIFY2(optimize.exitCode == 0, qPrintable(optimize.err));
        r = runCli({"runs", "--db", m_db, "--dataset", "tiered"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QStringList lines = r.out.trimmed().split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 2);
        const QStringList fields = lines[1].split(QLatin1Char(','));
        QCOMPARE(fields.size(), 9);
        QCOMPARE(fields[0], QStringLiteral("1"));
        QCOMPARE(fields[1], QStringLiteral("cart"));
        QCOMPARE(fields[2], QStringLiteral("rt_read_ms"));
        QCOMPARE(fields[3], QStringLiteral("tiered"));
        QCOMPARE(fields[4], QStringLiteral("grouped"));
        QCOMPARE(fields[5], QStringLiteral("finished"));
        QVERIFY(fields[6].toInt() > 1);
        bool number = false;
        QVERIFY(fields[7].toDouble(&number) > 0.0 && number);
        QVERIFY(!fields[8].isEmpty());
        // The run optimize reported is the one listed.
        QVERIFY2(optimize.out.contains(QStringLiteral("optimizer run ") + fields[0] + ':'),
            qPrintable(optimize.out));
    }

    void badInput_exitsWithStatus2()
    {
        CliResult r = runCli({"runs", "--db", m_db, "--dataset", "nope"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("nope")), qPrintable(r.err));
        r = runCli({"runs", "--db", m_dir.filePath(QStringLiteral("missing.sqlite"))});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("missing.sqlite")), qPrintable(r.err));
    }

private:
    QTemporaryDir m_dir;
    QString m_db;
};

IOLENS_TEST_GUILESS_MAIN(TestRunsCommand)
#include "test_runs_command.moc"
