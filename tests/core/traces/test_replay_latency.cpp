// SPDX-License-Identifier: GPL-3.0-or-later
// fio's latency log of a replay matched back to the trace's requests: by place in the replay
// file, size and direction, the same place twice in issue order; the trace keeps its own
// arrivals and offsets.
#include "common/error.hpp"
#include "support/test_registry.hpp"
#include "traces/replay_latency.hpp"

#include <QTest>

#include <sstream>

using namespace iolens::core;

namespace {

TraceRequest replayTestRequest(double arrivalMs, std::int64_t offset, bool read)
{
    TraceRequest r;
    r.arrivalMs = arrivalMs;
    r.offset = offset;
    r.bytes = 4096;
    r.read = read;
    r.device = 7;
    return r;
}

ReplayedRequest replayTestPlace(std::int64_t offset, bool read)
{
    ReplayedRequest p;
    p.offset = offset;
    p.bytes = 4096;
    p.read = read;
    return p;
}

} // namespace

class TestReplayLatency : public QObject {
    Q_OBJECT
private slots:
    void logEntries_findTheirRequests()
    {
        // Requests 0 and 2 land on the same place (their LBAs differ by the file size).
        std::vector<TraceRequest> requests {replayTestRequest(0.0, 1 << 30, true),
            replayTestRequest(1.0, 8192, false),
            replayTestRequest(2.0, (1 << 30) + (64 << 20), true),
            replayTestRequest(3.0, 4096, true)};
        requests[3].responseMs = 99.0; // a response time the trace brought: not this machine's
        const std::vector<ReplayedRequest> replayed {replayTestPlace(0, true),
            replayTestPlace(8192, false), replayTestPlace(0, true), replayTestPlace(4096, true)};
        // time_ms (completion), lat_ns, ddir, bs, offset: the second read of offset 0 is matched
        // to request 2; the trim and the entry no request waits for are not matched.
        std::istringstream log("1, 500000, 0, 4096, 0, 0\n"
                               "2, 2000000, 1, 4096, 8192, 0\n"
                               "3, 250000, 0, 4096, 0, 0\n"
                               "3, 100, 2, 4096, 0, 0\n"
                               "4, 300000, 0, 4096, 12288, 0\n");
        const ReplayLatencyMatch match = matchReplayLatencies(requests, replayed, log, "lat.log");
        QCOMPARE(match.matched, std::size_t {3});
        QCOMPARE(match.unmatchedLogged, std::size_t {1});
        QCOMPARE(*requests[0].responseMs, 0.5);
        QCOMPARE(*requests[1].responseMs, 2.0);
        QCOMPARE(*requests[2].responseMs, 0.25);
        QVERIFY(!requests[3].responseMs);
        // The trace's own arrival, offset and device stay.
        QCOMPARE(requests[2].arrivalMs, 2.0);
        QCOMPARE(requests[2].offset, std::int64_t {(1 << 30) + (64 << 20)});
        QCOMPARE(requests[2].device, 7);
    }

    void malformedLog_namesLineAndField()
    {
        std::vector<TraceRequest> requests {replayTestRequest(0.0, 0, true)};
        const std::vector<ReplayedRequest> replayed {replayTestPlace(0, true)};
        std::istringstream log("1, 500000, 0, 4096, 0\n2, x, 0, 4096, 0\n");
        try {
            matchReplayLatencies(requests, replayed, log, "lat.log");
            QFAIL("a malformed log line was accepted");
        } catch (const DataError& e) {
            QVERIFY2(QString::fromStdString(e.what()).startsWith("lat.log: line 2: field "
                                                                 "'latency'"),
                e.what());
        }
        QVERIFY_THROWS_EXCEPTION(
            DataError, matchReplayLatencyFile(requests, replayed, "/nonexistent/iolens/lat.log"));
    }

    void requestsAndPlaces_mustPair()
    {
        std::vector<TraceRequest> requests {replayTestRequest(0.0, 0, true)};
        std::istringstream log;
        QVERIFY_THROWS_EXCEPTION(StateError, matchReplayLatencies(requests, {}, log, "lat.log"));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestReplayLatency)
#include "test_replay_latency.moc"
