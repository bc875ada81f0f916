// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/document_controller.hpp"
#include "document/example_database.hpp"
#include "prediction/model_controller.hpp"
#include "scenario/saved_scenarios.hpp"
#include "scenario/scenario_compare_panel.hpp"
#include "scenario/scenario_panel.hpp"
#include "support/isolated_settings.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"
#include "window/main_window.hpp"
#include "window/window_settings.hpp"

#include <QFile>
#include <QSettings>
#include <QSplitter>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace iolens::ui;

class TestWindowSettings : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        iolens::test::useIsolatedSettings("test_window_settings");
        iolens::test::choosePaperTechniques();
    }
    void init()
    {
        QSettings().clear();
        iolens::test::choosePaperTechniques();
    }

    void lastScenario_isKeptPerDatabase()
    {
        iolens::core::Configuration config {"bfq", 8LL << 30, 32768};
        config.readPct = 25;
        saveLastScenario(QStringLiteral("/data/a.sqlite#grid"), config);
        QVERIFY(*lastScenario(QStringLiteral("/data/a.sqlite#grid")) == config);
        QVERIFY(!lastScenario(QStringLiteral("/data/b.sqlite#grid")));
    }

    void hiddenStoredModels_areKeptPerDatabase()
    {
        const QString a = QStringLiteral("/data/a.sqlite");
        saveHiddenStoredModels(a, {QStringLiteral("cart-small")});
        QCOMPARE(hiddenStoredModels(a), QStringList {QStringLiteral("cart-small")});
        QVERIFY(hiddenStoredModels(QStringLiteral("/data/b.sqlite")).isEmpty());
        saveHiddenStoredModels(a, {}); // every model shown again: nothing left to keep
        QVERIFY(hiddenStoredModels(a).isEmpty());
        QCOMPARE(QSettings().childGroups().contains(QStringLiteral("hiddenStoredModels")), false);
    }

    // Models ▸ Stored models… is remembered per database file, found again by another path to
    // it; an example has a choice too, kept in the settings only. A batch window (no
    // rememberSession) shows every stored model.
    void reopening_aDatabaseKeepsItsHiddenStoredModels()
    {
        QTemporaryDir dir;
        const QString path = iolens::test::storedModelsDatabase(dir.path());
        const QString small = QStringLiteral("cart-small");
        {
            MainWindow window;
            window.rememberSession();
            window.setTechniques({"lm"});
            QVERIFY(window.documents()->openFile(path));
            window.setHiddenStoredModels({small});
            QCOMPARE(window.models()->entryIndex(small), -1);
            QVERIFY(window.documents()->openExample(Example::Tiered));
            window.setHiddenStoredModels({QStringLiteral("someone's model")});
            QCOMPARE(hiddenStoredModels(window.documents()->document()->databaseKey()),
                QStringList {QStringLiteral("someone's model")});
        }
        const QString link = dir.filePath(QStringLiteral("link.sqlite"));
        QVERIFY(QFile::link(path, link));
        MainWindow next;
        next.rememberSession();
        next.setTechniques({"lm"});
        QVERIFY(next.documents()->openFile(link));
        QCOMPARE(next.models()->entryIndex(small), -1);
        QVERIFY(next.models()->entryIndex(QStringLiteral("lm-all")) > 0);
        MainWindow batch;
        batch.setTechniques({"lm"});
        QVERIFY(batch.documents()->openFile(path));
        QVERIFY(batch.models()->entryIndex(small) > 0);
    }

    void closing_remembersTheTabAndTheNextWindowOpensThere()
    {
        {
            MainWindow window;
            window.rememberSession();
            window.views()->setCurrentIndex(2);
            window.close();
        }
        MainWindow batch; // a batch run or a test starts from the defaults
        QCOMPARE(batch.views()->currentIndex(), 0);
        MainWindow next;
        next.rememberSession();
        QCOMPARE(next.views()->currentIndex(), 2);
    }

    void reopening_aDatabaseGoesBackToItsLastScenario()
    {
        iolens::core::Configuration moved;
        {
            MainWindow window;
            window.rememberSession();
            QVERIFY(window.documents()->openExample(Example::Tiered));
            moved = window.scenarioPanel()->scenario();
            moved.readPct = 42;
            moved.vms = 3;
            window.scenarioPanel()->setScenario(moved);
        }
        MainWindow next;
        next.rememberSession();
        QVERIFY(next.documents()->openExample(Example::Tiered));
        QVERIFY(next.scenarioPanel()->scenario() == moved);
        QVERIFY(next.documents()->openExample(Example::Local)); // another database: its own
        QVERIFY(!(next.scenarioPanel()->scenario() == moved));
    }

    // Renaming the shown dataset keeps its saved scenarios and its last scenario (they were
    // kept under the old name and were lost); deleting a dataset forgets them, so a new dataset
    // of that name starts with none.
    void renamingADataset_keepsItsScenarios_deletingForgetsThem()
    {
        QTemporaryDir dir;
        const QString path = iolens::test::storedModelsDatabase(dir.path());
        iolens::core::Configuration moved;
        {
            MainWindow window;
            window.rememberSession();
            window.setTechniques({"lm"});
            QVERIFY(window.documents()->openFile(path));
            moved = window.scenarioPanel()->scenario();
            moved.readPct = 42;
            window.scenarioPanel()->setScenario(moved);
            SavedScenarios* saved = window.scenariosPage()->scenarios();
            QCOMPARE(saved->save(QStringLiteral("busy"), moved), 0);
            QVERIFY(window.documents()->renameDataset(
                QStringLiteral("tiered"), QStringLiteral("  array A ")));
            QCOMPARE(window.documents()->document()->dataset, std::string("array A"));
            QCOMPARE(saved->all().size(), std::size_t {1});
            QCOMPARE(saved->all().front().name, QStringLiteral("busy"));
            QVERIFY(window.scenarioPanel()->scenario() == moved);
        }
        {
            MainWindow next; // the next session finds them under the new name
            next.rememberSession();
            next.setTechniques({"lm"});
            QVERIFY(next.documents()->openFile(path));
            QCOMPARE(next.scenariosPage()->scenarios()->all().size(), std::size_t {1});
            QVERIFY(next.scenarioPanel()->scenario() == moved);
            QVERIFY(next.documents()->removeDataset(QStringLiteral("array A")));
        }
        const QString oldKey = path + QStringLiteral("#tiered");
        const QString newKey = path + QStringLiteral("#array A");
        QVERIFY(!lastScenario(oldKey));
        QVERIFY(!lastScenario(newKey));
        SavedScenarios fresh;
        fresh.setDocumentKey(newKey);
        QVERIFY(fresh.all().empty());
        fresh.setDocumentKey(oldKey);
        QVERIFY(fresh.all().empty());
    }
};

IOLENS_TEST_MAIN(TestWindowSettings)
#include "test_window_settings.moc"
