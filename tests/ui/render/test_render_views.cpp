// SPDX-License-Identifier: GPL-3.0-or-later
// The views `iolens-cli render` draws, found by their own names and by the names of the
// window's tabs that show them (`--tab` of the window), which differ for two of them.
#include "render/render_views.hpp"

#include "support/isolated_settings.hpp"
#include "support/test_registry.hpp"
#include "window/main_window.hpp"

#include <QTabWidget>
#include <QTest>

using namespace iolens::ui;

class TestRenderViews : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { iolens::test::useIsolatedSettings("test_render_views"); }

    void tabNames_findTheViewTheTabShows()
    {
        QVERIFY(findRenderView(QStringLiteral("cdf")) != nullptr);
        QCOMPARE(
            findRenderView(QStringLiteral("error-cdf")), findRenderView(QStringLiteral("cdf")));
        QCOMPARE(
            findRenderView(QStringLiteral("search")), findRenderView(QStringLiteral("surface")));
        QCOMPARE(findRenderView(QStringLiteral("pie")), nullptr);
        QCOMPARE(tabOfRenderView(QStringLiteral("cdf")), QStringLiteral("error-cdf"));
        QCOMPARE(tabOfRenderView(QStringLiteral("surface")), QStringLiteral("search"));
        QCOMPARE(tabOfRenderView(QStringLiteral("profiler")), QStringLiteral("profiler"));
    }

    // Every view but insideout (drawn from measured runs, no tab of its own) names a tab the
    // window has, so `--tab` with a view's name never lands on nothing.
    void everyViewsTab_isATabOfTheWindow()
    {
        MainWindow window;
        const QTabWidget* tabs = window.views();
        for (const RenderView& view : renderViews()) {
            if (view.name == QLatin1String("insideout"))
                continue;
            const auto* page = tabs->findChild<QWidget*>(tabOfRenderView(view.name));
            QVERIFY2(page != nullptr && tabs->indexOf(page) >= 0, qPrintable(view.name));
        }
    }
};

IOLENS_TEST_MAIN(TestRenderViews)
#include "test_render_views.moc"
