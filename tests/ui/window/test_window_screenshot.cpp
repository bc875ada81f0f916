// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/document_controller.hpp"
#include "models/model_comparison_panel.hpp"
#include "prediction/model_controller.hpp"
#include "prediction/prediction_panel.hpp"
#include "window/main_window.hpp"
#include "window/window_screenshot.hpp"

#include <QImage>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace iolens::ui;

class TestWindowScreenshot : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

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
        // The picture was taken with predictions on screen, not "training".
        QVERIFY(!window.predictionPanel()->statusText().contains(QStringLiteral("Training")));
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

    void saveScreenshotWhenReady_reportsAnUnwritablePath()
    {
        MainWindow window;
        QVERIFY(window.documents()->openExample(Example::Tiered));
        std::optional<bool> result;
        saveScreenshotWhenReady(window, QStringLiteral("/proc/no/such/dir/window.png"),
                                [&](bool ok) { result = ok; });
        QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 60000);
        QVERIFY(!*result);
    }
};

QTEST_MAIN(TestWindowScreenshot)
#include "test_window_screenshot.moc"
