// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/trace_replay_command.hpp"

#include "cli/cli_options.hpp"
#include "cli/stop_signals.hpp"
#include "common/error.hpp"
#include "common/units.hpp"
#include "data/csv_table.hpp"
#include "harness/page_cache.hpp"
#include "harness/trace_replay.hpp"
#include "store/trace_store.hpp"
#include "traces/fio_iolog.hpp"
#include "traces/replay_latency.hpp"
#include "traces/trace_reader.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>
#include <utility>

namespace iolens::cli {

using namespace iolens::core;

namespace {

// Thrown by the reading sink once --limit requests are in: the rest of the file is not read.
struct ReplayLimitReached { };

TraceFormat replayFormatOption(const QCommandLineParser& parser)
{
    const std::string text
        = optionText(parser, "format").empty() ? std::string("spc") : optionText(parser, "format");
    TraceFormat format {};
    if (!parseTraceFormat(text, format))
        throw ConfigError("--format '" + text + "': use spc, msr, blkparse, fio-lat or disksim");
    return format;
}

// The first `limit` requests of the trace (all when limit is 0), in file order.
std::vector<TraceRequest> replayRequests(const std::string& path, TraceFormat format, int limit)
{
    std::vector<TraceRequest> requests;
    try {
        readTraceFile(path, format, [&](const TraceRequest& r) {
            requests.push_back(r);
            if (limit > 0 && requests.size() >= static_cast<std::size_t>(limit))
                throw ReplayLimitReached {};
        });
    } catch (const ReplayLimitReached&) {
        // --limit requests read: the rest of the file stays unread
    }
    if (requests.empty())
        throw ConfigError("trace-replay: " + path + " holds no requests");
    return requests;
}

// The value at `share` (0..1) of the sorted `values`, nearest rank.
double replayPercentile(const std::vector<double>& sorted, double share)
{
    const auto rank
        = static_cast<std::size_t>(std::llround(share * static_cast<double>(sorted.size() - 1)));
    return sorted[std::min(rank, sorted.size() - 1)];
}

// Removes the folder of the replay's own files however the command ends.
class ReplayScratch {
public:
    explicit ReplayScratch(std::filesystem::path path)
        : m_path(std::move(path))
    {
        std::filesystem::create_directories(m_path);
    }
    ~ReplayScratch()
    {
        std::error_code ignored;
        std::filesystem::remove_all(m_path, ignored);
    }
    ReplayScratch(const ReplayScratch&) = delete;
    ReplayScratch& operator=(const ReplayScratch&) = delete;
    const std::filesystem::path& path() const { return m_path; }

private:
    std::filesystem::path m_path;
};

// A measured figure for a person: four significant digits.
std::string replayFigure(double value)
{
    std::ostringstream out;
    out << std::setprecision(4) << value;
    return out.str();
}

void copyReplayOutput(const std::filesystem::path& from, const std::string& to)
{
    std::error_code error;
    std::filesystem::copy_file(from, to, std::filesystem::copy_options::overwrite_existing, error);
    if (error)
        throw ConfigError(to + ": cannot write: " + error.message());
}

} // namespace

std::vector<QCommandLineOption> traceReplayOptions()
{
    return {valueOption(
                "trace", "The trace file to replay (SPC traces have no response times).", "FILE"),
        valueOption("format", "spc (default), msr, blkparse, fio-lat or disksim.", "FORMAT"),
        valueOption("target", "Directory for the replay file (fio --directory).", "DIR"),
        valueOption("db", "Database to store the replayed trace in (created if missing).", "FILE"),
        valueOption(
            "name", "Name of the stored trace (default: the file's name + '-replay').", "NAME"),
        valueOption("out", "Keep fio's per-I/O latency log of the replay here (fio-lat).", "FILE"),
        valueOption("iolog", "Keep the fio iolog (version 3) written for the replay here.", "FILE"),
        valueOption("file-mib",
            "Size of the replay file the trace's offsets wrap onto (default 1024, at least 64).",
            "MIB"),
        valueOption("limit", "Replay only the first N requests.", "N"),
        valueOption("time-scale",
            "Rate of the replay in percent of the trace's (fio's replay_time_scale; default "
            "100, 200 is twice as fast).",
            "PERCENT"),
        QCommandLineOption(QStringLiteral("no-stall"),
            QStringLiteral("Ignore the timestamps: each request as soon as the one before has "
                           "completed (fio's replay_no_stall).")),
        QCommandLineOption(QStringLiteral("buffered"),
            QStringLiteral("Replay through the page cache rather than with O_DIRECT.")),
        valueOption("memory-mib",
            "Run fio in a memory cgroup of this size (with --buffered: a page cache smaller than "
            "the working set; needs root).",
            "MIB"),
        QCommandLineOption(QStringLiteral("drop-caches"),
            QStringLiteral("Empty the page cache before the replay (needs root)."))};
}

int runTraceReplay(const QCommandLineParser& parser)
{
    const std::string path = requiredText(parser, "trace", "trace-replay");
    const TraceFormat format = replayFormatOption(parser);
    const std::string target = requiredText(parser, "target", "trace-replay");
    if (!std::filesystem::is_directory(target))
        throw ConfigError("--target " + target + ": not a directory");
    const bool store = parser.isSet(QStringLiteral("db"));
    if (!store && !parser.isSet(QStringLiteral("out")))
        throw ConfigError("trace-replay: give --db (store the replayed trace) or --out (keep "
                          "fio's latency log), or both");
    const int fileMib = wholeNumber(parser, "file-mib", 1024, 64);
    const std::int64_t fileBytes = std::int64_t {fileMib} * kMiB;
    const int limit = wholeNumber(parser, "limit", 0, 1);
    TraceReplayRequest request;
    request.timeScalePercent = wholeNumber(parser, "time-scale", 100, 1);
    if (request.timeScalePercent > 100000)
        throw ConfigError("--time-scale: expected a percentage from 1 to 100000");
    request.noStall = parser.isSet(QStringLiteral("no-stall"));
    request.direct = !parser.isSet(QStringLiteral("buffered"));
    if (parser.isSet(QStringLiteral("memory-mib"))) {
        const double mib = numberOption(parser, "memory-mib", 0.0);
        if (!(mib >= 16.0))
            throw ConfigError("--memory-mib: expected 16 MiB or more");
        request.memoryLimitBytes = static_cast<std::int64_t>(mib * kBytesPerMiB);
    }
    const std::string name = optionText(parser, "name").empty()
        ? std::filesystem::path(path).filename().string() + "-replay"
        : optionText(parser, "name");

    // The database is opened first: a name already taken stops before fio runs for minutes.
    std::optional<MeasurementDatabase> db;
    if (store) {
        db.emplace(MeasurementDatabase::openOrCreate(optionText(parser, "db")));
        for (const TraceRecord& t : traces(*db))
            if (t.name == name)
                throw ConfigError("trace '" + name + "' already exists in "
                    + optionText(parser, "db") + "; choose another --name");
    }
    std::vector<TraceRequest> requests = replayRequests(path, format, limit);

    const ReplayScratch scratch(std::filesystem::temp_directory_path()
        / ("iolens-trace-replay-" + std::to_string(::getpid())));
    request.iolog = scratch.path() / "replay.iolog";
    request.logPrefix = scratch.path() / "replay";
    const std::filesystem::path targetDirectory = std::filesystem::absolute(target);
    // The size is in the name: a second replay with the same size reuses the file.
    const std::string replayFileName = "iolens-replay-" + std::to_string(fileMib) + "MiB.dat";
    std::vector<ReplayedRequest> replayed;
    replayed.reserve(requests.size());
    std::int64_t spanUs = 0;
    {
        std::ofstream iolog(request.iolog);
        FioIologWriter writer(iolog, replayFileName, fileBytes, path);
        for (const TraceRequest& r : requests)
            replayed.push_back(writer.add(r));
        writer.finish();
        spanUs = writer.lastTimestampUs();
        iolog.close();
        if (!iolog)
            throw StoreError(request.iolog.string() + ": write failed");
    }
    if (parser.isSet(QStringLiteral("iolog")))
        copyReplayOutput(request.iolog, optionText(parser, "iolog"));

    const std::filesystem::path replayFile = targetDirectory / replayFileName;
    request.replayFile = replayFile;
    std::error_code sizeError;
    const bool reusable = std::filesystem::is_regular_file(replayFile, sizeError)
        && std::filesystem::file_size(replayFile, sizeError)
            == static_cast<std::uintmax_t>(fileBytes);
    if (!reusable
        && std::filesystem::space(targetDirectory, sizeError).available
            < static_cast<std::uintmax_t>(fileBytes)
        && !sizeError)
        throw ConfigError("--file-mib " + std::to_string(fileMib) + ": " + target
            + " has less room than that for the replay file");
    std::cout << "trace-replay: "
              << (prepareReplayFile(replayFile, fileBytes) ? "wrote" : "reusing")
              << " the replay file " << replayFile.string() << " (" << fileMib << " MiB)\n";
    if (parser.isSet(QStringLiteral("drop-caches")))
        dropPageCache();
    std::cout << "trace-replay: replaying " << requests.size() << " requests of " << path
              << " spanning " << replayFigure(static_cast<double>(spanUs) / 1e6) << " s"
              << (request.noStall ? std::string(", without the timestamps")
                                  : " at " + std::to_string(request.timeScalePercent) + " %")
              << (request.direct ? ", O_DIRECT" : ", buffered")
              << (request.memoryLimitBytes ? ", in a memory cgroup of "
                             + formatNumber(numberOption(parser, "memory-mib", 0.0)) + " MiB"
                                           : std::string())
              << "\n"
              << std::flush;

    std::filesystem::path latencyLog;
    const auto started = std::chrono::steady_clock::now();
    {
        const StopSignals stopSignals;
        request.stop = &StopSignals::stopRequested();
        latencyLog = replayTrace(request);
    }
    const double seconds
        = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

    const ReplayLatencyMatch match = matchReplayLatencyFile(requests, replayed, latencyLog);
    if (match.matched == 0)
        throw ConfigError("trace-replay: fio's latency log " + latencyLog.string()
            + " matched none of the " + std::to_string(requests.size()) + " requests");
    if (parser.isSet(QStringLiteral("out")))
        copyReplayOutput(latencyLog, optionText(parser, "out"));

    std::vector<double> responseMs;
    responseMs.reserve(match.matched);
    for (const TraceRequest& r : requests)
        if (r.responseMs)
            responseMs.push_back(*r.responseMs);
    std::sort(responseMs.begin(), responseMs.end());
    double sum = 0.0;
    for (const double v : responseMs)
        sum += v;
    std::cout << "trace-replay: fio took " << replayFigure(seconds) << " s; " << match.matched
              << " of " << requests.size() << " requests have a response time (mean "
              << replayFigure(sum / static_cast<double>(responseMs.size())) << " ms, median "
              << replayFigure(replayPercentile(responseMs, 0.5)) << " ms, p90 "
              << replayFigure(replayPercentile(responseMs, 0.9)) << " ms)";
    if (match.unmatchedLogged > 0)
        std::cout << "; " << match.unmatchedLogged << " log entries matched no request";
    std::cout << "\n";

    if (db) {
        const std::string source = "replay of " + path + " by fio (psync, "
            + (request.direct ? "direct" : "buffered") + ", " + std::to_string(fileMib)
            + " MiB file, "
            + (request.noStall ? std::string("no stall")
                               : "time scale " + std::to_string(request.timeScalePercent) + " %")
            + (request.memoryLimitBytes
                    ? ", cgroup " + formatNumber(numberOption(parser, "memory-mib", 0.0)) + " MiB"
                    : std::string())
            + ")";
        const TraceRecord trace = storeTrace(
            *db, name, format, source, [&](const std::function<void(const TraceRequest&)>& sink) {
                for (const TraceRequest& r : requests)
                    sink(r);
            });
        std::cout << "trace " << trace.name << ": " << trace.requests << " requests ("
                  << trace.timedRequests << " with response times) into "
                  << optionText(parser, "db") << "\n";
    }
    return 0;
}

} // namespace iolens::cli
