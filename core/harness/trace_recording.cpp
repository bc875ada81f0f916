// SPDX-License-Identifier: GPL-3.0-or-later
#include "harness/trace_recording.hpp"

#include "common/error.hpp"
#include "common/text_file.hpp"
#include "harness/child_process.hpp"

#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

namespace iolens::core {

namespace {

constexpr const char* kLogOptions[] = {"write_lat_log", "log_offset", "per_job_logs"};

bool isLogOption(const std::string& line)
{
    const auto start = line.find_first_not_of(" \t");
    if (start == std::string::npos)
        return false;
    for (const char* option : kLogOptions) {
        const std::string name(option);
        if (line.compare(start, name.size(), name) == 0) {
            const auto after = line.find_first_not_of(" \t", start + name.size());
            if (after == std::string::npos || line[after] == '=')
                return true;
        }
    }
    return false;
}

bool writeValue(const std::filesystem::path& file, const std::string& value)
{
    std::ofstream out(file);
    out << value << "\n";
    out.flush();
    return static_cast<bool>(out);
}

} // namespace

std::string withLatencyLog(const std::string& jobText, const std::filesystem::path& logPrefix)
{
    const std::string settings
        = "write_lat_log=" + logPrefix.string() + "\nlog_offset=1\nper_job_logs=0\n";
    std::istringstream in(jobText);
    std::string out;
    bool placed = false;
    for (std::string line; std::getline(in, line);) {
        if (isLogOption(line))
            continue; // the job's own logging gives way to the trace's
        out += line + "\n";
        if (!placed && line.find("[global]") == line.find_first_not_of(" \t")
            && line.find("[global]") != std::string::npos) {
            out += settings;
            placed = true;
        }
    }
    return placed ? out : "[global]\n" + settings + out;
}

MemoryCgroup::MemoryCgroup(std::int64_t limitBytes)
{
    const std::string name = "iolens-trace-" + std::to_string(::getpid());
    const std::filesystem::path root("/sys/fs/cgroup");
    std::string controllers;
    {
        std::ifstream in(root / "cgroup.controllers");
        std::getline(in, controllers);
    }
    const bool v2 = (" " + controllers + " ").find(" memory ") != std::string::npos;
    const std::filesystem::path parent = v2 ? root : root / "memory";
    if (!v2 && !std::filesystem::exists(parent / "memory.limit_in_bytes"))
        throw ConfigError("--memory-mib: this machine has no memory cgroup controller (neither "
                          "cgroup v2's nor v1's at /sys/fs/cgroup/memory)");
    m_path = parent / name;
    std::error_code error;
    std::filesystem::create_directory(m_path, error);
    if (error)
        throw ConfigError("--memory-mib: cannot create the cgroup " + m_path.string() + ": "
            + error.message() + " (needs root)");
    if (!writeValue(
            m_path / (v2 ? "memory.max" : "memory.limit_in_bytes"), std::to_string(limitBytes))) {
        std::filesystem::remove(m_path, error);
        throw ConfigError("--memory-mib: cannot set the limit of " + m_path.string());
    }
}

MemoryCgroup::~MemoryCgroup()
{
    std::error_code ignored;
    std::filesystem::remove(m_path, ignored); // empty once fio has ended
}

std::filesystem::path recordTrace(const TraceRecordRequest& request)
{
    const std::filesystem::path jobFile = request.logPrefix.string() + ".fio";
    writeTextFileAtomically(jobFile.string(), withLatencyLog(request.jobText, request.logPrefix));
    std::vector<std::string> fio {request.program};
    if (!request.target.empty())
        fio.push_back("--directory=" + request.target.string());
    fio.push_back("--output-format=terse");
    fio.push_back(jobFile.string());
    std::optional<MemoryCgroup> cgroup;
    std::string program = request.program;
    std::vector<std::string> arguments(fio.begin() + 1, fio.end());
    if (request.memoryLimitBytes) {
        cgroup.emplace(*request.memoryLimitBytes);
        // The shell joins the cgroup, then becomes fio: every page fio's I/O brings into the
        // page cache is charged to the cgroup, and its limit makes the kernel reclaim them.
        std::string command = "echo $$ > '" + cgroup->procsFile().string() + "' && exec";
        for (const std::string& part : fio)
            command += " '" + part + "'";
        program = "/bin/sh";
        arguments = {"-c", command};
    }
    const std::filesystem::path out = request.logPrefix.string() + ".out";
    const std::filesystem::path err = request.logPrefix.string() + ".err";
    ChildProcess child(program, arguments, out, err);
    std::optional<int> status;
    while (!(status = child.poll())) {
        if (request.stop && request.stop->load()) {
            child.stop();
            throw ConfigError(request.command + ": stopped; nothing was stored");
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    if (*status != 0)
        throw ConfigError(request.command + ": fio exited with status " + std::to_string(*status)
            + ": " + readTextFile(err.string()).substr(0, 2000));
    std::filesystem::path log = request.logPrefix.string() + "_lat.log";
    if (!std::filesystem::exists(log))
        throw ConfigError(request.command + ": fio wrote no latency log " + log.string());
    return log;
}

} // namespace iolens::core
