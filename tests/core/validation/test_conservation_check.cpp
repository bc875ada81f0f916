// SPDX-License-Identifier: GPL-3.0-or-later
#include "validation/conservation_check.hpp"

#include "common/error.hpp"
#include "data/measurement_csv.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::core;

namespace {

AggregatedMeasurement measured(double kib, double readPct, double readIops, double writeIops)
{
    AggregatedMeasurement row;
    row.config = {"none", 1LL << 30, std::llround(kib * 1024.0), Pattern::Random, readPct, 8, 1};
    row.repetitions = 1;
    if (readPct > 0.0)
        row.mean[metricIndex(Metric::IopsRead)] = readIops;
    if (readPct < 100.0)
        row.mean[metricIndex(Metric::IopsWrite)] = writeIops;
    return row;
}

} // namespace

class TestConservationCheck : public QObject {
    Q_OBJECT
private slots:
    void check_aConservingSystemHasRatioOneAndNoError()
    {
        // T100r 900, T100w 300 (f_rw 3): at R = 25, k = 900 / (25 + 75 * 3) = 3.6.
        std::vector<AggregatedMeasurement> rows {
            measured(8, 100, 900, 0), measured(8, 0, 0, 300), measured(8, 25, 3.6 * 25, 3.6 * 75)};
        const ConservationCheck check = checkConservation(rows);
        QCOMPARE(check.mixes.size(), std::size_t {1});
        QCOMPARE(check.measurementsUsed, 2);
        QCOMPARE(check.mixes[0].writeCost, 3.0);
        QCOMPARE(check.mixes[0].capacityRatio, 1.0);
        QVERIFY(check.mixes[0].relativeError < 1e-12);
    }

    void check_aSystemThatLosesCapacityIsSeen()
    {
        // Mixing costs 20 % of the capacity: C / T100r = 0.8 and the model over-estimates by 25 %.
        std::vector<AggregatedMeasurement> rows {measured(8, 100, 900, 0), measured(8, 0, 0, 300),
            measured(8, 25, 0.8 * 3.6 * 25, 0.8 * 3.6 * 75)};
        const ConservationCheck check = checkConservation(rows);
        QCOMPARE(check.mixes[0].capacityRatio, 0.8);
        QCOMPARE(check.mixes[0].relativeError, 0.25);
        QCOMPARE(check.meanCapacityDeviation, 0.2);
    }

    void check_sharedTieredData()
    {
        const auto rows = iolens::test::tieredRows();
        const ConservationCheck check = checkConservation(rows);
        // 12 system configurations x 3 sizes x 2 pure workloads, less the two 64 KiB sizes that
        // lack their 100 % read run (see test_conservation_model); their 50 % mixes are left out.
        QCOMPARE(check.measurementsUsed, 68);
        QCOMPARE(check.mixes.size() + check.mixesWithoutCapacity, std::size_t {36});
        QVERIFY(check.mixesWithoutCapacity <= 2);
        for (const ConservationMix& mix : check.mixes)
            QVERIFY(std::isfinite(mix.capacityRatio) && mix.capacityRatio > 0.0);
        const auto json = conservationJson(check);
        QCOMPARE(json.at("mixes").size(), check.mixes.size());
        qInfo("fio-tiered: mean |C/T100r - 1| = %.3f, mean relative error of total IOPS = %.3f",
            check.meanCapacityDeviation, check.meanRelativeError);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestConservationCheck)
#include "test_conservation_check.moc"
