// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "traces/fio_iolog.hpp"
#include "traces/trace_request.hpp"

#include <cstddef>
#include <istream>
#include <string>
#include <vector>

namespace iolens::core {

/// How many of fio's latency log entries found their trace request.
struct ReplayLatencyMatch {
    std::size_t matched = 0;         ///< requests that got a response time
    std::size_t unmatchedLogged = 0; ///< log entries no request was waiting for
};

/// Gives the trace's requests the response times fio measured when it replayed them:
/// `replayed[i]` is how `requests[i]` was issued (FioIologWriter::add), and `latencyLog` is fio's
/// per-I/O latency log of the replay (fio-lat: `time_ms, lat_ns, ddir, bs, offset, ...`). An
/// entry belongs to the earliest request not yet matched with its offset, size and direction in
/// the replay file. That is the request fio issued it for as long as requests of the same place
/// complete in the order they were issued, which holds for a synchronous engine (one request in
/// flight). Each matched request keeps its own arrival, offset, size and device and takes the
/// logged latency as its response time; a request no entry matched has none (a response time the
/// trace brought is dropped: it was not measured here). A malformed log line is a DataError naming
/// `source`, the line and the field.
ReplayLatencyMatch matchReplayLatencies(std::vector<TraceRequest>& requests,
    const std::vector<ReplayedRequest>& replayed, std::istream& latencyLog,
    const std::string& source);

/// The same for a latency log file; DataError if it cannot be opened.
ReplayLatencyMatch matchReplayLatencyFile(std::vector<TraceRequest>& requests,
    const std::vector<ReplayedRequest>& replayed, const std::string& latencyLogPath);

} // namespace iolens::core
