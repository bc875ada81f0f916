// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <atomic>

namespace iolens::cli {

/// While one lives, SIGINT and SIGTERM set stopRequested() instead of ending the process, so a
/// long command stops at its next check, ends its children (fio) and says what it kept; on
/// destruction both signals end the process again. A signal handler may only set a lock-free
/// atomic, hence one process-wide flag (a second StopSignals alive at once is a logic error).
class StopSignals {
public:
    StopSignals();
    ~StopSignals();
    StopSignals(const StopSignals&) = delete;
    StopSignals& operator=(const StopSignals&) = delete;

    /// Set once SIGINT or SIGTERM arrived while this object lived.
    static const std::atomic<bool>& stopRequested();
};

} // namespace iolens::cli
