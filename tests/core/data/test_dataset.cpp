// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "data/dataset.hpp"
#include "data/measurement_csv.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::core;

namespace {

/// A configuration of `threads` closed-loop threads: each direction's IOPS is its share of
/// threads / response time, so IOPS x RT summed over directions is exactly `threads x scale`.
AggregatedMeasurement closedLoop(double readPct, double rtReadMs, double rtWriteMs, double scale)
{
    AggregatedMeasurement m;
    m.config.threads = 16;
    m.config.readPct = readPct;
    m.config.requestBytes = 16384;
    m.config.filesetBytes = 1 << 30;
    const double share = readPct / 100.0;
    // Requests alternate by share; the mean time per request is the share-weighted mean.
    const double meanMs = share * rtReadMs + (1.0 - share) * rtWriteMs;
    const double iops = scale * 16.0 / (meanMs / 1000.0);
    if (share > 0.0) {
        m.mean[metricIndex(Metric::RtReadMs)] = rtReadMs;
        m.mean[metricIndex(Metric::IopsRead)] = iops * share;
    }
    if (share < 1.0) {
        m.mean[metricIndex(Metric::RtWriteMs)] = rtWriteMs;
        m.mean[metricIndex(Metric::IopsWrite)] = iops * (1.0 - share);
    }
    return m;
}

} // namespace

class TestDataset : public QObject {
    Q_OBJECT
private slots:
    void medianLittleRatio_isOneForAClosedLoop_data()
    {
        QTest::addColumn<double>("scale");
        QTest::addColumn<bool>("closed");
        QTest::newRow("closed") << 1.0 << true;
        QTest::newRow("within tolerance") << 1.08 << true;
        // An open workload at a tenth of the closed rate: 1.6 requests in the system, not 16.
        QTest::newRow("open") << 0.1 << false;
    }
    void medianLittleRatio_isOneForAClosedLoop()
    {
        QFETCH(double, scale);
        QFETCH(bool, closed);
        const std::vector<AggregatedMeasurement> rows {closedLoop(100, 0.5, 0, scale),
            closedLoop(50, 0.01, 10.0, scale), closedLoop(0, 0, 2.0, scale)};
        const auto ratio = medianLittleRatio(rows);
        QVERIFY(ratio);
        QVERIFY(std::abs(*ratio - scale) < 1e-12);
        const Dataset data = buildDataset(rows, Metric::RtWriteMs);
        QCOMPARE(data.littleRatio.value_or(-1.0), *ratio);
        QCOMPARE(data.closedWorkload(), closed);
    }

    void medianLittleRatio_ignoresIncompleteRowsAndUsesThroughput()
    {
        AggregatedMeasurement noWriteTime = closedLoop(50, 1.0, 3.0, 1.0);
        noWriteTime.mean[metricIndex(Metric::RtWriteMs)].reset();
        QVERIFY(!medianLittleRatio({noWriteTime}));
        // IOPS missing: taken from throughput (MiB/s) / request size.
        AggregatedMeasurement fromThroughput = closedLoop(100, 0.5, 0, 1.0);
        const double iops = *fromThroughput.value(Metric::IopsRead);
        fromThroughput.mean[metricIndex(Metric::IopsRead)].reset();
        fromThroughput.mean[metricIndex(Metric::TpReadMbs)] = iops * 16384.0 / 1048576.0;
        const auto ratio = medianLittleRatio({fromThroughput, noWriteTime});
        QVERIFY(ratio);
        QVERIFY(std::abs(*ratio - 1.0) < 1e-12);
    }

    void sharedDatasets_areClosedWorkloads()
    {
        // The README of the shared data: 16 psync threads back to back, N = X R at 0.996.
        for (const std::string& path :
            {iolens::test::localCsvPath(), iolens::test::tieredCsvPath()}) {
            const Dataset data
                = buildDataset(aggregateRepetitions(readMeasurementsCsv(path)), Metric::TpReadMbs);
            QVERIFY2(data.closedWorkload(), path.c_str());
            QVERIFY(std::abs(*data.littleRatio - 1.0) < 0.02);
        }
    }

    void buildDataset_needsTwoRows()
    {
        QVERIFY_THROWS_EXCEPTION(
            DataError, buildDataset({closedLoop(100, 0.5, 0, 1.0)}, Metric::RtReadMs));
    }

    // Each row carries the runs behind it and their log variance, through a subset too; runs
    // whose spread is unknown (one of them 0, no log) count as one run, not as runs that agree.
    void buildDataset_carriesTheRunsBehindEachRow()
    {
        std::vector<AggregatedMeasurement> rows {closedLoop(100, 1.0, 0, 1.0),
            closedLoop(100, 2.0, 0, 1.0), closedLoop(100, 4.0, 0, 1.0)};
        rows[1].config.requestBytes = 4096;
        rows[2].config.requestBytes = 65536;
        const auto rt = metricIndex(Metric::RtReadMs);
        rows[0].runs[rt] = 3;
        rows[0].logVariance[rt] = 0.04;
        rows[1].runs[rt] = 2; // without a variance: a run of 0 among them
        const Dataset data = buildDataset(rows, Metric::RtReadMs);
        QCOMPARE(data.runSpread.size(), std::size_t {3});
        QCOMPARE(data.runSpread[0].runs, 3);
        QCOMPARE(data.runSpread[0].logVariance, 0.04);
        QCOMPARE(data.runSpread[1].runs, 1);
        QCOMPARE(data.runSpread[2].runs, 1);
        const Dataset part = subset(data, {2, 0});
        QCOMPARE(part.runSpread.size(), std::size_t {2});
        QCOMPARE(part.runSpread[1].runs, 3);
    }

    // Too few rows of a metric: the message says why (runs that never wrote, an empty column).
    void buildDataset_saysWhyAMetricHasTooFewRows()
    {
        const std::vector<AggregatedMeasurement> reads {closedLoop(100, 1.0, 0, 1.0),
            closedLoop(100, 2.0, 0, 1.0), closedLoop(50, 1.0, 2.0, 1.0)};
        try {
            buildDataset({reads[0], reads[1]}, Metric::RtWriteMs);
            QFAIL("no error");
        } catch (const DataError& e) {
            QVERIFY2(QString(e.what()).contains("only 0 measured configurations have "
                                                "rt_write_ms (of 2 configurations, 2 at a "
                                                "read_pct with no writes)"),
                e.what());
        }
        std::vector<AggregatedMeasurement> empty = reads;
        for (AggregatedMeasurement& m : empty)
            m.mean[metricIndex(Metric::TpReadMbs)].reset();
        try {
            buildDataset(empty, Metric::TpReadMbs);
            QFAIL("no error");
        } catch (const DataError& e) {
            QVERIFY2(QString(e.what()).contains("(of 3 configurations, the others with the column "
                                                "empty)"),
                e.what());
        }
    }

    // A CSV may hold 0 where a direction has no requests (write response time at 100 % reads);
    // it is no measurement of that direction and stays out of the training rows, as an empty
    // cell does.
    void buildDataset_leavesOutDirectionsWithoutRequests()
    {
        std::vector<AggregatedMeasurement> rows {closedLoop(0, 0, 2.0, 1.0),
            closedLoop(50, 1.0, 2.0, 1.0), closedLoop(75, 1.0, 2.5, 1.0),
            closedLoop(100, 1.0, 0, 1.0)};
        rows[0].mean[metricIndex(Metric::RtReadMs)] = 0.0;
        rows[3].mean[metricIndex(Metric::RtWriteMs)] = 0.0;
        const Dataset writes = buildDataset(rows, Metric::RtWriteMs);
        QCOMPARE(writes.rows(), Eigen::Index {3});
        QVERIFY((writes.y.array() > 0.0).all());
        const Dataset reads = buildDataset(rows, Metric::RtReadMs);
        QCOMPARE(reads.rows(), Eigen::Index {3});
        for (const Configuration& c : reads.configs)
            QVERIFY(c.readPct > 0.0);
    }

    // A rate's data carries both response times, encoded by its own schema, from every
    // configuration that has them: a write time at 0 % reads beside a read throughput.
    void buildDataset_ofARateCarriesBothResponseTimes()
    {
        std::vector<AggregatedMeasurement> rows;
        for (std::int64_t request : {4096, 16384})
            for (double readPct : {0.0, 50.0, 100.0}) {
                rows.push_back(closedLoop(readPct, 1.0, 4.0, 1.0));
                rows.back().config.requestBytes = request;
            }
        const Dataset reads = buildDataset(rows, Metric::IopsRead);
        QCOMPARE(reads.rows(), Eigen::Index {4});
        QVERIFY(reads.readTimes && reads.writeTimes);
        QCOMPARE(reads.readTimes->rows(), Eigen::Index {4});
        QCOMPARE(reads.writeTimes->rows(), Eigen::Index {4});
        QCOMPARE(reads.writeTimes->cols(), reads.cols());
        // Read times carry the write times (the readers' share needs them), not their own.
        const Dataset readTimes = buildDataset(rows, Metric::RtReadMs);
        QVERIFY(!readTimes.readTimes && readTimes.writeTimes);
        QCOMPARE(readTimes.writeTimes->rows(), Eigen::Index {4});
        // 4 KiB's reads keep 4 KiB's writes, at 50 % and (with every 4 KiB read row) at 0 %.
        const Dataset smallReads = subset(readTimes, {0, 1});
        QVERIFY(smallReads.writeTimes);
        QCOMPARE(smallReads.writeTimes->rows(), Eigen::Index {2});
        for (const Configuration& c : smallReads.writeTimes->configs)
            QCOMPARE(c.requestBytes, std::int64_t {4096});
        // Write times carry the read times (the writers' share needs them), not their own.
        const Dataset writes = buildDataset(rows, Metric::RtWriteMs);
        QVERIFY(writes.readTimes && !writes.writeTimes);
        QCOMPARE(writes.readTimes->rows(), Eigen::Index {4});
        QCOMPARE(subset(writes, {0, 1}).readTimes->rows(), Eigen::Index {2});

        // A subset keeps the times of its rows, and a write time at 0 % reads only with every
        // row of its configuration but the read share: leaving out 16 KiB leaves out all of it.
        const Dataset small = subset(reads, {0, 1});
        QCOMPARE(small.configs[0].requestBytes, std::int64_t {4096});
        QCOMPARE(small.readTimes->rows(), Eigen::Index {2});
        QCOMPARE(small.writeTimes->rows(), Eigen::Index {2});
        for (const Configuration& c : small.writeTimes->configs)
            QCOMPARE(c.requestBytes, std::int64_t {4096});
        // Half of 16 KiB's rows kept: its 0 % write time goes only with all of them.
        const Dataset mixed = subset(reads, {0, 1, 2});
        QCOMPARE(mixed.writeTimes->rows(), Eigen::Index {3});
    }

    // A time the schema cannot represent (a factor constant in the rate's rows) stays out.
    void buildDataset_leavesOutTimesItsSchemaCannotEncode()
    {
        std::vector<AggregatedMeasurement> rows {closedLoop(100, 1.0, 0, 1.0),
            closedLoop(100, 2.0, 0, 1.0), closedLoop(0, 0, 4.0, 1.0), closedLoop(0, 0, 5.0, 1.0)};
        rows[1].config.requestBytes = 65536;
        rows[3].config.requestBytes = 65536;
        const Dataset reads = buildDataset(rows, Metric::IopsRead);
        QVERIFY(reads.schema.numericColumn(Factor::ReadPct) < 0); // 100 % throughout
        QVERIFY(reads.readTimes);
        QVERIFY(!reads.writeTimes); // its times are at 0 % reads, which this schema cannot say
    }
};

IOLENS_TEST_GUILESS_MAIN(TestDataset)
#include "test_dataset.moc"
