// SPDX-License-Identifier: GPL-3.0-or-later
#include "whatif/factor_sweeps.hpp"

#include "common/error.hpp"
#include "models/regressor_registry.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <omp.h>

#include <atomic>
#include <cmath>
#include <stdexcept>

using namespace iolens::core;

namespace {

/// Equal, NaN equal to NaN (a model with no answer at a point).
bool same(const std::vector<double>& a, const std::vector<double>& b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!(a[i] == b[i] || (std::isnan(a[i]) && std::isnan(b[i]))))
            return false;
    return true;
}

/// auto (with its intervals) and two of the paper's techniques on fio-tiered, one metric.
struct Fixture {
    std::vector<AggregatedMeasurement> rows = iolens::test::tieredRows();
    std::vector<Configuration> configs;
    FactorDomain domain;
    MeasuredSpace space;
    std::vector<TrainedModel> models;
    SweepInputs inputs;

    explicit Fixture(Metric metric)
    {
        for (const auto& row : rows)
            configs.push_back(row.config);
        domain = factorDomain(configs);
        space = MeasuredSpace(configs);
        for (const char* technique : {"auto", "lm", "cart"})
            models.push_back(TrainedModel::train(createRegressor(technique), rows, {metric, true}));
        for (const TrainedModel& model : models)
            inputs.models.push_back(&model);
        inputs.scenario = configs.front();
        inputs.scenario.readPct = 50.0;
        inputs.scenario.requestBytes = 8192;
        inputs.domain = &domain;
        inputs.space = &space;
        inputs.options.points = 60;
        inputs.intervalLevel = 0.8;
    }
};

std::vector<FactorSweep> sweepsOfAllFactors()
{
    std::vector<FactorSweep> sweeps(kAllFactors.size());
    for (std::size_t k = 0; k < kAllFactors.size(); ++k)
        sweeps[k].factor = kAllFactors[k];
    return sweeps;
}

std::vector<FactorSweep*> pointersTo(std::vector<FactorSweep>& sweeps)
{
    std::vector<FactorSweep*> pointers;
    for (FactorSweep& sweep : sweeps)
        pointers.push_back(&sweep);
    return pointers;
}

} // namespace

class TestFactorSweeps : public QObject {
    Q_OBJECT
private slots:
    // In parallel, each sweep is what the parts give one at a time: the profile, auto's interval
    // as the band, the distances to data and the far stretches; and so on one thread too.
    void sweeps_equalTheirPartsOneAtATime()
    {
        for (Metric metric : {Metric::RtReadMs, Metric::TpWriteMbs}) {
            const Fixture f(metric);
            std::vector<FactorSweep> sweeps = sweepsOfAllFactors();
            sweepFactors(f.inputs, pointersTo(sweeps));
            const int threads = omp_get_max_threads();
            omp_set_num_threads(1);
            std::vector<FactorSweep> serial = sweepsOfAllFactors();
            sweepFactors(f.inputs, pointersTo(serial));
            omp_set_num_threads(threads);

            ScenarioDistances around(f.space, f.inputs.scenario);
            for (std::size_t k = 0; k < sweeps.size(); ++k) {
                const FactorSweep& sweep = sweeps[k];
                const Profile alone = profile(
                    f.inputs.models, f.inputs.scenario, sweep.factor, f.domain, f.inputs.options);
                QCOMPARE(sweep.profile.y.size(), alone.y.size());
                for (std::size_t m = 0; m < alone.y.size(); ++m)
                    QVERIFY(same(sweep.profile.y[m], alone.y[m]));
                SpreadBand band;
                QVERIFY(intervalBand(f.models.front(), alone, 0.8, band) == sweep.interval);
                QVERIFY(sweep.interval); // auto has calibrated intervals
                QVERIFY(same(sweep.band.low, band.low));
                QVERIFY(same(sweep.band.high, band.high));
                std::vector<double> distances;
                around.sweep(alone.grid, distances);
                QVERIFY(same(sweep.distances, distances));
                std::vector<FarStretch> far;
                farStretches(alone.grid, distances, kFarFromDataSteps, far);
                QCOMPARE(sweep.far.size(), far.size());

                QVERIFY(same(serial[k].profile.y.front(), sweep.profile.y.front()));
                QVERIFY(same(serial[k].band.high, sweep.band.high));
                QVERIFY(same(serial[k].distances, sweep.distances));
            }
        }
    }

    // Without an interval level (or a first model without intervals) the band is the models'
    // spread.
    void withoutIntervals_theBandIsTheSpread()
    {
        Fixture f(Metric::RtReadMs);
        f.inputs.intervalLevel.reset();
        std::vector<FactorSweep> sweeps = sweepsOfAllFactors();
        sweepFactors(f.inputs, pointersTo(sweeps));
        for (const FactorSweep& sweep : sweeps) {
            QVERIFY(!sweep.interval);
            SpreadBand band;
            spread(sweep.profile, band);
            QVERIFY(same(sweep.band.low, band.low));
            QVERIFY(same(sweep.band.high, band.high));
        }
    }

    // alsoPerSweep runs once per index; an exception in one sweep reaches the caller after the
    // others are done.
    void alsoPerSweep_runsOncePerIndex_andExceptionsReachTheCaller()
    {
        const Fixture f(Metric::RtReadMs);
        std::vector<FactorSweep> sweeps = sweepsOfAllFactors();
        std::vector<std::atomic<int>> calls(sweeps.size());
        sweepFactors(f.inputs, pointersTo(sweeps), [&](std::size_t k) { ++calls[k]; });
        for (const auto& count : calls)
            QCOMPARE(count.load(), 1);

        std::vector<FactorSweep> again = sweepsOfAllFactors();
        QVERIFY_THROWS_EXCEPTION(
            std::runtime_error, sweepFactors(f.inputs, pointersTo(again), [](std::size_t k) {
                if (k == 2)
                    throw std::runtime_error("sweep 2");
            }));
        QVERIFY(!again.back().profile.y.empty()); // the others were swept

        SweepInputs none = f.inputs;
        none.domain = nullptr;
        QVERIFY_THROWS_EXCEPTION(StateError, sweepFactors(none, pointersTo(again)));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestFactorSweeps)
#include "test_factor_sweeps.moc"
