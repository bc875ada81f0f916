// SPDX-License-Identifier: GPL-3.0-or-later
// The window end to end on the embedded example: open, train, move the scenario, read the answer.
#include "common/number_format.hpp"
#include "document/document_controller.hpp"
#include "models/model_comparison_model.hpp"
#include "models/model_comparison_panel.hpp"
#include "models/regressor_registry.hpp"
#include "plots/error_cdf_view.hpp"
#include "plots/search_surface_view.hpp"
#include "prediction/model_controller.hpp"
#include "prediction/prediction_panel.hpp"
#include "prediction/technique_choice.hpp"
#include "scenario/scenario_panel.hpp"
#include "scenario/step_slider.hpp"
#include "support/isolated_settings.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"
#include "table/measurement_table_panel.hpp"
#include "window/error_cdf_page.hpp"
#include "window/main_window.hpp"
#include "window/stored_models_dialog.hpp"
#include "window/window_menus.hpp"
#include "workflow/model_training.hpp"

#include <QAction>
#include <QLineEdit>
#include <QMenu>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace iolens::ui;
using iolens::core::Configuration;
using iolens::core::Metric;

namespace {

// The Models ▸ Stored models… dialog on screen; an earlier one may wait for its deletion.
StoredModelsDialog* shownStoredModelsDialog(const MainWindow& window)
{
    for (StoredModelsDialog* dialog : window.findChildren<StoredModelsDialog*>())
        if (dialog->isVisible())
            return dialog;
    return nullptr;
}

// The prediction panel's column headers, one string.
QString predictionHeaders(const MainWindow& window)
{
    QStringList headers;
    for (int column = 0; column < window.predictionPanel()->modelColumnCount(); ++column)
        headers << window.predictionPanel()->modelHeader(column);
    return headers.join(QLatin1Char('|'));
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        iolens::test::useIsolatedSettings("test_main_window");
        iolens::test::choosePaperTechniques();
        QLocale::setDefault(QLocale::c());
    }

    void example_opensReadOnlyWithTableAndTitle()
    {
        MainWindow window;
        window.setErrorDialogsEnabled(false);
        QVERIFY(window.documents()->openExample(Example::Tiered));
        QVERIFY(window.windowTitle().contains(QStringLiteral("fio-tiered")));
        QVERIFY(window.windowTitle().contains(QStringLiteral("(read-only example)")));
        QCOMPARE(window.tablePanel()->view()->model()->rowCount(), 106);
        QVERIFY(window.scenarioPanel()->isEnabled());
        QVERIFY(window.documents()->openExample(Example::Local));
        QCOMPARE(window.tablePanel()->view()->model()->rowCount(), 300);
        QVERIFY(window.windowTitle().contains(QStringLiteral("fio-local")));
    }

    void measuredScenario_showsEveryModelBesideTheMeasurement()
    {
        MainWindow window;
        QSignalSpy ready(window.models(), &ModelController::modelsReady);
        QVERIFY(window.documents()->openExample(Example::Tiered));
        QVERIFY(!window.statusBar()->currentMessage().contains(QStringLiteral("linear")));
        QVERIFY(ready.wait(60000));
        QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("models trained")));

        // Pick a repeated 100 % read configuration in the table: the sliders follow.
        auto* table = window.tablePanel();
        table->filterEdit()->setText(QStringLiteral("repeat 100 %"));
        QVERIFY(table->view()->model()->rowCount() > 0);
        table->view()->selectRow(0);
        const Configuration config = window.scenarioPanel()->scenario();
        QCOMPARE(config.readPct, 100.0);
        const auto* measured = window.models()->measured().find(config);
        QVERIFY(measured && measured->repetitions > 1);

        // One column per technique (here the paper's five, chosen in initTestCase), each
        // predicting what the command line's model predicts.
        const PredictionPanel* panel = window.predictionPanel();
        const auto techniques = iolens::core::paperTechniques();
        QCOMPARE(window.models()->techniques(), techniques);
        QCOMPARE(panel->modelColumnCount(), static_cast<int>(techniques.size()));
        auto db = loadExampleDatabase(Example::Tiered);
        for (const char* name : {"lm", "cart"}) {
            const std::string technique = name;
            const int column = static_cast<int>(
                std::find(techniques.begin(), techniques.end(), technique) - techniques.begin());
            QCOMPARE(panel->modelHeader(column), QString::fromStdString(technique));
            iolens::core::TrainRequest request;
            request.technique = technique;
            request.metric = Metric::RtReadMs;
            const double expected = iolens::core::trainModel(db, request).predict(config);
            QCOMPARE(*window.models()->evaluation().metrics[0].predictions[column].value, expected);
            QCOMPARE(panel->predictedText(Metric::RtReadMs, column), formatSignificant(expected));
            QCOMPARE(panel->predictedText(Metric::RtWriteMs, column), QStringLiteral("n/a"));
        }
        QCOMPARE(panel->measuredText(Metric::RtReadMs),
            formatSignificant(*measured->value(Metric::RtReadMs)) + QStringLiteral(" ")
                + formatRse(*measured->rse(Metric::RtReadMs)));
        QVERIFY(panel->extrapolationText().isEmpty());

        // Moving a slider answers at once: off the measured grid, no measurement to show.
        const QString before = panel->predictedText(Metric::RtReadMs, 0);
        StepSlider* request_ = window.scenarioPanel()->requestControl();
        request_->slider()->setValue(request_->slider()->value() + 1);
        QVERIFY(window.scenarioPanel()->scenario().requestBytes != config.requestBytes);
        QCOMPARE(panel->measuredText(Metric::RtReadMs), QStringLiteral("not measured"));
        QVERIFY(panel->predictedText(Metric::RtReadMs, 0) != before);
        request_->slider()->setValue(request_->slider()->maximum());
        QVERIFY(panel->extrapolationText().contains(QStringLiteral("outside the measured range")));
    }

    void modelsMenu_choosesTheTechniquesAndRemembersThem()
    {
        // Without a choice: the recommended model, then the paper's five.
        QSettings().remove(QStringLiteral("models/techniques"));
        {
            MainWindow fresh;
            QCOMPARE(fresh.models()->techniques(), iolens::core::defaultTechniques());
            for (QAction* action : fresh.menus()->modelsMenu()->actions()) {
                const QString technique = action->data().toString();
                QCOMPARE(action->isChecked(),
                    technique == QStringLiteral("auto") || technique == QStringLiteral("lm")
                        || technique == QStringLiteral("mars")
                        || technique == QStringLiteral("cart") || technique == QStringLiteral("m5")
                        || technique == QStringLiteral("cubist"));
            }
        }
        // The paper's five here (initTestCase's choice), so that the test does not wait for
        // auto's nested cross-validation; recommendedModel_... trains it.
        iolens::test::choosePaperTechniques();
        MainWindow window;
        QSignalSpy ready(window.models(), &ModelController::modelsReady);
        QVERIFY(window.documents()->openExample(Example::Tiered));
        QVERIFY(ready.wait(60000));
        QAction* ridge = nullptr;
        for (QAction* action : window.menus()->modelsMenu()->actions())
            if (action->data().toString() == QStringLiteral("ridge"))
                ridge = action;
        QVERIFY(ridge);
        ridge->trigger(); // ticks it and retrains with it
        QVERIFY(ready.wait(60000));
        QCOMPARE(window.predictionPanel()->modelColumnCount(), 6);
        QVERIFY(QSettings()
                    .value(QStringLiteral("models/techniques"))
                    .toStringList()
                    .contains(QStringLiteral("ridge")));
        MainWindow next; // a new window starts with the remembered choice
        QCOMPARE(next.models()->techniques().size(), std::size_t {6});
        iolens::test::choosePaperTechniques();
    }

    void recommendedModel_isTheFirstColumnAndExplainsItsChoice()
    {
        // auto alone: its nested cross-validation runs while the window lives (and the window
        // waits for the running part when it closes), which costs minutes beside five others
        // under the sanitizers.
        QSettings().setValue(QStringLiteral("models/techniques"), QStringList {"auto"});
        MainWindow window;
        window.setErrorDialogsEnabled(false);
        QSignalSpy ready(window.models(), &ModelController::modelsReady);
        QVERIFY(window.documents()->openExample(Example::Tiered));
        QVERIFY(ready.wait(60000));
        iolens::test::choosePaperTechniques();
        const PredictionPanel* panel = window.predictionPanel();
        QCOMPARE(panel->modelHeader(0), QStringLiteral("auto"));

        // It predicts what `iolens-cli train --technique auto` predicts.
        const Configuration config = window.scenarioPanel()->scenario();
        auto db = loadExampleDatabase(Example::Tiered);
        for (Metric metric : {Metric::RtWriteMs, Metric::TpWriteMbs}) {
            iolens::core::TrainRequest request;
            request.technique = "auto";
            request.metric = metric;
            const double expected = iolens::core::trainModel(db, request).predict(config);
            const std::size_t m = coreMetricIndex(metric);
            QCOMPARE(*window.models()->evaluation().metrics[m].predictions[0].value, expected);
            QCOMPARE(panel->predictedText(metric, 0), formatSignificant(expected));
        }

        // The Models tab says which candidate it chose and how the candidates scored.
        auto* comparison = window.views()->findChild<ModelComparisonPanel*>();
        QVERIFY(comparison);
        const ModelComparisonModel* table = comparison->model();
        const int row = table->rowOf(0, Metric::RtWriteMs);
        QVERIFY(row >= 0);
        const QString description = table->description(row);
        QVERIFY2(description.contains(QStringLiteral("Chosen:")), qPrintable(description));
        QVERIFY(description.contains(QStringLiteral("grouped cross-validation")));
    }

    void errorCdfTab_drawsOneCurvePerCrossValidatedModel()
    {
        MainWindow window;
        window.views()->setCurrentWidget(window.errorCdfPage());
        QSignalSpy done(window.models(), &ModelController::evaluationsReady);
        QVERIFY(window.documents()->openExample(Example::Tiered));
        QVERIFY(done.wait(120000));
        for (Metric metric : iolens::core::kCoreMetrics) {
            window.errorCdfView()->setMetric(metric);
            QCOMPARE(window.errorCdfView()->curveCount(), 5);
        }
        // The optimizer's model joins every view as one more model.
        auto db = loadExampleDatabase(Example::Tiered);
        iolens::core::TrainRequest request;
        request.technique = "cart";
        request.metric = Metric::TpReadMbs;
        request.params = {{"cp", 0.001}};
        emit window.searchView()->modelOptimized(iolens::core::trainModel(db, request));
        const int entry = window.models()->entryIndex(QStringLiteral("cart (optimized)"));
        QVERIFY(entry >= 0);
        QCOMPARE(window.predictionPanel()->modelColumnCount(), 6);
        QVERIFY(done.wait(60000));
        window.errorCdfView()->setMetric(Metric::TpReadMbs);
        QCOMPARE(window.errorCdfView()->curveCount(), 6);

        // The holdout scenarios: fio-tiered's 16 KiB requests lie between 4 and 64 KiB.
        window.errorCdfPage()->setScenario(ErrorScenario::Interpolation);
        QCOMPARE(window.errorCdfView()->curveCount(), 6);
        const auto& validation = window.models()->entries()[0].validation[2]; // lm, tp_read
        QVERIFY(validation.interpolation.has_value());
        for (const Configuration& config : validation.interpolation->configs)
            QCOMPARE(config.requestBytes, std::int64_t {16384});
        window.errorCdfPage()->setScenario(ErrorScenario::Extrapolation);
        QVERIFY(validation.extrapolation.has_value());
        for (const Configuration& config : validation.extrapolation->configs)
            QCOMPARE(config.requestBytes, std::int64_t {65536});
    }

    void modelsTab_comparesEveryModelOnceCrossValidated()
    {
        MainWindow window;
        QTabWidget* views = window.views();
        QCOMPARE(
            views->tabText(views->indexOf(window.comparisonPanel())), QStringLiteral("Models"));
        QVERIFY(views->findChild<QWidget*>(QStringLiteral("models")) == window.comparisonPanel());
        QSignalSpy done(window.models(), &ModelController::evaluationsReady);
        QVERIFY(window.documents()->openExample(Example::Local));
        QVERIFY(done.wait(120000));
        const ModelComparisonModel* model = window.comparisonPanel()->model();
        int expectedRows = 0;
        for (const ModelEntry& entry : window.models()->entries())
            for (Metric metric : iolens::core::kCoreMetrics)
                expectedRows += entry.covers(metric) ? 1 : 0;
        QCOMPARE(model->rowCount(), expectedRows);
        const int lmRow = model->rowOf(0, Metric::TpWriteMbs);
        QVERIFY(model->index(lmRow, ModelComparisonModel::MeanErrorColumn)
                    .data(ModelComparisonModel::kSortRole)
                    .isValid());
        QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("Cross-validation")));
    }

    // Models ▸ Stored models…: unticking a stored model takes its column out of the views;
    // ticking it again brings it back without retraining the window's own models.
    void storedModelsDialog_choosesWhichStoredModelsAreShown()
    {
        QTemporaryDir dir;
        const QString path = iolens::test::storedModelsDatabase(dir.path());
        MainWindow window;
        window.setErrorDialogsEnabled(false);
        window.setTechniques({"lm"});
        QAction* action = window.menus()->storedModelsAction();
        QVERIFY(!action->isEnabled()); // nothing open yet
        QVERIFY(window.documents()->openFile(path));
        QVERIFY(action->isEnabled());
        const QString small = QStringLiteral("cart-small");
        QVERIFY(window.models()->entryIndex(small) > 0);
        QVERIFY(predictionHeaders(window).contains(small));

        QSignalSpy started(window.models(), &ModelController::trainingStarted);
        action->trigger();
        StoredModelsDialog* dialog = shownStoredModelsDialog(window);
        QVERIFY(dialog);
        QCOMPARE(dialog->table()->name(0), small);
        QVERIFY(dialog->table()->isShown(0));
        dialog->table()->setShown(0, false);
        dialog->accept();
        QCOMPARE(started.count(), 1); // a column only goes with the models set up afresh
        QCOMPARE(window.models()->entryIndex(small), -1);
        QVERIFY(window.models()->entryIndex(QStringLiteral("lm-all")) > 0);
        QVERIFY2(!predictionHeaders(window).contains(small), qPrintable(predictionHeaders(window)));
        QCOMPARE(window.storedModelChoice().hidden, QStringList {small});

        action->trigger();
        dialog = shownStoredModelsDialog(window);
        QVERIFY(dialog);
        QVERIFY(!dialog->table()->isShown(0));
        dialog->table()->setShown(0, true);
        dialog->accept();
        QCOMPARE(started.count(), 1); // added beside the trained models, nothing retrained
        QVERIFY(window.models()->entryIndex(small) > 0);
        QVERIFY(predictionHeaders(window).contains(small));

        action->trigger(); // Cancel changes nothing
        dialog = shownStoredModelsDialog(window);
        QVERIFY(dialog);
        dialog->table()->setAllShown(false);
        dialog->reject();
        QVERIFY(window.models()->entryIndex(small) > 0);
        QVERIFY(window.storedModelChoice().hidden.isEmpty());
    }
};

IOLENS_TEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
