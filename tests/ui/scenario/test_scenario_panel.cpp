// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/example_database.hpp"
#include "scenario/byte_size_spin_box.hpp"
#include "scenario/scenario_panel.hpp"
#include "scenario/step_slider.hpp"
#include "support/test_registry.hpp"

#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTest>

#include <cmath>
#include <functional>
#include <memory>
#include <set>

using namespace iolens::ui;
using iolens::core::Configuration;

class TestScenarioPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QLocale::setDefault(QLocale::c());
        const auto rows = iolens::core::aggregateRepetitions(
            loadExampleDatabase(Example::Tiered).measurements());
        for (const auto& row : rows)
            m_configs.push_back(row.config);
    }

    void init()
    {
        m_panel = std::make_unique<ScenarioPanel>();
        m_panel->setDomain(scenarioDomain(m_configs), typicalThreads(m_configs));
    }

    void setDomain_fillsChoicesFromTheData()
    {
        QVERIFY(m_panel->isEnabled());
        QCOMPARE(m_panel->schedulerControl()->count(), 2);
        QCOMPARE(m_panel->schedulerControl()->itemText(0), QStringLiteral("bfq"));
        QCOMPARE(m_panel->patternControl()->count(), 2);
        QCOMPARE(m_panel->vmsControl()->minimum(), 1);
        QCOMPARE(m_panel->vmsControl()->maximum(), 8);
    }

    void setScenario_roundTripsEveryMeasuredConfigurationAndEmitsOnce()
    {
        QSignalSpy changed(m_panel.get(), &ScenarioPanel::scenarioChanged);
        for (const Configuration& config : m_configs) {
            changed.clear();
            m_panel->setScenario(config);
            QCOMPARE(changed.count(), 1);
            QVERIFY(changed.front().front().value<Configuration>() == config);
            QVERIFY(m_panel->scenario() == config);
        }
    }

    void sliders_stepOntoEveryMeasuredValueExactly()
    {
        m_panel->setScenario(m_configs.front());
        QSignalSpy changed(m_panel.get(), &ScenarioPanel::scenarioChanged);
        std::set<std::int64_t> requests;
        std::set<std::int64_t> filesets;
        std::set<double> shares;
        const auto sweep = [&](StepSlider* control,
                               const std::function<void(const Configuration&)>& record) {
            for (int i = control->slider()->minimum(); i <= control->slider()->maximum(); ++i) {
                control->slider()->setValue(i);
                record(changed.back().front().value<Configuration>());
            }
        };
        sweep(m_panel->requestControl(), [&](const auto& c) { requests.insert(c.requestBytes); });
        sweep(m_panel->filesetControl(), [&](const auto& c) { filesets.insert(c.filesetBytes); });
        sweep(m_panel->readControl(), [&](const auto& c) { shares.insert(c.readPct); });
        for (const Configuration& config : m_configs) {
            QVERIFY(requests.count(config.requestBytes));
            QVERIFY(filesets.count(config.filesetBytes));
            QVERIFY(shares.count(config.readPct));
        }
        // Log scale: the request slider spans 512 B .. 512 KiB in half octaves.
        QCOMPARE(*requests.begin(), std::int64_t {512});
        QCOMPARE(*requests.rbegin(), std::int64_t {512} * 1024);
        QVERIFY(requests.count(6144)); // 6 KiB, the half octave between 4 and 8
        QCOMPARE(m_panel->requestControl()->slider()->maximum(), 20);
    }

    void spinBox_takesTypedSizesWithUnits()
    {
        m_panel->setScenario(m_configs.front());
        QSignalSpy changed(m_panel.get(), &ScenarioPanel::scenarioChanged);
        auto* spin = m_panel->requestControl()->spinBox();
        spin->selectAll();
        QTest::keyClicks(spin, QStringLiteral("24k"));
        QTest::keyClick(spin, Qt::Key_Enter);
        QVERIFY(changed.count() >= 1);
        QCOMPARE(changed.back().front().value<Configuration>().requestBytes, std::int64_t {24576});
        QCOMPARE(spin->text(), QStringLiteral("24 KiB"));
        // 20 KiB is no slider step: the value stays exact and the slider goes to the nearest.
        spin->selectAll();
        QTest::keyClicks(spin, QStringLiteral("20"));
        QTest::keyClick(spin, Qt::Key_Enter);
        QCOMPARE(m_panel->scenario().requestBytes, std::int64_t {20480});
        const int index = m_panel->requestControl()->slider()->value();
        QCOMPARE(m_panel->requestControl()->scale().value(index),
            24576.0); // log-nearer than 16 KiB
        // The arrows step along the slider's steps.
        spin->stepBy(1);
        QCOMPARE(m_panel->scenario().requestBytes, std::int64_t {24576});
    }

    void combosAndVms_changeTheScenario()
    {
        m_panel->setScenario(m_configs.front());
        QSignalSpy changed(m_panel.get(), &ScenarioPanel::scenarioChanged);
        m_panel->vmsControl()->setValue(3);
        QCOMPARE(changed.back().front().value<Configuration>().vms, 3);
        const int other = 1 - m_panel->schedulerControl()->currentIndex();
        m_panel->schedulerControl()->setCurrentIndex(other);
        QCOMPARE(QString::fromStdString(m_panel->scenario().scheduler),
            m_panel->schedulerControl()->itemText(other));
        QCOMPARE(m_panel->scenario().threads, 16); // fixed by the data
        QVERIFY(!m_panel->threadsVary());
        QVERIFY(m_panel->threadsControl()->isHidden());
    }

    // "30 more clients": where the data measured several thread counts, the count is a control.
    void threads_areAControlWhereTheDataVariesThem()
    {
        const std::vector<Configuration> configs = threadSweep({1, 4, 16, 64});
        ScenarioPanel panel;
        panel.setDomain(scenarioDomain(configs), typicalThreads(configs));
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QVERIFY(panel.threadsVary());
        QVERIFY(panel.threadsControl()->isVisible());
        panel.setScenario(configs[2]);
        QCOMPARE(panel.scenario().threads, 16);
        QSignalSpy changed(&panel, &ScenarioPanel::scenarioChanged);
        // Every measured count is a slider step, the ends 1 and 8 x 64.
        std::set<int> counts;
        StepSlider* control = panel.threadsControl();
        for (int i = control->slider()->minimum(); i <= control->slider()->maximum(); ++i) {
            control->slider()->setValue(i);
            counts.insert(changed.back().front().value<Configuration>().threads);
        }
        for (const Configuration& c : configs)
            QVERIFY(counts.count(c.threads));
        QCOMPARE(*counts.begin(), 1);
        QCOMPARE(*counts.rbegin(), 512);
        QVERIFY(counts.count(48)); // the half octave between 32 and 64
        // A typed count is kept exactly; the arrows step by one.
        auto* spin = control->spinBox();
        spin->selectAll();
        QTest::keyClicks(spin, QStringLiteral("46"));
        QTest::keyClick(spin, Qt::Key_Enter);
        QCOMPARE(panel.scenario().threads, 46);
        spin->stepBy(1);
        QCOMPARE(changed.back().front().value<Configuration>().threads, 47);
    }

    // No more VMs than threads, as predict and import insist: at 2 threads the VM count stops
    // at 2 (and comes down to it), at 16 it reaches the panel's 8 again.
    void vms_stopAtTheThreadCount()
    {
        const std::vector<Configuration> configs = threadSweep({1, 2, 16, 64});
        ScenarioPanel panel;
        panel.setDomain(scenarioDomain(configs), typicalThreads(configs));
        Configuration many = configs[2];
        many.vms = 8;
        panel.setScenario(many);
        QCOMPARE(panel.scenario().vms, 8);
        QSignalSpy changed(&panel, &ScenarioPanel::scenarioChanged);
        panel.threadsControl()->spinBox()->setValue(2); // as the user types it
        QCOMPARE(panel.vmsControl()->maximum(), 2);
        const auto last = changed.back().front().value<Configuration>();
        QCOMPARE(last.threads, 2);
        QCOMPARE(last.vms, 2);
        panel.threadsControl()->spinBox()->setValue(16);
        QCOMPARE(panel.vmsControl()->maximum(), ScenarioPanel::kMaxVms);
        Configuration invalid = configs[0]; // 1 thread
        invalid.vms = 4;
        panel.setScenario(invalid);
        QCOMPARE(panel.scenario().vms, 1);
    }

    // The keyboard scenario: focus a slider, press a key, the scenario moves.
    void sliderKeys_moveTheScenarioByOneStep_data()
    {
        QTest::addColumn<int>("key");
        QTest::addColumn<int>("steps");
        QTest::newRow("right") << int(Qt::Key_Right) << 1;
        QTest::newRow("up") << int(Qt::Key_Up) << 1;
        QTest::newRow("left") << int(Qt::Key_Left) << -1;
        QTest::newRow("down") << int(Qt::Key_Down) << -1;
        QTest::newRow("page up") << int(Qt::Key_PageUp) << 2; // StepSlider's page step
        QTest::newRow("page down") << int(Qt::Key_PageDown) << -2;
    }

    void sliderKeys_moveTheScenarioByOneStep()
    {
        QFETCH(int, key);
        QFETCH(int, steps);
        using Field = std::function<double(const Configuration&)>;
        const std::pair<StepSlider*, Field> controls[]
            = {{m_panel->requestControl(),
                   [](const Configuration& c) { return static_cast<double>(c.requestBytes); }},
                {m_panel->filesetControl(),
                    [](const Configuration& c) { return static_cast<double>(c.filesetBytes); }},
                {m_panel->readControl(), [](const Configuration& c) { return c.readPct; }}};
        m_panel->show();
        QVERIFY(QTest::qWaitForWindowActive(m_panel.get()));
        for (const auto& [control, field] : controls) {
            const StepScale& scale = control->scale();
            const int middle = scale.size() / 2;
            control->setValue(scale.value(middle));
            control->slider()->setFocus();
            QCOMPARE(QApplication::focusWidget(), control->slider());
            QSignalSpy changed(m_panel.get(), &ScenarioPanel::scenarioChanged);
            QTest::keyClick(control->slider(), Qt::Key(key));
            QCOMPARE(control->slider()->value(), middle + steps);
            QCOMPARE(changed.count(), 1);
            const auto config = changed.front().front().value<Configuration>();
            // Within rounding to whole bytes or the spin box's decimals, and far below the
            // distance to the next step (a half octave, or 1 %).
            const double expected = scale.value(middle + steps);
            QVERIFY2(std::abs(field(config) - expected) <= 0.5 + 0.005 * expected,
                qPrintable(QStringLiteral("%1 vs %2").arg(field(config)).arg(expected)));
        }
    }

    // Tab from the first control reaches every enabled control of the panel, top to bottom,
    // each slider before its spin box, and comes back round to the first.
    void tab_visitsEveryEnabledControlInOrder()
    {
        m_panel->show();
        QVERIFY(QTest::qWaitForWindowActive(m_panel.get()));
        const QList<QWidget*> expected {m_panel->requestControl()->slider(),
            m_panel->requestControl()->spinBox(), m_panel->filesetControl()->slider(),
            m_panel->filesetControl()->spinBox(), m_panel->readControl()->slider(),
            m_panel->readControl()->spinBox(), m_panel->schedulerControl(),
            m_panel->patternControl(), m_panel->vmsControl()};
        // Independent of the list above: whatever in the panel takes Tab focus must be in it.
        for (QWidget* child : m_panel->findChildren<QWidget*>()) {
            const bool tabbable = (child->focusPolicy() & Qt::TabFocus) && child->isEnabled()
                && child->isVisible() && !child->focusProxy();
            if (tabbable)
                QVERIFY2(expected.contains(child), child->metaObject()->className());
        }
        expected.front()->setFocus();
        QList<QWidget*> visited {QApplication::focusWidget()};
        for (qsizetype i = 0; i < expected.size(); ++i) {
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
            visited << QApplication::focusWidget();
        }
        QCOMPARE(visited.mid(0, expected.size()), expected);
        QCOMPARE(visited.back(), expected.front());
    }

private:
    /// The first configuration at each of `counts` threads.
    std::vector<Configuration> threadSweep(std::initializer_list<int> counts) const
    {
        std::vector<Configuration> configs;
        for (int threads : counts) {
            Configuration c = m_configs.front();
            c.threads = threads;
            configs.push_back(c);
        }
        return configs;
    }

    std::vector<Configuration> m_configs;
    std::unique_ptr<ScenarioPanel> m_panel;
};

IOLENS_TEST_MAIN(TestScenarioPanel)
#include "test_scenario_panel.moc"
