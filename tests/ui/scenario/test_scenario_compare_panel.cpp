// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/metric_text.hpp"
#include "common/number_format.hpp"
#include "document/example_database.hpp"
#include "prediction/model_controller.hpp"
#include "scenario/scenario_compare_panel.hpp"
#include "support/isolated_settings.hpp"
#include "support/signal_wait.hpp"
#include "support/test_registry.hpp"

#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QSettings>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>

using namespace iolens::ui;
using iolens::core::Metric;

class TestScenarioComparePanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QLocale::setDefault(QLocale::c());
        iolens::test::useIsolatedSettings("test_scenario_compare_panel");
    }

    void compare_showsEachModelsPredictionInBothScenariosAndTheChange()
    {
        ModelController controller({"lm", "cart"});
        ScenarioComparePanel panel(&controller);
        QSignalSpy ready(&controller, &ModelController::modelsReady);
        controller.setMeasurements(loadExampleDatabase(Example::Tiered).measurements());
        QVERIFY(iolens::test::waitForEmission(ready, 120000));
        panel.scenarios()->setDocumentKey(QStringLiteral("example:tiered#t"));

        const auto& rows = controller.measured().all();
        auto small = rows.front().config;
        small.readPct = 70;
        auto large = small;
        large.requestBytes *= 16;
        panel.setCurrentScenario(small);
        QCOMPARE(panel.saveCurrent(QStringLiteral("small requests")), 0);
        QCOMPARE(panel.list()->count(), 1);
        panel.setCurrentScenario(large);
        panel.setComparison(0, -1); // A: the saved one, B: the sliders' scenario

        const ScenarioEvaluation a
            = evaluateScenario(small, controller.measured(), controller.entries());
        const ScenarioEvaluation b
            = evaluateScenario(large, controller.measured(), controller.entries());
        QTableWidget* table = panel.table();
        QCOMPARE(table->item(0, 0)->text(), metricTitle(Metric::RtReadMs));
        QCOMPARE(table->item(0, 1)->text(), QStringLiteral("lm"));
        const double inA = *a.metrics[0].predictions[0].value;
        const double inB = *b.metrics[0].predictions[0].value;
        const QString unit = QLatin1Char(' ') + metricUnitText(Metric::RtReadMs);
        QCOMPARE(table->item(0, 2)->text(), formatSignificant(inA) + unit);
        QCOMPARE(table->item(0, 3)->text(), formatSignificant(inB) + unit);
        QVERIFY(table->item(0, 5)->text().contains(
            formatPercent(100.0 * (inB - inA) / inA).remove(QLatin1Char('-'))));
        QCOMPARE(table->item(1, 1)->text(), QStringLiteral("cart"));

        // Double-clicking the saved scenario asks the window to go back there.
        QSignalSpy apply(&panel, &ScenarioComparePanel::applyRequested);
        emit panel.list()->itemDoubleClicked(panel.list()->item(0));
        QCOMPARE(apply.count(), 1);
        QVERIFY(apply.first().at(0).value<iolens::core::Configuration>() == small);
    }

    // A new user sees how to start, not a blank list and a table of zero changes; saving makes
    // the saved scenario the baseline A, and B follows the controls.
    void hints_explainTheEmptyListAndAComparisonOfOneConfiguration()
    {
        ModelController controller({"lm"});
        ScenarioComparePanel panel(&controller);
        panel.scenarios()->setDocumentKey(QStringLiteral("example:tiered#hints"));
        const auto runs = loadExampleDatabase(Example::Tiered).measurements();
        auto here = runs.front().config;
        panel.setCurrentScenario(here);
        QVERIFY(!panel.listHint()->isHidden());
        QVERIFY(!panel.sameHint()->isHidden());

        QCOMPARE(panel.saveCurrent(QStringLiteral("baseline")), 0);
        QVERIFY(panel.listHint()->isHidden());
        QVERIFY(!panel.sameHint()->isHidden()); // saved here: A and B are still one
        auto larger = here;
        larger.requestBytes *= 4;
        panel.setCurrentScenario(larger);
        QVERIFY(panel.sameHint()->isHidden());
        // A is the saved baseline, B the controls' scenario.
        QCOMPARE(panel.choiceA()->currentIndex(), 1);
        QCOMPARE(panel.choiceB()->currentIndex(), 0);
        panel.setComparison(-1, -1);
        QVERIFY(!panel.sameHint()->isHidden());
        panel.scenarios()->remove(0);
        QVERIFY(!panel.listHint()->isHidden());
    }

    void summary_namesEveryFactor()
    {
        iolens::core::Configuration c;
        c.scheduler = "bfq";
        c.requestBytes = 16384;
        c.filesetBytes = 4LL << 30;
        c.readPct = 70;
        c.vms = 2;
        QCOMPARE(scenarioSummary(c),
            QStringLiteral("16 KiB · 70 % read · 4 GiB · bfq · random · 2 VMs · 1 thread"));
        c.threads = 30;
        QVERIFY(scenarioSummary(c).endsWith(QStringLiteral("2 VMs · 30 threads")));
    }
};

IOLENS_TEST_MAIN(TestScenarioComparePanel)
#include "test_scenario_compare_panel.moc"
