// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/background_pool.hpp"
#include "data/configuration_filter.hpp"
#include "document/example_database.hpp"
#include "models/regressor_registry.hpp"
#include "models/vm_projection.hpp"
#include "prediction/model_controller.hpp"
#include "support/multi_vm_data.hpp"
#include "support/signal_wait.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"
#include "support/test_timeouts.hpp"
#include "validation/holdout_split.hpp"

#include <QSignalSpy>
#include <QTest>
#include <QThreadPool>

using namespace iolens::ui;
using iolens::core::Metric;

using iolens::test::trainCart;

namespace {

int trainedColumns(const ScenarioEvaluation& evaluation)
{
    int trained = 0;
    for (const ModelColumn& column : evaluation.models)
        trained += column.trained ? 1 : 0;
    return trained;
}

} // namespace

class TestModelController : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { m_runs = loadExampleDatabase(Example::Tiered).measurements(); }

    void setMeasurements_aboveTheSampleLimitTrainsOnASeededSample()
    {
        // The tiered example has 106 configurations (some repeated); a limit of 40 samples them.
        ModelController controller({"lm"});
        controller.setTrainingSampleLimit(40);
        QSignalSpy ready(&controller, &ModelController::modelsReady);
        controller.setMeasurements(m_runs);
        QVERIFY(controller.isSampled());
        QCOMPARE(controller.trainingConfigurations(), std::size_t {40});
        QVERIFY(controller.totalConfigurations() > 100);
        // Measured values stay every configuration's: the last one may not be in the sample.
        QCOMPARE(controller.measured().all().size(), controller.totalConfigurations());
        QVERIFY(ready.wait(kTimeoutMs));
        const auto* model = controller.entries()[0].model(Metric::TpWriteMbs);
        QVERIFY(model);
        // Trained on the sample's configurations that have the metric (not all 40 have writes).
        QVERIFY(model->report().rows > 10);
        QVERIFY(model->report().rows <= 40);

        // Below the limit every configuration is used.
        ModelController whole({"lm"});
        QSignalSpy wholeReady(&whole, &ModelController::modelsReady);
        whole.setMeasurements(m_runs);
        QVERIFY(!whole.isSampled());
        QCOMPARE(whole.trainingConfigurations(), whole.totalConfigurations());
        QVERIFY(wholeReady.wait(kTimeoutMs));
        QVERIFY(whole.entries()[0].model(Metric::TpWriteMbs)->report().rows > 40);
    }

    void setMeasurements_trainsEveryTechniqueAndFillsInProgressively()
    {
        ModelController controller;
        const auto techniques = iolens::core::techniqueNames();
        QVERIFY(controller.techniques() == techniques);
        const int count = static_cast<int>(techniques.size());
        QSignalSpy ready(&controller, &ModelController::modelsReady);
        QSignalSpy changed(&controller, &ModelController::entryChanged);
        QSignalSpy evaluated(&controller, &ModelController::evaluated);
        controller.setMeasurements(m_runs);
        QVERIFY(controller.isTraining());
        const auto config = controller.measured().all().front().config;
        controller.setScenario(config);
        // Evaluated at once: one waiting column per technique, measured values already there.
        QCOMPARE(evaluated.count(), 1);
        QCOMPARE(controller.evaluation().models.size(), techniques.size());
        QCOMPARE(trainedColumns(controller.evaluation()), 0);
        QVERIFY(controller.evaluation().repetitions >= 1);

        QVERIFY(ready.wait(kTimeoutMs));
        QVERIFY(!controller.isTraining());
        QCOMPARE(changed.count(), count);
        // One evaluation per finished technique, each with one more column filled in.
        QCOMPARE(evaluated.count(), 1 + count);
        for (int i = 0; i < evaluated.count(); ++i)
            QCOMPARE(trainedColumns(evaluated.at(i).at(0).value<ScenarioEvaluation>()), i);
        QVERIFY(controller.evaluation().modelsReady());
        QVERIFY(controller.trainingSeconds() > 0.0);
        for (std::size_t i = 0; i < techniques.size(); ++i) {
            const ModelEntry& entry = controller.entries()[i];
            QCOMPARE(entry.technique, techniques[i]);
            QCOMPARE(entry.origin, ModelOrigin::Default);
            QVERIFY(entry.trained);
        }
        QVERIFY(controller.entries()[0].model(Metric::RtReadMs)); // lm

        // Every scenario change is answered synchronously.
        auto other = config;
        other.vms = 4;
        controller.setScenario(other);
        QCOMPARE(evaluated.count(), 2 + count);
        QCOMPARE(controller.evaluation().scenario.vms, 4);
        QVERIFY(!controller.evaluation().extrapolation.empty());
    }

    void setMeasurements_crossValidatesEveryModelAsCoreDoes()
    {
        ModelController controller({"lm", "cart"});
        QSignalSpy validated(&controller, &ModelController::crossValidationReady);
        QSignalSpy done(&controller, &ModelController::evaluationsReady);
        controller.setMeasurements(m_runs);
        QVERIFY(controller.isValidating());
        QVERIFY(!controller.crossValidation(0, Metric::RtReadMs));
        QVERIFY(done.wait(kTimeoutMs));
        QCOMPARE(done.count(), 1);
        QCOMPARE(validated.count(), 8);
        QVERIFY(!controller.isValidating());
        for (int entry = 0; entry < 2; ++entry) {
            for (Metric metric : iolens::core::kCoreMetrics) {
                const auto* ours = controller.crossValidation(entry, metric);
                QVERIFY(ours);
                const auto theirs = iolens::core::crossValidatedEvaluation(
                    *controller.entries()[static_cast<std::size_t>(entry)].model(metric),
                    controller.measured().all(), iolens::core::RelativeErrorRule {}, 10, 1);
                QCOMPARE(ours->cost, theirs.cost);
                QCOMPARE(ours->evaluation.meanRelativeError, theirs.evaluation.meanRelativeError);
                QCOMPARE(ours->evaluation.p90, theirs.evaluation.p90);
                QVERIFY(ours->evaluation.relativeError == theirs.evaluation.relativeError);
                QVERIFY(ours->evaluation.cdf.values == theirs.evaluation.cdf.values);
            }
        }
    }

    void setMeasurements_dropsStaleTrainingsAndValidations()
    {
        ModelController controller({"lm", "cart"});
        QSignalSpy ready(&controller, &ModelController::modelsReady);
        QSignalSpy validated(&controller, &ModelController::crossValidationReady);
        QSignalSpy done(&controller, &ModelController::evaluationsReady);
        controller.setMeasurements(m_runs);
        controller.setMeasurements(loadExampleDatabase(Example::Local).measurements());
        QVERIFY(done.wait(kTimeoutMs));
        // Let everything of the first dataset arrive as well: it must be dropped.
        iolens::ui::backgroundPool()->waitForDone();
        QTest::qWait(50);
        QCOMPARE(ready.count(), 1);
        QCOMPARE(done.count(), 1);
        QCOMPARE(validated.count(), 8);
        // The models are the local ones (the tiered set has 106 configurations in all).
        const iolens::core::TrainedModel* model = controller.entries()[0].model(Metric::TpWriteMbs);
        QVERIFY(model);
        QCOMPARE(model->report().rows, 240); // read share < 100 %: 4 of 5 shares x 60
        const auto& scored = controller.crossValidation(0, Metric::TpWriteMbs)->evaluation;
        QCOMPARE(static_cast<int>(scored.configs.size()) + scored.excludedByRule, 240);
    }

    void addModel_addsAColumnThatIsCrossValidatedToo()
    {
        ModelController controller({"lm"});
        QSignalSpy done(&controller, &ModelController::evaluationsReady);
        controller.setMeasurements(m_runs);
        controller.setScenario(controller.measured().all().front().config);
        QVERIFY(done.wait(kTimeoutMs));

        const auto& rows = controller.measured().all();
        const auto optimized = trainCart(rows, Metric::TpWriteMbs, 0.001);
        QCOMPARE(controller.addModel(QStringLiteral("cart (optimized)"), optimized), 1);
        QCOMPARE(controller.entries().size(), std::size_t {2});
        const ModelEntry& entry = controller.entries()[1];
        QCOMPARE(entry.origin, ModelOrigin::Optimized);
        QCOMPARE(entry.technique, std::string("cart"));
        QVERIFY(entry.covers(Metric::TpWriteMbs));
        QVERIFY(!entry.covers(Metric::RtReadMs));
        // The panel's evaluation has the new column at once.
        const ScenarioEvaluation& evaluation = controller.evaluation();
        QCOMPARE(evaluation.models.size(), std::size_t {2});
        QCOMPARE(evaluation.models[1].label, QStringLiteral("cart (optimized)"));
        QCOMPARE(
            *evaluation.metrics[3].predictions[1].value, optimized.predict(evaluation.scenario));
        QVERIFY(controller.isValidating());
        QVERIFY(done.wait(kTimeoutMs));
        const auto direct = iolens::core::crossValidatedEvaluation(
            optimized, rows, iolens::core::RelativeErrorRule {}, 10, 1);
        QCOMPARE(controller.crossValidation(1, Metric::TpWriteMbs)->cost, direct.cost);

        // Another metric under the same label joins the entry; the window's own labels are taken.
        QCOMPARE(controller.addModel(
                     QStringLiteral("cart (optimized)"), trainCart(rows, Metric::RtReadMs, 0.001)),
            1);
        QCOMPARE(controller.entries().size(), std::size_t {2});
        QVERIFY(controller.entries()[1].covers(Metric::RtReadMs));
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("cannot add model")));
        QCOMPARE(controller.addModel(QStringLiteral("lm"), optimized), -1);
        QVERIFY(done.wait(kTimeoutMs));

        // A new dataset drops the added models: they were trained on the old one.
        controller.setMeasurements(m_runs);
        QCOMPARE(controller.entries().size(), std::size_t {1});
    }

    void setMeasurements_multiVmDataAlsoOffersTheProjectedOneVmModel()
    {
        using iolens::core::Configuration;
        const auto runs = iolens::test::withTwoVms(m_runs);
        const std::vector<std::string> techniques {"lm", "cart"};
        ModelController controller(techniques);
        QSignalSpy done(&controller, &ModelController::evaluationsReady);
        controller.setMeasurements(runs);
        QVERIFY(controller.hasMultiVm());
        const QStringList labels {"lm", "lm (1 VM, projected)", "cart", "cart (1 VM, projected)"};
        QCOMPARE(controller.entries().size(), std::size_t {4});
        for (std::size_t e = 0; e < 4; ++e) {
            QCOMPARE(controller.entries()[e].label, labels[static_cast<int>(e)]);
            QCOMPARE(
                controller.entries()[e].rows, e % 2 == 0 ? TrainingRows::All : TrainingRows::OneVm);
        }
        QVERIFY(iolens::test::waitForEmission(done, kTimeoutMs));

        // A measured two-VM configuration with reads and writes, so every metric applies.
        const auto& rows = controller.measured().all();
        const auto twoVm = std::find_if(rows.begin(), rows.end(), [](const auto& row) {
            return row.config.vms == 2 && row.config.readPct > 0.0 && row.config.readPct < 100.0;
        });
        QVERIFY(twoVm != rows.end());
        const Configuration scenario = twoVm->config;
        controller.setScenario(scenario);
        const auto oneVmRuns = trainingRuns(runs, TrainingRows::OneVm);
        const auto oneVmRows = trainingRows(rows, TrainingRows::OneVm);
        QVERIFY(!oneVmRuns.empty() && oneVmRuns.size() * 2 == runs.size());
        for (std::size_t t = 0; t < techniques.size(); ++t) {
            const ModelSet aware = trainModelSet(runs, techniques[t]);
            const ModelSet oneVm = trainModelSet(oneVmRuns, techniques[t]);
            for (std::size_t i = 0; i < iolens::core::kCoreMetrics.size(); ++i) {
                const Metric metric = iolens::core::kCoreMetrics[i];
                const auto& awareModel = aware.find(metric)->model;
                const auto& oneVmModel = oneVm.find(metric)->model;
                QVERIFY(awareModel && oneVmModel);
                QVERIFY(iolens::core::modelsVmCount(*awareModel));
                QVERIFY(!iolens::core::modelsVmCount(*oneVmModel));
                const auto& predictions = controller.evaluation().metrics[i].predictions;
                QCOMPARE(predictions.size(), std::size_t {4});
                QVERIFY(predictions[2 * t].value && predictions[2 * t + 1].value);
                QCOMPARE(*predictions[2 * t].value, awareModel->predict(scenario));
                QCOMPARE(*predictions[2 * t + 1].value,
                    iolens::core::predictSpreadOverVms(*oneVmModel, scenario));

                // The one-VM entry is cross-validated on the rows it was trained on.
                const int projected = static_cast<int>(2 * t + 1);
                const auto* ours = controller.crossValidation(projected, metric);
                QVERIFY(ours);
                const auto theirs = iolens::core::crossValidatedEvaluation(
                    *controller.entries()[static_cast<std::size_t>(projected)].model(metric),
                    oneVmRows, iolens::core::RelativeErrorRule {}, 10, 1);
                QCOMPARE(ours->cost, theirs.cost);
                QVERIFY(ours->evaluation.relativeError == theirs.evaluation.relativeError);
                // Both entries score the multi-VM scenario on the two-VM rows.
                for (std::size_t e : {2 * t, 2 * t + 1})
                    QVERIFY(controller.entries()[e].validation[i].multiVm.has_value());
            }
        }
    }

    void setRuleScenario_oneVmEntryRefitsOnTheOneVmRowsOfTheRest()
    {
        ModelController controller({"lm"});
        QSignalSpy done(&controller, &ModelController::evaluationsReady);
        controller.setMeasurements(iolens::test::withTwoVms(m_runs));
        QVERIFY(iolens::test::waitForEmission(done, kTimeoutMs));
        QSignalSpy ruled(&controller, &ModelController::ruleEvaluationsReady);
        QCOMPARE(controller.setRuleScenario(QStringLiteral("request_kib>32")), QString());
        QVERIFY(iolens::test::waitForEmission(ruled, kTimeoutMs));
        auto split = iolens::core::selectionSplit(controller.measured().all(), std::nullopt,
            iolens::core::ConfigurationFilter::parse("request_kib>32"));
        split.train = trainingRows(split.train, TrainingRows::OneVm);
        const ModelEntry& projected = controller.entries()[1];
        QCOMPARE(projected.rows, TrainingRows::OneVm);
        const auto& ours = projected.validation[0].rule; // kCoreMetrics[0]: rt_read_ms
        QVERIFY(ours);
        const auto theirs = iolens::core::holdoutEvaluation(*projected.model(Metric::RtReadMs),
            split.train, split.test, iolens::core::RelativeErrorRule {}, "request_kib>32");
        QVERIFY(ours->relativeError == theirs.relativeError);
        // The VM-aware entry refits on both VM counts: another model, other errors.
        const auto& aware = controller.entries()[0].validation[0].rule;
        QVERIFY(aware && !(aware->relativeError == theirs.relativeError));
    }

    void setMeasurements_oneVmDataHasOneEntryPerTechnique()
    {
        ModelController controller({"lm", "cart"});
        controller.setMeasurements(m_runs);
        QVERIFY(!controller.hasMultiVm());
        QCOMPARE(controller.entries().size(), std::size_t {2});
        QCOMPARE(controller.entries()[0].label, QStringLiteral("lm"));
        QCOMPARE(controller.entries()[1].label, QStringLiteral("cart"));
        for (const ModelEntry& entry : controller.entries())
            QCOMPARE(entry.rows, TrainingRows::All);
    }

private:
    std::vector<iolens::core::Measurement> m_runs;
};

IOLENS_TEST_GUILESS_MAIN(TestModelController)
#include "test_model_controller.moc"
