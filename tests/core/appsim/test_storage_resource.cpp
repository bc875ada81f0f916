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
        QCOMPARE(s.meanReadBytes, 4096.0);
        QCOMPARE(s.meanWriteBytes, 0.0);
        QCOMPARE(s.concurrent, 1);
        s = memory.arrive({false, 8192.0, Pattern::Sequential});
        QCOMPARE(s.readPct, 50.0);
        QCOMPARE(s.meanReadBytes, 4096.0);
        QCOMPARE(s.meanWriteBytes, 8192.0);
        QCOMPARE(s.readSequentialShare, 0.0);
        QCOMPARE(s.writeSequentialShare, 1.0);
        QCOMPARE(s.concurrent, 2);
        memory.depart();
        memory.arrive({false, 16384.0, Pattern::Random});
        memory.arrive({false, 8192.0, Pattern::Sequential});
        // The fifth request pushes the first (the only read) out of a memory of four.
        s = memory.arrive({false, 8192.0, Pattern::Sequential});
        QCOMPARE(s.readPct, 0.0);
        QCOMPARE(s.meanReadBytes, 0.0);
        QCOMPARE(s.meanWriteBytes, 10240.0);
        QCOMPARE(s.writeSequentialShare, 0.75);
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
        const StorageState state {75.0, 16.0 * 1024 + 100, 64.0 * 1024, 0.8, 0.2, 3};
        // The paper's variant: the remembered requests' mean size and majority pattern.
        ModelStorageLatency mean(read, write, base, RequestSizeSource::Mean);
        const StorageRequest smallRead {true, 4096.0, Pattern::Random};
        const StorageRequest smallWrite {false, 4096.0, Pattern::Random};
        const Configuration readAt = mean.configurationFor(smallRead, state);
        QCOMPARE(readAt.requestBytes, std::int64_t {16384});
        QCOMPARE(readAt.readPct, 75.0);
        QVERIFY(readAt.pattern == Pattern::Sequential);
        QCOMPARE(readAt.threads, 3);
        QCOMPARE(readAt.scheduler, std::string("bfq"));
        QCOMPARE(readAt.filesetBytes, std::int64_t {1} << 30);
        const Configuration writeAt = mean.configurationFor(smallWrite, state);
        QCOMPARE(writeAt.requestBytes, std::int64_t {65536});
        QVERIFY(writeAt.pattern == Pattern::Random);
        QCOMPARE(mean.responseTimeMs(smallRead, state), read.predict(readAt));
        QCOMPARE(mean.responseTimeMs(smallWrite, state), write.predict(writeAt));
        // The default: each request at its own size and pattern, the state's mix and load.
        ModelStorageLatency own(read, write, base);
        const StorageRequest large {false, 65536.0, Pattern::Sequential};
        const Configuration ownAt = own.configurationFor(large, state);
        QCOMPARE(ownAt.requestBytes, std::int64_t {65536});
        QVERIFY(ownAt.pattern == Pattern::Sequential);
        QCOMPARE(ownAt.readPct, 75.0);
        QCOMPARE(ownAt.threads, 3);
        QCOMPARE(own.responseTimeMs(large, state), write.predict(ownAt));
        // fio-local has 16 threads only: 48 requests in service are the saturated storage's
        // time at 16, three times over, not the model's extrapolation.
        StorageState crowded = state;
        crowded.concurrent = 48;
        Configuration at16 = ownAt;
        at16.threads = 16;
        QCOMPARE(own.responseTimeMs(large, crowded), 3.0 * write.predict(at16));
        // fio-local's largest request is 64 KiB: a 256 KiB one takes four times that one's time.
        const StorageRequest huge {false, 262144.0, Pattern::Sequential};
        Configuration at64 = own.configurationFor(huge, state);
        QCOMPARE(at64.requestBytes, std::int64_t {262144});
        at64.requestBytes = 65536;
        QCOMPARE(own.responseTimeMs(huge, state), 4.0 * write.predict(at64));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestStorageResource)
#include "test_storage_resource.moc"
