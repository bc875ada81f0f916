// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/metric_text.hpp"
#include "document/example_database.hpp"
#include "plots/search_controls.hpp"
#include "plots/search_surface_view.hpp"
#include "plots/stored_runs_panel.hpp"
#include "store/optimizer_runs.hpp"
#include "support/signal_wait.hpp"
#include "support/test_registry.hpp"
#include "support/test_timeouts.hpp"

#include <QComboBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>

#include <atomic>

using namespace iolens::ui;
namespace core = iolens::core;

namespace {

/// The fio-tiered example in a private database the view may write to, as a writable file is.
std::shared_ptr<core::MeasurementDatabase> writableTiered()
{
    return std::make_shared<core::MeasurementDatabase>(loadExampleDatabase(Example::Tiered));
}

std::string tieredName()
{
    return exampleDatasetName(Example::Tiered).toStdString();
}

core::OptimizeRequest smallCartRequest()
{
    core::OptimizeRequest request;
    request.model.technique = "cart";
    request.model.metric = core::Metric::RtReadMs;
    request.model.dataset = tieredName();
    request.settings = {3, 2, 3, std::nullopt};
    return request;
}

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
            costImprovementText(searchCostName(core::SearchCv::Random, 10), outcome.defaultCost,
                outcome.search.best.cost)));
    }

    // Either cost: the paper's random folds, or levels left out (the run records which).
    void writableDatabase_recordsEverySearchAsARun_data()
    {
        QTest::addColumn<bool>("grouped");
        QTest::newRow("10-fold") << false;
        QTest::newRow("leave level out") << true;
    }
    void writableDatabase_recordsEverySearchAsARun()
    {
        QFETCH(bool, grouped);
        SearchSurfaceView view;
        const auto db = writableTiered();
        view.setMeasurements(db->measurements());
        view.setRunStore(db, tieredName(), true);
        QCOMPARE(view.storedRuns()->runBox()->count(), 0);
        view.controls()->setTechnique("cart");
        view.controls()->setSettings({2, 1, 2, std::nullopt});
        view.controls()->setCv(grouped ? core::SearchCv::Grouped : core::SearchCv::Random);
        QSignalSpy finished(&view, &SearchSurfaceView::searchFinished);
        QVERIFY(view.start());
        QVERIFY(!view.storedRuns()->showButton()->isEnabled()); // busy while it runs
        QVERIFY(iolens::test::waitForEmission(finished, kTimeoutMs));
        const auto outcome = finished.first().at(0).value<core::SearchOutcome>();

        QVERIFY(view.recordingRun());
        const auto run = core::optimizerRun(*db, *view.recordingRun());
        QVERIFY(run);
        QCOMPARE(run->status, std::string("finished"));
        QCOMPARE(run->technique, std::string("cart"));
        QCOMPARE(run->dataset, tieredName());
        QCOMPARE(static_cast<std::size_t>(run->points), outcome.search.points.size());
        QCOMPARE(*run->bestCost, outcome.search.best.cost);
        QVERIFY(run->settings.find(grouped ? "\"grouped\"" : "\"random\"") != std::string::npos);
        QCOMPARE(view.controls()->statusText().contains(QStringLiteral("grouped-CV")), grouped);
        // Listed, selected, and finished runs are shown but not resumed.
        QCOMPARE(view.storedRuns()->runBox()->count(), 1);
        QCOMPARE(view.storedRuns()->selectedRun(), view.recordingRun());
        QVERIFY(view.storedRuns()->showButton()->isEnabled());
        QVERIFY(!view.storedRuns()->resumeButton()->isEnabled());
    }

    void readOnlyDatabase_recordsNothing()
    {
        SearchSurfaceView view;
        const auto db = writableTiered();
        std::atomic<bool> never {false};
        core::optimizeModel(*db, smallCartRequest(), never); // a run from the command line
        view.setMeasurements(db->measurements());
        view.setRunStore(db, tieredName(), false);
        view.controls()->setTechnique("cart");
        view.controls()->setSettings({2, 1, 1, std::nullopt});
        QSignalSpy finished(&view, &SearchSurfaceView::searchFinished);
        QVERIFY(view.start());
        QVERIFY(iolens::test::waitForEmission(finished, kTimeoutMs));
        QVERIFY(!view.recordingRun());
        QCOMPARE(core::optimizerRuns(*db).size(), std::size_t {1});
        // The stored run can be shown again once the search is over, but not resumed here.
        QVERIFY(view.storedRuns()->showButton()->isEnabled());
        QVERIFY(!view.storedRuns()->resumeButton()->isEnabled());
    }

    void storedRun_isRedrawnAndResumedToTheResultOfAnUninterruptedRun()
    {
        const auto db = writableTiered();
        std::atomic<bool> never {false};
        const auto full = core::optimizeModel(*db, smallCartRequest(), never);
        std::atomic<bool> cancel {false};
        const auto partial = core::optimizeModel(*db, smallCartRequest(), cancel,
            [&cancel](const core::OptimizerProgress& p) { cancel = p.iteration >= 1; });
        QVERIFY(partial.search.cancelled);

        SearchSurfaceView view;
        view.setMeasurements(db->measurements());
        view.controls()->setTechnique("mars"); // the run's technique must come from the run
        view.setRunStore(db, tieredName(), true);
        QCOMPARE(view.storedRuns()->runBox()->count(), 2);
        QVERIFY(view.showRun(partial.runId));
        QCOMPARE(view.controls()->technique(), std::string("cart"));
        std::size_t drawn = 0;
        for (const QCPGraph* graph : view.plot()->iterationGraphs())
            drawn += static_cast<std::size_t>(graph->dataCount());
        QVERIFY(drawn > 0);
        QVERIFY(view.controls()->statusText().contains(QString::number(partial.runId)));
        QVERIFY(view.storedRuns()->resumeButton()->isEnabled());

        QSignalSpy finished(&view, &SearchSurfaceView::searchFinished);
        QVERIFY(view.resumeRun(partial.runId));
        QVERIFY(iolens::test::waitForEmission(finished, kTimeoutMs));
        const auto resumed = finished.first().at(0).value<core::SearchOutcome>();
        QCOMPARE(resumed.search.best.values, full.search.best.values);
        QCOMPARE(resumed.search.best.cost, full.search.best.cost);
        QCOMPARE(view.recordingRun(), std::optional<std::int64_t>(partial.runId));
        const auto run = core::optimizerRun(*db, partial.runId);
        QCOMPARE(run->status, std::string("finished"));
        QCOMPARE(static_cast<std::size_t>(run->points), full.search.points.size());
        QVERIFY(!view.storedRuns()->resumeButton()->isEnabled());
    }

    // The surface of a stored run names the cost its settings record: a grouped run's is not
    // titled as a random k-fold CV RMSE, and a random run's names its k.
    void storedRun_surfaceNamesTheRunsCost_data()
    {
        QTest::addColumn<bool>("grouped");
        QTest::addColumn<int>("folds");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("label");
        const QString metric = metricShortTitle(core::Metric::RtReadMs);
        QTest::newRow("grouped") << true << 10 << "grouped-CV mean |log ratio|"
                                 << "grouped-CV mean |log ratio| of " + metric;
        QTest::newRow("random 5-fold") << false << 5 << "5-fold CV RMSE"
                                       << "5-fold CV RMSE of log(" + metric + ")";
    }
    void storedRun_surfaceNamesTheRunsCost()
    {
        QFETCH(bool, grouped);
        QFETCH(int, folds);
        QFETCH(QString, name);
        QFETCH(QString, label);
        const auto db = writableTiered();
        core::OptimizeRequest request = smallCartRequest();
        request.cv = grouped ? core::SearchCv::Grouped : core::SearchCv::Random;
        request.folds = folds;
        std::atomic<bool> never {false};
        const auto run = core::optimizeModel(*db, request, never);
        // What the run's settings record is what the surface is titled by.
        const auto stored = core::optimizerRun(*db, run.runId);
        QVERIFY(stored->settings.find(grouped ? "\"grouped\"" : "\"random\"") != std::string::npos);

        SearchSurfaceView view;
        view.setMeasurements(db->measurements());
        view.setRunStore(db, tieredName(), true);
        QVERIFY(view.showRun(run.runId));
        QCOMPARE(view.plot()->colorScale()->axis()->label(), label);
        QVERIFY2(view.plot()->bestLabelText().startsWith(QStringLiteral("best: ") + name + ' '),
            qPrintable(view.plot()->bestLabelText()));
        QVERIFY(view.controls()->statusText().contains(name));
        QCOMPARE(
            view.plot()->colorScale()->axis()->label().contains(QStringLiteral("RMSE")), !grouped);
        // The controls took the run's cost, as they take its technique. Another technique clears
        // the run's points: the axis names the controls' cost, at the window's 10 folds.
        QCOMPARE(view.controls()->request().cv, request.cv);
        view.controls()->setTechnique("mars");
        QVERIFY(view.plot()->colorScale()->axis()->label().startsWith(grouped
                ? QStringLiteral("grouped-CV mean |log ratio| of ")
                : QStringLiteral("10-fold CV RMSE of log(")));
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

    // The tab's height at 1280x800 (some 450 pixels): the controls scroll rather than squeeze
    // their spin boxes below their height (their digits were cut).
    void shortTab_scrollsTheControlsAtTheirHeight()
    {
        SearchSurfaceView view;
        view.resize(1200, 450);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const auto boxes = view.controls()->findChildren<QSpinBox*>();
        QVERIFY(!boxes.isEmpty());
        for (const QSpinBox* box : boxes)
            QVERIFY2(box->height() >= box->minimumSizeHint().height(),
                qPrintable(QStringLiteral("%1 < %2")
                               .arg(box->height())
                               .arg(box->minimumSizeHint().height())));
        QVERIFY(view.storedRuns()->geometry().bottom() > 450);
    }

    void costImprovementText_givesBothCostsAndTheChange()
    {
        const QString cost = searchCostName(core::SearchCv::Random, 10);
        QCOMPARE(costImprovementText(cost, 1.27, 0.861),
            QStringLiteral("10-fold CV RMSE 1.27 → 0.861, −32 %"));
        QCOMPARE(costImprovementText(cost, 0.5, 0.55),
            QStringLiteral("10-fold CV RMSE 0.500 → 0.550, +10 %"));
        QCOMPARE(costImprovementText(searchCostName(core::SearchCv::Grouped, 10), 0.4, 0.3),
            QStringLiteral("grouped-CV mean |log ratio| 0.400 → 0.300, −25 %"));
    }
};

IOLENS_TEST_MAIN(TestSearchSurfaceView)
#include "test_search_surface_view.moc"
