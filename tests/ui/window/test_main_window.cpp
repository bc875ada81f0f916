// SPDX-License-Identifier: GPL-3.0-or-later
// The window end to end on the embedded example: open, train, move the scenario, read the answer.
#include "common/number_format.hpp"
#include "document/document_controller.hpp"
#include "prediction/model_controller.hpp"
#include "prediction/prediction_panel.hpp"
#include "scenario/scenario_panel.hpp"
#include "scenario/step_slider.hpp"
#include "table/measurement_table_panel.hpp"
#include "window/main_window.hpp"
#include "workflow/model_training.hpp"

#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>

using namespace iolens::ui;
using iolens::core::Configuration;
using iolens::core::Metric;

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("iolens-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("test_main_window"));
        QSettings().clear();
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

    void measuredScenario_showsMeasurementBesideCorePrediction()
    {
        MainWindow window;
        QSignalSpy ready(window.models(), &ModelController::modelsReady);
        QVERIFY(window.documents()->openExample(Example::Tiered));
        QVERIFY(ready.wait(60000));

        // Pick a repeated 100 % read configuration in the table: the sliders follow.
        auto* table = window.tablePanel();
        table->filterEdit()->setText(QStringLiteral("repeat 100 %"));
        QVERIFY(table->view()->model()->rowCount() > 0);
        table->view()->selectRow(0);
        const Configuration config = window.scenarioPanel()->scenario();
        QCOMPARE(config.readPct, 100.0);
        const auto* measured = window.models()->measured().find(config);
        QVERIFY(measured && measured->repetitions > 1);

        auto db = loadExampleDatabase(Example::Tiered);
        iolens::core::TrainRequest request;
        request.metric = Metric::RtReadMs;
        const double expected = iolens::core::trainModel(db, request).predict(config);
        QCOMPARE(*window.models()->evaluation().metrics[0].predicted, expected);
        const PredictionPanel* panel = window.predictionPanel();
        QCOMPARE(panel->predictedText(Metric::RtReadMs),
                 formatSignificant(expected) + QStringLiteral(" ms"));
        QCOMPARE(panel->measuredText(Metric::RtReadMs),
                 formatSignificant(*measured->value(Metric::RtReadMs)) + QStringLiteral(" ms ") +
                     formatRse(*measured->rse(Metric::RtReadMs)));
        QCOMPARE(panel->predictedText(Metric::RtWriteMs), QStringLiteral("n/a"));
        QVERIFY(panel->extrapolationText().isEmpty());

        // Moving a slider answers at once: off the measured grid, no measurement to show.
        StepSlider* request_ = window.scenarioPanel()->requestControl();
        request_->slider()->setValue(request_->slider()->value() + 1);
        QVERIFY(window.scenarioPanel()->scenario().requestBytes != config.requestBytes);
        QCOMPARE(panel->measuredText(Metric::RtReadMs), QStringLiteral("not measured"));
        QVERIFY(panel->predictedText(Metric::RtReadMs).endsWith(QStringLiteral(" ms")));
        QVERIFY(panel->predictedText(Metric::RtReadMs) !=
                formatSignificant(expected) + QStringLiteral(" ms"));
        request_->slider()->setValue(request_->slider()->maximum());
        QVERIFY(panel->extrapolationText().contains(QStringLiteral("outside the measured range")));
    }
};

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
