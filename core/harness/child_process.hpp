// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace iolens::core {

/// A program run as a child process (POSIX fork/exec) with its stdout and stderr written to
/// files, in its own process group so that a terminal's Ctrl-C reaches iolens, which then stops
/// it, rather than the child alone. The child is killed when the thread that started it dies
/// (PR_SET_PDEATHSIG), so a killed iolens leaves no fio running. The destructor kills and reaps
/// a child still running. Use from the thread that started it.
class ChildProcess {
public:
    /// Starts `program` (a path, or a name looked up in PATH) with `arguments`. Throws
    /// ConfigError naming the program if it cannot be started.
    ChildProcess(const std::string& program, const std::vector<std::string>& arguments,
        const std::filesystem::path& stdoutFile, const std::filesystem::path& stderrFile);
    ~ChildProcess();
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    int pid() const { return m_pid; }
    /// The exit status once the child has ended (reaping it), std::nullopt while it runs.
    /// A child ended by a signal reports 128 + the signal number, as shells do.
    std::optional<int> poll();
    /// Sends SIGTERM, waits up to `graceSeconds`, then SIGKILL; reaps the child.
    void stop(double graceSeconds = 2.0);

private:
    int m_pid = -1;
    std::optional<int> m_status;
};

/// True if `program` can be executed (a path to an executable file, or a name found in PATH).
bool isExecutable(const std::string& program);

} // namespace iolens::core
