// SPDX-License-Identifier: GPL-3.0-or-later
// Replaying a trace with fio: the job that reads the iolog, the replay file written once with
// data, and a real replay of a small SPC trace that gives every request a response time and
// keeps the trace's pace.
#include "harness/trace_replay.hpp"

#include "common/error.hpp"
#include "support/fio_tool.hpp"
#include "support/test_registry.hpp"
#include "traces/fio_iolog.hpp"
#include "traces/replay_latency.hpp"
#include "traces/trace_reader.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

using namespace iolens::core;

namespace {

// A synthetic SPC trace (UMass layout): `count` requests of 512 B to 64 KiB over two ASUs of
// 4 GiB, a third of them writes, arriving from 12.5 s on with exponential gaps of mean `gapS`
// seconds (Poisson arrivals).
std::string syntheticSpcTrace(int count, double gapS)
{
    std::mt19937_64 random(42);
    std::exponential_distribution<double> gap(1.0 / gapS);
    std::ostringstream text;
    text.setf(std::ios::fixed);
    text.precision(6);
    double arrivalS = 12.5;
    for (int i = 0; i < count; ++i) {
        const auto lba = random() % (std::uint64_t {8} << 20);
        const auto sectors = 1 + random() % 128;
        text << i % 2 << ',' << lba << ',' << sectors * 512 << ',' << (i % 3 == 0 ? 'w' : 'r')
             << ',' << arrivalS << '\n';
        arrivalS += gap(random);
    }
    return text.str();
}

} // namespace

class TestTraceReplay : public QObject {
    Q_OBJECT
private slots:
    void replayJobText_readsTheIologAtItsPace()
    {
        TraceReplayRequest request;
        request.iolog = "/tmp/x/replay.iolog";
        request.replayFile = "/data/replay.dat";
        QCOMPARE(QString::fromStdString(replayJobText(request)),
            QStringLiteral("; iolens trace-replay: fio replays the trace's iolog at its "
                           "timestamps, one request in flight\n[global]\nioengine=psync\n"
                           "direct=1\ninvalidate=1\nread_iolog=/tmp/x/replay.iolog\n"
                           "replay_redirect=/data/replay.dat\nreplay_time_scale=100\n"
                           "replay_no_stall=0\n\n[replay]\n"));
        request.direct = false;
        request.noStall = true;
        request.timeScalePercent = 250;
        const std::string text = replayJobText(request);
        QVERIFY(text.find("\ndirect=0\n") != std::string::npos);
        QVERIFY(text.find("\nreplay_no_stall=1\n") != std::string::npos);
        QVERIFY(text.find("\nreplay_time_scale=250\n") != std::string::npos);
    }

    void prepareReplayFile_writesDataOnce()
    {
        QTemporaryDir dir(
            iolens::test::measurementScratchParent() + QStringLiteral("/replay-file-XXXXXX"));
        const std::filesystem::path file = dir.filePath(QStringLiteral("r.dat")).toStdString();
        const std::int64_t bytes = (std::int64_t {3} << 20) + 4096;
        QVERIFY(prepareReplayFile(file, bytes));
        QCOMPARE(static_cast<std::int64_t>(std::filesystem::file_size(file)), bytes);
        // Data, not zeros: no layer below may turn its reads into nothing.
        std::ifstream in(file, std::ios::binary);
        std::string head(4096, '\0');
        in.read(head.data(), 4096);
        QVERIFY(head.find_first_not_of('\0') != std::string::npos);
        QVERIFY(!prepareReplayFile(file, bytes));       // kept
        QVERIFY(prepareReplayFile(file, bytes + 4096)); // another size: written anew
        QCOMPARE(static_cast<std::int64_t>(std::filesystem::file_size(file)), bytes + 4096);
        QVERIFY_THROWS_EXCEPTION(
            ConfigError, prepareReplayFile("/nonexistent/iolens/r.dat", std::int64_t {4096}));
    }

    // 300 requests 2 ms apart on average (about 0.6 s of trace) replayed with the real fio: each
    // gets a response time, no log entry is left over, and fio followed the timestamps.
    void replaySmallSpcTrace_withFio()
    {
        IOLENS_REQUIRE_TOOL(iolens::test::fioTool());
        QTemporaryDir dir(
            iolens::test::measurementScratchParent() + QStringLiteral("/replay-XXXXXX"));
        QVERIFY(dir.isValid());
        std::istringstream spc(syntheticSpcTrace(300, 0.002));
        std::vector<TraceRequest> requests;
        readTrace(spc, TraceFormat::Spc, "synthetic.spc",
            [&requests](const TraceRequest& r) { requests.push_back(r); });
        QCOMPARE(requests.size(), std::size_t {300});
        const std::vector<TraceRequest> original = requests;
        const double spanMs = requests.back().arrivalMs - requests.front().arrivalMs;

        const std::int64_t fileBytes = std::int64_t {64} << 20;
        TraceReplayRequest request;
        request.iolog = dir.filePath(QStringLiteral("replay.iolog")).toStdString();
        request.replayFile = dir.filePath(QStringLiteral("replay.dat")).toStdString();
        request.logPrefix = dir.filePath(QStringLiteral("replay")).toStdString();
        request.program = iolens::test::fioPath().toStdString();
        request.direct = iolens::test::supportsDirectIo(dir.path());
        std::vector<ReplayedRequest> replayed;
        {
            std::ofstream iolog(request.iolog);
            FioIologWriter writer(iolog, "replay.dat", fileBytes, "synthetic.spc");
            for (const TraceRequest& r : requests)
                replayed.push_back(writer.add(r));
            writer.finish();
        }
        QVERIFY(prepareReplayFile(request.replayFile, fileBytes));
        const auto log = replayTrace(request);

        double lastCompletionMs = 0.0;
        readTraceFile(log.string(), TraceFormat::FioLat, [&](const TraceRequest& r) {
            lastCompletionMs = std::max(lastCompletionMs, r.arrivalMs + *r.responseMs);
        });
        // Without the timestamps 300 requests take a few tens of ms. fio may run ahead of the
        // trace after a sleep that overshot (a busy CPU) until a longer gap comes, but it
        // follows the timestamps.
        QVERIFY2(lastCompletionMs >= 0.5 * spanMs,
            qPrintable(QStringLiteral("%1 of %2 ms").arg(lastCompletionMs).arg(spanMs)));

        const ReplayLatencyMatch match = matchReplayLatencyFile(requests, replayed, log.string());
        QCOMPARE(match.matched, std::size_t {300});
        QCOMPARE(match.unmatchedLogged, std::size_t {0});
        for (const TraceRequest& r : requests) {
            QVERIFY(r.responseMs);
            QVERIFY2(*r.responseMs > 0.0 && *r.responseMs < 5000.0,
                qPrintable(QString::number(*r.responseMs)));
        }
        for (std::size_t i = 0; i < requests.size(); ++i) { // the trace's own fields stay
            QCOMPARE(requests[i].arrivalMs, original[i].arrivalMs);
            QCOMPARE(requests[i].offset, original[i].offset);
            QCOMPARE(requests[i].bytes, original[i].bytes);
            QCOMPARE(requests[i].device, original[i].device);
        }

        // replay_no_stall: the same requests back to back, far quicker than the trace's 0.6 s.
        request.noStall = true;
        request.logPrefix = dir.filePath(QStringLiteral("no-stall")).toStdString();
        double noStallLastMs = 0.0;
        std::size_t noStallRequests = 0;
        readTraceFile(
            replayTrace(request).string(), TraceFormat::FioLat, [&](const TraceRequest& r) {
                noStallLastMs = std::max(noStallLastMs, r.arrivalMs + *r.responseMs);
                ++noStallRequests;
            });
        QCOMPARE(noStallRequests, std::size_t {300});
        QVERIFY2(noStallLastMs < 400.0, qPrintable(QString::number(noStallLastMs)));
        request.noStall = false;

        // A job fio refuses (a missing iolog) is a ConfigError naming the command.
        request.iolog = dir.filePath(QStringLiteral("missing.iolog")).toStdString();
        request.logPrefix = dir.filePath(QStringLiteral("missing")).toStdString();
        try {
            replayTrace(request);
            QFAIL("fio ran without its iolog");
        } catch (const ConfigError& e) {
            QVERIFY2(QString::fromStdString(e.what()).startsWith("trace-replay: "), e.what());
        }
    }
};

IOLENS_TEST_GUILESS_MAIN(TestTraceReplay)
#include "test_trace_replay.moc"
