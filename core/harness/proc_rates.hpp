// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "harness/proc_counters.hpp"
#include "harness/proc_sampler.hpp"

#include <string>
#include <vector>

namespace iolens::core {

/// Name of the node that stands for the machine as a whole.
inline constexpr const char* kHostNode = "host";
/// Node name of a sampled process: "fio-<pid>".
std::string processNodeName(int pid);
/// The group of a node for the nodes CSV: "host" for the machine, "fio" for a process node
/// (the part of the name before the last '-').
std::string nodeGroup(const std::string& node);

/// Metric names of the host node, in order. Units: *_pct percent, *_mb MiB (2^20 bytes),
/// *_mbs MiB/s, *_iops operations/s.
///   cpu_user_pct, cpu_system_pct, cpu_iowait_pct  share of all CPUs' time (0..100):
///       user = user + nice, system = system + irq + softirq (as vmstat splits them)
///   mem_used_mb (total - available), mem_cached_mb (page cache), mem_dirty_mb
///   disk_read_mbs, disk_write_mbs, disk_read_iops, disk_write_iops  summed over whole disks
///   disk_busy_pct  the busiest whole disk's share of time with I/O in flight (iostat %util)
///   net_rx_mbs, net_tx_mbs  summed over network interfaces except lo
const std::vector<std::string>& hostMetricNames();
/// Metric names of a process node, in order: proc_read_mbs, proc_write_mbs (MiB/s, bytes that
/// reached storage: /proc/PID/io read_bytes, write_bytes) and proc_cpu_pct (percent of one CPU,
/// so up to 100 x CPUs, as top shows it), each over the process and its descendants.
const std::vector<std::string>& processMetricNames();

/// Turns two snapshots into one sample per node, stamped at `after.wallSeconds`: rates are
/// counter deltas divided by after.steadySeconds - before.steadySeconds (> 0), levels are
/// after's. The host comes first, then each process present in both snapshots, by pid. A counter
/// that went down (a device re-added, a pid reused) counts as no change. ticksPerSecond: the
/// kernel's USER_HZ (sysconf(_SC_CLK_TCK)).
std::vector<ProcSample> ratesBetween(
    const CounterSnapshot& before, const CounterSnapshot& after, double ticksPerSecond);

} // namespace iolens::core
