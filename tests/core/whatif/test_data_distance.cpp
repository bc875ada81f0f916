// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/test_registry.hpp"
#include "whatif/data_distance.hpp"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <random>

using namespace iolens::core;

namespace {

Configuration config(const char* scheduler, std::int64_t requestKiB, std::int64_t filesetMiB,
    double readPct, Pattern pattern = Pattern::Random)
{
    Configuration c;
    c.scheduler = scheduler;
    c.requestBytes = requestKiB * 1024;
    c.filesetBytes = filesetMiB * 1024 * 1024;
    c.readPct = readPct;
    c.pattern = pattern;
    c.threads = 16;
    c.vms = 1;
    return c;
}

/// Whether every point's distance in `distances` (a sweep of `grid` through `scenario`) is within
/// `tolerance` of the nearest measurement found by brute force.
bool equalsNearestAtEveryPoint(const MeasuredSpace& space, const SweepGrid& grid,
    const Configuration& scenario, const std::vector<double>& distances, double tolerance)
{
    if (distances.size() != grid.x.size())
        return false;
    for (std::size_t i = 0; i < grid.x.size(); ++i) {
        Configuration c = scenario;
        applySweepPoint(grid, i, c);
        if (!(std::fabs(distances[i] - space.nearest(c)->steps) < tolerance))
            return false;
    }
    return true;
}

} // namespace

class TestDataDistance : public QObject {
    Q_OBJECT
private slots:
    void steps_handComputed()
    {
        const Configuration a = config("none", 4, 1024, 50);
        QCOMPARE(dataSteps(a, a), 0.0);
        // 4 -> 16 KiB is two octaves.
        QCOMPARE(dataSteps(a, config("none", 16, 1024, 50)), 2.0);
        // 50 % -> 100 % reads is half a step.
        QCOMPARE(dataSteps(a, config("none", 4, 1024, 100)), 0.5);
        // Another scheduler is one step, 1 -> 4 GiB two more, another pattern one more.
        QCOMPARE(dataSteps(a, config("bfq", 4, 4096, 50, Pattern::Sequential)), 4.0);
        Configuration vms = a;
        vms.vms = 2;
        QCOMPARE(factorSteps(Factor::Vms, a, vms), 1.0);
    }

    void nearest_findsTheClosestAndNamesTheFactors()
    {
        const std::vector<Configuration> measured {
            config("none", 4, 1024, 0), config("none", 16, 1024, 100), config("bfq", 8, 1024, 50)};
        const MeasuredSpace space(measured);
        const auto exact = space.nearest(measured[1]);
        QVERIFY(exact);
        QCOMPARE(exact->index, std::size_t {1});
        QCOMPARE(exact->steps, 0.0);
        QVERIFY(exact->differing.empty());

        // 8 KiB none 50 %: the bfq one differs by a scheduler (1 step); the 4 KiB one by an
        // octave and half a step of reads (1.5); so bfq wins.
        const auto near = space.nearest(config("none", 8, 1024, 50));
        QCOMPARE(near->index, std::size_t {2});
        QCOMPARE(near->steps, 1.0);
        QCOMPARE(near->differing, std::vector<Factor> {Factor::Scheduler});

        // A scheduler the data never had is a step from everything.
        const auto unknown = space.nearest(config("kyber", 8, 1024, 50));
        QCOMPARE(unknown->steps, 1.0);
        QVERIFY(!MeasuredSpace().nearest(measured[0]));
    }

    void sweepDistances_equalNearestAtEveryPoint()
    {
        const std::vector<Configuration> measured {
            config("none", 4, 1024, 0), config("none", 64, 1024, 100), config("bfq", 16, 256, 50)};
        const MeasuredSpace space(measured);
        const FactorDomain domain = factorDomain(measured);
        const Configuration scenario = config("none", 8, 512, 70);
        for (Factor factor : kAllFactors) {
            SweepGrid grid;
            sweepGrid(domain, scenario, factor, SweepOptions {50, 2.0, 8}, grid);
            std::vector<double> distances;
            space.sweepDistances(grid, scenario, distances);
            QVERIFY2(equalsNearestAtEveryPoint(space, grid, scenario, distances, 1e-12),
                std::string(factorColumnName(factor)).c_str());
        }
    }

    void sweepDistances_equalNearestOnManyRandomConfigurations()
    {
        // Continuous factors, many measurements: the sorted envelope must agree with the nearest
        // measurement found by brute force at every sweep point of every factor.
        std::mt19937_64 random(7);
        const char* schedulers[] = {"none", "bfq", "mq-deadline"};
        std::vector<Configuration> measured;
        for (int i = 0; i < 2000; ++i) {
            Configuration c
                = config(schedulers[random() % 3], static_cast<std::int64_t>(4 << (random() % 6)),
                    static_cast<std::int64_t>(64 + random() % 8000),
                    static_cast<double>(random() % 1001) / 10.0);
            c.vms = 1 + static_cast<int>(random() % 4);
            c.pattern = random() % 2 ? Pattern::Random : Pattern::Sequential;
            measured.push_back(c);
        }
        const MeasuredSpace space(measured);
        const FactorDomain domain = factorDomain(measured);
        // A scheduler the data never had, and one it had; every factor's sweep through one
        // ScenarioDistances, as the profiler does, each grid also in reverse order (the
        // segments must not depend on the points being sorted).
        Configuration unknown = config("kyber", 24, 3000, 33.3);
        unknown.vms = 3;
        Configuration known = config("bfq", 8, 500, 90.0);
        known.pattern = Pattern::Sequential;
        for (const Configuration& scenario : {unknown, known}) {
            ScenarioDistances around(space, scenario);
            for (bool reversed : {false, true})
                for (Factor factor : kAllFactors) {
                    SweepGrid grid;
                    sweepGrid(domain, scenario, factor, SweepOptions {60, 2.0, 8}, grid);
                    if (reversed) {
                        std::reverse(grid.x.begin(), grid.x.end());
                        std::reverse(grid.levels.begin(), grid.levels.end());
                    }
                    std::vector<double> distances;
                    around.sweep(grid, distances);
                    QVERIFY2(equalsNearestAtEveryPoint(space, grid, scenario, distances, 1e-9),
                        std::string(factorColumnName(factor)).c_str());
                }
        }
    }

    void farStretches_coverTheRunsBeyondTheThreshold()
    {
        SweepGrid grid;
        grid.spacing = SweepSpacing::Linear;
        grid.x = {0, 10, 20, 30, 40, 50};
        std::vector<FarStretch> stretches;
        farStretches(grid, {2.0, 1.5, 0.5, 0.0, 3.0, 3.0}, kFarFromDataSteps, stretches);
        QCOMPARE(stretches.size(), std::size_t {2});
        QCOMPARE(stretches[0].from, 0.0);
        QCOMPARE(stretches[0].to, 15.0); // halfway to the first near point
        QCOMPARE(stretches[1].from, 35.0);
        QCOMPARE(stretches[1].to, 50.0);

        grid.spacing = SweepSpacing::Log;
        grid.x = {1, 4, 16};
        farStretches(grid, {0.0, 0.0, 2.0}, kFarFromDataSteps, stretches);
        QCOMPARE(stretches.size(), std::size_t {1});
        QCOMPARE(stretches[0].from, 8.0); // geometric midpoint of 4 and 16
        QCOMPARE(stretches[0].to, 16.0);

        grid.spacing = SweepSpacing::Categorical;
        grid.x = {0, 1};
        farStretches(grid, {0.0, 1.5}, kFarFromDataSteps, stretches);
        QCOMPARE(stretches[0].from, 0.5);
        QCOMPARE(stretches[0].to, 1.5);
    }

    void measuredAlong_matchesEveryFactorButTheSweptOne()
    {
        const std::vector<Configuration> measured {config("none", 4, 1024, 50),
            config("none", 16, 1024, 50), config("none", 16, 1024, 100),
            config("bfq", 16, 1024, 50)};
        const Configuration scenario = config("none", 8, 1024, 50);
        QCOMPARE(measuredAlong(measured, scenario, Factor::RequestBytes),
            (std::vector<std::size_t> {0, 1}));
        QCOMPARE(measuredAlong(measured, config("none", 16, 1024, 50), Factor::Scheduler),
            (std::vector<std::size_t> {1, 3}));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestDataDistance)
#include "test_data_distance.moc"
