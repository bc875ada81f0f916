// SPDX-License-Identifier: GPL-3.0-or-later
#include "harness/io_scheduler.hpp"

#include "common/error.hpp"

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace iolens::core {

namespace fs = std::filesystem;

namespace {

std::optional<std::string> readFirstLine(const fs::path& file)
{
    std::ifstream in(file);
    std::string line;
    if (!in || !std::getline(in, line))
        return std::nullopt;
    return line;
}

} // namespace

std::optional<SchedulerState> parseSchedulerState(const std::string& text)
{
    SchedulerState state;
    std::istringstream words(text);
    std::string word;
    while (words >> word) {
        if (word.size() > 2 && word.front() == '[' && word.back() == ']') {
            word = word.substr(1, word.size() - 2);
            state.current = word;
        }
        state.available.push_back(word);
    }
    if (state.current.empty())
        return std::nullopt;
    return state;
}

IoSchedulerSwitch::IoSchedulerSwitch(std::string device, const fs::path& sysfsRoot)
    : m_file(sysfsRoot / "block" / device / "queue" / "scheduler")
    , m_device(std::move(device))
{
    const auto line = readFirstLine(m_file);
    if (!line)
        throw ConfigError(m_file.string() + ": cannot read the I/O scheduler of device '" + m_device
            + "' (is it a block device under /sys/block?)");
    const auto state = parseSchedulerState(*line);
    if (!state)
        throw ConfigError(m_file.string() + ": no active scheduler in '" + *line + "'");
    m_original = *state;
}

IoSchedulerSwitch::~IoSchedulerSwitch()
{
    try {
        restore();
    } catch (...) {
        // A destructor must not throw; the caller that needs to know calls restore() itself.
    }
}

bool IoSchedulerSwitch::canSwitch() const
{
    return ::access(m_file.c_str(), W_OK) == 0;
}

std::string IoSchedulerSwitch::current() const
{
    const auto line = readFirstLine(m_file);
    if (!line)
        return "unknown";
    if (const auto state = parseSchedulerState(*line))
        return state->current;
    // A plain file (a test's fake sysfs) holds just the name last written.
    std::istringstream words(*line);
    std::string word;
    return words >> word ? word : std::string("unknown");
}

void IoSchedulerSwitch::select(const std::string& name)
{
    if (std::find(m_original.available.begin(), m_original.available.end(), name)
        == m_original.available.end()) {
        std::string offered;
        for (const std::string& s : m_original.available)
            offered += (offered.empty() ? "" : ", ") + s;
        throw ConfigError("device " + m_device + " has no I/O scheduler '" + name + "' (it offers "
            + offered + ")");
    }
    if (current() == name)
        return;
    m_changed = true;
    // sysfs takes the name in one write; an ofstream reports a refused write on close/flush.
    std::ofstream out(m_file);
    out << name << std::flush;
    if (!out)
        throw ConfigError(m_file.string() + ": cannot set the I/O scheduler to '" + name + "' ("
            + std::strerror(errno) + ")");
}

void IoSchedulerSwitch::restore()
{
    if (!m_changed)
        return;
    m_changed = false;
    std::ofstream out(m_file);
    out << m_original.current << std::flush;
    if (!out)
        throw StoreError(
            m_file.string() + ": cannot restore the I/O scheduler '" + m_original.current + "'");
}

std::optional<std::string> blockDeviceOf(const fs::path& path, const fs::path& sysfsRoot)
{
    struct stat info { };
    if (::stat(path.c_str(), &info) != 0)
        return std::nullopt;
    const fs::path link = sysfsRoot / "dev" / "block"
        / (std::to_string(major(info.st_dev)) + ":" + std::to_string(minor(info.st_dev)));
    std::error_code error;
    fs::path device = fs::canonical(link, error);
    if (error)
        return std::nullopt;
    // A partition's folder lies inside its disk's folder; only the disk has a queue.
    if (!fs::exists(device / "queue" / "scheduler") && fs::exists(device / "partition"))
        device = device.parent_path();
    if (!fs::exists(device / "queue" / "scheduler"))
        return std::nullopt;
    return device.filename().string();
}

} // namespace iolens::core
