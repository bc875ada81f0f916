// SPDX-License-Identifier: GPL-3.0-or-later
// The window set-up shared by `iolens-cli render` and `iolens-cli evidence`: a document that
// cannot be opened is a ConfigError naming the file, the scenario and size are applied, and
// runUntil ends on its predicate or on its timeout.
#include "prediction/model_controller.hpp"
#include "render/headless_window.hpp"

#include "common/error.hpp"
#include "document/document_controller.hpp"
#include "scenario/scenario_panel.hpp"
#include "support/isolated_settings.hpp"
#include "support/test_registry.hpp"
#include "window/main_window.hpp"

#include <QElapsedTimer>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace iolens::ui;

class TestHeadlessWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        iolens::test::useIsolatedSettings("test_headless_window");
        iolens::test::choosePaperTechniques();
    }

    void openHeadlessWindow_missingDatabaseThrowsConfigErrorNamingTheFile()
    {
        QTemporaryDir dir;
        const QString missing = dir.filePath(QStringLiteral("missing.sqlite"));
        MainWindow window;
        try {
            openHeadlessWindow(
                window, {missing, Example::Tiered, QString(), QSize(800, 600), {}, {}});
            QFAIL("no exception");
        } catch (const iolens::core::ConfigError& e) {
            QVERIFY2(
                QString::fromUtf8(e.what()).contains(QStringLiteral("missing.sqlite")), e.what());
        }
        QVERIFY(!window.documents()->document());
        QVERIFY(!window.isVisible());
    }

    void openHeadlessWindow_opensTheExampleWithScenarioAndSize()
    {
        MainWindow window;
        openHeadlessWindow(window,
            {QString(), Example::Tiered, QStringLiteral("threads=16,read=70"), QSize(1200, 800), {},
                {"lm", "cart"}});
        QVERIFY(window.documents()->document());
        QCOMPARE(window.documents()->document()->name, QStringLiteral("fio-tiered"));
        QCOMPARE(window.scenarioPanel()->scenario().threads, 16);
        QCOMPARE(window.scenarioPanel()->scenario().readPct, 70.0);
        QCOMPARE(window.size(), QSize(1200, 800));
        QVERIFY(window.isVisible());
        // --technique: the window's own models, in the order given.
        QCOMPARE(window.models()->techniques(), std::vector<std::string>({"lm", "cart"}));
    }

    void runUntil_returnsFalseWhenTheTimeoutPasses()
    {
        QElapsedTimer clock;
        clock.start();
        QVERIFY(!runUntil([] { return false; }, 200));
        QVERIFY2(clock.elapsed() >= 200, qPrintable(QString::number(clock.elapsed())));
    }

    void runUntil_returnsTrueOnceThePredicateHolds()
    {
        bool done = false;
        QTimer::singleShot(50, [&done] { done = true; }); // delivered by runUntil's event loop
        QElapsedTimer clock;
        clock.start();
        QVERIFY(runUntil([&done] { return done; }, 60000));
        QVERIFY2(clock.elapsed() < 30000, qPrintable(QString::number(clock.elapsed())));
    }

    void runUntil_returnsAtOnceWhenThePredicateAlreadyHolds()
    {
        bool ran = false;
        QTimer::singleShot(0, [&ran] { ran = true; });
        QVERIFY(runUntil([] { return true; }, 60000));
        QVERIFY(!ran); // the event loop did not run
        QCoreApplication::processEvents();
        QVERIFY(ran);
    }
};

IOLENS_TEST_MAIN(TestHeadlessWindow)
#include "test_headless_window.moc"
