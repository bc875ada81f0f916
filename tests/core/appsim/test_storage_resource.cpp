// SPDX-License-Identifier: GPL-3.0-or-later
// The storage resource's memory of recent requests and the configuration it asks a model about.
#include "appsim/storage_resource.hpp"
#include "data/aggregation.hpp"
#include "data/measurement_csv.hpp"
#include "models/regressor_registry.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::core;

class TestStorageResource : public QObject {
    Q_OBJECT
private slots:
    void memory_keepsTheLastRequestsAndCountsThoseInService()
    {
        StorageMemory memory(4);
        StorageState s = memory.arrive({true, 4096.0, Pattern::Random});
        QCOMPARE(s.readPct, 100.0);
        QCOMPARE(s.meanRequestBytes, 4096.0);
        QCOMPARE(s.concurrent, 1);
        s = memory.arrive({false, 8192.0, Pattern::Sequential});
        QCOMPARE(s.readPct, 50.0);
        QCOMPARE(s.meanRequestBytes, 6144.0);
        QCOMPARE(s.sequentialShare, 0.5);
        QCOMPARE(s.concurrent, 2);
        memory.depart();
        memory.arrive({false, 8192.0, Pattern::Sequential});
        memory.arrive({false, 8192.0, Pattern::Sequential});
        // The fifth request pushes the first (the only read) out of a memory of four.
        s = memory.arrive({false, 8192.0, Pattern::Sequential});
        QCOMPARE(s.readPct, 0.0);
        QCOMPARE(s.meanRequestBytes, 8192.0);
        QCOMPARE(s.sequentialShare, 1.0);
        QCOMPARE(s.concurrent, 4);
        QCOMPARE(memory.inService(), 4);
    }

    void modelLatency_asksTheModelAtTheStatesConfiguration()
    {
        const auto rows = aggregateRepetitions(readMeasurementsCsv(iolens::test::localCsvPath()));
        const TrainedModel read
            = TrainedModel::train(createRegressor("cart"), rows, {Metric::RtReadMs, true});
        const TrainedModel write
            = TrainedModel::train(createRegressor("cart"), rows, {Metric::RtWriteMs, true});
        Configuration base = rows.front().config;
        base.filesetBytes = 1LL << 30;
        base.scheduler = "bfq";
        ModelStorageLatency latency(read, write, base);
        const StorageState state {75.0, 16.0 * 1024 + 100, 0.8, 3};
        const Configuration config = latency.configurationFor(state);
        QCOMPARE(config.requestBytes, std::int64_t {16384});
        QCOMPARE(config.readPct, 75.0);
        QVERIFY(config.pattern == Pattern::Sequential);
        QCOMPARE(config.threads, 3);
        QCOMPARE(config.scheduler, std::string("bfq"));
        QCOMPARE(config.filesetBytes, std::int64_t {1} << 30);
        QCOMPARE(latency.responseTimeMs({true, 16384.0, Pattern::Sequential}, state),
            read.predict(config));
        QCOMPARE(latency.responseTimeMs({false, 16384.0, Pattern::Sequential}, state),
            write.predict(config));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestStorageResource)
#include "test_storage_resource.moc"
