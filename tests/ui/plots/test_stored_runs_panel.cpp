// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/stored_runs_panel.hpp"
#include "support/test_registry.hpp"

#include <QComboBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using namespace iolens::ui;
namespace core = iolens::core;

namespace {

core::StoredOptimizerRun run(std::int64_t id, const std::string& status, int points)
{
    core::StoredOptimizerRun r;
    r.id = id;
    r.technique = "cart";
    r.metric = "rt_read_ms";
    r.status = status;
    r.points = points;
    r.created = "2026-11-26T12:00:00Z";
    return r;
}

} // namespace

class TestStoredRunsPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void runs_areListedNewestFirstWithTheirState()
    {
        StoredRunsPanel panel;
        panel.setRuns({run(1, "finished", 40), run(2, "cancelled", 12)}, true);
        QCOMPARE(panel.runBox()->count(), 2);
        QCOMPARE(panel.runBox()->itemText(0), storedRunText(run(2, "cancelled", 12)));
        QVERIFY(panel.runBox()->itemText(0).contains(QStringLiteral("Run 2")));
        QVERIFY(panel.runBox()->itemText(0).contains(QStringLiteral("cancelled")));
        QVERIFY(panel.runBox()->itemText(0).contains(QStringLiteral("12 points")));
        QVERIFY(storedRunText(run(3, "cancelled", 1)).endsWith(QStringLiteral(" · 1 point")));
        QCOMPARE(panel.selectedRun(), std::optional<std::int64_t>(2));
    }

    void resume_onlyForUnfinishedRunsOfAWritableDatabase()
    {
        StoredRunsPanel panel;
        panel.setRuns({run(1, "finished", 40), run(2, "running", 3)}, true);
        panel.selectRun(2);
        QVERIFY(panel.resumeButton()->isEnabled());
        panel.selectRun(1);
        QVERIFY(!panel.resumeButton()->isEnabled());
        QVERIFY(panel.showButton()->isEnabled());
        panel.setRuns({run(1, "finished", 40), run(2, "running", 3)}, false);
        panel.selectRun(2);
        QVERIFY(!panel.resumeButton()->isEnabled());
        QVERIFY(panel.showButton()->isEnabled());
        panel.setBusy(true);
        QVERIFY(!panel.showButton()->isEnabled());
        QVERIFY(!panel.runBox()->isEnabled());
    }

    void buttons_askForTheSelectedRun()
    {
        StoredRunsPanel panel;
        panel.setRuns({run(4, "cancelled", 5), run(9, "failed", 1)}, true);
        panel.selectRun(4);
        QSignalSpy show(&panel, &StoredRunsPanel::showRequested);
        QSignalSpy resume(&panel, &StoredRunsPanel::resumeRequested);
        panel.showButton()->click();
        panel.resumeButton()->click();
        QCOMPARE(show.count(), 1);
        QCOMPARE(show.first().at(0).toLongLong(), 4);
        QCOMPARE(resume.count(), 1);
        QCOMPARE(resume.first().at(0).toLongLong(), 4);
    }

    void noRuns_saysWhetherSearchesAreRecorded()
    {
        StoredRunsPanel panel;
        panel.setRuns({}, false);
        QVERIFY(!panel.showButton()->isEnabled());
        QVERIFY(!panel.resumeButton()->isEnabled());
        QVERIFY(!panel.runBox()->isEnabled());
    }
};

IOLENS_TEST_MAIN(TestStoredRunsPanel)
#include "test_stored_runs_panel.moc"
