// SPDX-License-Identifier: GPL-3.0-or-later
#include "traces/replay_latency.hpp"

#include "common/error.hpp"
#include "traces/trace_reader.hpp"

#include <deque>
#include <fstream>
#include <map>
#include <tuple>

namespace iolens::core {

namespace {

// Where and how a request was replayed: what fio's latency log tells about it.
using ReplayedPlace = std::tuple<std::int64_t, std::int64_t, bool>;

} // namespace

ReplayLatencyMatch matchReplayLatencies(std::vector<TraceRequest>& requests,
    const std::vector<ReplayedRequest>& replayed, std::istream& latencyLog,
    const std::string& source)
{
    if (requests.size() != replayed.size())
        throw StateError("matchReplayLatencies: " + std::to_string(requests.size())
            + " requests but " + std::to_string(replayed.size()) + " replayed");
    // The requests of each place in iolog order, the order fio issued them.
    std::map<ReplayedPlace, std::deque<std::size_t>> waiting;
    for (std::size_t i = 0; i < replayed.size(); ++i) {
        requests[i].responseMs.reset(); // a trace's own response times are not this machine's
        waiting[{replayed[i].offset, replayed[i].bytes, replayed[i].read}].push_back(i);
    }
    ReplayLatencyMatch result;
    readTrace(latencyLog, TraceFormat::FioLat, source, [&](const TraceRequest& logged) {
        const auto found = waiting.find({logged.offset, logged.bytes, logged.read});
        if (found == waiting.end() || found->second.empty()) {
            ++result.unmatchedLogged;
            return;
        }
        requests[found->second.front()].responseMs = logged.responseMs;
        found->second.pop_front();
        ++result.matched;
    });
    return result;
}

ReplayLatencyMatch matchReplayLatencyFile(std::vector<TraceRequest>& requests,
    const std::vector<ReplayedRequest>& replayed, const std::string& latencyLogPath)
{
    std::ifstream in(latencyLogPath);
    if (!in)
        throw DataError(latencyLogPath + ": cannot open fio's latency log");
    return matchReplayLatencies(requests, replayed, in, latencyLogPath);
}

} // namespace iolens::core
