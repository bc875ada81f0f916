// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/example_database.hpp"
#include "planning/capacity_panel.hpp"
#include "prediction/model_controller.hpp"
#include "support/isolated_settings.hpp"
#include "support/signal_wait.hpp"
#include "support/test_registry.hpp"

#include <QSettings>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>

using namespace iolens::ui;
namespace core = iolens::core;

class TestCapacityPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QLocale::setDefault(QLocale::c());
        iolens::test::useIsolatedSettings("test_capacity_panel");
    }

    void answers_areCoreHeadroomPerModelAndFactor()
    {
        ModelController controller({"lm", "cart"});
        CapacityPanel panel(&controller);
        panel.show(); // hidden panels skip the work
        QSignalSpy ready(&controller, &ModelController::modelsReady);
        controller.setMeasurements(loadExampleDatabase(Example::Tiered).measurements());
        QVERIFY(iolens::test::waitForEmission(ready, 120000));
        QCOMPARE(panel.table()->rowCount(), 0); // no limit yet

        core::Configuration scenario = controller.measured().all().front().config;
        scenario.readPct = 70;
        scenario.filesetBytes = 1LL << 30;
        panel.setScenario(scenario);
        const std::vector<core::SlaLimit> limits {
            core::parseSlaLimit("rt_read_ms<=5"), core::parseSlaLimit("tp_write_mbs>=10")};
        panel.setLimits(limits);
        QCOMPARE(panel.limits().size(), std::size_t {2});
        QCOMPARE(panel.table()->rowCount(), 2);
        QCOMPARE(panel.answers().size(), std::size_t {2});

        std::vector<core::Configuration> configs;
        for (const auto& row : controller.measured().all())
            configs.push_back(row.config);
        const auto& cart = controller.entries()[1];
        const auto direct = core::findHeadroom(
            {cart.model(core::Metric::RtReadMs), cart.model(core::Metric::RtWriteMs),
                cart.model(core::Metric::TpReadMbs), cart.model(core::Metric::TpWriteMbs)},
            scenario, core::HeadroomFactor::FilesetBytes, limits, core::factorDomain(configs));
        const auto& shown = panel.answers()[1][1];
        QCOMPARE(shown.largest, direct.largest);
        QCOMPARE(panel.table()->item(1, 2)->text(), headroomText(direct));
        QVERIFY(panel.table()->item(1, 2)->text().startsWith(QStringLiteral("up to ")));
        // The example measured 16 threads only: no "More threads" column (no model learnt it).
        QCOMPARE(panel.table()->columnCount(), 5);
        QVERIFY(panel.table()->isColumnHidden(4));
        QVERIFY(!panel.table()->isColumnHidden(3));

        // The limits are remembered for the next window.
        CapacityPanel next(&controller);
        QCOMPARE(next.limits().size(), std::size_t {2});
        QCOMPARE(next.limits()[0].bound, 5.0);
    }

    void text_saysWhatBreaks()
    {
        core::HeadroomAnswer broken;
        broken.binding = core::parseSlaLimit("rt_write_ms<=1");
        QCOMPARE(headroomText(broken), QStringLiteral("✗ Write RT broken now"));
        core::HeadroomAnswer open;
        open.factor = core::HeadroomFactor::Vms;
        open.meetsNow = true;
        open.openEnded = true;
        open.largest = 8;
        open.margin = 0.25;
        QCOMPARE(headroomText(open), QStringLiteral("≥ 8 VMs · 25 % margin"));
    }
};

IOLENS_TEST_MAIN(TestCapacityPanel)
#include "test_capacity_panel.moc"
