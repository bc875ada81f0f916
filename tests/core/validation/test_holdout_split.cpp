// SPDX-License-Identifier: GPL-3.0-or-later
#include "validation/holdout_split.hpp"

#include "data/measurement_csv.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::core;

class TestHoldoutSplit : public QObject {
    Q_OBJECT
private slots:
    void splits_holdOutTheInnerOrTheLargestSizes()
    {
        // fio-local measures 4, 8, 16, 32 and 64 KiB requests.
        const auto rows = aggregateRepetitions(readMeasurementsCsv(iolens::test::localCsvPath()));
        const HoldoutSplit inner = interpolationSplit(rows);
        QCOMPARE(inner.train.size() + inner.test.size(), rows.size());
        for (const auto& row : inner.train)
            QVERIFY(row.config.requestBytes == 4096 || row.config.requestBytes == 65536);
        for (const auto& row : inner.test)
            QVERIFY(row.config.requestBytes > 4096 && row.config.requestBytes < 65536);
        const HoldoutSplit beyond = extrapolationSplit(rows);
        QCOMPARE(beyond.train.size() + beyond.test.size(), rows.size());
        QVERIFY(!beyond.test.empty());
        for (const auto& row : beyond.test)
            QCOMPARE(row.config.requestBytes, std::int64_t {65536});
        for (const auto& row : beyond.train)
            QVERIFY(row.config.requestBytes < 65536);
    }

    void splits_needEnoughSizes()
    {
        AggregatedMeasurement a, b;
        a.config.requestBytes = 4096;
        b.config.requestBytes = 8192;
        QVERIFY(interpolationSplit({a, b}).test.empty());
        QCOMPARE(extrapolationSplit({a, b}).test.size(), std::size_t {1});
        QVERIFY(extrapolationSplit({a, a}).test.empty());
    }
};

IOLENS_TEST_GUILESS_MAIN(TestHoldoutSplit)
#include "test_holdout_split.moc"
