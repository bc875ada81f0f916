// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/test_registry.hpp"
#include "whatif/factor_sweep.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::core;

namespace {

Configuration sweepConfig(const char* scheduler, std::int64_t requestKiB, double readPct, int vms)
{
    Configuration c;
    c.scheduler = scheduler;
    c.requestBytes = requestKiB * 1024;
    c.filesetBytes = std::int64_t {1} << 30;
    c.readPct = readPct;
    c.threads = 16;
    c.vms = vms;
    return c;
}

} // namespace

class TestFactorSweep : public QObject {
    Q_OBJECT
private slots:
    void domain_isSortedAndUnique()
    {
        const FactorDomain d = factorDomain({sweepConfig("none", 64, 50, 1),
            sweepConfig("bfq", 4, 0, 1), sweepConfig("none", 4, 100, 2)});
        QCOMPARE(d.schedulers, (std::vector<std::string> {"bfq", "none"}));
        QCOMPARE(d.requestBytes, (std::vector<std::int64_t> {4096, 65536}));
        QCOMPARE(d.readPcts, (std::vector<double> {0, 50, 100}));
        QVERIFY(variesInDomain(d, Factor::Vms));
        QVERIFY(!variesInDomain(d, Factor::Threads));
    }

    void sizeSweep_isGeometricOneOctaveBeyondTheData()
    {
        const FactorDomain d
            = factorDomain({sweepConfig("none", 4, 50, 1), sweepConfig("none", 64, 50, 1)});
        SweepGrid grid;
        sweepGrid(d, sweepConfig("none", 16, 50, 1), Factor::RequestBytes, SweepOptions {}, grid);
        QCOMPARE(grid.spacing, SweepSpacing::Log);
        QCOMPARE(grid.x.size(), std::size_t {200});
        QCOMPARE(grid.x.front(), 2.0);  // 4 KiB / 2
        QCOMPARE(grid.x.back(), 128.0); // 64 KiB * 2
        // Equal ratios between neighbours (up to the rounding to whole bytes).
        const double ratio = std::pow(64.0, 1.0 / 199.0);
        QVERIFY(std::fabs(grid.x[100] / grid.x[99] - ratio) < 1e-3);
        // Every point is a whole number of bytes, so setting it into a configuration is exact.
        for (double x : grid.x)
            QCOMPARE(std::round(x * 1024.0), x * 1024.0);
    }

    void sizeSweep_widensToTheScenario()
    {
        const FactorDomain d
            = factorDomain({sweepConfig("none", 4, 50, 1), sweepConfig("none", 64, 50, 1)});
        SweepGrid grid;
        sweepGrid(d, sweepConfig("none", 512, 50, 1), Factor::RequestBytes, SweepOptions {}, grid);
        QCOMPARE(grid.x.back(), 512.0);
    }

    void readSweep_isLinearFromZeroToHundred()
    {
        const FactorDomain d = factorDomain({sweepConfig("none", 4, 50, 1)});
        SweepGrid grid;
        sweepGrid(
            d, sweepConfig("none", 4, 50, 1), Factor::ReadPct, SweepOptions {101, 2.0, 8}, grid);
        QCOMPARE(grid.x.size(), std::size_t {101});
        QCOMPARE(grid.x[0], 0.0);
        QCOMPARE(grid.x[50], 50.0);
        QCOMPARE(grid.x[100], 100.0);
    }

    void vmSweep_stepsThroughWholeNumbers()
    {
        const FactorDomain d = factorDomain({sweepConfig("none", 4, 50, 1)});
        SweepGrid grid;
        sweepGrid(d, sweepConfig("none", 4, 50, 3), Factor::Vms, SweepOptions {}, grid);
        QCOMPARE(grid.spacing, SweepSpacing::Integer);
        QCOMPARE(grid.x, (std::vector<double> {1, 2, 3, 4, 5, 6, 7, 8}));
    }

    // Each VM runs one thread at least: a scenario of 3 threads is swept over 1-3 VMs, not 8.
    void vmSweep_stopsAtTheScenariosThreads()
    {
        const FactorDomain d = factorDomain({sweepConfig("none", 4, 50, 1)});
        Configuration few = sweepConfig("none", 4, 50, 2);
        few.threads = 3;
        SweepGrid grid;
        sweepGrid(d, few, Factor::Vms, SweepOptions {}, grid);
        QCOMPARE(grid.x, (std::vector<double> {1, 2, 3}));
        few.threads = 1;
        sweepGrid(d, few, Factor::Vms, SweepOptions {}, grid);
        QCOMPARE(grid.x, (std::vector<double> {1}));
    }

    void categoricalSweep_takesTheLevelsOfTheData()
    {
        const FactorDomain d
            = factorDomain({sweepConfig("none", 4, 50, 1), sweepConfig("bfq", 4, 50, 1)});
        SweepGrid grid;
        sweepGrid(d, sweepConfig("none", 4, 50, 1), Factor::Scheduler, SweepOptions {}, grid);
        QCOMPARE(grid.levels, (std::vector<std::string> {"bfq", "none"}));
        QCOMPARE(grid.x, (std::vector<double> {0, 1}));
        QCOMPARE(sweepCoordinate(grid, sweepConfig("none", 4, 50, 1)), 1.0);
        QCOMPARE(sweepCoordinate(grid, sweepConfig("kyber", 4, 50, 1)), -1.0);
        Configuration c = sweepConfig("none", 4, 50, 1);
        applySweepPoint(grid, 0, c);
        QCOMPARE(c.scheduler, std::string("bfq"));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestFactorSweep)
#include "test_factor_sweep.moc"
