// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace iolens::core {

/// What /sys/block/DEV/queue/scheduler says: "mq-deadline kyber [bfq] none" lists the
/// available schedulers with the active one in brackets.
struct SchedulerState {
    std::string current;                ///< the bracketed one; "none" for "[none]"
    std::vector<std::string> available; ///< in the file's order
};

/// Parses the scheduler file's text; std::nullopt if no scheduler is bracketed.
std::optional<SchedulerState> parseSchedulerState(const std::string& text);

/// The I/O scheduler of one block device, switched per configuration (ICPE'13 Table 1's
/// scheduler factor) through sysfs, and put back as it was when the object is destroyed, so an
/// error or an interrupt that unwinds the measurement restores it too. `sysfsRoot` is "/sys" in
/// use and a directory laid out like it in tests.
class IoSchedulerSwitch {
public:
    /// Reads DEVICE's scheduler file. Throws ConfigError naming the file if it is missing or
    /// unreadable.
    IoSchedulerSwitch(std::string device, const std::filesystem::path& sysfsRoot = "/sys");
    ~IoSchedulerSwitch(); ///< restores the original scheduler (errors are swallowed)
    IoSchedulerSwitch(const IoSchedulerSwitch&) = delete;
    IoSchedulerSwitch& operator=(const IoSchedulerSwitch&) = delete;

    const std::string& device() const { return m_device; }
    const SchedulerState& original() const { return m_original; }
    /// True if this process may write the scheduler file (root, or a udev rule granting it).
    bool canSwitch() const;
    /// The scheduler now active (read again from the file).
    std::string current() const;
    /// Makes `name` active. Throws ConfigError if the device does not offer it or the write
    /// fails (with the reason, e.g. permission denied).
    void select(const std::string& name);
    /// Puts the original scheduler back now; later calls and the destructor do nothing more
    /// unless select() is called again.
    void restore();

private:
    std::filesystem::path m_file;
    std::string m_device;
    SchedulerState m_original;
    bool m_changed = false;
};

/// The block device holding `path`'s file system, as a name under /sys/block ("vda" for a
/// partition vda1, since partitions have no queue of their own); std::nullopt for a file system
/// without a block device with a scheduler (tmpfs, overlay, NFS).
std::optional<std::string> blockDeviceOf(
    const std::filesystem::path& path, const std::filesystem::path& sysfsRoot = "/sys");

} // namespace iolens::core
