// SPDX-License-Identifier: GPL-3.0-or-later
#include "harness/proc_counters.hpp"

#include "common/error.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fstream>
#include <set>
#include <sstream>

namespace iolens::core {

namespace {

namespace fs = std::filesystem;

[[noreturn]] void failAtLine(const fs::path& file, int line, const std::string& what)
{
    throw DataError(file.string() + ": line " + std::to_string(line) + ": " + what);
}

// The lines of a file; false when it cannot be opened (for a process: it exited between listing
// and reading).
bool readLines(const fs::path& file, std::vector<std::string>& lines)
{
    std::ifstream in(file);
    if (!in)
        return false;
    lines.clear();
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return true;
}

std::vector<std::string> requireLines(const fs::path& file)
{
    std::vector<std::string> lines;
    if (!readLines(file, lines))
        throw DataError(file.string() + ": cannot be read");
    return lines;
}

std::vector<std::string> words(const std::string& text)
{
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string word; in >> word;)
        out.push_back(word);
    return out;
}

bool toCount(const std::string& text, std::uint64_t& value)
{
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc() && end == text.data() + text.size();
}

std::uint64_t countAt(
    const std::vector<std::string>& fields, std::size_t index, const fs::path& file, int line)
{
    std::uint64_t value = 0;
    if (index >= fields.size() || !toCount(fields[index], value))
        failAtLine(file, line, "field " + std::to_string(index + 1) + " is missing or not a count");
    return value;
}

CpuTicks readCpu(const fs::path& file)
{
    const std::vector<std::string> lines = requireLines(file);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::vector<std::string> f = words(lines[i]);
        if (f.empty() || f[0] != "cpu")
            continue;
        const int line = static_cast<int>(i) + 1;
        CpuTicks t;
        for (auto [field, index] : {std::pair {&t.user, 1}, {&t.nice, 2}, {&t.system, 3},
                 {&t.idle, 4}, {&t.iowait, 5}, {&t.irq, 6}, {&t.softirq, 7}, {&t.steal, 8}})
            *field = countAt(f, static_cast<std::size_t>(index), file, line);
        return t;
    }
    throw DataError(file.string() + ": no 'cpu' line");
}

void readMemory(const fs::path& file, HostCounters& host)
{
    std::map<std::string, double> kb;
    const std::vector<std::string> lines = requireLines(file);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::vector<std::string> f = words(lines[i]);
        if (f.size() < 2 || !f[0].ends_with(':'))
            continue;
        kb[f[0].substr(0, f[0].size() - 1)]
            = static_cast<double>(countAt(f, 1, file, static_cast<int>(i) + 1));
    }
    for (const char* key : {"MemTotal", "MemFree", "Cached", "Dirty"})
        if (!kb.contains(key))
            throw DataError(file.string() + ": no '" + key + "' line");
    host.memTotalKb = kb["MemTotal"];
    // "used" as procps-ng 4 free(1) reports it: what is not available to new programs. Kernels
    // before 3.14 have no MemAvailable; there, free + buffers + reclaimable caches.
    host.memUsedKb = kb.contains("MemAvailable")
        ? kb["MemTotal"] - kb["MemAvailable"]
        : kb["MemTotal"] - kb["MemFree"] - kb["Buffers"] - kb["Cached"] - kb["SReclaimable"];
    host.memCachedKb = kb["Cached"];
    host.memDirtyKb = kb["Dirty"];
}

void readDisks(const fs::path& file, HostCounters& host)
{
    const std::vector<std::string> lines = requireLines(file);
    std::vector<std::string> names;
    for (const std::string& line : lines)
        if (const auto f = words(line); f.size() > 2)
            names.push_back(f[2]);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::vector<std::string> f = words(lines[i]);
        if (f.size() <= 2 || !isWholeDisk(f[2], names))
            continue;
        const int line = static_cast<int>(i) + 1;
        // Fields after major, minor, name: reads, merged, sectors read, ms reading, writes,
        // merged, sectors written, ms writing, in flight, io_ticks, ...
        host.disks[f[2]] = DiskTicks {countAt(f, 3, file, line), countAt(f, 5, file, line),
            countAt(f, 7, file, line), countAt(f, 9, file, line), countAt(f, 12, file, line)};
    }
}

void readNetwork(const fs::path& file, HostCounters& host)
{
    const std::vector<std::string> lines = requireLines(file);
    // Two header lines, then "iface: rx_bytes rx_packets ... (8 receive fields) tx_bytes ...".
    for (std::size_t i = 2; i < lines.size(); ++i) {
        const std::size_t colon = lines[i].find(':');
        if (colon == std::string::npos)
            failAtLine(file, static_cast<int>(i) + 1, "no ':' after the interface name");
        const std::vector<std::string> name = words(lines[i].substr(0, colon));
        const std::vector<std::string> f = words(lines[i].substr(colon + 1));
        if (name.size() == 1 && name[0] == "lo")
            continue;
        if (name.size() != 1)
            failAtLine(file, static_cast<int>(i) + 1, "no interface name before ':'");
        host.networkBytes[name[0]] = {countAt(f, 0, file, static_cast<int>(i) + 1),
            countAt(f, 8, file, static_cast<int>(i) + 1)};
    }
}

// The fields of /proc/PID/stat after "(comm)": [0] is field 3 (state), [1] ppid, [11] utime.
// comm may hold spaces and parentheses, so the split is at the last ')'.
bool readStat(const fs::path& file, std::vector<std::string>& fields)
{
    std::vector<std::string> lines;
    if (!readLines(file, lines) || lines.empty())
        return false;
    const std::size_t close = lines[0].rfind(')');
    if (close == std::string::npos)
        return false;
    fields = words(lines[0].substr(close + 1));
    return fields.size() > 14;
}

struct ProcessInfo {
    int ppid = 0;
    std::uint64_t cpuTicks = 0;
};

// pid -> parent and CPU time of every process under procRoot (numeric directories).
std::map<int, ProcessInfo> listProcesses(const fs::path& procRoot)
{
    std::map<int, ProcessInfo> processes;
    std::error_code error;
    for (const auto& entry : fs::directory_iterator(procRoot, error)) {
        const std::string name = entry.path().filename().string();
        int pid = 0;
        const auto [end, parsed] = std::from_chars(name.data(), name.data() + name.size(), pid);
        if (parsed != std::errc() || end != name.data() + name.size())
            continue;
        std::vector<std::string> f;
        std::uint64_t ppid = 0, ticks[4] = {};
        if (!readStat(entry.path() / "stat", f) || !toCount(f[1], ppid) || !toCount(f[11], ticks[0])
            || !toCount(f[12], ticks[1]) || !toCount(f[13], ticks[2]) || !toCount(f[14], ticks[3]))
            continue; // exited meanwhile
        processes[pid] = {static_cast<int>(ppid), ticks[0] + ticks[1] + ticks[2] + ticks[3]};
    }
    return processes;
}

bool readIo(const fs::path& file, ProcessCounters& counters)
{
    std::vector<std::string> lines;
    if (!readLines(file, lines))
        return false;
    std::uint64_t read = 0, write = 0;
    bool haveRead = false, haveWrite = false;
    for (const std::string& line : lines) {
        const std::vector<std::string> f = words(line);
        if (f.size() == 2 && f[0] == "read_bytes:")
            haveRead = toCount(f[1], read);
        else if (f.size() == 2 && f[0] == "write_bytes:")
            haveWrite = toCount(f[1], write);
    }
    counters.readBytes += read;
    counters.writeBytes += write;
    return haveRead && haveWrite;
}

// Sums the counters of `root` and its live descendants. False when root itself is gone.
bool readTree(const fs::path& procRoot, int root, const std::map<int, ProcessInfo>& processes,
    ProcessCounters& counters)
{
    if (!processes.contains(root))
        return false;
    std::set<int> tree {root};
    // Parents may have larger pids than children (pid wrap-around), so repeat until stable.
    for (bool grew = true; grew;) {
        grew = false;
        for (const auto& [pid, info] : processes)
            if (tree.contains(info.ppid) && tree.insert(pid).second)
                grew = true;
    }
    for (int pid : tree) {
        ProcessCounters one;
        if (!readIo(procRoot / std::to_string(pid) / "io", one)) {
            if (pid == root)
                return false;
            continue; // a job process that exited between listing and reading
        }
        counters.readBytes += one.readBytes;
        counters.writeBytes += one.writeBytes;
        counters.cpuTicks += processes.at(pid).cpuTicks;
    }
    return true;
}

} // namespace

std::uint64_t CpuTicks::total() const
{
    return user + nice + system + idle + iowait + irq + softirq + steal;
}

bool isWholeDisk(const std::string& name, const std::vector<std::string>& names)
{
    for (const char* stacked : {"loop", "ram", "zram", "dm-", "md"})
        if (name.starts_with(stacked))
            return false;
    for (const std::string& disk : names) {
        if (disk.empty() || disk.size() >= name.size() || !name.starts_with(disk))
            continue;
        // The kernel's disk_name(): "sda" + "1", but "nvme0n1" + "p" + "1".
        std::string_view number = std::string_view(name).substr(disk.size());
        if (std::isdigit(static_cast<unsigned char>(disk.back()))) {
            if (number.front() != 'p')
                continue;
            number.remove_prefix(1);
        }
        if (!number.empty() && std::all_of(number.begin(), number.end(), [](char c) {
                return std::isdigit(static_cast<unsigned char>(c)) != 0;
            }))
            return false;
    }
    return true;
}

CounterSnapshot readCounters(const fs::path& procRoot, const std::vector<int>& pids)
{
    CounterSnapshot snapshot;
    snapshot.host.cpu = readCpu(procRoot / "stat");
    readMemory(procRoot / "meminfo", snapshot.host);
    readDisks(procRoot / "diskstats", snapshot.host);
    readNetwork(procRoot / "net" / "dev", snapshot.host);
    if (pids.empty())
        return snapshot;
    const std::map<int, ProcessInfo> processes = listProcesses(procRoot);
    for (int pid : pids) {
        ProcessCounters counters;
        if (readTree(procRoot, pid, processes, counters))
            snapshot.processes[pid] = counters;
    }
    return snapshot;
}

} // namespace iolens::core
