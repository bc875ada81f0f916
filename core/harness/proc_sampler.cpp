// SPDX-License-Identifier: GPL-3.0-or-later
#include "harness/proc_sampler.hpp"

#include "common/error.hpp"
#include "common/text_file.hpp"
#include "data/csv_table.hpp"
#include "harness/proc_counters.hpp"
#include "harness/proc_rates.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <utility>

namespace iolens::core {

namespace {

using SteadyClock = std::chrono::steady_clock;

double secondsBetween(SteadyClock::time_point from, SteadyClock::time_point to)
{
    return std::chrono::duration<double>(to - from).count();
}

} // namespace

struct ProcSampler::State {
    std::filesystem::path root;
    double ticksPerSecond = 100.0;
    std::mutex mutex;
    std::condition_variable wake;
    bool stopRequested = false; // guarded by mutex
    std::thread thread;
    // Written by the sampling thread only; read by stop() after join().
    std::vector<ProcSample> samples;
    std::exception_ptr error;
    CounterSnapshot previous;
    // Clocks at start(): timestamps are wall time at start plus monotonic time since, so that
    // they stay in order and match the rate intervals even if the wall clock is stepped.
    SteadyClock::time_point steadyStart;
    double wallStart = 0.0;
    double period = 1.0;
    // Tick k (k >= 1) is at firstTick + (k - 1) period seconds after steadyStart; firstTick puts
    // the ticks on multiples of the period in wall-clock time (see start()).
    double firstTick = 1.0;

    CounterSnapshot snapshot(const std::vector<int>& pids) const
    {
        // Stamped when the read begins, which is when the tick was due (a scan of /proc can
        // take tens of ms on a busy machine; the stamp should not wander by that much).
        const SteadyClock::time_point now = SteadyClock::now();
        CounterSnapshot s = readCounters(root, pids);
        s.steadySeconds = secondsBetween(steadyStart, now);
        s.wallSeconds = wallStart + s.steadySeconds;
        return s;
    }

    void run();
};

void ProcSampler::State::run()
{
    try {
        for (long long tick = 0;; ++tick) {
            // Ticks sit on a fixed grid, so the period does not drift by the time a sample
            // takes; a tick missed (the machine stalled) is skipped, not caught up.
            const double elapsed = secondsBetween(steadyStart, SteadyClock::now());
            tick
                = std::max(tick, static_cast<long long>(std::ceil((elapsed - firstTick) / period)));
            const auto due = steadyStart
                + std::chrono::duration_cast<SteadyClock::duration>(
                    std::chrono::duration<double>(firstTick + static_cast<double>(tick) * period));
            {
                std::unique_lock lock(mutex);
                if (wake.wait_until(lock, due, [this] { return stopRequested; }))
                    return;
            }
            std::vector<int> alive; // a process that exited is not looked for again
            for (const auto& entry : previous.processes)
                alive.push_back(entry.first);
            CounterSnapshot current = snapshot(alive);
            for (ProcSample& s : ratesBetween(previous, current, ticksPerSecond))
                samples.push_back(std::move(s));
            previous = std::move(current);
        }
    } catch (...) {
        error = std::current_exception();
    }
}

ProcSampler::ProcSampler(std::filesystem::path procRoot)
    : m_state(std::make_unique<State>())
{
    m_state->root = std::move(procRoot);
    const long ticks = ::sysconf(_SC_CLK_TCK);
    if (ticks > 0)
        m_state->ticksPerSecond = static_cast<double>(ticks);
}

ProcSampler::~ProcSampler()
{
    if (m_state->thread.joinable()) {
        {
            std::lock_guard lock(m_state->mutex);
            m_state->stopRequested = true;
        }
        m_state->wake.notify_all();
        m_state->thread.join();
    }
}

void ProcSampler::start(const std::vector<int>& pids, double periodSeconds)
{
    if (m_state->thread.joinable())
        throw StateError("ProcSampler::start: already sampling; call stop() first");
    if (!(periodSeconds > 0.0) || !std::isfinite(periodSeconds))
        throw ConfigError("ProcSampler::start: the period must be > 0 seconds, got "
            + std::to_string(periodSeconds));
    State& s = *m_state;
    s.period = periodSeconds;
    s.samples.clear();
    s.error = nullptr;
    s.stopRequested = false;
    s.steadyStart = SteadyClock::now();
    s.wallStart = std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch())
                      .count();
    // Samples fall on multiples of the period in wall-clock time (dstat samples on whole
    // seconds), a few ms late at most: buildLowLevelFeatures rounds times to steps of the
    // period, and times near a half step could put two samples into one step. The first
    // interval is kept at least half a period long so that its rates are not noise.
    s.firstTick = periodSeconds - std::fmod(s.wallStart, periodSeconds);
    if (s.firstTick < periodSeconds / 2.0)
        s.firstTick += periodSeconds;
    // The baseline is read here, so that a wrong root fails start() rather than the thread.
    s.previous = s.snapshot(pids);
    s.thread = std::thread([&s] { s.run(); });
}

std::vector<ProcSample> ProcSampler::stop()
{
    State& s = *m_state;
    if (!s.thread.joinable())
        throw StateError("ProcSampler::stop: not sampling; call start() first");
    {
        std::lock_guard lock(s.mutex);
        s.stopRequested = true;
    }
    s.wake.notify_all();
    s.thread.join();
    if (s.error)
        std::rethrow_exception(std::exchange(s.error, nullptr));
    return std::move(s.samples);
}

void writeNodesCsv(const std::filesystem::path& file, const std::vector<ProcSample>& samples)
{
    // One table for host and process nodes: the union of their metric columns, in the order
    // first seen (host metrics, then process metrics), and a `group` column so that the
    // Inside-Out features aggregate hosts and processes separately ("mean(fio/proc_read_mbs)").
    // A metric a node does not have is written as 0: buildLowLevelFeatures needs a number in
    // every cell, and such a column is constant within its group, which the learner's
    // standardisation leaves out (zero spread).
    std::vector<std::string> metrics;
    for (const ProcSample& s : samples)
        for (const auto& entry : s.values)
            if (std::find(metrics.begin(), metrics.end(), entry.first) == metrics.end())
                metrics.push_back(entry.first);
    std::vector<std::string> header {"node", "group", "timestamp"};
    header.insert(header.end(), metrics.begin(), metrics.end());
    std::string text = formatCsvLine(header);
    for (const ProcSample& s : samples) {
        std::vector<std::string> row {s.node, nodeGroup(s.node), formatNumber(s.timestamp)};
        row.resize(header.size(), "0");
        for (const auto& [name, value] : s.values) {
            const auto column = std::find(metrics.begin(), metrics.end(), name) - metrics.begin();
            row[3 + static_cast<std::size_t>(column)] = formatNumber(value);
        }
        text += formatCsvLine(row);
    }
    writeTextFileAtomically(file.string(), text);
}

} // namespace iolens::core
