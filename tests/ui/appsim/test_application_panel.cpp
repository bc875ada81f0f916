// SPDX-License-Identifier: GPL-3.0-or-later
// The Application tab: a sweep on the window's models equals the core simulation of the same
// request, measured runs of the database are drawn, the SLA answer is core::clientHeadroom's,
// and a running sweep can be cancelled.
#include "appsim/application_panel.hpp"
#include "appsim/application_plot.hpp"
#include "appsim/builtin_applications.hpp"
#include "document/example_database.hpp"
#include "prediction/model_controller.hpp"
#include "store/app_runs.hpp"
#include "support/isolated_settings.hpp"
#include "support/signal_wait.hpp"
#include "support/test_registry.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QSignalSpy>
#include <QSlider>
#include <QTest>

using namespace iolens::ui;
namespace core = iolens::core;

class TestApplicationPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QLocale::setDefault(QLocale::c());
        iolens::test::useIsolatedSettings("test_application_panel");
    }

    void sweep_onTheWindowsModels_isTheCoreSimulation()
    {
        ModelController controller({"cart"});
        auto database
            = std::make_shared<core::MeasurementDatabase>(loadExampleDatabase(Example::Local));
        QSignalSpy ready(&controller, &ModelController::modelsReady);
        controller.setMeasurements(database->measurements());
        QVERIFY(iolens::test::waitForEmission(ready, 120000));

        // A measured run of the file server at 4 clients, as loadgen stores it.
        core::AppRunRecord run;
        run.application = "fileserver";
        run.clients = 4;
        run.durationS = 10;
        run.throughputPerS = 500;
        run.responseTimeMs = 7.5;
        run.measuredAt = "2026-11-26T00:00:00Z";
        core::saveAppRun(*database, run);

        ApplicationPanel panel(&controller);
        panel.resize(1400, 800);
        panel.show();
        panel.setDatabase(database);
        const core::Configuration scenario = controller.measured().all().front().config;
        panel.setScenario(scenario);
        QCOMPARE(panel.modelChoice()->currentText(), QStringLiteral("cart"));
        panel.clientsSlider()->setValue(8);
        QSignalSpy shown(&panel, &ApplicationPanel::sweepShown);
        panel.simulateNow();
        QVERIFY(iolens::test::waitForEmission(shown, 60000));

        const std::vector<int> counts {1, 2, 3, 4, 6, 8};
        QCOMPARE(panel.sweep().size(), counts.size());
        QCOMPARE(panel.plot()->responseGraph()->data()->size(), static_cast<int>(counts.size()));
        QCOMPARE(panel.plot()->measuredResponseGraph()->data()->size(), 1);
        // Counts of one in the singular (it read "1 reads" and "1 measured runs").
        const QString subtitle = panel.plot()->subtitleText();
        QVERIFY2(subtitle.startsWith(QStringLiteral("11 operations per loop (1 read, 2 writes)"))
                && subtitle.endsWith(QStringLiteral("· 1 measured run")),
            qPrintable(subtitle));
        QVERIFY(panel.plot()->legend->hasItemWithPlottable(panel.plot()->measuredResponseGraph()));
        // The same request straight through the core gives the same figures.
        const auto& cart = controller.entries()[0];
        core::ModelStorageLatency storage(
            *cart.model(core::Metric::RtReadMs), *cart.model(core::Metric::RtWriteMs), scenario);
        core::SimulationOptions options;
        options.precision = 0.05;
        options.clients = 4;
        const auto direct
            = core::simulateApplication(*core::builtinApplication("fileserver"), storage, options);
        QCOMPARE(panel.sweep()[3].responseTimeMs.mean, direct.responseTimeMs.mean);
        QCOMPARE(panel.sweep()[3].throughputPerS.mean, direct.throughputPerS.mean);

        // The SLA answer is core::clientHeadroom's.
        const double limit = panel.sweep()[2].responseTimeMs.mean * 1.01;
        panel.limitBox()->setValue(limit);
        const auto headroom = core::clientHeadroom(panel.sweep(), panel.limitBox()->value());
        QVERIFY(headroom.largestClients.has_value());
        QVERIFY2(panel.headroomLabel()->text().contains(QString::number(*headroom.largestClients)),
            qPrintable(panel.headroomLabel()->text()));
    }

    void constantStorage_withoutModels_andCancel()
    {
        ModelController controller({"cart"});
        ApplicationPanel panel(&controller);
        panel.show();
        QCOMPARE(panel.modelChoice()->count(), 1); // only the constant before any data
        panel.clientsSlider()->setValue(200);
        QSignalSpy shown(&panel, &ApplicationPanel::sweepShown);
        panel.simulateNow();
        QVERIFY(panel.isSimulating());
        QVERIFY(iolens::test::waitForEmission(shown, 60000));
        QCOMPARE(panel.sweep().back().clients, 200);
        QCOMPARE(panel.sweep().front().ioResponseTimeMs, 1.0);
        // No measured runs, so no legend entries for them.
        QVERIFY(panel.plot()->legend->hasItemWithPlottable(panel.plot()->responseGraph()));
        QVERIFY(!panel.plot()->legend->hasItemWithPlottable(panel.plot()->measuredResponseGraph()));
        QCOMPARE(panel.plot()->legend->itemCount(), 2);
    }
};

IOLENS_TEST_MAIN(TestApplicationPanel)
#include "test_application_panel.moc"
