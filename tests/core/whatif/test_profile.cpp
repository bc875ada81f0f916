// SPDX-License-Identifier: GPL-3.0-or-later
#include "whatif/profile.hpp"

#include "data/measurement_csv.hpp"
#include "models/regressor_registry.hpp"
#include "models/vm_projection.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::core;

namespace {

struct Trained {
    std::vector<AggregatedMeasurement> rows;
    std::vector<Configuration> configs;
    std::vector<TrainedModel> models;
    std::vector<const TrainedModel*> pointers;
};

Trained trainTiered(Metric metric)
{
    Trained t;
    t.rows = iolens::test::tieredRows();
    for (const auto& row : t.rows)
        t.configs.push_back(row.config);
    for (const char* technique : {"mars", "cart", "m5", "cubist"})
        t.models.push_back(TrainedModel::train(createRegressor(technique), t.rows, {metric, true}));
    for (const TrainedModel& m : t.models)
        t.pointers.push_back(&m);
    return t;
}

} // namespace

class TestProfile : public QObject {
    Q_OBJECT
private slots:
    void profile_equalsDirectPredictions_data()
    {
        QTest::addColumn<int>("factor");
        for (Factor f : kAllFactors)
            QTest::newRow(std::string(factorColumnName(f)).c_str()) << static_cast<int>(f);
    }

    void profile_equalsDirectPredictions()
    {
        QFETCH(int, factor);
        const Trained t = trainTiered(Metric::RtReadMs);
        Configuration scenario = t.configs.front();
        scenario.readPct = 50.0;
        scenario.requestBytes = 8192;
        const Profile p
            = profile(t.pointers, scenario, static_cast<Factor>(factor), factorDomain(t.configs));
        QCOMPARE(p.y.size(), t.models.size());
        QVERIFY(!p.grid.x.empty()); // threads are constant in the data: one point
        QCOMPARE(p.points.size(), p.grid.x.size());
        for (std::size_t i = 0; i < p.points.size(); ++i) {
            // Every point is the scenario with only the swept factor moved to x[i].
            Configuration expected = scenario;
            applySweepPoint(p.grid, i, expected);
            QCOMPARE(p.points[i], expected);
            for (std::size_t m = 0; m < t.models.size(); ++m) {
                if (!metricHasValue(Metric::RtReadMs, p.points[i].readPct)) {
                    QVERIFY(std::isnan(p.y[m][i]));
                    continue;
                }
                QCOMPARE(p.y[m][i], predictSpreadOverVms(t.models[m], p.points[i]));
            }
        }
    }

    void profile_readMetricHasNoValueAtZeroReads()
    {
        const Trained t = trainTiered(Metric::RtReadMs);
        const Profile p
            = profile(t.pointers, t.configs.front(), Factor::ReadPct, factorDomain(t.configs));
        QCOMPARE(p.grid.x.front(), 0.0);
        QVERIFY(std::isnan(p.y[0].front()));
        QVERIFY(!std::isnan(p.y[0].back()));
    }

    void profile_reusesItsBuffersAcrossCalls()
    {
        const Trained t = trainTiered(Metric::TpWriteMbs);
        Configuration scenario = t.configs.front();
        scenario.readPct = 50.0;
        Profile p;
        const FactorDomain domain = factorDomain(t.configs);
        profile(t.pointers, scenario, Factor::FilesetBytes, domain, SweepOptions {}, p);
        const double* before = p.y[0].data();
        scenario.requestBytes = 4096;
        profile(t.pointers, scenario, Factor::FilesetBytes, domain, SweepOptions {}, p);
        QCOMPARE(p.y[0].data(), before);
        QCOMPARE(p.current, numericValue(scenario, Factor::FilesetBytes));
    }

    void spread_isMinAndMaxOverModelsIgnoringNaN()
    {
        Profile p;
        p.grid.x = {1, 2, 3};
        const double nan = std::nan("");
        p.y = {{1.0, 5.0, nan}, {3.0, 2.0, nan}, {2.0, nan, nan}};
        SpreadBand band;
        spread(p, band);
        QCOMPARE(band.low[0], 1.0);
        QCOMPARE(band.high[0], 3.0);
        QCOMPARE(band.low[1], 2.0);
        QCOMPARE(band.high[1], 5.0);
        QVERIFY(std::isnan(band.low[2]) && std::isnan(band.high[2]));
    }

    void spread_ofRealModelsContainsEveryCurve()
    {
        const Trained t = trainTiered(Metric::TpReadMbs);
        Configuration scenario = t.configs.front();
        scenario.readPct = 50.0;
        const Profile p
            = profile(t.pointers, scenario, Factor::RequestBytes, factorDomain(t.configs));
        SpreadBand band;
        spread(p, band);
        bool disagree = false;
        for (std::size_t i = 0; i < p.grid.x.size(); ++i) {
            for (const auto& y : p.y)
                QVERIFY(band.low[i] <= y[i] && y[i] <= band.high[i]);
            disagree = disagree || band.high[i] > band.low[i] * 1.01;
        }
        QVERIFY(disagree); // four different techniques do not agree everywhere
    }

    // The recommended model's band is its own interval, point by point what predictInterval
    // gives, around its curve; a technique without intervals has none.
    void intervalBand_isTheModelsIntervalAlongTheSweep()
    {
        Trained t = trainTiered(Metric::RtReadMs);
        const TrainedModel recommended
            = TrainedModel::train(createRegressor("auto"), t.rows, {Metric::RtReadMs, true});
        Configuration scenario = t.configs.front();
        scenario.readPct = 50.0;
        const Profile p
            = profile({&recommended}, scenario, Factor::ReadPct, factorDomain(t.configs));
        SpreadBand band;
        QVERIFY(intervalBand(recommended, p, 0.8, band));
        QCOMPARE(band.low.size(), p.grid.x.size());
        bool widens = false;
        for (std::size_t i = 0; i < p.points.size(); ++i) {
            if (p.points[i].readPct == 0.0) { // no reads: no read response time
                QVERIFY(std::isnan(band.low[i]) && std::isnan(band.high[i]));
                continue;
            }
            const auto one = predictIntervalSpreadOverVms(recommended, {p.points[i]}, 0.8);
            QVERIFY(one);
            QCOMPARE(band.low[i], one->first(0));
            QCOMPARE(band.high[i], one->second(0));
            QVERIFY(band.low[i] <= p.y[0][i] && p.y[0][i] <= band.high[i]);
            widens = widens || band.high[i] > band.low[i] * 1.01;
        }
        QVERIFY(widens);
        QVERIFY(!intervalBand(t.models.front(), p, 0.8, band)); // mars: no intervals
        QVERIFY(band.low.empty() && band.high.empty());
    }
};

IOLENS_TEST_GUILESS_MAIN(TestProfile)
#include "test_profile.moc"
