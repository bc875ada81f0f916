// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/aggregation.hpp"
#include "data/measurement_csv.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::core;

class TestAggregation : public QObject {
    Q_OBJECT
private slots:
    void aggregate_meanAndRelativeStandardError()
    {
        Measurement a, b, c;
        a.config.requestBytes = b.config.requestBytes = c.config.requestBytes = 4096;
        a.config.filesetBytes = b.config.filesetBytes = c.config.filesetBytes = 1 << 20;
        a.setValue(Metric::RtReadMs, 1.0);
        b.setValue(Metric::RtReadMs, 2.0);
        c.setValue(Metric::RtReadMs, 3.0);
        const auto result = aggregateRepetitions({a, b, c});
        QCOMPARE(result.size(), std::size_t {1});
        QCOMPARE(result[0].repetitions, 3);
        QCOMPARE(*result[0].value(Metric::RtReadMs), 2.0);
        // sd = 1, se = 1/sqrt(3), relative to the mean 2.
        QVERIFY(std::fabs(*result[0].rse(Metric::RtReadMs) - 1.0 / std::sqrt(3.0) / 2.0) < 1e-12);
        QVERIFY(!result[0].value(Metric::RtWriteMs));
    }

    // Runs of 1, 2 and 4 ms: logs 0, ln 2, 2 ln 2, sample variance (ln 2)^2; a run of 0 has no
    // log, so that metric has none.
    void aggregate_logVarianceOfTheRuns()
    {
        Measurement a, b, c;
        a.setValue(Metric::RtReadMs, 1.0);
        b.setValue(Metric::RtReadMs, 2.0);
        c.setValue(Metric::RtReadMs, 4.0);
        a.setValue(Metric::TpReadMbs, 3.0);
        b.setValue(Metric::TpReadMbs, 0.0);
        const auto result = aggregateRepetitions({a, b, c});
        const auto rt = metricIndex(Metric::RtReadMs), tp = metricIndex(Metric::TpReadMbs);
        QCOMPARE(result[0].runs[rt], 3);
        QVERIFY(std::abs(*result[0].logVariance[rt] - std::log(2.0) * std::log(2.0)) < 1e-12);
        QCOMPARE(result[0].runs[tp], 2);
        QVERIFY(!result[0].logVariance[tp]);
        QVERIFY(!aggregateRepetitions({a})[0].logVariance[rt]);
    }

    // 16 MiB/s of 64 KiB requests are 256 IOPS, 100 IOPS of 4 KiB requests 0.390625 MiB/s; a
    // run that has both keeps both as measured, even where they disagree.
    void aggregate_completesTheOtherRateView()
    {
        Measurement onlyThroughput, onlyIops, both;
        onlyThroughput.config.requestBytes = 65536;
        onlyThroughput.setValue(Metric::TpReadMbs, 16.0);
        onlyIops.config.requestBytes = 4096;
        onlyIops.setValue(Metric::IopsWrite, 100.0);
        both.config.requestBytes = 8192;
        both.setValue(Metric::TpReadMbs, 10.0);
        both.setValue(Metric::IopsRead, 999.0);
        const auto result = aggregateRepetitions({onlyThroughput, onlyIops, both});
        QCOMPARE(result.size(), std::size_t {3});
        QCOMPARE(*result[0].value(Metric::IopsRead), 256.0);
        QVERIFY(!result[0].value(Metric::IopsWrite));
        QVERIFY(!result[0].value(Metric::TpWriteMbs));
        QCOMPARE(*result[1].value(Metric::TpWriteMbs), 0.390625);
        QVERIFY(!result[1].value(Metric::TpReadMbs));
        QCOMPARE(*result[2].value(Metric::IopsRead), 999.0);
        QCOMPARE(*result[2].value(Metric::TpReadMbs), 10.0);
    }

    // Repeats of which one lacks the IOPS count all their runs in the IOPS mean.
    void aggregate_derivedRunsCountAsRuns()
    {
        Measurement a, b;
        a.config.requestBytes = b.config.requestBytes = 1048576;
        a.setValue(Metric::TpReadMbs, 2.0);
        a.setValue(Metric::IopsRead, 2.0);
        b.setValue(Metric::TpReadMbs, 4.0);
        const auto result = aggregateRepetitions({a, b});
        QCOMPARE(result[0].runs[metricIndex(Metric::IopsRead)], 2);
        QCOMPARE(*result[0].value(Metric::IopsRead), 3.0);
    }

    void aggregate_singleRunHasNoError()
    {
        Measurement a;
        a.setValue(Metric::TpReadMbs, 5.0);
        const auto result = aggregateRepetitions({a});
        QVERIFY(!result[0].rse(Metric::TpReadMbs));
    }

    void aggregate_sharedDatasetHasOneRowPerConfiguration()
    {
        const auto rows = aggregateRepetitions(readMeasurementsCsv(iolens::test::localCsvPath()));
        QCOMPARE(rows.size(), std::size_t {300}); // the repeat split re-measures grid cells
        int repeated = 0;
        for (const auto& row : rows)
            repeated += row.repetitions > 1 ? 1 : 0;
        QCOMPARE(repeated, 15);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestAggregation)
#include "test_aggregation.moc"
