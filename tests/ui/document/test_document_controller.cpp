// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/document_controller.hpp"
#include "document/recent_files.hpp"
#include "models/trained_model.hpp"
#include "store/measurement_database.hpp"
#include "support/cli_runner.hpp"
#include "support/isolated_settings.hpp"
#include "support/test_registry.hpp"
#include "workflow/model_training.hpp"

#include <QDir>
#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace iolens::ui;

class TestDocumentController : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { iolens::test::useIsolatedSettings("test_document_controller"); }

    void openExample_isReadOnlyAndHoldsTheDatasetsRuns()
    {
        DocumentController controller;
        QSignalSpy changed(&controller, &DocumentController::documentChanged);
        QVERIFY(controller.openExample(Example::Tiered));
        QCOMPARE(changed.count(), 1);
        const Document* document = controller.document();
        QVERIFY(document);
        QVERIFY(document->example);
        QVERIFY(document->readOnly());
        QVERIFY(document->path.isEmpty());
        QCOMPARE(document->name, QStringLiteral("fio-tiered"));
        QCOMPARE(document->dataset, std::string("fio-tiered"));
        QCOMPARE(document->runs.size(), std::size_t {130});
        // The runs aggregated once, for everyone to share: 24 repeats of 8 configurations.
        QVERIFY(document->rows);
        QCOMPARE(document->rows->size(), std::size_t {106});
        QCOMPARE(document->rows->front().config, document->runs.front().config);

        QVERIFY(controller.openExample(Example::Local));
        QCOMPARE(controller.document()->runs.size(), std::size_t {345});
        QCOMPARE(controller.document()->rows->size(), std::size_t {300});
    }

    void saveAs_writesADatabaseThatOpensBack()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("copy.sqlite"));
        DocumentController controller;
        QVERIFY(controller.openExample(Example::Local));
        QSignalSpy errors(&controller, &DocumentController::errorOccurred);
        QVERIFY(controller.saveAs(path));
        QCOMPARE(errors.count(), 0);

        auto copy = iolens::core::MeasurementDatabase::open(path.toStdString(), true);
        QCOMPARE(copy.measurements().size(), std::size_t {345});
        QCOMPARE(copy.datasets().front().name, std::string("fio-local"));
        // The window now works on the copy, a file like any other, and remembers it.
        QCOMPARE(controller.document()->path, path);
        QVERIFY(!controller.document()->example);
        QVERIFY(!controller.document()->readOnly());
        QCOMPARE(controller.recentFiles().files().front(), path);
        // No temporary file is left behind.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
            QStringList({QStringLiteral("copy.sqlite")}));
    }

    void saveAs_replacesAnExistingFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("old.sqlite"));
        QFile old(path);
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write("not a database");
        old.close();
        DocumentController controller;
        QVERIFY(controller.openExample(Example::Tiered));
        QVERIFY(controller.saveAs(path));
        QCOMPARE(
            iolens::core::MeasurementDatabase::open(path.toStdString(), true).measurements().size(),
            std::size_t {130});
    }

    void openFile_failureReportsAndKeepsTheOpenDocument_data()
    {
        QTest::addColumn<QByteArray>("content"); // empty: the file does not exist
        QTest::newRow("missing") << QByteArray();
        QTest::newRow("not sqlite") << QByteArray("scheduler,fileset_bytes\nnone,1\n");
    }
    void openFile_failureReportsAndKeepsTheOpenDocument()
    {
        QFETCH(QByteArray, content);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.sqlite"));
        if (!content.isEmpty()) {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(content);
        }
        DocumentController controller;
        QVERIFY(controller.openExample(Example::Tiered));
        controller.recentFiles().add(path);
        QSignalSpy errors(&controller, &DocumentController::errorOccurred);
        QSignalSpy changed(&controller, &DocumentController::documentChanged);
        QVERIFY(!controller.openFile(path));
        QCOMPARE(errors.count(), 1);
        QVERIFY(errors.front().at(1).toString().contains(QStringLiteral("bad.sqlite")));
        QCOMPARE(changed.count(), 0);
        QCOMPARE(controller.document()->name, QStringLiteral("fio-tiered"));
        QVERIFY(!controller.recentFiles().files().contains(path)); // a dead entry is dropped
    }

    void selectDataset_switchesWithinAFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("two.sqlite"));
        {
            auto db = iolens::core::MeasurementDatabase::openOrCreate(path.toStdString());
            auto tiered = loadExampleDatabase(Example::Tiered).measurements();
            auto local = loadExampleDatabase(Example::Local).measurements();
            db.importMeasurements(tiered, {"fio-tiered", "", "", {}});
            db.importMeasurements(local, {"fio-local", "", "", {}});
        }
        DocumentController controller;
        QVERIFY(controller.openFile(path));
        QCOMPARE(controller.document()->datasets.size(), std::size_t {2});
        QCOMPARE(controller.document()->runs.size(), std::size_t {130}); // the first dataset
        QVERIFY(controller.selectDataset(QStringLiteral("fio-local")));
        QCOMPARE(controller.document()->runs.size(), std::size_t {345});
        QSignalSpy errors(&controller, &DocumentController::errorOccurred);
        QVERIFY(!controller.selectDataset(QStringLiteral("nvme")));
        QCOMPARE(errors.count(), 1);
        QCOMPARE(controller.document()->dataset, std::string("fio-local"));
    }

    // Dataset > Rename and Delete on a file: the document follows; an example is not changed.
    void renameAndRemoveDataset_changeTheFileAndTheDocument()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("two.sqlite"));
        {
            auto db = iolens::core::MeasurementDatabase::openOrCreate(path.toStdString());
            db.importMeasurements(loadExampleDatabase(Example::Tiered).measurements(),
                {"fio-tiered", "", "", {}}, {{"tiered.csv", "", 130, 0, {}}});
            db.importMeasurements(
                loadExampleDatabase(Example::Local).measurements(), {"fio-local", "", "", {}});
        }
        DocumentController controller;
        QVERIFY(controller.openFile(path));
        QCOMPARE(controller.document()->importedFiles.at("fio-tiered").size(), std::size_t {1});
        QVERIFY(controller.document()->importedFiles.at("fio-local").empty());
        QVERIFY(controller.renameDataset(QStringLiteral("fio-tiered"), QStringLiteral(" cache ")));
        QCOMPARE(controller.document()->dataset, std::string("cache"));
        QCOMPARE(controller.document()->runs.size(), std::size_t {130});
        QCOMPARE(controller.document()->importedFiles.at("cache").size(), std::size_t {1});
        QSignalSpy errors(&controller, &DocumentController::errorOccurred);
        QVERIFY(!controller.renameDataset(QStringLiteral("cache"), QStringLiteral("fio-local")));
        QCOMPARE(errors.count(), 1);
        QVERIFY(errors[0][1].toString().contains(QStringLiteral("exists already")));

        QVERIFY(controller.removeDataset(QStringLiteral("cache")));
        QCOMPARE(controller.document()->datasets.size(), std::size_t {1});
        QCOMPARE(controller.document()->dataset, std::string("fio-local"));
        QCOMPARE(controller.document()->runs.size(), std::size_t {345});
        QCOMPARE(
            iolens::core::MeasurementDatabase::open(path.toStdString(), true).measurements().size(),
            std::size_t {345});

        QVERIFY(controller.openExample(Example::Tiered));
        QVERIFY(!controller.removeDataset(QStringLiteral("fio-tiered")));
        QVERIFY(!controller.renameDataset(QStringLiteral("fio-tiered"), QStringLiteral("x")));
        QCOMPARE(controller.document()->runs.size(), std::size_t {130});
    }

    // File > Export dataset as CSV writes the bytes `iolens-cli export --dataset` writes.
    void exportDataset_writesWhatTheCommandLineWrites()
    {
        QTemporaryDir dir;
        const QString database = dir.filePath(QStringLiteral("two.sqlite"));
        {
            auto db = iolens::core::MeasurementDatabase::openOrCreate(database.toStdString());
            db.importMeasurements(
                loadExampleDatabase(Example::Local).measurements(), {"fio-local", "", "", {}});
            db.importMeasurements(
                loadExampleDatabase(Example::Tiered).measurements(), {"fio-tiered", "", "", {}});
        }
        DocumentController controller;
        QVERIFY(controller.openFile(database));
        QVERIFY(controller.selectDataset(QStringLiteral("fio-tiered")));
        const QString window = dir.filePath(QStringLiteral("window.csv"));
        QVERIFY(controller.exportDataset(window));
        const QString cli = dir.filePath(QStringLiteral("cli.csv"));
        const auto result = iolens::test::runCli({QStringLiteral("export"), QStringLiteral("--db"),
            database, QStringLiteral("--dataset"), QStringLiteral("fio-tiered"),
            QStringLiteral("--csv"), cli});
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QFile windowFile(window);
        QFile cliFile(cli);
        QVERIFY(windowFile.open(QIODevice::ReadOnly));
        QVERIFY(cliFile.open(QIODevice::ReadOnly));
        const QByteArray bytes = windowFile.readAll();
        QCOMPARE(bytes, cliFile.readAll());
        QCOMPARE(bytes.count('\n'), 131); // the header and the 130 runs of fio-tiered

        QSignalSpy errors(&controller, &DocumentController::errorOccurred);
        QVERIFY(!controller.exportDataset(dir.filePath(QStringLiteral("missing/x.csv"))));
        QCOMPARE(errors.count(), 1);
    }

    // File > Export model… then File > Import model… into another database: the same model,
    // predicting bit-identically; a bad file, a taken name and an example change nothing.
    void exportThenImport_predictsBitIdentically()
    {
        using namespace iolens::core;
        QTemporaryDir dir;
        const QString source = dir.filePath(QStringLiteral("source.sqlite"));
        const QString target = dir.filePath(QStringLiteral("target.sqlite"));
        const QString file = dir.filePath(QStringLiteral("model.json"));
        const auto runs = loadExampleDatabase(Example::Tiered).measurements();
        TrainRequest request;
        request.technique = "mars";
        request.metric = Metric::RtReadMs;
        {
            auto db = MeasurementDatabase::openOrCreate(source.toStdString());
            db.importMeasurements(runs, {"fio-tiered", "", "", {}});
            storeModel(db, trainModel(db, request), "mars-read", request);
            MeasurementDatabase::openOrCreate(target.toStdString())
                .importMeasurements(runs, {"fio-tiered", "", "", {}});
        }
        DocumentController controller;
        QSignalSpy errors(&controller, &DocumentController::errorOccurred);
        QVERIFY(controller.openFile(source));
        QVERIFY(!controller.exportModel(QStringLiteral("nothing"), file));
        QCOMPARE(errors.count(), 1);
        QVERIFY(controller.exportModel(QStringLiteral("mars-read"), file));

        QVERIFY(controller.openFile(target));
        QSignalSpy changed(&controller, &DocumentController::documentChanged);
        QVERIFY(controller.importModel(file));
        QCOMPARE(changed.count(), 1);           // shown again, so the views list the model
        QVERIFY(!controller.importModel(file)); // the name is taken
        QVERIFY(controller.importModel(file, QStringLiteral("mars-read-2")));
        QFile broken(dir.filePath(QStringLiteral("broken.json")));
        QVERIFY(broken.open(QIODevice::WriteOnly));
        broken.write("{\"format\": \"iolens-model-file\"");
        broken.close();
        QVERIFY(!controller.importModel(broken.fileName()));
        QCOMPARE(errors.count(), 3);
        QVERIFY(errors.last().at(1).toString().contains(broken.fileName()));

        auto original = MeasurementDatabase::open(source.toStdString(), true);
        auto copy = MeasurementDatabase::open(target.toStdString(), true);
        QCOMPARE(copy.models().size(), std::size_t {2});
        const TrainedModel a = TrainedModel::fromJson(
            nlohmann::json::parse(original.model("mars-read")->serialized));
        const TrainedModel b
            = TrainedModel::fromJson(nlohmann::json::parse(copy.model("mars-read")->serialized));
        const auto rows = aggregateRepetitions(runs);
        std::vector<Configuration> configs;
        for (const auto& row : rows)
            configs.push_back(row.config);
        QVERIFY(a.predict(configs) == b.predict(configs));

        // An example is never changed: the controller says to save a copy first.
        QVERIFY(controller.openExample(Example::Tiered));
        QVERIFY(!controller.importModel(file));
        QVERIFY(errors.last().at(1).toString().contains(QStringLiteral("save a copy")));
        QVERIFY(controller.document()->database->models().empty());
    }
};

IOLENS_TEST_GUILESS_MAIN(TestDocumentController)
#include "test_document_controller.moc"
