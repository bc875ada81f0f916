// SPDX-License-Identifier: GPL-3.0-or-later
#include "workflow/model_file.hpp"

#include "common/error.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"
#include "workflow/model_training.hpp"

#include <QTest>

#include <algorithm>

using namespace iolens::core;

namespace {

StoredModel trainedAndStored(MeasurementDatabase& db)
{
    TrainRequest request;
    request.technique = "mars";
    request.metric = Metric::RtWriteMs;
    request.dataset = "tiered";
    request.split = "grid";
    storeModel(db, trainModel(db, request), "mars_rt", request);
    return *db.model("mars_rt");
}

} // namespace

class TestModelFile : public QObject {
    Q_OBJECT
private slots:
    void text_roundTripsTheStoredModel()
    {
        auto db = iolens::test::tieredDatabase();
        const StoredModel stored = trainedAndStored(db);
        const std::string text = modelFileText({stored, "ab12"});
        const ModelFile back = parseModelFile(text, "m.json");
        QCOMPARE(back.dataSha256, std::string("ab12"));
        QCOMPARE(back.stored.name, stored.name);
        QCOMPARE(back.stored.dataset, std::string("tiered"));
        QCOMPARE(back.stored.serialized, nlohmann::json::parse(stored.serialized).dump());
        // The same text again: nothing is lost or reordered by a second round.
        QCOMPARE(modelFileText(back), text);

        // Imported elsewhere: the split and filter travel in the scores; the dataset it names
        // does not exist there, so the stored model has none.
        auto other = MeasurementDatabase::inMemory();
        importModelFile(other, back, "copy");
        const auto copy = other.model("copy");
        QVERIFY(copy);
        QCOMPARE(copy->dataset, std::string());
        const auto scores = nlohmann::json::parse(copy->scores);
        QCOMPARE(scores.at("training_dataset").get<std::string>(), std::string("tiered"));
        QCOMPARE(scores.at("split").get<std::string>(), std::string("grid"));
        QVERIFY_THROWS_EXCEPTION(ConfigError, importModelFile(other, back, "copy"));
        QVERIFY_THROWS_EXCEPTION(ConfigError, importModelFile(other, back, ""));
    }

    void parse_namesTheFieldThatIsWrong_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("expected");
        QTest::newRow("name") << "name"
                              << "field 'name'";
        QTest::newRow("training") << "training"
                                  << "field 'training'";
        QTest::newRow("model") << "model"
                               << "field 'model'";
        QTest::newRow("version") << "version"
                                 << "field 'version'";
    }

    void parse_namesTheFieldThatIsWrong()
    {
        QFETCH(QString, field);
        QFETCH(QString, expected);
        auto db = iolens::test::tieredDatabase();
        nlohmann::json json = nlohmann::json::parse(modelFileText({trainedAndStored(db), ""}));
        json.erase(field.toStdString());
        try {
            parseModelFile(json.dump(), "m.json");
            QFAIL("a model file without its field was accepted");
        } catch (const DataError& e) {
            const std::string message = e.what();
            QVERIFY2(message.find("m.json") != std::string::npos, e.what());
            QVERIFY2(message.find(expected.toStdString()) != std::string::npos, e.what());
        }
    }

    void parse_refusesAModelThatDisagreesWithItsFields()
    {
        auto db = iolens::test::tieredDatabase();
        nlohmann::json json = nlohmann::json::parse(modelFileText({trainedAndStored(db), ""}));
        json["metric"] = "tp_read_mbs";
        QVERIFY_THROWS_EXCEPTION(DataError, parseModelFile(json.dump(), "m.json"));
    }

    // The parameters `info` shows must be the model's: an edited file is refused, naming them.
    void parse_refusesParametersTheModelDoesNotHave()
    {
        auto db = iolens::test::tieredDatabase();
        const nlohmann::json json
            = nlohmann::json::parse(modelFileText({trainedAndStored(db), ""}));
        QVERIFY(json.at("parameters").contains("nk"));
        QCOMPARE(
            parseModelFile(json.dump(), "m.json").stored.parameters, json.at("parameters").dump());
        for (const auto& [key, value] :
            {std::pair {"nk", nlohmann::json(99)}, std::pair {"colour", nlohmann::json(1)}}) {
            nlohmann::json edited = json;
            edited["parameters"][key] = value;
            try {
                parseModelFile(edited.dump(), "m.json");
                QFAIL("edited parameters were accepted");
            } catch (const DataError& e) {
                const std::string message = e.what();
                QVERIFY2(message.find(std::string("m.json: field 'parameters.") + key + "'")
                        != std::string::npos,
                    e.what());
            }
        }
    }

    void trainingDataText_hasOneLinePerRowWithTheMetric()
    {
        auto db = iolens::test::tieredDatabase();
        TrainRequest request;
        request.metric = Metric::RtReadMs;
        const auto rows = selectMeasurements(db, request);
        const std::string text = trainingDataText(rows, Metric::RtReadMs);
        std::size_t withMetric = 0;
        for (const auto& row : rows)
            withMetric += row.value(Metric::RtReadMs) ? 1 : 0;
        QCOMPARE(
            static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')), withMetric + 1);
        QVERIFY(text.rfind("scheduler,fileset_bytes,request_bytes,pattern,read_pct,threads,vms,"
                           "rt_read_ms\n",
                    0)
            == 0);
        QCOMPARE(trainingDataText(rows, Metric::RtReadMs), text);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestModelFile)
#include "test_model_file.moc"
