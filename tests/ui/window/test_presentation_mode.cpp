// SPDX-License-Identifier: GPL-3.0-or-later
// Presentation mode: larger application font and plot pens and fonts while on, exactly the
// normal ones after; the presentation screenshot has twice the window's pixels.
#include "document/document_controller.hpp"
#include "plots/presentation_scale.hpp"
#include "plots/search_surface_view.hpp"
#include "support/isolated_settings.hpp"
#include "support/test_registry.hpp"
#include "window/main_window.hpp"
#include "window/presentation_mode.hpp"
#include "window/presentation_screenshot.hpp"
#include "window/tab_labels.hpp"
#include "window/window_menus.hpp"

#include <qcustomplot.h>

#include <QAction>
#include <QApplication>
#include <QSettings>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace iolens::ui;

class TestPresentationMode : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        iolens::test::useIsolatedSettings("test_presentation_mode");
        iolens::test::choosePaperTechniques();
    }

    void toggling_scalesFontsAndPensAndBack()
    {
        MainWindow window;
        // A plot of the window with one graph of a known pen, as a view would draw it.
        auto* plot = window.findChild<QCustomPlot*>();
        QVERIFY(plot);
        QCPGraph* graph = plot->addGraph();
        graph->setPen(QPen(Qt::blue, 2.0));
        const double tickFont = plot->xAxis->tickLabelFont().pointSizeF();
        const double appFont = QApplication::font().pointSizeF();
        QVERIFY(appFont > 0);

        window.menus()->presentationAction()->trigger(); // on, as from the View menu
        QVERIFY(window.presentation()->isOn());
        QCOMPARE(QApplication::font().pointSizeF(), appFont * PresentationMode::kFactor);
        QCOMPARE(graph->pen().widthF(), 2.0 * PresentationMode::kFactor);
        QCOMPARE(graph->pen().color(), QColor(Qt::blue));
        QCOMPARE(plot->xAxis->tickLabelFont().pointSizeF(), tickFont * PresentationMode::kFactor);

        // A graph a view adds while the mode is on is scaled at its next replot.
        QCPGraph* later = plot->addGraph();
        later->setPen(QPen(Qt::red, 1.0));
        plot->replot();
        QCOMPARE(later->pen().widthF(), PresentationMode::kFactor);

        window.menus()->presentationAction()->trigger(); // off
        QVERIFY(!window.presentation()->isOn());
        QCOMPARE(QApplication::font().pointSizeF(), appFont);
        QCOMPARE(graph->pen().widthF(), 2.0);
        QCOMPARE(later->pen().widthF(), 1.0);
        QCOMPARE(plot->xAxis->tickLabelFont().pointSizeF(), tickFont);
    }

    void aPenSetWhileOn_becomesTheNewNormal()
    {
        QCustomPlot plot;
        QCPGraph* graph = plot.addGraph();
        graph->setPen(QPen(Qt::blue, 2.0));
        installPresentationScale(plot, 2.0);
        QCOMPARE(graph->pen().widthF(), 4.0);
        installPresentationScale(plot, 2.0); // twice never compounds
        QCOMPARE(graph->pen().widthF(), 4.0);
        graph->setPen(QPen(Qt::green, 3.0)); // a view highlights the graph
        plot.replot();
        QCOMPARE(graph->pen().widthF(), 6.0);
        installPresentationScale(plot, 1.0);
        QCOMPARE(graph->pen(), QPen(Qt::green, 3.0));
    }

    void remembered_onlyForRememberingWindows()
    {
        {
            MainWindow window;
            window.rememberSession();
            window.presentation()->setOn(true);
            window.presentation()->setOn(false);
            window.presentation()->setOn(true);
        }
        QVERIFY(QSettings().value(QStringLiteral("view/presentationMode")).toBool());
        MainWindow fresh; // tests and batch runs: always normal
        QVERIFY(!fresh.presentation()->isOn());
        fresh.rememberSession();
        QVERIFY(fresh.presentation()->isOn());
        QVERIFY(fresh.menus()->presentationAction()->isChecked());
        fresh.presentation()->setOn(false);
        QVERIFY(!QSettings().value(QStringLiteral("view/presentationMode")).toBool());
    }

    // At 1280x800, presentation mode's font made the tabs wider than the window: "Conserv"
    // clipped behind scroll arrows, and the window 811 pixels high whatever was asked.
    void presentationMode_keepsEveryTabInViewAt1280x800()
    {
        MainWindow window;
        QVERIFY(window.documents()->openExample(Example::Tiered));
        window.presentation()->setOn(true); // as `iolens --presentation`: before the resize
        window.resize(1280, 800);
        window.show();
        QCoreApplication::processEvents();
        QCOMPARE(window.size(), QSize(1280, 800));
        QVERIFY(window.tabLabels()->briefShown());
        const QTabBar* bar = window.views()->tabBar();
        // Every tab at its full width (not elided) inside the bar (not scrolled away).
        for (int i = 0; i < bar->count(); ++i)
            QVERIFY2(bar->rect().contains(bar->tabRect(i)), qPrintable(bar->tabText(i)));
        QVERIFY2(bar->sizeHint().width() <= bar->width(),
            qPrintable(QStringLiteral("%1 > %2").arg(bar->sizeHint().width()).arg(bar->width())));
        const int search = window.views()->indexOf(window.searchView());
        QCOMPARE(bar->tabText(search), QStringLiteral("Search"));
        QCOMPARE(bar->tabToolTip(search), QStringLiteral("Parameter search"));

        window.presentation()->setOn(false); // the normal font has room for the full titles
        QTRY_VERIFY(!window.tabLabels()->briefShown()); // once the bar has the font
        QCOMPARE(bar->tabText(search), QStringLiteral("Parameter search"));
        QVERIFY(bar->tabToolTip(search).isEmpty());
    }

    void screenshot_hasTwiceTheWindowsSize()
    {
        MainWindow window;
        window.resize(900, 600);
        window.show();
        QCoreApplication::processEvents();
        const QImage image = presentationScreenshot(window, 2.0);
        QCOMPARE(image.size(), window.size() * 2);
        QCOMPARE(image.devicePixelRatio(), 1.0);
        QVERIFY(image.text(QStringLiteral("Software")).startsWith(QStringLiteral("iolens")));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("shot.png"));
        QVERIFY(savePresentationScreenshot(window, path));
        QCOMPARE(QImage(path).size(), window.size() * 2);
        QString error;
        QVERIFY(!savePresentationScreenshot(
            window, dir.filePath(QStringLiteral("no/such/x.png")), 2.0, &error));
        QVERIFY(error.contains(QStringLiteral("x.png")));
    }
};

IOLENS_TEST_MAIN(TestPresentationMode)
#include "test_presentation_mode.moc"
