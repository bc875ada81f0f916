// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/document_controller.hpp"
#include "document/example_database.hpp"
#include "prediction/model_controller.hpp"
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
};

IOLENS_TEST_MAIN(TestWindowSettings)
#include "test_window_settings.moc"
