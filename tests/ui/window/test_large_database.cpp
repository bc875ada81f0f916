// SPDX-License-Identifier: GPL-3.0-or-later
// The window on a database of 100,000 configurations, offscreen: the table holds every one, the
// models train on a seeded sample, and the first predictions are on screen within a bound. The
// bound is generous (a loaded two-core CI machine); the figure itself comes from
// tests/bench/bench_window_open. The sanitizer run leaves it out (CMakePresets.json, test preset
// asan): it checks time at scale, which the sanitizers multiply, and its code paths are the
// ones the other window tests run under them on small data.
#include "common/background_pool.hpp"
#include "document/document_controller.hpp"
#include "prediction/model_controller.hpp"
#include "store/measurement_database.hpp"
#include "support/isolated_settings.hpp"
#include "support/large_measurements.hpp"
#include "support/test_registry.hpp"
#include "table/measurement_table_panel.hpp"
#include "window/main_window.hpp"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>

#include <cmath>

using namespace iolens::ui;

namespace {

constexpr long kConfigurations = 100000;
/// First predictions on screen after opening, at most (bench_window_open: about 3 s).
constexpr qint64 kFirstPredictionsBoundMs = 30000;

} // namespace

class TestLargeDatabase : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        iolens::test::useIsolatedSettings("test_large_database");
        QLocale::setDefault(QLocale::c());
    }

    void open_showsEveryRowAndFirstPredictionsWithinTheBound()
    {
        QTemporaryDir dir;
        const std::string path = (dir.path() + QStringLiteral("/large.sqlite")).toStdString();
        {
            auto db = iolens::core::MeasurementDatabase::openOrCreate(path);
            iolens::core::ImportTarget target;
            target.dataset = "large";
            db.importMeasurements(iolens::test::largeMeasurements(kConfigurations, 1), target);
        }
        {
            MainWindow window;
            window.setErrorDialogsEnabled(false);
            window.resize(1400, 900);
            window.show();
            QSignalSpy changed(window.models(), &ModelController::entryChanged);
            QElapsedTimer clock;
            clock.start();
            QVERIFY(window.documents()->openFile(QString::fromStdString(path)));
            QCOMPARE(window.tablePanel()->view()->model()->rowCount(),
                static_cast<int>(kConfigurations));
            // The first trained column: a prediction for the scenario on the sliders.
            bool predicted = false;
            while (!predicted && clock.elapsed() < kFirstPredictionsBoundMs) {
                changed.wait(50);
                for (const auto& metric : window.models()->evaluation().metrics)
                    for (const auto& prediction : metric.predictions)
                        predicted
                            = predicted || (prediction.value && std::isfinite(*prediction.value));
            }
            const qint64 elapsed = clock.elapsed();
            QVERIFY2(predicted,
                qPrintable(QStringLiteral("no prediction %1 ms after opening").arg(elapsed)));
            qInfo("first predictions %lld ms after opening %ld configurations",
                static_cast<long long>(elapsed), kConfigurations);
            QVERIFY(window.models()->isSampled());
            QCOMPARE(window.models()->trainingConfigurations(), std::size_t {5000});
            QCOMPARE(window.models()->totalConfigurations(), std::size_t(kConfigurations));
            QVERIFY(window.statusBar()->currentMessage().contains(
                QStringLiteral("seeded sample of ") + QLocale().toString(5000)));
        }
        // Closing the window cancels the queued work; wait for what is already running.
        backgroundPool()->waitForDone();
    }
};

IOLENS_TEST_MAIN(TestLargeDatabase)
#include "test_large_database.moc"
