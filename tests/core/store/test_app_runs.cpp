// SPDX-License-Identifier: GPL-3.0-or-later
// Measured application runs in the database: stored whole or not at all, read back exactly, and
// a database from before them still readable.
#include "common/error.hpp"
#include "data/measurement_csv.hpp"
#include "store/app_runs.hpp"
#include "store/schema.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTemporaryDir>
#include <QTest>

using namespace iolens::core;

namespace {

AppRunRecord sampleRun(const std::string& application, int clients)
{
    AppRunRecord run;
    run.application = application;
    run.definition = R"({"name": ")" + application + R"("})";
    run.clients = clients;
    run.durationS = 60.0;
    run.warmupS = 10.0;
    run.target = "/srv/target";
    run.directIo = true;
    run.measuredAt = "2026-11-26T00:00:00Z";
    run.loops = 1234;
    run.throughputPerS = 20.5;
    run.responseTimeMs = 48.75;
    run.ioResponseTimeMs = 3.25;
    run.operations = {{"create", "cpu", 1234, 0.5}, {"read whole file", "read", 1234, 4.5},
        {"stat", "delay", 0, std::nullopt}};
    return run;
}

} // namespace

class TestAppRuns : public QObject {
    Q_OBJECT
private slots:
    void save_thenRead_keepsEveryField()
    {
        auto db = MeasurementDatabase::inMemory();
        const std::int64_t first = saveAppRun(db, sampleRun("fileserver", 4));
        saveAppRun(db, sampleRun("varmail", 8));
        const auto runs = appRuns(db, std::string("fileserver"));
        QCOMPARE(runs.size(), std::size_t {1});
        const AppRunRecord& r = runs[0];
        QCOMPARE(r.id, first);
        QCOMPARE(r.clients, 4);
        QCOMPARE(r.durationS, 60.0);
        QCOMPARE(r.warmupS, 10.0);
        QVERIFY(r.directIo);
        QCOMPARE(r.loops, std::int64_t {1234});
        QCOMPARE(r.throughputPerS, 20.5);
        QCOMPARE(*r.responseTimeMs, 48.75);
        QCOMPARE(*r.ioResponseTimeMs, 3.25);
        QCOMPARE(r.operations.size(), std::size_t {3});
        QCOMPARE(r.operations[1].name, std::string("read whole file"));
        QCOMPARE(r.operations[1].kind, std::string("read"));
        QCOMPARE(*r.operations[1].meanMs, 4.5);
        QVERIFY(!r.operations[2].meanMs);
        QCOMPARE(appRuns(db).size(), std::size_t {2});
    }

    void failedSave_storesNothing()
    {
        auto db = MeasurementDatabase::inMemory();
        AppRunRecord bad = sampleRun("fileserver", 4);
        bad.operations[2].kind = "teleport"; // violates the kind CHECK after the run's row
        QVERIFY_THROWS_EXCEPTION(StoreError, saveAppRun(db, bad));
        QVERIFY(appRuns(db).empty());
    }

    // A version 2 database (before application runs) opens read-only as it is, with no runs;
    // opened writable once, it gains the tables.
    void olderDatabase_readsReadOnly_andUpgradesWritable()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("v2.sqlite")).toStdString();
        {
            auto db = MeasurementDatabase::openOrCreate(path);
            db.importMeasurements(readMeasurementsCsv(iolens::test::tieredCsvPath()),
                {"tiered", "", "", std::nullopt});
            db.connection().exec("DROP TABLE trace_models; DROP TABLE trace_requests; DROP TABLE "
                                 "traces; DROP TABLE imported_files; "
                                 "DROP TABLE app_run_operations; DROP TABLE app_runs;");
            db.connection().setUserVersion(2);
        }
        {
            auto db = MeasurementDatabase::open(path, true);
            QCOMPARE(db.schemaVersion(), 2);
            QCOMPARE(db.measurements().size(), std::size_t {130});
            QVERIFY(appRuns(db).empty());
        }
        auto db = MeasurementDatabase::open(path, false);
        QCOMPARE(db.schemaVersion(), kSchemaVersion);
        saveAppRun(db, sampleRun("fileserver", 2));
        QCOMPARE(appRuns(db).size(), std::size_t {1});
    }
};

IOLENS_TEST_GUILESS_MAIN(TestAppRuns)
#include "test_app_runs.moc"
