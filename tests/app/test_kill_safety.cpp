// SPDX-License-Identifier: GPL-3.0-or-later
// Nothing is lost when iolens-cli dies mid-job: a `kill -9` during an import leaves a database
// that opens and holds all of the import or none of it, and one during an optimization leaves a
// run that `optimize --resume` finishes.
#include "data/csv_table.hpp"
#include "data/measurement_csv.hpp"
#include "store/measurement_database.hpp"
#include "support/build_paths.hpp"
#include "support/cli_runner.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <filesystem>
#include <random>

using namespace iolens::core;
using iolens::test::runCli;

namespace {

// fio-local's rows repeated with shifted file-set sizes: an import long enough to be killed in
// the middle.
std::size_t writeLargeCsv(const QString& path)
{
    const auto base = readMeasurementsCsv(iolens::test::localCsvPath());
    std::vector<Measurement> rows;
    for (int copy = 0; copy < 120; ++copy)
        for (Measurement m : base) {
            m.config.filesetBytes += static_cast<std::int64_t>(copy) << 20;
            rows.push_back(m);
        }
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return 0;
    file.write(QByteArray::fromStdString(measurementsToCsv(rows)));
    return rows.size();
}

// Starts iolens-cli with `arguments` and kills it (SIGKILL) after `delayMs`.
void startAndKill(const QStringList& arguments, int delayMs)
{
    QProcess process;
    process.start(iolens::test::cliProgram(), arguments);
    QVERIFY(process.waitForStarted());
    process.waitForFinished(delayMs);
    if (process.state() != QProcess::NotRunning) {
        process.kill();
        process.waitForFinished();
    }
}

} // namespace

class TestKillSafety : public QObject {
    Q_OBJECT
private slots:
    void killedImport_leavesAllOrNothing()
    {
        QTemporaryDir dir;
        const QString csv = dir.filePath("large.csv");
        const std::size_t rows = writeLargeCsv(csv);
        QVERIFY(rows > 40000);
        // The whole import first: it checks the count, and its duration places the kills (the
        // import streams, so it takes a fraction of a second in a release build and several
        // seconds under the sanitizers; fixed delays would land before or after it).
        QElapsedTimer clock;
        clock.start();
        startAndKill(
            {"import", "--db", dir.filePath("full.sqlite"), "--csv", csv, "--dataset", "big"},
            600000);
        const auto wholeMs = static_cast<double>(clock.elapsed());
        QCOMPARE(MeasurementDatabase::open(dir.filePath("full.sqlite").toStdString(), true)
                     .measurements()
                     .size(),
            rows);
        // Seeded points through that time: a kill during the check of the rows (before the
        // database exists) or inside the insert's transaction, a dozen times.
        std::mt19937 random(20261125);
        std::uniform_real_distribution<double> share(0.05, 0.95);
        const int kills = 12;
        int partial = 0;
        for (int i = 0; i < kills; ++i) {
            const QString db = dir.filePath(QStringLiteral("kill%1.sqlite").arg(i));
            const int delayMs = std::max(1, static_cast<int>(share(random) * wholeMs));
            startAndKill({"import", "--db", db, "--csv", csv, "--dataset", "big"}, delayMs);
            if (!std::filesystem::exists(db.toStdString()))
                continue; // killed before the database was created: nothing to check
            // Opened as the next `import` opens it: a kill between SQLite creating the file and
            // the schema's transaction committing leaves an empty file, which `import` then
            // initialises and every other command refuses as "not an iolens database".
            auto database = MeasurementDatabase::openOrCreate(db.toStdString());
            const std::size_t stored = database.measurements().size();
            QVERIFY2(stored == 0 || stored == rows,
                qPrintable(QStringLiteral("%1 of %2 rows after a kill at %3 of %4 ms")
                               .arg(stored)
                               .arg(rows)
                               .arg(delayMs)
                               .arg(wholeMs)));
            partial += stored == 0 ? 1 : 0;
        }
        qInfo("%d of %d kills interrupted the import", partial, kills);
        QVERIFY2(partial >= 1, "no kill landed inside the import: the check checked nothing");
    }

    void killedOptimization_resumes()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath("opt.sqlite");
        QCOMPARE(runCli({"import", "--db", db, "--csv",
                            QString::fromStdString(iolens::test::localCsvPath())})
                     .exitCode,
            0);
        const QStringList optimize {"optimize", "--db", db, "--technique", "cubist", "--metric",
            "rt_read_ms", "--iterations", "8", "--name", "tuned"};
        // Killed as soon as it reports its first iteration, so some points are stored.
        QProcess process;
        process.start(iolens::test::cliProgram(), optimize);
        QVERIFY(process.waitForStarted());
        QByteArray err;
        while (!err.contains("iteration") && process.state() != QProcess::NotRunning) {
            process.waitForReadyRead(100);
            err += process.readAllStandardError();
        }
        QVERIFY2(process.state() != QProcess::NotRunning, "optimize finished before the kill");
        process.kill();
        process.waitForFinished();

        {
            auto database = MeasurementDatabase::open(db.toStdString(), true);
            QVERIFY(!database.optimizerPoints(1).empty());
            QVERIFY(!database.model("tuned"));
        }
        const auto resumed = runCli(optimize + QStringList {"--resume", "1"});
        QVERIFY2(resumed.exitCode == 0, qPrintable(resumed.err));
        QVERIFY2(resumed.out.contains("optimizer run 1"), qPrintable(resumed.out));
        auto database = MeasurementDatabase::open(db.toStdString(), true);
        QVERIFY(database.model("tuned"));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestKillSafety)
#include "test_kill_safety.moc"
