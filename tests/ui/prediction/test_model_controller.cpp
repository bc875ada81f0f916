// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/example_database.hpp"
#include "prediction/model_controller.hpp"

#include <QSignalSpy>
#include <QTest>
#include <QThreadPool>

using namespace iolens::ui;
using iolens::core::Metric;

class TestModelController : public QObject {
    Q_OBJECT
private slots:
    void setMeasurements_trainsInTheBackgroundThenPredicts()
    {
        const auto runs = loadExampleDatabase(Example::Tiered).measurements();
        ModelController controller;
        QCOMPARE(controller.technique(), QStringLiteral("lm"));
        QSignalSpy ready(&controller, &ModelController::modelsReady);
        QSignalSpy evaluated(&controller, &ModelController::evaluated);
        controller.setMeasurements(runs);
        QVERIFY(controller.isTraining());
        const auto config = controller.measured().all().front().config;
        controller.setScenario(config);
        // Evaluated at once, before the models exist: measured values, no predictions yet.
        QCOMPARE(evaluated.count(), 1);
        QVERIFY(!controller.evaluation().modelsReady);

        QVERIFY(ready.wait(60000));
        QVERIFY(!controller.isTraining());
        QVERIFY(controller.models());
        QCOMPARE(evaluated.count(), 2); // re-evaluated when the models arrived
        const ScenarioEvaluation& result = controller.evaluation();
        QVERIFY(result.modelsReady);
        QVERIFY(result.scenario == config);

        // Every scenario change is answered synchronously.
        auto other = config;
        other.vms = 4;
        controller.setScenario(other);
        QCOMPARE(evaluated.count(), 3);
        QCOMPARE(controller.evaluation().scenario.vms, 4);
        QVERIFY(!controller.evaluation().extrapolation.empty());
    }

    void setMeasurements_dropsAStaleTraining()
    {
        ModelController controller;
        QSignalSpy ready(&controller, &ModelController::modelsReady);
        controller.setMeasurements(loadExampleDatabase(Example::Tiered).measurements());
        controller.setMeasurements(loadExampleDatabase(Example::Local).measurements());
        QVERIFY(ready.wait(60000));
        // Let the first training arrive as well: it must be dropped.
        QThreadPool::globalInstance()->waitForDone();
        QTest::qWait(50);
        QCOMPARE(ready.count(), 1);
        // The models are the local ones (the tiered set has 106 configurations in all).
        const MetricModel* entry = controller.models()->find(Metric::TpWriteMbs);
        QVERIFY(entry && entry->model);
        QCOMPARE(entry->model->report().rows, 240); // read share < 100 %: 4 of 5 shares x 60
    }
};

QTEST_GUILESS_MAIN(TestModelController)
#include "test_model_controller.moc"
