// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace iolens::core {

/// Recording a block trace with fio's per-I/O latency log (`iolens-cli trace-record`), optionally
/// inside a memory cgroup so that the page cache is smaller than the working set and cache hits
/// show in the response times.
struct TraceRecordRequest {
    std::string jobText;             ///< a fio job file
    std::filesystem::path target;    ///< fio's --directory: where the job's files go; empty: none
    std::filesystem::path logPrefix; ///< write_lat_log's prefix; the log is PREFIX_lat.log
    std::optional<std::int64_t> memoryLimitBytes; ///< the cgroup's limit, page cache included
    std::string program = "fio";
    const std::atomic<bool>* stop = nullptr; ///< set to stop fio early (Ctrl-C)
    std::string command = "trace-record";    ///< the command named in messages
};

/// `jobText` with the latency logging the trace needs put into its [global] section (created if
/// it has none), replacing the job's own: write_lat_log=PREFIX (every I/O), log_offset=1 (the
/// offset column) and per_job_logs=0 (one log for all jobs).
std::string withLatencyLog(const std::string& jobText, const std::filesystem::path& logPrefix);

/// A memory cgroup of its own for the recording: cgroup v2 where its root offers the memory
/// controller, else v1's memory hierarchy. Removed (rmdir) when destroyed. Throws ConfigError
/// naming what is missing (no memory controller, not root).
class MemoryCgroup {
public:
    explicit MemoryCgroup(std::int64_t limitBytes);
    ~MemoryCgroup();
    MemoryCgroup(const MemoryCgroup&) = delete;
    MemoryCgroup& operator=(const MemoryCgroup&) = delete;
    /// The file a process writes its pid to, to join.
    std::filesystem::path procsFile() const { return m_path / "cgroup.procs"; }

private:
    std::filesystem::path m_path;
};

/// Runs the job with the latency log (in the cgroup when a limit is given) and returns the path
/// of the log. Throws ConfigError when fio fails or writes no log.
std::filesystem::path recordTrace(const TraceRecordRequest& request);

} // namespace iolens::core
