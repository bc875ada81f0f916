// SPDX-License-Identifier: GPL-3.0-or-later
// The menus' keyboard side: every common action has a shortcut, no two actions share one, and
// the shortcuts reach the window's tabs.
#include "document/document.hpp"
#include "document/recent_files.hpp"
#include "scenario/scenario_panel.hpp"
#include "support/isolated_settings.hpp"
#include "support/test_registry.hpp"
#include "window/main_window.hpp"
#include "window/window_menus.hpp"

#include <QAction>
#include <QMainWindow>
#include <QMenu>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTabWidget>
#include <QTest>

#include <map>

using namespace iolens::ui;

namespace {

// The action in the window whose text (without the & accelerator) starts with `text`.
QAction* actionNamed(const QWidget& window, const QString& text)
{
    for (QAction* action : window.findChildren<QAction*>())
        if (action->text().remove(QLatin1Char('&')).startsWith(text))
            return action;
    return nullptr;
}

} // namespace

class TestWindowMenus : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        iolens::test::useIsolatedSettings("test_window_menus");
        iolens::test::choosePaperTechniques();
    }

    void commonActions_haveTheirShortcuts_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("standard"); // QKeySequence::StandardKey, UnknownKey for none
        QTest::addColumn<QKeySequence>("fallback");
        const int none = QKeySequence::UnknownKey;
        QTest::newRow("open") << QStringLiteral("Open…") << int(QKeySequence::Open)
                              << QKeySequence(Qt::CTRL | Qt::Key_O);
        QTest::newRow("save as") << QStringLiteral("Save as…") << int(QKeySequence::SaveAs)
                                 << QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S);
        QTest::newRow("measure") << QStringLiteral("Measure…") << none
                                 << QKeySequence(Qt::CTRL | Qt::Key_M);
        QTest::newRow("evidence") << QStringLiteral("Export evidence pack…") << none
                                  << QKeySequence(Qt::CTRL | Qt::Key_E);
        QTest::newRow("quit") << QStringLiteral("Quit") << int(QKeySequence::Quit)
                              << QKeySequence(Qt::CTRL | Qt::Key_Q);
        QTest::newRow("presentation")
            << QStringLiteral("Presentation mode") << none << QKeySequence(Qt::Key_F5);
        QTest::newRow("panels") << QStringLiteral("Scenario and prediction panels") << none
                                << QKeySequence(Qt::Key_F9);
        QTest::newRow("about") << QStringLiteral("About iolens") << int(QKeySequence::HelpContents)
                               << QKeySequence(Qt::Key_F1);
    }

    // The platform's standard key where it has one, else the usual Linux key.
    void commonActions_haveTheirShortcuts()
    {
        QFETCH(QString, text);
        QFETCH(int, standard);
        QFETCH(QKeySequence, fallback);
        MainWindow window;
        QAction* action = actionNamed(window, text);
        QVERIFY2(action, qPrintable(text));
        const QList<QKeySequence> platform
            = QKeySequence::keyBindings(QKeySequence::StandardKey(standard));
        if (standard == QKeySequence::UnknownKey || platform.isEmpty())
            QCOMPARE(action->shortcuts(), QList<QKeySequence> {fallback});
        else
            QCOMPARE(action->shortcuts(), platform);
    }

    void shortcuts_areUniqueAcrossTheWindow()
    {
        MainWindow window;
        std::map<QString, QString> owner; // portable shortcut text → the action's text
        int count = 0;
        for (QAction* action : window.findChildren<QAction*>()) {
            for (const QKeySequence& key : action->shortcuts()) {
                const QString name = key.toString(QKeySequence::PortableText);
                const auto [it, added] = owner.emplace(name, action->text());
                QVERIFY2(added,
                    qPrintable(QStringLiteral("%1 is on both \"%2\" and \"%3\"")
                                   .arg(name, it->second, action->text())));
                ++count;
            }
        }
        // Open, save as, measure, evidence, quit, F5, F9, F1 and one per tab (at most nine).
        QVERIFY(count >= 8 + std::min(9, window.views()->count()));
    }

    // The Dataset menu names each dataset's source files and import date and offers rename and
    // delete; no two entries of a menu share an accelerator.
    void datasetMenu_showsSourcesAndOffersRenameAndDelete()
    {
        QMainWindow window;
        RecentFiles recent;
        WindowMenus menus(&window, &recent);
        Document document;
        document.datasets = {{1, "sheet", "", "", "", 3, 3}, {2, "runs", "", "", "", 10, 10}};
        document.dataset = "sheet";
        document.importedFiles["sheet"] = {{"/data/sheet.csv", "{}", 3, 1, "2026-11-26T10:11:05Z"}};
        menus.setDocument(&document);
        QVERIFY(menus.datasetMenu()->menuAction()->isVisible());
        QStringList texts;
        for (QAction* action : menus.datasetMenu()->actions())
            texts << action->text();
        QVERIFY2(texts.contains(QStringLiteral("from sheet.csv · imported 2026-11-26 10:11")),
            qPrintable(texts.join(QLatin1Char('|'))));
        QVERIFY(texts.contains(QStringLiteral("&Rename dataset…")));
        QVERIFY(texts.contains(QStringLiteral("De&lete dataset…")));
        QSignalSpy remove(&menus, &WindowMenus::removeDatasetRequested);
        actionNamed(window, QStringLiteral("Delete dataset"))->trigger();
        QCOMPARE(remove.count(), 1);

        std::vector<iolens::core::ImportedFile> many;
        for (const char* name : {"a.json", "b.json", "c.json", "d.json", "e.json"})
            many.push_back({std::string("/r/") + name, "", 1, 0, "2026-11-26T09:00:00Z"});
        QCOMPARE(importedFilesText(many),
            QStringLiteral("from a.json, b.json, c.json and 2 more · imported 2026-11-26 09:00"));

        for (QMenu* menu : window.findChildren<QMenu*>()) {
            std::map<QChar, QString> taken;
            for (QAction* action : menu->actions()) {
                const QString text = action->text();
                const qsizetype at = text.indexOf(QLatin1Char('&'));
                if (at < 0 || at + 1 >= text.size() || text[at + 1] == QLatin1Char('&')
                    || text[at + 1].isDigit())
                    continue;
                const auto [it, added] = taken.emplace(text[at + 1].toLower(), text);
                QVERIFY2(added, qPrintable(text + QStringLiteral(" and ") + it->second));
            }
        }
    }

    void ctrlDigit_switchesToThatTab()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QTabWidget* views = window.views();
        QVERIFY(views->count() >= 3);
        QCOMPARE(window.menus()->goToMenu()->actions().size(), views->count());
        for (int i : {2, views->count() - 1, 0}) {
            if (i >= 9)
                continue;
            QTest::keyClick(&window, Qt::Key(Qt::Key_1 + i), Qt::ControlModifier);
            QCOMPARE(views->currentIndex(), i);
        }
        QCOMPARE(window.menus()->goToMenu()->actions().at(1)->text(), views->tabText(1));
    }

    // F9 hides the scenario and prediction panels and gives their height to the tabs (a
    // projector's 1280x800 in presentation mode); F9 again brings them back.
    void f9_hidesAndShowsThePanels()
    {
        MainWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(window.panelsShown());
        const int tabsHeight = window.views()->height();
        QTest::keyClick(&window, Qt::Key_F9);
        QVERIFY(!window.panelsShown());
        QVERIFY(!window.scenarioPanel()->isVisible());
        QVERIFY(!window.menus()->panelsAction()->isChecked());
        QTRY_VERIFY2(window.views()->height() > tabsHeight + 150,
            qPrintable(QString::number(window.views()->height())));
        QTest::keyClick(&window, Qt::Key_F9);
        QVERIFY(window.panelsShown());
        QVERIFY(window.scenarioPanel()->isVisible());
        QTRY_COMPARE(window.views()->height(), tabsHeight);

        window.setPanelsShown(false); // as `iolens --no-panels` does: the menu follows
        QVERIFY(!window.menus()->panelsAction()->isChecked());
    }

    // View ▸ Language offers the system default and each translation; a choice is stored for
    // the next start, and the status bar says so.
    void languageMenu_storesTheChoiceForTheNextStart()
    {
        QSettings().remove(QStringLiteral("ui/language"));
        MainWindow window;
        const QList<QAction*> actions = window.menus()->languageMenu()->actions();
        QCOMPARE(actions.size(), 3);
        QVERIFY(actions.at(0)->isChecked()); // nothing chosen yet: the system's language
        QSignalSpy chosen(window.menus(), &WindowMenus::languageChosen);
        actions.at(2)->trigger(); // Deutsch
        QCOMPARE(chosen.size(), 1);
        QCOMPARE(chosen.at(0).at(0).toString(), QStringLiteral("de"));
        QCOMPARE(QSettings().value(QStringLiteral("ui/language")).toString(), QStringLiteral("de"));
        QVERIFY(actions.at(2)->isChecked() && !actions.at(0)->isChecked());
        QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("next")));
        actions.at(0)->trigger();
        QVERIFY(!QSettings().contains(QStringLiteral("ui/language")));
    }
};

IOLENS_TEST_MAIN(TestWindowMenus)
#include "test_window_menus.moc"
