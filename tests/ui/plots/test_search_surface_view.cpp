// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/example_database.hpp"
#include "plots/search_controls.hpp"
#include "plots/search_surface_view.hpp"
#include "support/signal_wait.hpp"
#include "support/test_registry.hpp"
#include "support/test_timeouts.hpp"

#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using namespace iolens::ui;
namespace core = iolens::core;

namespace {
} // namespace

class TestSearchSurfaceView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void start_drawsTheSearchLiveAndHandsOverTheOptimizedModel()
    {
        SearchSurfaceView view;
        QVERIFY(!view.controls()->startButton()->isEnabled()); // no data yet
        QVERIFY(!view.start());
        view.setMeasurements(loadExampleDatabase(Example::Tiered).measurements());
        view.controls()->setTechnique("cart");
        view.controls()->setSettings({2, 1, 2, std::nullopt});
        QSignalSpy progressed(view.runner(), &OptimizationRunner::progressed);
        QSignalSpy optimized(&view, &SearchSurfaceView::modelOptimized);
        QSignalSpy finished(&view, &SearchSurfaceView::searchFinished);
        QVERIFY(view.start());
        QVERIFY(view.isRunning());
        QVERIFY(!view.controls()->startButton()->isEnabled());
        QVERIFY(iolens::test::waitForEmission(progressed, kTimeoutMs));
        // The first report is drawn at once: the corner point and the best star on it.
        QVERIFY(view.plot()->bestMark());
        QVERIFY(iolens::test::waitForEmission(finished, kTimeoutMs));
        QCOMPARE(optimized.count(), 1);
        QVERIFY(!view.isRunning());
        QVERIFY(view.controls()->startButton()->isEnabled());

        const auto outcome = finished.first().at(0).value<core::SearchOutcome>();
        // TrainedModel has no default constructor, which QVariant::value() needs.
        const auto& model
            = *static_cast<const core::TrainedModel*>(optimized.first().at(0).constData());
        QCOMPARE(model.regressor().technique(), std::string("cart"));
        QVERIFY(view.outcome());
        QVERIFY(view.plot()->showsSurface());
        QCOMPARE(view.plot()->bestMark()->data()->at(0)->key, outcome.search.best.values[0]);
        QVERIFY(view.controls()->statusText().contains(
            costImprovementText(outcome.defaultCost, outcome.search.best.cost)));
    }

    void newMeasurements_cancelTheRunningSearchAndDropIt()
    {
        SearchSurfaceView view;
        const auto runs = loadExampleDatabase(Example::Tiered).measurements();
        view.setMeasurements(runs);
        view.controls()->setTechnique("mars");
        QSignalSpy optimized(&view, &SearchSurfaceView::modelOptimized);
        QSignalSpy cancelled(view.runner(), &OptimizationRunner::cancelled);
        QVERIFY(view.start());
        view.setMeasurements(runs);
        QVERIFY(cancelled.wait(kTimeoutMs));
        QCOMPARE(optimized.count(), 0);
        QVERIFY(!view.isRunning());
        QVERIFY(!view.plot()->bestMark()); // the old points are gone
    }

    // Presentation mode enlarges the font of a running window: the controls' column widens with
    // it, so their choices are not cut.
    void fontChange_widensTheControls()
    {
        SearchSurfaceView view;
        const int before = view.controls()->width();
        QFont large = view.font();
        large.setPointSizeF(large.pointSizeF() * 1.5);
        view.setFont(large);
        QVERIFY2(view.controls()->width() > before * 1.3,
            qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(view.controls()->width())));
        QCOMPARE(view.controls()->width(), view.controls()->sizeHint().width() + 16);
    }

    void costImprovementText_givesBothCostsAndTheChange()
    {
        QCOMPARE(costImprovementText(1.27, 0.861), QStringLiteral("CV RMSE 1.27 → 0.861, −32 %"));
        QCOMPARE(costImprovementText(0.5, 0.55), QStringLiteral("CV RMSE 0.500 → 0.550, +10 %"));
    }
};

IOLENS_TEST_MAIN(TestSearchSurfaceView)
#include "test_search_surface_view.moc"
