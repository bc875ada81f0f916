// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace iolens::core {

/// One sample of low-level counters of one node at one time. A "node" is the machine as a whole
/// ("host") or one fio process ("fio-<pid>"), so that the Inside-Out learner (seed 002) can
/// aggregate across processes as the paper aggregates across storage nodes.
struct ProcSample {
    std::string node;
    double timestamp = 0.0; ///< seconds since the Unix epoch
    /// Counter rates and levels, named like "cpu_user_pct", "mem_used_mb", "disk_read_mbs",
    /// "net_rx_mbs", "proc_read_mbs"; every sample of one node has the same names in the same
    /// order.
    std::vector<std::pair<std::string, double>> values;
};

/// Samples CPU, memory, disk and network counters of the machine and the I/O and CPU counters of
/// given processes from /proc, once per period, on its own thread, while a measurement runs.
/// Node "host" carries hostMetricNames(), node "fio-<pid>" processMetricNames() (both in
/// harness/proc_rates.hpp, with units); a process node covers the pid and its live descendants,
/// because fio runs each job in a forked child. Rates are deltas between consecutive reads: the
/// read in start() is the baseline, so the first sample comes one period after start().
class ProcSampler {
public:
    /// procRoot: "/proc" in use; a directory laid out like /proc in tests.
    explicit ProcSampler(std::filesystem::path procRoot = "/proc");
    ~ProcSampler(); ///< stops the thread if still running
    ProcSampler(const ProcSampler&) = delete;
    ProcSampler& operator=(const ProcSampler&) = delete;

    /// Starts sampling the machine and the processes `pids` (a process that exits stops being
    /// sampled, without error). periodSeconds > 0 (ConfigError). Reads the baseline at once:
    /// throws DataError if procRoot lacks stat, meminfo, diskstats or net/dev; StateError if
    /// already started.
    void start(const std::vector<int>& pids, double periodSeconds = 1.0);
    /// Stops sampling (promptly: the thread waits on a condition variable) and returns every
    /// sample taken since start(), in time order, per time the host first, then processes by pid.
    /// Rethrows an error the sampling thread met (a /proc file that became malformed).
    std::vector<ProcSample> stop();

private:
    struct State;
    std::unique_ptr<State> m_state;
};

/// Writes samples as the Inside-Out learner's nodes CSV (see data/low_level_metrics.hpp), so
/// `iolens-cli insideout --nodes FILE` reads it: columns node, group, timestamp, then the union
/// of the samples' metric names (first-seen order). group is "host" for node "host" and "fio"
/// for "fio-<pid>" (nodeGroup()), so host and process metrics are aggregated separately; a
/// metric a node lacks is written as 0 (a column constant within its group, which the learner
/// leaves out). Written atomically; throws if the file cannot be written.
void writeNodesCsv(const std::filesystem::path& file, const std::vector<ProcSample>& samples);

} // namespace iolens::core
