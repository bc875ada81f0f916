// SPDX-License-Identifier: GPL-3.0-or-later
// The discrete-event simulation against exact mean value analysis: product-form networks
// (processor sharing, delay) whose means MVA gives exactly must fall inside the simulation's
// own confidence intervals; a seed gives one history.
#include "appsim/application.hpp"
#include "appsim/application_simulation.hpp"
#include "appsim/builtin_applications.hpp"
#include "appsim/mean_value_analysis.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::core;

namespace {

// The issue's network: CPU 5 ms on one core, a 10 ms delay, two I/Os of a constant 3 ms and
// 20 ms think time. CPU and think time are exponential: with every time constant, clients that
// start together stay in lockstep and never reach the stationary state MVA describes.
Application issueNetwork(int cores)
{
    Application app;
    app.name = "mva case";
    app.cpuCores = cores;
    app.thinkTimeMs = SizeDistribution::exponential(20.0);
    app.operations = {
        {"cpu", OperationKind::Cpu, SizeDistribution::exponential(5.0), false, Pattern::Random},
        {"delay", OperationKind::Delay, SizeDistribution::constant(10.0), false, Pattern::Random},
        {"read", OperationKind::Read, SizeDistribution::constant(4096.0), false, Pattern::Random},
        {"write", OperationKind::Write, SizeDistribution::constant(4096.0), false,
            Pattern::Sequential}};
    return app;
}

bool inside(const Estimate& estimate, double exact)
{
    return std::abs(estimate.mean - exact) <= estimate.halfWidth;
}

QString describe(const Estimate& estimate, double exact)
{
    return QStringLiteral("%1 ± %2, exact %3")
        .arg(estimate.mean)
        .arg(estimate.halfWidth)
        .arg(exact);
}

} // namespace

class TestApplicationSimulation : public QObject {
    Q_OBJECT
private slots:
    void simulation_matchesMvaInsideItsIntervals_data()
    {
        QTest::addColumn<int>("cores");
        QTest::addColumn<int>("clients");
        for (int clients : {1, 4, 8, 16})
            QTest::addRow("1 core, %d clients", clients) << 1 << clients;
        for (int clients : {4, 16, 32})
            QTest::addRow("2 cores, %d clients", clients) << 2 << clients;
    }

    void simulation_matchesMvaInsideItsIntervals()
    {
        QFETCH(int, cores);
        QFETCH(int, clients);
        const Application app = issueNetwork(cores);
        ConstantStorageLatency storage(3.0);
        SimulationOptions options;
        options.clients = clients;
        options.seed = 7;
        options.precision = 0.01;
        const SimulationResult r = simulateApplication(app, storage, options);
        QVERIFY(r.precisionReached);
        const MvaResult exact
            = meanValueAnalysis({{"cpu", 5.0, cores}, {"delay and I/O", 16.0, 0}}, 20.0, clients)
                  .back();
        QVERIFY2(inside(r.throughputPerS, exact.throughputPerS),
            qPrintable(describe(r.throughputPerS, exact.throughputPerS)));
        QVERIFY2(inside(r.responseTimeMs, exact.responseTimeMs),
            qPrintable(describe(r.responseTimeMs, exact.responseTimeMs)));
        QVERIFY(r.throughputPerS.relativeHalfWidth() <= 0.01);
        QCOMPARE(r.ioResponseTimeMs, 3.0);
        // Utilization law: U = X D on the CPU's cores, within the interval's share.
        QVERIFY(std::abs(r.cpuUtilization - exact.utilization[0])
            <= 0.02 * exact.utilization[0] + 0.005);
        QCOMPARE(r.operations.size(), std::size_t {4});
        QCOMPARE(r.operations[1].responseTimeMs, 10.0);
    }

    // A CPU operation's wait holds no core: with 6 ms of it, the network is MVA's with 6 ms more
    // delay.
    void cpuWait_actsAsDelay()
    {
        Application app = issueNetwork(1);
        app.operations[0].waitMs = 6.0;
        ConstantStorageLatency storage(3.0);
        SimulationOptions options;
        options.clients = 8;
        options.seed = 11;
        options.precision = 0.01;
        const SimulationResult r = simulateApplication(app, storage, options);
        const MvaResult exact
            = meanValueAnalysis({{"cpu", 5.0, 1}, {"delay, wait and I/O", 22.0, 0}}, 20.0, 8)
                  .back();
        QVERIFY2(inside(r.throughputPerS, exact.throughputPerS),
            qPrintable(describe(r.throughputPerS, exact.throughputPerS)));
        QVERIFY2(inside(r.responseTimeMs, exact.responseTimeMs),
            qPrintable(describe(r.responseTimeMs, exact.responseTimeMs)));
    }

    // The textbooks' networks with the disks as processor-sharing queues of the definition:
    // Jain's Example 34.2 (D = 2, 3, 1 s; Z = 4 s) and Lazowska et al.'s p. 117 example
    // (D = 0.605, 2.1, 1.35 s; Z = 15 s), all times exponential.
    void textbookNetworks_matchMvaInsideTheIntervals_data()
    {
        QTest::addColumn<QVector<double>>("demandsS");
        QTest::addColumn<double>("thinkS");
        QTest::addColumn<int>("clients");
        QTest::newRow("Jain 34.2, 3 clients") << QVector<double> {2.0, 3.0, 1.0} << 4.0 << 3;
        QTest::newRow("Jain 34.2, 20 clients") << QVector<double> {2.0, 3.0, 1.0} << 4.0 << 20;
        QTest::newRow("Lazowska p. 117, 3 clients")
            << QVector<double> {0.605, 2.1, 1.35} << 15.0 << 3;
    }

    void textbookNetworks_matchMvaInsideTheIntervals()
    {
        QFETCH(QVector<double>, demandsS);
        QFETCH(double, thinkS);
        QFETCH(int, clients);
        const std::string definition = R"({"name": "textbook", "think_time_ms": {"exponential":
            {"mean": )"
            + std::to_string(thinkS * 1000) + R"(}},
            "queues": [{"name": "disk A"}, {"name": "disk B"}],
            "operations": [{"cpu_ms": {"exponential": {"mean": )"
            + std::to_string(demandsS[0] * 1000) + R"(}}},
              {"queue": "disk A", "ms": {"exponential": {"mean": )"
            + std::to_string(demandsS[1] * 1000) + R"(}}},
              {"queue": "disk B", "ms": {"exponential": {"mean": )"
            + std::to_string(demandsS[2] * 1000) + R"(}}}]})";
        const Application app = parseApplication(definition, "textbook.json");
        ConstantStorageLatency storage(0.0);
        SimulationOptions options;
        options.clients = clients;
        options.seed = 5;
        options.precision = 0.01;
        options.maxSimulatedSeconds = 1e9; // loops of seconds: the ten-hour cap would bind
        const SimulationResult r = simulateApplication(app, storage, options);
        QVERIFY(r.precisionReached);
        const MvaResult exact
            = meanValueAnalysis({{"cpu", demandsS[0] * 1000, 1}, {"disk A", demandsS[1] * 1000, 1},
                                    {"disk B", demandsS[2] * 1000, 1}},
                thinkS * 1000, clients)
                  .back();
        QVERIFY2(inside(r.throughputPerS, exact.throughputPerS),
            qPrintable(describe(r.throughputPerS, exact.throughputPerS)));
        QVERIFY2(inside(r.responseTimeMs, exact.responseTimeMs),
            qPrintable(describe(r.responseTimeMs, exact.responseTimeMs)));
        QCOMPARE(r.queueUtilization.size(), std::size_t {2});
        QVERIFY(std::abs(r.queueUtilization[0] - exact.utilization[1]) < 0.02);
    }

    void sameSeed_sameHistory_otherSeed_otherOne()
    {
        const Application app = issueNetwork(1);
        ConstantStorageLatency storage(3.0);
        SimulationOptions options;
        options.clients = 8;
        options.seed = 3;
        const SimulationResult a = simulateApplication(app, storage, options);
        const SimulationResult b = simulateApplication(app, storage, options);
        QCOMPARE(a.throughputPerS.mean, b.throughputPerS.mean);
        QCOMPARE(a.responseTimeMs.halfWidth, b.responseTimeMs.halfWidth);
        QCOMPARE(a.events, b.events);
        options.seed = 4;
        const SimulationResult c = simulateApplication(app, storage, options);
        QVERIFY(c.throughputPerS.mean != a.throughputPerS.mean);
    }

    // Storage that slows with the requests in service: response time grows with clients, and
    // the state the storage sees holds the application's mix.
    void stateDependentStorage_seesTheApplicationsMix()
    {
        class Contended : public StorageLatency {
        public:
            double responseTimeMs(const StorageRequest&, const StorageState& state) override
            {
                readPct += state.readPct;
                ++requests;
                return 1.0 + 0.5 * state.concurrent;
            }
            double readPct = 0.0;
            int requests = 0;
        };
        const Application app = *builtinApplication("fileserver");
        Contended storage;
        SimulationOptions options;
        options.clients = 2;
        const SimulationResult few = simulateApplication(app, storage, options);
        // One read in three requests per loop.
        QVERIFY(std::abs(storage.readPct / storage.requests - 100.0 / 3.0) < 1.0);
        options.clients = 20;
        const SimulationResult many = simulateApplication(app, storage, options);
        QVERIFY(many.ioResponseTimeMs > few.ioResponseTimeMs);
        QVERIFY(many.responseTimeMs.mean > few.responseTimeMs.mean);
        QVERIFY(many.storageBusy > few.storageBusy);
    }

    void cancel_stopsTheRun()
    {
        const Application app = issueNetwork(1);
        ConstantStorageLatency storage(3.0);
        std::atomic<bool> cancel {true};
        SimulationOptions options;
        options.clients = 4;
        options.precision = 1e-6; // would run to the event cap
        options.cancel = &cancel;
        QVERIFY_THROWS_EXCEPTION(SimulationCancelled, simulateApplication(app, storage, options));
    }

    void eventCap_endsTheRunWithoutThePrecision()
    {
        const Application app = issueNetwork(1);
        ConstantStorageLatency storage(3.0);
        SimulationOptions options;
        options.clients = 4;
        options.precision = 1e-6;
        options.maxEvents = 200000;
        const SimulationResult r = simulateApplication(app, storage, options);
        QVERIFY(!r.precisionReached);
        QVERIFY(r.events >= 200000 && r.events < 200100);
        QVERIFY(std::isfinite(r.throughputPerS.mean));
    }

    // A 1000 s storage delay: 36 loops fit in the 10 simulated hours, fewer than an estimate
    // needs, and the throughput came out as NaN. The hours now count after 200 loops.
    void hugeStorageDelay_givesASmallFiniteThroughput()
    {
        Application app;
        app.name = "one read";
        app.operations = {{"read", OperationKind::Read, SizeDistribution::constant(4096.0), false,
            Pattern::Random}};
        ConstantStorageLatency storage(1.0e6);
        const SimulationResult r = simulateApplication(app, storage, SimulationOptions {});
        QVERIFY2(std::abs(r.throughputPerS.mean - 0.001) < 1e-12,
            qPrintable(QString::number(r.throughputPerS.mean)));
        QVERIFY2(std::abs(r.responseTimeMs.mean - 1.0e6) < 1e-3,
            qPrintable(QString::number(r.responseTimeMs.mean)));
    }

    // No think time and every demand 0: loops finish without time passing; the run once went
    // on to the event cap and printed "inf ± -nan loops/s".
    void loopWithoutDemand_isRefused()
    {
        Application app;
        app.name = "idle";
        app.operations = {
            {"cpu", OperationKind::Cpu, SizeDistribution::constant(0.0), false, Pattern::Random}};
        ConstantStorageLatency storage(1.0);
        try {
            simulateApplication(app, storage, SimulationOptions {});
            QFAIL("no ConfigError");
        } catch (const ConfigError& e) {
            QVERIFY2(
                QString(e.what()).contains("application 'idle': its loop takes no time"), e.what());
        }
    }

    // Times beyond what a double holds gave "inf" and "nan" figures with exit status 0.
    void overflowingTimes_areRefused()
    {
        const Application app = issueNetwork(1);
        ConstantStorageLatency storage(1.0e307);
        try {
            simulateApplication(app, storage, SimulationOptions {});
            QFAIL("no ConfigError");
        } catch (const ConfigError& e) {
            QVERIFY2(QString(e.what()).contains("application 'mva case' at 1 clients: the "
                                                "simulated times or their squares"),
                e.what());
        }
    }

    void eventCapBeforeAnEstimate_isRefused()
    {
        const Application app = issueNetwork(1);
        ConstantStorageLatency storage(3.0);
        SimulationOptions options;
        options.maxEvents = 100; // about 20 loops
        try {
            simulateApplication(app, storage, options);
            QFAIL("no ConfigError");
        } catch (const ConfigError& e) {
            QVERIFY2(QString(e.what()).contains(
                         "the run reached its cap of 100 events before the 200 loops"),
                e.what());
        }
    }
};

IOLENS_TEST_GUILESS_MAIN(TestApplicationSimulation)
#include "test_application_simulation.moc"
