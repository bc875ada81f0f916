// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/document_controller.hpp"
#include "models/model_comparison_panel.hpp"
#include "prediction/model_controller.hpp"
#include "prediction/prediction_panel.hpp"
#include "support/dark_palette.hpp"
#include "support/isolated_settings.hpp"
#include "support/test_registry.hpp"
#include "traces/trace_panel.hpp"
#include "window/main_window.hpp"
#include "window/window_screenshot.hpp"

#include <QApplication>
#include <QImage>
#include <QScopeGuard>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <qcustomplot.h>

using namespace iolens::ui;

class TestWindowScreenshot : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        iolens::test::useIsolatedSettings("test_window_screenshot");
        iolens::test::choosePaperTechniques();
    }

    void saveScreenshotWhenReady_waitsForTheModels()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("shots/window.png"));
        MainWindow window;
        QVERIFY(window.documents()->openExample(Example::Local));
        window.resize(1280, 800);
        window.show();
        std::optional<bool> result;
        saveScreenshotWhenReady(window, path, [&](bool ok) { result = ok; });
        QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 60000);
        QVERIFY(*result);
        // The picture was taken with predictions on screen, not "training", and its status
        // line does not say that work still runs (the Predictions tab waits for none).
        QVERIFY(!window.predictionPanel()->statusText().contains(QStringLiteral("Training")));
        const QString status = window.statusBar()->currentMessage();
        QVERIFY2(status.contains(QStringLiteral("runs of")), qPrintable(status));
        QVERIFY2(!status.contains(QStringLiteral("Cross-validat")), qPrintable(status));
        const QImage image(path);
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), QSize(1280, 800) * image.devicePixelRatio());
    }

    void saveScreenshotWhenReady_onTheModelsTabWaitsForTheCrossValidation()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("models.png"));
        MainWindow window;
        window.views()->setCurrentWidget(window.comparisonPanel());
        QVERIFY(window.documents()->openExample(Example::Tiered));
        window.resize(1280, 800);
        window.show();
        std::optional<bool> result;
        saveScreenshotWhenReady(window, path, [&](bool ok) { result = ok; });
        QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 120000);
        QVERIFY(*result);
        QVERIFY(!window.models()->isTraining());
        QVERIFY(!window.models()->isValidating());
        QVERIFY(!QImage(path).isNull());
    }

    // The Trace tab of a database without a trace is drawn at once, but the prediction panel
    // above it shows the measurement models: the picture waits for them, not "...".
    void saveScreenshotWhenReady_onTheTraceTabWaitsForTheModels()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("trace.png"));
        // auto takes long enough to train (about a second on fio-tiered) that a picture taken
        // at once would show its column as "..."; the paper's techniques are back afterwards.
        QSettings().setValue(QStringLiteral("models/techniques"), QStringList {"lm", "auto"});
        const auto restore = qScopeGuard([] { iolens::test::choosePaperTechniques(); });
        MainWindow window;
        window.views()->setCurrentWidget(window.tracePage());
        QVERIFY(window.documents()->openExample(Example::Tiered));
        QVERIFY(window.models()->isTraining());
        window.resize(1280, 800);
        window.show();
        std::optional<bool> result;
        bool trainingWhenTaken = true;
        QString panelWhenTaken;
        saveScreenshotWhenReady(window, path, [&](bool ok) {
            result = ok;
            trainingWhenTaken = window.models()->isTraining();
            panelWhenTaken = window.predictionPanel()->statusText();
        });
        QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 60000);
        QVERIFY(*result);
        QVERIFY(!trainingWhenTaken);
        QVERIFY2(!panelWhenTaken.contains(QStringLiteral("Training")), qPrintable(panelWhenTaken));
        QVERIFY(!QImage(path).isNull());
    }

    // Issue 5: under a dark system palette the plots turn dark too, not white boxes in a dark
    // window. IOLENS_SCREENSHOT_DIR keeps the picture for a look (dark-window.png).
    void saveScreenshotWhenReady_underADarkPaletteDrawsDarkPlots()
    {
        const QPalette light = QApplication::palette();
        QApplication::setPalette(iolens::test::darkPalette());
        QTemporaryDir dir;
        const QString kept = qEnvironmentVariable("IOLENS_SCREENSHOT_DIR");
        const QString path
            = (kept.isEmpty() ? dir.path() : kept) + QStringLiteral("/dark-window.png");
        MainWindow window;
        window.views()->setCurrentWidget(window.findChild<QWidget*>(QStringLiteral("predictions")));
        QVERIFY(window.documents()->openExample(Example::Tiered));
        window.resize(1280, 800);
        window.show();
        std::optional<bool> result;
        saveScreenshotWhenReady(window, path, [&](bool ok) { result = ok; });
        QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 60000);
        // For a look at every tab: dark-<tab>.png, a few seconds after switching to it.
        for (int i = 0; !kept.isEmpty() && i < window.views()->count(); ++i) {
            window.views()->setCurrentIndex(i);
            QTest::qWait(3000);
            window.grab().save(QStringLiteral("%1/dark-%2.png")
                                   .arg(kept, window.views()->widget(i)->objectName()));
        }
        window.views()->setCurrentWidget(window.findChild<QWidget*>(QStringLiteral("predictions")));
        QApplication::setPalette(light);
        QVERIFY(*result);
        const QImage image(path);
        QVERIFY(!image.isNull());
        // The top left corner of the prediction chart's plot: background, dark.
        const QWidget* plot = window.views()->currentWidget()->findChild<QCustomPlot*>();
        QVERIFY(plot);
        const QPoint corner = plot->mapTo(&window, QPoint(3, 3)) * image.devicePixelRatio();
        const float lightness = image.pixelColor(corner).lightnessF();
        QVERIFY2(lightness < 0.25f, qPrintable(QString::number(lightness)));
    }

    void saveScreenshotWhenReady_reportsAnUnwritablePath()
    {
        MainWindow window;
        QVERIFY(window.documents()->openExample(Example::Tiered));
        std::optional<bool> result;
        saveScreenshotWhenReady(
            window, QStringLiteral("/proc/no/such/dir/window.png"), [&](bool ok) { result = ok; });
        QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 60000);
        QVERIFY(!*result);
    }
};

IOLENS_TEST_MAIN(TestWindowScreenshot)
#include "test_window_screenshot.moc"
