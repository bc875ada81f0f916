// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "appsim/application.hpp"
#include "common/error.hpp"
#include "harness/target_directory.hpp"
#include "store/app_runs.hpp"

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

namespace iolens::core {

struct LoadOptions {
    int clients = 1;
    double durationS = 60.0; ///< the measurement window
    double warmupS = 10.0;   ///< run before the window, not recorded
    bool directIo = false;   ///< O_DIRECT: sizes rounded up to 4 KiB, the page cache bypassed
    std::uint64_t seed = 1;
    const std::atomic<bool>* cancel = nullptr;        ///< set to stop; runLoad throws LoadCancelled
    std::function<void(const std::string&)> progress; ///< a line per phase, may be empty
};

/// The load run was cancelled through LoadOptions::cancel; nothing was recorded.
class LoadCancelled : public Error {
public:
    LoadCancelled()
        : Error("load generation cancelled")
    {
    }
};

/// Runs `application` against a file set in `target` with real system calls, as Filebench runs
/// its personalities: `clients` threads each repeat think, then the operations (create, write the
/// whole file, append, open, read the whole file, close, delete, stat, fsync, or the plain
/// transfers, spins and sleeps of operations without an action). The file set is laid out first
/// (prealloc_pct of its files, in TARGET/appsets/NAME/), with the target's safety rules and a
/// free-space check. Returns the loops and each operation's mean response time within the
/// window, ready for saveAppRun. Throws ConfigError for a target iolens may not write to, Error
/// naming the file and the system call when one fails.
AppRunRecord runLoad(
    const Application& application, const TargetDirectory& target, const LoadOptions& options);

} // namespace iolens::core
