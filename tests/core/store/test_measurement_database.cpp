// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "data/measurement_csv.hpp"
#include "store/measurement_database.hpp"
#include "store/schema.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <fstream>

using namespace iolens::core;

class TestMeasurementDatabase : public QObject {
    Q_OBJECT
private slots:
    void import_thenRead_keepsEveryValue()
    {
        const auto rows = readMeasurementsCsv(iolens::test::tieredCsvPath());
        auto db = MeasurementDatabase::inMemory();
        QCOMPARE(db.importMeasurements(rows, {"tiered", "", "", std::nullopt}), 130);
        const auto back = db.measurements();
        QCOMPARE(back.size(), rows.size());
        for (std::size_t i = 0; i < rows.size(); ++i) {
            QVERIFY(back[i].config == rows[i].config);
            QVERIFY(back[i].metrics == rows[i].metrics);
            QCOMPARE(back[i].split, rows[i].split);
        }
        const auto datasets = db.datasets();
        QCOMPARE(datasets.size(), std::size_t {1});
        QCOMPARE(datasets[0].configurationCount, 106);
        QCOMPARE(db.splits(), (std::vector<std::string> {"grid", "repeat"}));
        QCOMPARE(db.measurements({std::nullopt, "repeat"}).size(), std::size_t {24});
    }

    // The streaming import is what importMeasurements does, and nothing stays of an import that
    // is not committed, not even its new dataset.
    void measurementImport_addsRowsAndRollsBackUncommitted()
    {
        const auto rows = readMeasurementsCsv(iolens::test::tieredCsvPath());
        auto db = MeasurementDatabase::inMemory();
        {
            MeasurementImport import(db, {"dropped", "", "", std::nullopt});
            for (const Measurement& m : rows)
                import.add(m);
        }
        QVERIFY(db.datasets().empty());
        MeasurementImport import(db, {"tiered", "", "", std::string("s")});
        for (const Measurement& m : rows)
            import.add(m);
        QCOMPARE(import.commit({{"a.csv", "", 130, 0, {}}}), 130);
        std::size_t i = 0;
        db.forEachMeasurement({}, [&](const Measurement& m) {
            QVERIFY(m.config == rows[i].config);
            QVERIFY(m.metrics == rows[i].metrics);
            QCOMPARE(m.split, std::string("s"));
            ++i;
        });
        QCOMPARE(i, rows.size());
        QCOMPARE(db.importedFiles("tiered").size(), std::size_t {1});
        QCOMPARE(db.datasets().front().configurationCount, 106);
    }

    void import_failureLeavesDatabaseUnchanged()
    {
        auto db = MeasurementDatabase::inMemory();
        auto rows = readMeasurementsCsv(iolens::test::tieredCsvPath());
        db.importMeasurements(rows, {"first", "", "", std::nullopt});
        rows[50].setValue(Metric::RtReadMs, -1.0); // violates the schema's CHECK constraint
        QVERIFY_THROWS_EXCEPTION(
            StoreError, db.importMeasurements(rows, {"second", "", "", std::nullopt}));
        QCOMPARE(db.measurements().size(), std::size_t {130});
        QCOMPARE(db.datasets().size(), std::size_t {1});
    }

    // The files an import read are recorded with its dataset, in its transaction: a failed
    // import records none.
    void import_recordsTheFilesItRead()
    {
        auto db = MeasurementDatabase::inMemory();
        auto rows = readMeasurementsCsv(iolens::test::tieredCsvPath());
        db.importMeasurements(rows, {"first", "", "", std::nullopt},
            {{"a.csv", "{\"columns\":{}}", 120, 10, {}}, {"b.csv", "", 10, 0, {}}});
        const auto files = db.importedFiles("first");
        QCOMPARE(files.size(), std::size_t {2});
        QCOMPARE(files[0].file, std::string("a.csv"));
        QCOMPARE(files[0].mapping, std::string("{\"columns\":{}}"));
        QCOMPARE(files[0].importedRows, 120);
        QCOMPARE(files[0].skippedRows, 10);
        QVERIFY(!files[0].importedAt.empty());
        QCOMPARE(files[1].file, std::string("b.csv"));
        rows[50].setValue(Metric::RtReadMs, -1.0);
        QVERIFY_THROWS_EXCEPTION(StoreError,
            db.importMeasurements(
                rows, {"second", "", "", std::nullopt}, {{"c.csv", "", 130, 0, {}}}));
        QVERIFY(db.importedFiles("second").empty());
        QCOMPARE(db.importedFiles("first").size(), std::size_t {2});
    }

    void open_rejectsNonDatabaseFiles()
    {
        QTemporaryDir dir;
        const std::string text
            = iolens::test::writeFile(dir.path(), "text.sqlite", "hello, not sqlite\n");
        QVERIFY_THROWS_EXCEPTION(DatabaseFormatError, MeasurementDatabase::open(text, true));
        QVERIFY_THROWS_EXCEPTION(DatabaseFormatError,
            MeasurementDatabase::open(dir.filePath("missing.sqlite").toStdString(), true));
    }

    void open_rejectsNewerSchema()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("new.sqlite").toStdString();
        {
            auto db = MeasurementDatabase::openOrCreate(path);
            db.connection().setUserVersion(kSchemaVersion + 1);
        }
        try {
            MeasurementDatabase::open(path, false);
            QFAIL("no error");
        } catch (const DatabaseFormatError& e) {
            QVERIFY(QString(e.what()).contains("newer than this build"));
        }
    }

    void open_migratesVersion1DatabaseKeepingItsData()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("v1.sqlite").toStdString();
        {
            auto db = MeasurementDatabase::openOrCreate(path);
            db.importMeasurements(readMeasurementsCsv(iolens::test::localCsvPath()),
                {"local", "d", "s", std::nullopt});
            // Version 1 is the schema without the tables of later migrations.
            db.connection().exec(
                "DROP TABLE host_measurements; DROP TABLE app_run_operations; "
                "DROP TABLE app_runs; DROP TABLE trace_models; "
                "DROP TABLE trace_requests; DROP TABLE traces; DROP TABLE imported_files;");
            db.connection().setUserVersion(1);
        }
        {
            // Read-only, it reads as it is: what later versions add is simply not there.
            auto old = MeasurementDatabase::open(path, true);
            QCOMPARE(old.schemaVersion(), 1);
            QCOMPARE(old.measurements().size(), std::size_t {345});
            QVERIFY(old.hostMeasurements().empty());
        }
        auto db = MeasurementDatabase::open(path, false);
        QCOMPARE(db.schemaVersion(), kSchemaVersion);
        QCOMPARE(db.measurements().size(), std::size_t {345});
        QCOMPARE(db.datasets()[0].system, std::string("s"));
        QVERIFY(db.hostMeasurements().empty());
        Measurement run = db.measurements().front();
        run.config.vms = 2;
        db.importMultiHostRun(run, {{"vm1", "a", run}, {"vm2", "b", run}}, {"hosts", "", "", {}});
        QCOMPARE(db.hostMeasurements({"hosts", std::nullopt}).size(), std::size_t {2});
    }

    void importMultiHostRun_storesAllOrNothing()
    {
        auto db = MeasurementDatabase::inMemory();
        Measurement run;
        run.config = {"none", 32 << 20, 4096, Pattern::Random, 50.0, 4, 2};
        run.rep = 1;
        run.setValue(Metric::TpReadMbs, 30.0);
        Measurement host = run;
        host.config.threads = 2;
        host.config.filesetBytes = 16 << 20;
        host.setValue(Metric::TpReadMbs, 15.0);
        db.importMultiHostRun(run, {{"vm1", "10.0.0.1", host}, {"vm2", "10.0.0.2,9000", host}},
            {"hosts", "", "", std::nullopt});
        const auto rows = db.hostMeasurements();
        QCOMPARE(rows.size(), std::size_t {2});
        QCOMPARE(rows[1].hostIndex, 1);
        QCOMPARE(rows[1].host.host, std::string("vm2"));
        QCOMPARE(rows[1].host.address, std::string("10.0.0.2,9000"));
        QCOMPARE(rows[1].run.config, run.config);
        QCOMPARE(rows[1].run.rep, 1);
        QCOMPARE(rows[1].host.measurement.config.threads, 2);
        QCOMPARE(rows[1].host.measurement.config.filesetBytes, std::int64_t {16 << 20});
        QCOMPARE(*rows[1].host.measurement.value(Metric::TpReadMbs), 15.0);

        Measurement bad = host;
        bad.setValue(Metric::RtReadMs, -1.0); // violates the CHECK constraint of the second host
        run.rep = 2;
        QVERIFY_THROWS_EXCEPTION(StoreError,
            db.importMultiHostRun(
                run, {{"vm1", "a", host}, {"vm2", "b", bad}}, {"hosts", "", "", std::nullopt}));
        QCOMPARE(db.measurements().size(), std::size_t {1});
        QCOMPARE(db.hostMeasurements().size(), std::size_t {2});
        QCOMPARE(db.hostMeasurements({"other", std::nullopt}).size(), std::size_t {0});
    }

    void open_rejectsForeignSqliteDatabase()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("other.sqlite").toStdString();
        {
            SqliteConnection other(path, SqliteConnection::Mode::Create);
            other.exec("CREATE TABLE cats (name TEXT)");
        }
        QVERIFY_THROWS_EXCEPTION(DatabaseFormatError, MeasurementDatabase::open(path, false));
    }

    // One check of a selection's names for every command that reads by dataset and split.
    void requireSelection_namesWhatTheDatabaseLacks()
    {
        auto db = iolens::test::tieredDatabase();
        db.requireSelection({});
        db.requireSelection({std::string("tiered"), std::string("repeat")});
        QVERIFY_THROWS_EXCEPTION(ConfigError, db.requireSelection({std::string("nosuch"), {}}));
        try {
            db.requireSelection({std::string("tiered"), std::string("repeats")});
            QFAIL("an unknown split was taken");
        } catch (const ConfigError& e) {
            QVERIFY2(QString(e.what()).contains(
                         "no split named 'repeats' in dataset 'tiered' (splits: grid, repeat)"),
                e.what());
        }
    }

    // An empty file (an import killed before its schema committed, or `touch`) is no database:
    // open() says so and leaves it empty, openOrCreate() (import's) makes it one.
    void emptyFile_isRefusedByOpenAndInitialisedByOpenOrCreate()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("empty.sqlite").toStdString();
        std::ofstream(path).close();
        for (const bool readOnly : {true, false})
            QVERIFY_THROWS_EXCEPTION(
                DatabaseFormatError, MeasurementDatabase::open(path, readOnly));
        QCOMPARE(std::filesystem::file_size(path), std::uintmax_t {0});
        auto db = MeasurementDatabase::openOrCreate(path);
        QVERIFY(db.datasets().empty());
        QVERIFY(std::filesystem::file_size(path) > 0);
        QVERIFY_THROWS_EXCEPTION(
            DatabaseFormatError, MeasurementDatabase::openOrCreate(dir.path().toStdString()));
    }

    void saveAs_writesACompleteCopy()
    {
        QTemporaryDir dir;
        auto db = MeasurementDatabase::inMemory();
        db.importMeasurements(
            readMeasurementsCsv(iolens::test::localCsvPath()), {"local", "d", "s", std::nullopt});
        const std::string copy = dir.filePath("copy.sqlite").toStdString();
        db.saveAs(copy);
        auto reopened = MeasurementDatabase::open(copy, true);
        QCOMPARE(reopened.measurements().size(), std::size_t {345});
        QCOMPARE(reopened.datasets()[0].system, std::string("s"));
    }

    void models_saveReplacesByName()
    {
        auto db = MeasurementDatabase::inMemory();
        StoredModel model;
        model.name = "m";
        model.technique = "lm";
        model.metric = "rt_read_ms";
        model.parameters = "{}";
        model.serialized = "{\"a\":1}";
        db.saveModel(model);
        model.serialized = "{\"a\":2}";
        db.saveModel(model);
        QCOMPARE(db.models().size(), std::size_t {1});
        QCOMPARE(db.model("m")->serialized, std::string("{\"a\":2}"));
        QVERIFY(db.removeModel("m"));
        QVERIFY(!db.model("m"));
    }

    void optimizerPoints_recordedPerRun()
    {
        auto db = MeasurementDatabase::inMemory();
        db.importMeasurements(
            readMeasurementsCsv(iolens::test::tieredCsvPath()), {"t", "", "", std::nullopt});
        const auto run = db.createOptimizerRun("cart", "rt_read_ms", "t", "{\"k\":4}");
        db.addOptimizerPoints(run, {{0, "{\"cp\":0.01}", 1.5}, {1, "{\"cp\":0.1}", std::nullopt}});
        const auto points = db.optimizerPoints(run);
        QCOMPARE(points.size(), std::size_t {2});
        QCOMPARE(*points[0].score, 1.5);
        QVERIFY(!points[1].score);
    }

    // A rename keeps the measurements, recorded files and models with the dataset.
    void renameDataset_keepsWhatBelongsToIt()
    {
        auto db = MeasurementDatabase::inMemory();
        db.importMeasurements(readMeasurementsCsv(iolens::test::tieredCsvPath()),
            {"t", "", "", std::nullopt}, {{"t.csv", "", 130, 0, {}}});
        db.importMeasurements(
            readMeasurementsCsv(iolens::test::localCsvPath()), {"l", "", "", std::nullopt});
        StoredModel model {0, "m", "lm", "rt_read_ms", "{}", "{}", "t", "{}", {}};
        db.saveModel(model);
        db.renameDataset("t", "tiered");
        QVERIFY(!db.dataset("t"));
        QCOMPARE(db.dataset("tiered")->measurementCount, 130);
        QCOMPARE(db.importedFiles("tiered").size(), std::size_t {1});
        QCOMPARE(db.model("m")->dataset, std::string("tiered"));
        QVERIFY_THROWS_EXCEPTION(ConfigError, db.renameDataset("tiered", "l")); // taken
        QVERIFY_THROWS_EXCEPTION(ConfigError, db.renameDataset("tiered", ""));
        QVERIFY_THROWS_EXCEPTION(ConfigError, db.renameDataset("missing", "x"));
        QCOMPARE(db.dataset("tiered")->measurementCount, 130);
        QCOMPARE(db.dataset("l")->measurementCount, 345);
    }

    // Deleting takes the dataset's rows, files and optimizer runs; the rest stays.
    void removeDataset_takesOnlyThatDataset()
    {
        auto db = MeasurementDatabase::inMemory();
        db.importMeasurements(readMeasurementsCsv(iolens::test::tieredCsvPath()),
            {"t", "", "", std::nullopt}, {{"t.csv", "", 130, 0, {}}});
        db.importMeasurements(readMeasurementsCsv(iolens::test::localCsvPath()),
            {"l", "", "", std::nullopt}, {{"l.csv", "", 345, 0, {}}});
        StoredModel model {0, "m", "lm", "rt_read_ms", "{}", "{}", "t", "{}", {}};
        db.saveModel(model);
        const auto run = db.createOptimizerRun("cart", "rt_read_ms", "t", "{}");
        db.addOptimizerPoints(run, {{0, "{}", 1.0}});
        QCOMPARE(db.removeDataset("t"), 130);
        QVERIFY(!db.dataset("t"));
        QCOMPARE(db.measurements().size(), std::size_t {345});
        QVERIFY(db.importedFiles("t").empty());
        QCOMPARE(db.importedFiles("l").size(), std::size_t {1});
        QVERIFY(db.optimizerPoints(run).empty());
        QCOMPARE(db.model("m")->dataset, std::string()); // kept, no longer tied to a dataset
        QVERIFY_THROWS_EXCEPTION(ConfigError, db.removeDataset("t"));
    }

    // A read-only file refuses the delete and keeps every row.
    void removeDataset_onAReadOnlyFileChangesNothing()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("r.sqlite").toStdString();
        MeasurementDatabase::openOrCreate(path).importMeasurements(
            readMeasurementsCsv(iolens::test::tieredCsvPath()), {"t", "", "", std::nullopt});
        auto db = MeasurementDatabase::open(path, true);
        QVERIFY_THROWS_EXCEPTION(StoreError, db.removeDataset("t"));
        QVERIFY_THROWS_EXCEPTION(StoreError, db.renameDataset("t", "u"));
        QCOMPARE(MeasurementDatabase::open(path, true).measurements().size(), std::size_t {130});
    }

    // The export is measurementsToCsv of the dataset's rows, and names a missing dataset.
    void exportMeasurementsCsv_writesTheDatasetsRows()
    {
        QTemporaryDir dir;
        auto db = MeasurementDatabase::inMemory();
        db.importMeasurements(
            readMeasurementsCsv(iolens::test::tieredCsvPath()), {"t", "", "", std::nullopt});
        db.importMeasurements(
            readMeasurementsCsv(iolens::test::localCsvPath()), {"l", "", "", std::nullopt});
        const std::string out = dir.filePath("t.csv").toStdString();
        QCOMPARE(exportMeasurementsCsv(db, {"t", std::nullopt}, out), 130);
        QCOMPARE(readMeasurementsCsv(out).size(), std::size_t {130});
        QFile file(QString::fromStdString(out));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(
            file.readAll().toStdString(), measurementsToCsv(db.measurements({"t", std::nullopt})));
        try {
            exportMeasurementsCsv(db, {"x", std::nullopt}, out);
            QFAIL("no error");
        } catch (const ConfigError& e) {
            QVERIFY(QString(e.what()).contains("no dataset named 'x'"));
        }
    }
};

IOLENS_TEST_GUILESS_MAIN(TestMeasurementDatabase)
#include "test_measurement_database.moc"
