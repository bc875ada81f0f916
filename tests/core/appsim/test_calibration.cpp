// SPDX-License-Identifier: GPL-3.0-or-later
// CBSE'14's calibration and errors: demands fitted at one client count from a run whose true
// demands are known (a simulation of them), and err_IO / err_E2E by their definitions.
#include "appsim/calibration.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::core;

namespace {

Application network(double cpuMs, double delayMs)
{
    Application app;
    app.name = "calibrated";
    app.thinkTimeMs = SizeDistribution::exponential(10.0);
    app.operations = {{"work", OperationKind::Cpu, SizeDistribution::exponential(cpuMs), false,
                          Pattern::Random, FileAction::None},
        {"open", OperationKind::Delay, SizeDistribution::constant(delayMs), false, Pattern::Random,
            FileAction::Open},
        {"read", OperationKind::Read, SizeDistribution::constant(4096.0), false, Pattern::Random,
            FileAction::None}};
    return app;
}

// What loadgen would store for `r`.
AppRunRecord asRun(const Application& app, const SimulationResult& r)
{
    AppRunRecord run;
    run.application = app.name;
    run.clients = r.clients;
    run.throughputPerS = r.throughputPerS.mean;
    run.responseTimeMs = r.responseTimeMs.mean;
    const char* kinds[] {"cpu", "delay", "read"};
    for (std::size_t i = 0; i < r.operations.size(); ++i)
        run.operations.push_back(
            {r.operations[i].name, kinds[i], 1000, r.operations[i].responseTimeMs});
    return run;
}

} // namespace

class TestCalibration : public QObject {
    Q_OBJECT
private slots:
    void calibrate_recoversTheDemands()
    {
        ConstantStorageLatency storage(1.0);
        SimulationOptions options;
        options.clients = 6;
        options.precision = 0.01;
        const Application truth = network(2.0, 3.0);
        const AppRunRecord run = asRun(truth, simulateApplication(truth, storage, options));
        options.precision = 0.02;
        const Calibration c = calibrate(network(0.5, 1.0), run, storage, options, {8, 64});
        const double cpu = c.application.operations[0].amount.mean();
        QVERIFY2(std::abs(cpu - 2.0) < 0.1, qPrintable(QString::number(cpu)));
        QVERIFY(c.application.operations[0].amount.kind() == SizeDistribution::Kind::Exponential);
        QVERIFY(std::abs(c.application.operations[1].amount.mean() - 3.0) < 1e-9);
        QVERIFY(*c.atCalibration.errE2e < 0.03);
        QCOMPARE(*c.atCalibration.errIo, 0.0); // a constant storage is exact
    }

    // With the CPU time measured (loadgen does), the rest of a CPU operation's time is a wait:
    // it stretches the loop without contending for the cores.
    void calibrate_withCpuTime_splitsDemandAndWait()
    {
        ConstantStorageLatency storage(1.0);
        SimulationOptions options;
        options.clients = 6;
        options.precision = 0.01;
        Application truth = network(1.0, 3.0);
        truth.operations[0].waitMs = 2.0;
        AppRunRecord run = asRun(truth, simulateApplication(truth, storage, options));
        run.operations[0].cpuMs = 1.0;
        options.precision = 0.02;
        const Calibration c = calibrate(network(0.5, 1.0), run, storage, options, {8});
        QCOMPARE(c.application.operations[0].amount.mean(), 1.0);
        QVERIFY2(std::abs(c.application.operations[0].waitMs - 2.0) < 0.1,
            qPrintable(QString::number(c.application.operations[0].waitMs)));
    }

    void calibrate_refusesAnotherApplicationsRun()
    {
        ConstantStorageLatency storage(1.0);
        AppRunRecord run;
        run.operations = {{"something else", "cpu", 1, 1.0}};
        QVERIFY_THROWS_EXCEPTION(
            ConfigError, calibrate(network(1.0, 1.0), run, storage, SimulationOptions {}));
    }

    // Two I/O operations off by 10 % and 30 %: err_IO 20 %; the loop's sum off by 5 of 100 ms.
    void predictionError_followsEquations1And2()
    {
        SimulationResult simulated;
        simulated.operations = {{"cpu", 55.0}, {"read", 22.0}, {"write", 13.0}};
        AppRunRecord measured;
        measured.operations
            = {{"cpu", "cpu", 1, 60.0}, {"read", "read", 1, 20.0}, {"write", "write", 1, 10.0}};
        const PredictionError e = predictionError(simulated, measured);
        QVERIFY(std::abs(*e.errIo - 0.2) < 1e-12);
        QVERIFY(std::abs(*e.errE2e - 0.0) < 1e-12); // 90 vs 90
        simulated.operations[0].responseTimeMs = 59.5;
        QVERIFY(std::abs(*predictionError(simulated, measured).errE2e - 0.05) < 1e-12);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestCalibration)
#include "test_calibration.moc"
