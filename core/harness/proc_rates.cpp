// SPDX-License-Identifier: GPL-3.0-or-later
#include "harness/proc_rates.hpp"

#include "common/error.hpp"
#include "common/units.hpp"

#include <algorithm>

namespace iolens::core {

namespace {

constexpr double kKbPerMiB = 1024.0;
constexpr double kBytesPerSector = 512.0; // diskstats counts 512-byte sectors on every device

// after - before as a double; a counter that went down (reset) counts as no change.
double delta(std::uint64_t before, std::uint64_t after)
{
    return after >= before ? static_cast<double>(after - before) : 0.0;
}

double share(double part, double whole)
{
    return whole > 0.0 ? 100.0 * part / whole : 0.0;
}

ProcSample hostSample(const HostCounters& b, const HostCounters& a, double seconds)
{
    const double cpuTotal = delta(b.cpu.total(), a.cpu.total());
    const double user = delta(b.cpu.user, a.cpu.user) + delta(b.cpu.nice, a.cpu.nice);
    const double system = delta(b.cpu.system, a.cpu.system) + delta(b.cpu.irq, a.cpu.irq)
        + delta(b.cpu.softirq, a.cpu.softirq);
    double sectorsRead = 0.0, sectorsWritten = 0.0, reads = 0.0, writes = 0.0, busiestMs = 0.0;
    // A disk that appeared between the snapshots has no baseline yet and is left out once.
    for (const auto& [name, after] : a.disks) {
        const auto found = b.disks.find(name);
        if (found == b.disks.end())
            continue;
        const DiskTicks& before = found->second;
        sectorsRead += delta(before.sectorsRead, after.sectorsRead);
        sectorsWritten += delta(before.sectorsWritten, after.sectorsWritten);
        reads += delta(before.readsCompleted, after.readsCompleted);
        writes += delta(before.writesCompleted, after.writesCompleted);
        busiestMs = std::max(busiestMs, delta(before.busyMs, after.busyMs));
    }
    // Per interface too: one interface's counters reset must not cancel another's traffic.
    double received = 0.0, sent = 0.0;
    for (const auto& [name, after] : a.networkBytes)
        if (const auto found = b.networkBytes.find(name); found != b.networkBytes.end()) {
            received += delta(found->second.first, after.first);
            sent += delta(found->second.second, after.second);
        }
    ProcSample s;
    s.node = kHostNode;
    const std::vector<double> values {share(user, cpuTotal), share(system, cpuTotal),
        share(delta(b.cpu.iowait, a.cpu.iowait), cpuTotal), a.memUsedKb / kKbPerMiB,
        a.memCachedKb / kKbPerMiB, a.memDirtyKb / kKbPerMiB,
        sectorsRead * kBytesPerSector / kBytesPerMiB / seconds,
        sectorsWritten * kBytesPerSector / kBytesPerMiB / seconds, reads / seconds,
        writes / seconds,
        // io_ticks can run slightly ahead of the wall clock between two reads; clamp to 100 %.
        std::min(100.0, share(busiestMs / 1000.0, seconds)), received / kBytesPerMiB / seconds,
        sent / kBytesPerMiB / seconds};
    for (std::size_t i = 0; i < values.size(); ++i)
        s.values.emplace_back(hostMetricNames()[i], values[i]);
    return s;
}

ProcSample processSample(int pid, const ProcessCounters& b, const ProcessCounters& a,
    double seconds, double ticksPerSecond)
{
    ProcSample s;
    s.node = processNodeName(pid);
    const std::vector<double> values {delta(b.readBytes, a.readBytes) / kBytesPerMiB / seconds,
        delta(b.writeBytes, a.writeBytes) / kBytesPerMiB / seconds,
        share(delta(b.cpuTicks, a.cpuTicks) / ticksPerSecond, seconds)};
    for (std::size_t i = 0; i < values.size(); ++i)
        s.values.emplace_back(processMetricNames()[i], values[i]);
    return s;
}

} // namespace

std::string processNodeName(int pid)
{
    return "fio-" + std::to_string(pid);
}

std::string nodeGroup(const std::string& node)
{
    const std::size_t dash = node.rfind('-');
    return dash == std::string::npos ? node : node.substr(0, dash);
}

const std::vector<std::string>& hostMetricNames()
{
    static const std::vector<std::string> names {"cpu_user_pct", "cpu_system_pct", "cpu_iowait_pct",
        "mem_used_mb", "mem_cached_mb", "mem_dirty_mb", "disk_read_mbs", "disk_write_mbs",
        "disk_read_iops", "disk_write_iops", "disk_busy_pct", "net_rx_mbs", "net_tx_mbs"};
    return names;
}

const std::vector<std::string>& processMetricNames()
{
    static const std::vector<std::string> names {"proc_read_mbs", "proc_write_mbs", "proc_cpu_pct"};
    return names;
}

std::vector<ProcSample> ratesBetween(
    const CounterSnapshot& before, const CounterSnapshot& after, double ticksPerSecond)
{
    const double seconds = after.steadySeconds - before.steadySeconds;
    if (!(seconds > 0.0) || !(ticksPerSecond > 0.0))
        throw StateError("ratesBetween: the interval (" + std::to_string(seconds)
            + " s) and the clock ticks per second (" + std::to_string(ticksPerSecond)
            + ") must be > 0");
    std::vector<ProcSample> samples {hostSample(before.host, after.host, seconds)};
    for (const auto& [pid, counters] : after.processes)
        if (const auto found = before.processes.find(pid); found != before.processes.end())
            samples.push_back(processSample(pid, found->second, counters, seconds, ticksPerSecond));
    for (ProcSample& s : samples)
        s.timestamp = after.wallSeconds;
    return samples;
}

} // namespace iolens::core
