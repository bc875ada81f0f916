// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/stored_models.hpp"

#include "support/test_data.hpp"
#include "support/test_registry.hpp"
#include "support/test_timeouts.hpp"
#include "workflow/model_training.hpp"

#include <QSignalSpy>
#include <QTest>

using namespace iolens::ui;
using namespace iolens::core;

namespace {

TrainedModel trainAndStore(
    MeasurementDatabase& db, const std::string& name, const std::string& technique, Metric metric)
{
    TrainRequest request;
    request.technique = technique;
    request.metric = metric;
    TrainedModel model = trainModel(db, request);
    storeModel(db, model, name, request);
    return model;
}

} // namespace

class TestStoredModels : public QObject {
    Q_OBJECT
private slots:
    // What `iolens-cli train` stored appears as a column of its own, predicting what the stored
    // model predicts, and is cross-validated like the window's own models.
    void storedModels_becomeColumnsOfTheWindow()
    {
        auto db = iolens::test::tieredDatabase();
        const TrainedModel tuned = trainAndStore(db, "cubist-tuned", "cubist", Metric::RtReadMs);
        trainAndStore(db, "lm", "mars", Metric::TpWriteMbs); // named like a window technique

        ModelController models({"lm"});
        QSignalSpy done(&models, &ModelController::evaluationsReady);
        models.setMeasurements(db.measurements());
        QVERIFY(addStoredModels(models, db).isEmpty());
        // A read-only configuration: the read response time exists there.
        Configuration scenario;
        for (const auto& row : models.measured().all())
            if (row.config.readPct == 100.0)
                scenario = row.config;
        QCOMPARE(scenario.readPct, 100.0);
        models.setScenario(scenario);
        QVERIFY(done.wait(kTimeoutMs));

        const int tunedIndex = models.entryIndex(QStringLiteral("cubist-tuned"));
        QVERIFY(tunedIndex > 0);
        const ModelEntry& entry = models.entries()[static_cast<std::size_t>(tunedIndex)];
        QCOMPARE(entry.origin, ModelOrigin::Stored);
        QCOMPARE(entry.technique, std::string("cubist"));
        QVERIFY(entry.covers(Metric::RtReadMs) && !entry.covers(Metric::RtWriteMs));
        const auto& prediction = models.evaluation().metrics[0].predictions;
        QCOMPARE(*prediction[static_cast<std::size_t>(tunedIndex)].value, tuned.predict(scenario));
        QVERIFY(models.crossValidation(tunedIndex, Metric::RtReadMs));
        // The one named like the window's own lm gets a label of its own.
        const int renamed = models.entryIndex(QStringLiteral("lm (stored)"));
        QVERIFY(renamed > 0);
        QCOMPARE(
            models.entries()[static_cast<std::size_t>(renamed)].technique, std::string("mars"));
        QCOMPARE(originText(ModelOrigin::Stored), QStringLiteral("stored"));
    }

    // The Parameter search tab's result is kept in a writable database, never in an example.
    void saveWindowModel_keepsItInAWritableDatabaseOnly()
    {
        auto db = std::make_shared<MeasurementDatabase>(iolens::test::tieredDatabase());
        const TrainedModel model = trainAndStore(*db, "scratch", "cart", Metric::RtReadMs);
        Document document;
        document.database = db;
        document.name = QStringLiteral("mine.sqlite");
        document.dataset = "tiered";
        QString message = saveWindowModel(document, model, QStringLiteral("cart (optimized)"));
        QVERIFY2(message.contains(QStringLiteral("saved in mine.sqlite")), qPrintable(message));
        const auto stored = db->model("cart (optimized) rt_read_ms");
        QVERIFY(stored);
        QCOMPARE(stored->dataset, std::string("tiered"));
        QCOMPARE(TrainedModel::fromJson(nlohmann::json::parse(stored->serialized))
                     .predict(db->measurements().front().config),
            model.predict(db->measurements().front().config));

        document.example = true;
        message = saveWindowModel(document, model, QStringLiteral("mars (optimized)"));
        QVERIFY2(message.contains(QStringLiteral("not saved")), qPrintable(message));
        QVERIFY(!db->model("mars (optimized) rt_read_ms"));
    }

    void corruptStoredModel_isReportedAndSkipped()
    {
        auto db = iolens::test::tieredDatabase();
        trainAndStore(db, "good", "lm", Metric::RtWriteMs);
        StoredModel broken = *db.model("good");
        broken.name = "broken";
        broken.serialized = "{\"format\": \"iolens-model\"}";
        db.saveModel(broken);

        ModelController models({"cart"});
        models.setMeasurements(db.measurements());
        const QStringList problems = addStoredModels(models, db);
        QCOMPARE(problems.size(), 1);
        QVERIFY2(problems.first().contains(QStringLiteral("broken")), qPrintable(problems.first()));
        QVERIFY(models.entryIndex(QStringLiteral("good")) > 0);
        QCOMPARE(models.entryIndex(QStringLiteral("broken")), -1);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestStoredModels)
#include "test_stored_models.moc"
