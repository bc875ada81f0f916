// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/example_database.hpp"
#include "plots/optimization_runner.hpp"
#include "support/test_registry.hpp"
#include "support/test_timeouts.hpp"

#include <QCoreApplication>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <memory>

using namespace iolens::ui;
namespace core = iolens::core;

namespace {

std::vector<core::AggregatedMeasurement> tieredRows()
{
    return core::aggregateRepetitions(loadExampleDatabase(Example::Tiered).measurements());
}

core::SearchRequest smallCartSearch()
{
    core::SearchRequest request;
    request.technique = "cart";
    request.metric = core::Metric::RtReadMs;
    request.settings.splits = 2;
    request.settings.explorations = 1;
    request.settings.maxIterations = 2;
    return request;
}

} // namespace

class TestOptimizationRunner : public QObject {
    Q_OBJECT
private slots:
    void start_reportsProgressOnTheUiThreadAndFinishesAsTheCoreSearch()
    {
        const auto rows = tieredRows();
        const core::SearchRequest request = smallCartSearch();
        const std::atomic<bool> never {false};
        const core::SearchOutcome direct = core::searchParameters(rows, request, never);

        OptimizationRunner runner;
        QSignalSpy progressed(&runner, &OptimizationRunner::progressed);
        QSignalSpy finished(&runner, &OptimizationRunner::finished);
        QSignalSpy failed(&runner, &OptimizationRunner::failed);
        bool onUiThread = true;
        int lastEvaluated = 0;
        connect(&runner, &OptimizationRunner::progressed, this, [&](const SearchProgress& p) {
            // qApp is a QApplication cast: undefined in this QCoreApplication test.
            onUiThread
                = onUiThread && QThread::currentThread() == QCoreApplication::instance()->thread();
            QCOMPARE(static_cast<int>(p.points.size()), p.evaluated);
            QVERIFY(p.evaluated > lastEvaluated);
            lastEvaluated = p.evaluated;
        });
        QVERIFY(runner.start(rows, request));
        QVERIFY(runner.isRunning());
        QVERIFY(!runner.start(rows, request)); // one search at a time
        QVERIFY(finished.wait(kTimeoutMs));
        QVERIFY(!runner.isRunning());
        QCOMPARE(failed.count(), 0);
        QVERIFY(onUiThread);
        // Iteration 0 (the corner) and each of the two iterations report once.
        QCOMPARE(progressed.count(), 3);
        const auto last = progressed.last().at(0).value<SearchProgress>();
        QCOMPARE(last.iteration, 2);

        const auto outcome = finished.first().at(0).value<core::SearchOutcome>();
        QCOMPARE(outcome.search.best.cost, direct.search.best.cost);
        QCOMPARE(outcome.search.best.values, direct.search.best.values);
        QCOMPARE(outcome.search.points.size(), direct.search.points.size());
        QCOMPARE(outcome.defaultCost, direct.defaultCost);
        QCOMPARE(last.bestCost, direct.search.best.cost);
        QVERIFY(outcome.model);
        QCOMPARE(outcome.model->metric(), core::Metric::RtReadMs);
    }

    void cancel_stopsTheSearchWithCancelled_data()
    {
        QTest::addColumn<bool>("afterFirstReport");
        QTest::newRow("at once") << false;
        QTest::newRow("after the first report") << true;
    }
    void cancel_stopsTheSearchWithCancelled()
    {
        QFETCH(bool, afterFirstReport);
        OptimizationRunner runner;
        QSignalSpy finished(&runner, &OptimizationRunner::finished);
        QSignalSpy cancelled(&runner, &OptimizationRunner::cancelled);
        QSignalSpy progressed(&runner, &OptimizationRunner::progressed);
        core::SearchRequest request = smallCartSearch();
        // MARS at the paper's k = 4, n = 5, 10 iterations on fio-local takes seconds: the cancel
        // after the corner point lands long before the end.
        request.technique = "mars";
        request.settings = {};
        QVERIFY(runner.start(
            core::aggregateRepetitions(loadExampleDatabase(Example::Local).measurements()),
            request));
        if (afterFirstReport)
            QVERIFY(progressed.wait(kTimeoutMs));
        runner.cancel();
        QVERIFY(cancelled.wait(kTimeoutMs));
        QCOMPARE(finished.count(), 0);
        QVERIFY(!runner.isRunning());
        // Nothing arrives after cancelled().
        const auto reports = progressed.count();
        QTest::qWait(100);
        QCOMPARE(progressed.count(), reports);
    }

    void failure_isReportedAsAMessage()
    {
        OptimizationRunner runner;
        QSignalSpy failed(&runner, &OptimizationRunner::failed);
        core::SearchRequest request = smallCartSearch();
        request.technique = "lm"; // nothing to search
        QVERIFY(runner.start(tieredRows(), request));
        QVERIFY(failed.wait(kTimeoutMs));
        QVERIFY(!failed.first().at(0).toString().isEmpty());
        QVERIFY(!runner.isRunning());
    }

    void destroyingARunningRunner_waitsForTheWorker()
    {
        auto runner = std::make_unique<OptimizationRunner>();
        core::SearchRequest request = smallCartSearch();
        request.settings = {};
        QVERIFY(runner->start(tieredRows(), request));
        QTest::qWait(20);
        runner.reset(); // cancels, waits for the batch in flight, drops pending reports
        QCoreApplication::processEvents();
    }
};

IOLENS_TEST_GUILESS_MAIN(TestOptimizationRunner)
#include "test_optimization_runner.moc"
