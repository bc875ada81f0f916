// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "traces/trace_request.hpp"

#include <cstdint>
#include <ostream>
#include <string>

namespace iolens::core {

/// Offsets in the replay file are multiples of this: O_DIRECT needs them aligned to the device's
/// logical block, and 4 KiB is the largest one in use (4Kn disks), so the iolog replays on any.
inline constexpr std::int64_t kReplayAlignBytes = 4096;

/// A trace request as fio replays it: where it lands in the replay file, how long it is, and
/// when fio issues it.
struct ReplayedRequest {
    std::int64_t offset = 0; ///< byte offset in the replay file
    std::int64_t bytes = 0;  ///< the request's size rounded up to whole 512-byte sectors
    bool read = true;
    std::int64_t timestampUs = 0; ///< the iolog's timestamp
};

/// Where `request` lands in a replay file of `fileBytes`: its byte offset modulo the file size,
/// aligned down to kReplayAlignBytes, moved back (aligned) when it would run past the end; its
/// size rounded up to whole sectors. All devices (SPC's ASUs) share the one file, so block b of
/// two ASUs lands on the same place. `fileBytes` must be a multiple of kReplayAlignBytes and at
/// least kMaxTraceRequestBytes (ConfigError otherwise), so every request fits.
ReplayedRequest replayPlacement(const TraceRequest& request, std::int64_t fileBytes);

/// Writes fio's iolog version 3 (fio 3.31 and later) for a trace, one request at a time:
///
///     fio version 3 iolog
///     0 FILE add
///     0 FILE open
///     TIMESTAMP FILE read|write OFFSET LENGTH
///     ...
///     TIMESTAMP FILE close
///
/// fio reads the timestamps as microseconds since the start of the replay (its iolog_delay sleeps
/// for their differences in microseconds, and its own write_iolog writes them so). A request's
/// timestamp is 1 + its arrival minus the first request's arrival, in whole microseconds: fio
/// takes a previous timestamp of 0 for "none" and drops the gap after it, so the requests start
/// at 1 after the file actions at 0. Arrivals earlier than the one before (out of order in the
/// trace) get the previous timestamp, since fio would not wait for them either. FILE names
/// the replay file (a replay's replay_redirect puts the real path in its place): no whitespace,
/// at most 256 characters (fio reads it with %256s); ConfigError otherwise.
class FioIologWriter {
public:
    /// `source` names the trace in messages.
    FioIologWriter(std::ostream& out, std::string fileName, std::int64_t fileBytes,
        std::string source = "trace");
    /// Appends `request`; returns how fio will replay it. A request arriving more than 1e12 ms
    /// after the first is a DataError naming the source, the request's number and the field.
    /// StateError after finish().
    ReplayedRequest add(const TraceRequest& request);
    /// Writes the file's close. Called once; add() and finish() throw StateError after it.
    void finish();
    std::size_t requests() const { return m_requests; }
    /// The last request's timestamp: how long the replay takes at its own pace, in microseconds.
    std::int64_t lastTimestampUs() const { return m_lastTimestampUs; }

private:
    std::ostream& m_out;
    std::string m_fileName;
    std::int64_t m_fileBytes;
    std::string m_source;
    std::size_t m_requests = 0;
    double m_firstArrivalMs = 0.0;
    std::int64_t m_lastTimestampUs = 0;
    bool m_finished = false;
};

} // namespace iolens::core
