// SPDX-License-Identifier: GPL-3.0-or-later
#include "workflow/model_training.hpp"

#include "common/error.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::core;

namespace {

// The message of the ConfigError `storedModelNamed(db, name)` throws; empty if it finds the model.
QString refusal(MeasurementDatabase& db, const std::string& name)
{
    try {
        storedModelNamed(db, name);
    } catch (const ConfigError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace

class TestModelTraining : public QObject {
    Q_OBJECT
private slots:
    // A name that is not stored is refused naming the models there are, or saying there are none.
    void storedModelNamed_namesTheStoredModels()
    {
        auto db = iolens::test::tieredDatabase();
        QVERIFY2(refusal(db, "lm_rt")
                     .contains("no model named 'lm_rt' (the database stores no "
                               "model: train one first)"),
            qPrintable(refusal(db, "lm_rt")));
        TrainRequest request;
        request.technique = "lm";
        request.metric = Metric::RtReadMs;
        for (const char* name : {"lm_read", "lm_read2"})
            storeModel(db, trainModel(db, request), name, request);
        QCOMPARE(storedModelNamed(db, "lm_read2").name, std::string("lm_read2"));
        QVERIFY2(
            refusal(db, "lm_rt").contains("no model named 'lm_rt' (stored: lm_read, lm_read2)"),
            qPrintable(refusal(db, "lm_rt")));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestModelTraining)
#include "test_model_training.moc"
