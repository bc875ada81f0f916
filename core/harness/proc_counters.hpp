// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace iolens::core {

/// Raw, cumulative counters of the machine and of some processes read from a /proc tree at one
/// time: what ProcSampler turns into rates (proc_rates.hpp). Counters only ever grow while the
/// kernel keeps them; levels (memory) are read as they are. Private to core/harness.

/// Jiffies of the "cpu" line of /proc/stat (all CPUs together).
struct CpuTicks {
    std::uint64_t user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0,
                  steal = 0;
    /// user .. steal. guest and guest_nice are left out: the kernel already counts them in user
    /// and nice.
    std::uint64_t total() const;
};

/// One block device's line of /proc/diskstats.
struct DiskTicks {
    std::uint64_t readsCompleted = 0, sectorsRead = 0, writesCompleted = 0, sectorsWritten = 0;
    std::uint64_t busyMs = 0; ///< "time spent doing I/Os" (io_ticks), ms
};

/// The machine's counters.
struct HostCounters {
    CpuTicks cpu;
    double memTotalKb = 0.0, memUsedKb = 0.0, memCachedKb = 0.0, memDirtyKb = 0.0;
    /// Whole physical disks only (see isWholeDisk), by name.
    std::map<std::string, DiskTicks> disks;
    /// Received and sent bytes by network interface, lo left out.
    std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> networkBytes;
};

/// One sampled process together with its live descendants (fio forks a process per job, and a
/// job's I/O appears in the parent's /proc/PID/io only once the parent has reaped it).
struct ProcessCounters {
    std::uint64_t readBytes = 0;  ///< /proc/PID/io read_bytes: bytes fetched from storage
    std::uint64_t writeBytes = 0; ///< /proc/PID/io write_bytes: bytes sent to storage
    std::uint64_t cpuTicks = 0;   ///< /proc/PID/stat utime + stime + cutime + cstime, jiffies
};

/// Everything read at one time.
struct CounterSnapshot {
    double steadySeconds = 0.0; ///< monotonic clock: the interval between snapshots for rates
    double wallSeconds = 0.0;   ///< seconds since the Unix epoch: the samples' timestamps
    HostCounters host;
    /// Sampled processes still alive, by the pid given to readCounters.
    std::map<int, ProcessCounters> processes;
};

/// Reads the machine's counters and those of each of `pids` (with its descendants) from a tree
/// laid out like /proc. A pid whose files are gone or unreadable is left out of `processes`
/// (it exited); a missing or malformed machine file throws DataError naming the file and line.
/// Times are left at 0 for the caller to set. O(number of processes under procRoot).
CounterSnapshot readCounters(const std::filesystem::path& procRoot, const std::vector<int>& pids);

/// True when a /proc/diskstats device is a whole physical disk among `names` (all devices
/// listed): not a partition (the kernel names partition N of disk D "D" + N, or "D" + "p" + N when
/// D ends in a digit) and not a device stacked on other disks or memory (loop, ram, zram, dm-,
/// md), whose I/O would otherwise be counted twice.
bool isWholeDisk(const std::string& name, const std::vector<std::string>& names);

} // namespace iolens::core
