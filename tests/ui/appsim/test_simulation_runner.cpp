// SPDX-License-Identifier: GPL-3.0-or-later
// The Application tab's worker: progress per client count, results in order, cancel, and a new
// request while one runs replacing it.
#include "appsim/builtin_applications.hpp"
#include "appsim/simulation_runner.hpp"
#include "support/signal_wait.hpp"
#include "support/test_registry.hpp"

#include <QSignalSpy>
#include <QTest>

using namespace iolens::ui;
namespace core = iolens::core;

namespace {

SweepRequest request(std::vector<int> clients, double precision)
{
    SweepRequest r;
    r.application = *core::builtinApplication("varmail");
    r.clients = std::move(clients);
    r.options.precision = precision;
    r.constantMs = 2.0;
    return r;
}

} // namespace

class TestSimulationRunner : public QObject {
    Q_OBJECT
private slots:
    void sweep_reportsProgressAndResultsInOrder()
    {
        SimulationRunner runner;
        QSignalSpy progress(&runner, &SimulationRunner::progressed);
        QSignalSpy finished(&runner, &SimulationRunner::finished);
        runner.start(request({1, 4, 16}, 0.05));
        QVERIFY(iolens::test::waitForEmission(finished, 60000));
        QCOMPARE(progress.size(), 3);
        QCOMPARE(progress.last().at(0).toInt(), 3);
        const auto sweep = finished.first().at(0).value<std::vector<core::SimulationResult>>();
        QCOMPARE(sweep.size(), std::size_t {3});
        QCOMPARE(sweep[2].clients, 16);
        QVERIFY(sweep[2].responseTimeMs.mean > sweep[0].responseTimeMs.mean);
    }

    void cancel_stopsALongSweep()
    {
        SimulationRunner runner;
        QSignalSpy cancelled(&runner, &SimulationRunner::cancelled);
        QSignalSpy finished(&runner, &SimulationRunner::finished);
        runner.start(request({64, 128}, 1e-9)); // would run to the event cap
        QVERIFY(runner.isRunning());
        runner.cancel();
        QVERIFY(iolens::test::waitForEmission(cancelled, 60000));
        QVERIFY(finished.isEmpty());
        QVERIFY(!runner.isRunning());
    }

    void newRequest_replacesTheRunningOne()
    {
        SimulationRunner runner;
        QSignalSpy finished(&runner, &SimulationRunner::finished);
        QSignalSpy cancelled(&runner, &SimulationRunner::cancelled);
        runner.start(request({64, 128}, 1e-9));
        runner.start(request({2}, 0.05));
        QVERIFY(iolens::test::waitForEmission(finished, 60000));
        QVERIFY(cancelled.isEmpty());
        const auto sweep = finished.first().at(0).value<std::vector<core::SimulationResult>>();
        QCOMPARE(sweep.size(), std::size_t {1});
        QCOMPARE(sweep[0].clients, 2);
    }
};

IOLENS_TEST_MAIN(TestSimulationRunner)
#include "test_simulation_runner.moc"
