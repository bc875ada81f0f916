// SPDX-License-Identifier: GPL-3.0-or-later
#include "harness/child_process.hpp"

#include "common/error.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <thread>

namespace iolens::core {

namespace fs = std::filesystem;

namespace {

std::optional<std::string> findProgram(const std::string& program)
{
    if (program.find('/') != std::string::npos)
        return ::access(program.c_str(), X_OK) == 0 ? std::optional(program) : std::nullopt;
    const char* path = std::getenv("PATH");
    std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
    std::size_t start = 0;
    while (start <= dirs.size()) {
        const std::size_t end = std::min(dirs.find(':', start), dirs.size());
        const std::string candidate = dirs.substr(start, end - start) + "/" + program;
        if (end > start && ::access(candidate.c_str(), X_OK) == 0)
            return candidate;
        start = end + 1;
    }
    return std::nullopt;
}

int decodeStatus(int status)
{
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    if (WIFSIGNALED(status))
        return 128 + WTERMSIG(status);
    return 255;
}

} // namespace

bool isExecutable(const std::string& program)
{
    return findProgram(program).has_value();
}

ChildProcess::ChildProcess(const std::string& program, const std::vector<std::string>& arguments,
    const fs::path& stdoutFile, const fs::path& stderrFile)
{
    const auto executable = findProgram(program);
    if (!executable)
        throw ConfigError(program
            + ": not found or not executable (install fio, e.g. "
              "'apt-get install fio')");
    // Everything the child needs is prepared before fork: after fork in a process that may have
    // other threads only async-signal-safe calls are allowed.
    std::vector<std::string> argvText {*executable};
    argvText.insert(argvText.end(), arguments.begin(), arguments.end());
    std::vector<char*> argv;
    argv.reserve(argvText.size() + 1);
    for (std::string& a : argvText)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    const int out = ::open(stdoutFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    const int err = ::open(stderrFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (out < 0 || err < 0) {
        const std::string reason = std::strerror(errno);
        if (out >= 0)
            ::close(out);
        if (err >= 0)
            ::close(err);
        throw StoreError(stdoutFile.string() + ": cannot create the output file (" + reason + ")");
    }
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parent) // the parent died before prctl took effect
            ::_exit(127);
        ::setpgid(0, 0);
        ::signal(SIGINT, SIG_DFL);
        ::signal(SIGTERM, SIG_DFL);
        ::dup2(out, STDOUT_FILENO);
        ::dup2(err, STDERR_FILENO);
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    const int forkErrno = errno;
    ::close(out);
    ::close(err);
    if (pid < 0)
        throw StoreError(program + ": cannot start (" + std::strerror(forkErrno) + ")");
    m_pid = pid;
}

ChildProcess::~ChildProcess()
{
    if (!m_status)
        stop(0.5);
}

std::optional<int> ChildProcess::poll()
{
    if (m_status || m_pid <= 0)
        return m_status;
    int status = 0;
    const pid_t done = ::waitpid(m_pid, &status, WNOHANG);
    if (done == m_pid)
        m_status = decodeStatus(status);
    else if (done < 0 && errno != EINTR)
        m_status = 255; // not our child any more: nothing left to wait for
    return m_status;
}

void ChildProcess::stop(double graceSeconds)
{
    if (poll())
        return;
    ::kill(m_pid, SIGTERM);
    const auto deadline
        = std::chrono::steady_clock::now() + std::chrono::duration<double>(graceSeconds);
    while (std::chrono::steady_clock::now() < deadline) {
        if (poll())
            return;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    ::kill(m_pid, SIGKILL);
    int status = 0;
    while (::waitpid(m_pid, &status, 0) < 0 && errno == EINTR) { }
    m_status = decodeStatus(status);
}

} // namespace iolens::core
