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
