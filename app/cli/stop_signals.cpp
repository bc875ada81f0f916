// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/stop_signals.hpp"

#include <csignal>

namespace iolens::cli {

namespace {

std::atomic<bool> g_stopRequested {false};
static_assert(std::atomic<bool>::is_always_lock_free, "a signal handler may only set this");

extern "C" void onStopSignal(int)
{
    g_stopRequested = true;
}

} // namespace

StopSignals::StopSignals()
{
    g_stopRequested = false;
    std::signal(SIGINT, onStopSignal);
    std::signal(SIGTERM, onStopSignal);
}

StopSignals::~StopSignals()
{
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
}

const std::atomic<bool>& StopSignals::stopRequested()
{
    return g_stopRequested;
}

} // namespace iolens::cli
