// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace iolens::core {

/// Replaying a trace's iolog (FioIologWriter) with fio to measure its response times on this
/// machine (`iolens-cli trace-replay`): SPC traces have none.
struct TraceReplayRequest {
    std::filesystem::path iolog;      ///< fio's iolog version 3
    std::filesystem::path replayFile; ///< the file the replay reads and writes (replay_redirect)
    std::filesystem::path logPrefix;  ///< where the job file and fio's logs go
    std::optional<std::int64_t> memoryLimitBytes; ///< run fio in a memory cgroup of this size
    bool direct = true;         ///< O_DIRECT; false replays through the page cache
    bool noStall = false;       ///< fio's replay_no_stall: ignore the timestamps
    int timeScalePercent = 100; ///< fio's replay_time_scale: 200 replays at twice the rate
    std::string program = "fio";
    const std::atomic<bool>* stop = nullptr; ///< set to stop fio early (Ctrl-C)
};

/// The fio job that replays the iolog (the latency logging is added by recordTrace):
///  - read_iolog: the iolog, whose timestamps set when each request is issued.
///  - replay_redirect: the replay file's absolute path, for every line of the iolog, which names
///    it by a plain name. Not fio's --directory with a relative name: fio 3.33 then prefixes the
///    directory when it adds the file but not when it looks it up for open, and crashes.
///  - ioengine=psync: one request in flight at a time. fio 3.33 reaps an asynchronous engine's
///    completions only when its queue is full (its replay sleeps without reaping until fio
///    3.36), so between a trace's sparse arrivals an async engine's latencies would include the
///    wait for the next arrival; a synchronous engine times each request alone. The price:
///    requests that overlapped in the trace are served one after the other, a request arriving
///    while another is in flight starting when that one ends.
///  - fio paces each request from the issue of the one before. When a sleep overshoots a whole
///    gap (a busy CPU), fio carries the overshoot on and may issue the following closely spaced
///    requests at once, so a replay can run ahead of the trace's pace.
///  - direct=1 (unless `direct` is false): a block trace records what reached the device, so the
///    page cache stays out; buffered replays (with a memory cgroup) show it instead.
///  - invalidate=1: the replay file's cached pages are dropped at the start.
///  - replay_time_scale and replay_no_stall as requested: the trace's own pace (100, stalls)
///    by default, since the pace decides the queueing a response time includes.
std::string replayJobText(const TraceReplayRequest& request);

/// Makes `path` a file of `bytes` bytes of data (not a sparse file or preallocated extents, whose
/// reads never reach the device), written and synced so that its write-back does not run into
/// the replay. A regular file of exactly that size is kept as it is (a second replay reuses it).
/// Returns whether it wrote the file. Throws ConfigError naming the path when it cannot.
bool prepareReplayFile(const std::filesystem::path& path, std::int64_t bytes);

/// Runs the replay with recordTrace (its latency log and memory cgroup, no --directory) and
/// returns the path of fio's per-I/O latency log. Throws ConfigError when fio fails.
std::filesystem::path replayTrace(const TraceReplayRequest& request);

} // namespace iolens::core
