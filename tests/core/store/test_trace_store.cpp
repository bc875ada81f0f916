// SPDX-License-Identifier: GPL-3.0-or-later
// Traces and per-request models in the database: a trace is stored whole or not at all, read
// back request by request as the file gave it, and a model keeps what rebuilds its features.
#include "common/error.hpp"
#include "store/trace_store.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTemporaryDir>
#include <QTest>

using namespace iolens::core;

namespace {

constexpr const char* kMsrLines = "128166372003061629,hm,1,Read,3154152448,4096,19942\n"
                                  "128166372003461629,hm,1,Write,3154156544,8192,30000\n"
                                  "128166372003561629,hm,0,Read,4096,65536,500\n";

} // namespace

class TestTraceStore : public QObject {
    Q_OBJECT
private slots:
    void import_thenRead_keepsEveryRequestInOrder()
    {
        QTemporaryDir dir;
        const std::string file = iolens::test::writeFile(dir.path(), "hm.csv", kMsrLines);
        auto db = MeasurementDatabase::inMemory();
        const TraceRecord t = importTrace(db, "hm", file, TraceFormat::Msr);
        QCOMPARE(t.requests, std::int64_t {3});
        QCOMPARE(t.timedRequests, std::int64_t {3});
        QCOMPARE(t.source, file);
        QVERIFY(t.format == TraceFormat::Msr);
        std::vector<TraceRequest> read;
        forEachTraceRequest(
            db, traceNamed(db, "hm"), [&](const TraceRequest& r) { read.push_back(r); });
        QCOMPARE(read.size(), std::size_t {3});
        QCOMPARE(read[1].arrivalMs, 40.0);
        QCOMPARE(read[1].offset, std::int64_t {3154156544});
        QCOMPARE(read[1].bytes, std::int64_t {8192});
        QVERIFY(!read[1].read && read[2].read);
        QCOMPARE(read[2].device, 0);
        QCOMPARE(*read[0].responseMs, 1.9942);
        QCOMPARE(traces(db).size(), std::size_t {1});
    }

    void malformedLine_leavesTheDatabaseUnchanged()
    {
        QTemporaryDir dir;
        const std::string file = iolens::test::writeFile(
            dir.path(), "bad.csv", std::string(kMsrLines) + "128166372003661629,hm,1,Read,x,1,1\n");
        auto db = MeasurementDatabase::inMemory();
        try {
            importTrace(db, "bad", file, TraceFormat::Msr);
            QFAIL("a malformed line was accepted");
        } catch (const DataError& e) {
            const QString message = QString::fromStdString(e.what());
            QVERIFY2(message.contains(QString::fromStdString(file)) && message.contains("4"),
                qPrintable(message));
        }
        QVERIFY(traces(db).empty());
        QVERIFY_THROWS_EXCEPTION(ConfigError, traceNamed(db, "bad"));
    }

    void takenName_isRefused()
    {
        QTemporaryDir dir;
        const std::string file = iolens::test::writeFile(dir.path(), "hm.csv", kMsrLines);
        auto db = MeasurementDatabase::inMemory();
        importTrace(db, "hm", file, TraceFormat::Msr);
        QVERIFY_THROWS_EXCEPTION(ConfigError, importTrace(db, "hm", file, TraceFormat::Msr));
        QCOMPARE(traceNamed(db, "hm").requests, std::int64_t {3});
    }

    // Requests made here (a replay's) rather than read from a file: stored in the order given,
    // with their response times; a producer that fails leaves nothing behind.
    void storeTrace_keepsTheRequestsGiven_orNone()
    {
        auto db = MeasurementDatabase::inMemory();
        TraceRequest timed;
        timed.arrivalMs = 12.5;
        timed.offset = 4096;
        timed.bytes = 3584;
        timed.read = false;
        timed.device = 3;
        timed.responseMs = 0.25;
        TraceRequest untimed;
        untimed.arrivalMs = 13.0;
        const auto produce = [&](const std::function<void(const TraceRequest&)>& sink) {
            sink(timed);
            sink(untimed);
        };
        const TraceRecord t = storeTrace(db, "rep", TraceFormat::Spc, "replay of x.spc", produce);
        QCOMPARE(t.requests, std::int64_t {2});
        QCOMPARE(t.timedRequests, std::int64_t {1});
        QCOMPARE(t.source, std::string("replay of x.spc"));
        QVERIFY(t.format == TraceFormat::Spc);
        std::vector<TraceRequest> read;
        forEachTraceRequest(db, t, [&](const TraceRequest& r) { read.push_back(r); });
        QCOMPARE(read.size(), std::size_t {2});
        QCOMPARE(read[0].arrivalMs, 12.5);
        QCOMPARE(read[0].offset, std::int64_t {4096});
        QCOMPARE(read[0].bytes, std::int64_t {3584});
        QVERIFY(!read[0].read);
        QCOMPARE(read[0].device, 3);
        QCOMPARE(*read[0].responseMs, 0.25);
        QVERIFY(!read[1].responseMs);

        QVERIFY_THROWS_EXCEPTION(DataError,
            storeTrace(db, "failed", TraceFormat::Spc, "x",
                [&](const std::function<void(const TraceRequest&)>& sink) {
                    sink(timed);
                    throw DataError("x.spc: line 2: field 'LBA'");
                }));
        QCOMPARE(traces(db).size(), std::size_t {1});
        QVERIFY_THROWS_EXCEPTION(
            ConfigError, storeTrace(db, "rep", TraceFormat::Spc, "again", produce));
    }

    // A version 3 database (before traces) opens read-only with none; writable, it gains them.
    void olderDatabase_readsWithoutTraces()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("v3.sqlite")).toStdString();
        {
            auto db = MeasurementDatabase::openOrCreate(path);
            db.connection().exec("DROP TABLE trace_models; DROP TABLE trace_requests; DROP TABLE "
                                 "traces; DROP TABLE imported_files;");
            db.connection().setUserVersion(3);
        }
        {
            auto db = MeasurementDatabase::open(path, true);
            QVERIFY(traces(db).empty());
            QVERIFY(traceModels(db).empty());
        }
        auto db = MeasurementDatabase::open(path, false);
        const std::string file = iolens::test::writeFile(dir.path(), "hm.csv", kMsrLines);
        QCOMPARE(importTrace(db, "hm", file, TraceFormat::Msr).requests, std::int64_t {3});
    }

    void model_saveThenRead_keepsEveryField()
    {
        QTemporaryDir dir;
        const std::string file = iolens::test::writeFile(dir.path(), "hm.csv", kMsrLines);
        auto db = MeasurementDatabase::inMemory();
        importTrace(db, "hm", file, TraceFormat::Msr);
        TraceModelRecord model;
        model.name = "hm-sbcart-cache";
        model.trace = "hm";
        model.technique = "sbcart";
        model.parameters = {{"trees", 20.0}};
        model.withHit = false;
        model.cacheMib = 64.0;
        model.k = 2;
        model.m = 4;
        model.trainFraction = 0.7;
        model.featureNames = {"timediff_1", "lbn"};
        model.state = {{"nodes", {1, 2, 3}}};
        model.evaluation = {{"median_relative_error", 0.125}};
        saveTraceModel(db, model);
        QVERIFY_THROWS_EXCEPTION(ConfigError, saveTraceModel(db, model));
        model.trace = "missing";
        model.name = "other";
        QVERIFY_THROWS_EXCEPTION(ConfigError, saveTraceModel(db, model));
        const auto stored = traceModels(db, std::string("hm"));
        QCOMPARE(stored.size(), std::size_t {1});
        const TraceModelRecord& r = stored[0];
        QCOMPARE(r.name, std::string("hm-sbcart-cache"));
        QCOMPARE(r.trace, std::string("hm"));
        QCOMPARE(r.parameters["trees"].get<double>(), 20.0);
        QVERIFY(!r.withHit);
        QCOMPARE(r.cacheMib, 64.0);
        QCOMPARE(r.k, 2);
        QCOMPARE(r.m, 4);
        QCOMPARE(r.trainFraction, 0.7);
        QCOMPARE(r.featureNames.size(), std::size_t {2});
        QCOMPARE(r.state["nodes"].size(), std::size_t {3});
        QCOMPARE(r.evaluation["median_relative_error"].get<double>(), 0.125);
        QVERIFY(!r.trainedAt.empty());
    }
};

IOLENS_TEST_GUILESS_MAIN(TestTraceStore)
#include "test_trace_store.moc"
