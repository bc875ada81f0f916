// SPDX-License-Identifier: GPL-3.0-or-later
#include "appsim/application_simulation.hpp"

#include "common/error.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>
#include <random>

namespace iolens::core {

namespace {

constexpr std::size_t kGroup = 5;    // loops per MSER-5 group and per checkpoint
constexpr std::size_t kBatches = 20; // batch means per interval
constexpr std::size_t kFirstLoops = 2000;
// The fewest loops the intervals take: 2 x kBatches groups, half of them possibly warm-up.
constexpr std::size_t kFewestLoops = 2 * kBatches * kGroup;

// Our own event loop: the packaged discrete-event libraries (SimGrid, OMNeT++) are network and
// grid simulators whose processes, platforms and message passing would be most of the code here,
// while a closed network of three resources needs a heap of timed events and a processor-sharing
// queue.
struct Event {
    double timeMs = 0.0;
    std::uint64_t order = 0; // ties in arrival order, so a seed gives one history
    int client = 0;
    int station = -1; // -1: a client's timer; else a processor-sharing station's completion
    std::uint64_t version = 0; // ... of this schedule of that station
    bool operator>(const Event& other) const
    {
        return timeMs != other.timeMs ? timeMs > other.timeMs : order > other.order;
    }
};

struct Client {
    std::size_t op = 0;
    bool thinking = true;
    bool waiting = false; // in a CPU operation's wait after its demand
    double loopStartMs = 0.0;
    double opStartMs = 0.0;
};

// Running totals; a copy is kept every kGroup loops so the warm-up can be cut afterwards.
struct Totals {
    double timeMs = 0.0;
    std::vector<double> busyMs; // per station: integral of busy servers / servers
    double delayArea = 0.0;     // integral of requests at the delay resource
    double storageArea = 0.0;   // integral of requests in service at the storage
    double ioSumMs = 0.0;
    double ioCount = 0.0;
    std::vector<double> opSumMs;
    std::vector<double> opCount;
};

class Simulation {
public:
    Simulation(const Application& app, StorageLatency& storage, const SimulationOptions& options)
        : m_app(app)
        , m_storage(storage)
        , m_options(options)
        , m_random(options.seed)
        , m_memory(options.memoryLength)
        , m_clients(static_cast<std::size_t>(options.clients))
    {
        m_servers.push_back(app.cpuCores);
        for (const QueueStation& queue : app.queues)
            m_servers.push_back(queue.servers);
        m_jobs.resize(m_servers.size());
        m_versions.assign(m_servers.size(), 0);
        m_totals.busyMs.assign(m_servers.size(), 0.0);
        m_totals.opSumMs.assign(app.operations.size(), 0.0);
        m_totals.opCount.assign(app.operations.size(), 0.0);
        m_checkpoints.push_back(m_totals);
        for (std::size_t c = 0; c < m_clients.size(); ++c)
            schedule(m_app.thinkTimeMs.sample(m_random), static_cast<int>(c));
    }

    SimulationResult run();

private:
    void schedule(double afterMs, int client)
    {
        m_events.push({m_nowMs + afterMs, m_order++, client, -1, 0});
    }
    void advanceTo(double timeMs);
    void reschedule(std::size_t station);
    void startOperation(int client);
    void finishOperation(int client);
    void handle(const Event& event);
    bool capped() const;
    SimulationResult analyse() const;

    const Application& m_app;
    StorageLatency& m_storage;
    const SimulationOptions& m_options;
    std::mt19937_64 m_random;
    StorageMemory m_memory;
    std::vector<Client> m_clients;
    std::priority_queue<Event, std::vector<Event>, std::greater<>> m_events;
    // Processor-sharing stations: 0 the CPU, then the application's queues. Per station the
    // jobs (client, remaining demand in ms), its servers and its schedule's version.
    std::vector<std::vector<std::pair<int, double>>> m_jobs;
    std::vector<int> m_servers;
    std::vector<std::uint64_t> m_versions;
    std::uint64_t m_order = 0;
    double m_nowMs = 0.0;
    int m_atDelay = 0;
    std::int64_t m_eventCount = 0;
    std::size_t m_loops = 0;
    double m_groupSumMs = 0.0;
    Totals m_totals;
    std::vector<Totals> m_checkpoints;  // m_checkpoints[g]: the totals after g groups
    std::vector<double> m_groupMeansMs; // mean loop response time of each group
};

double shareRate(std::size_t jobs, int cores)
{
    return jobs <= static_cast<std::size_t>(cores)
        ? 1.0
        : static_cast<double>(cores) / static_cast<double>(jobs);
}

void Simulation::advanceTo(double timeMs)
{
    const double dt = timeMs - m_nowMs;
    if (dt > 0.0) {
        for (std::size_t k = 0; k < m_jobs.size(); ++k) {
            const std::size_t jobs = m_jobs[k].size();
            if (jobs == 0)
                continue;
            const double rate = shareRate(jobs, m_servers[k]);
            for (auto& job : m_jobs[k])
                job.second -= dt * rate;
            m_totals.busyMs[k] += dt
                * static_cast<double>(
                    std::min<std::size_t>(jobs, static_cast<std::size_t>(m_servers[k])))
                / m_servers[k];
        }
        m_totals.delayArea += dt * m_atDelay;
        m_totals.storageArea += dt * m_memory.inService();
    }
    m_nowMs = timeMs;
    m_totals.timeMs = timeMs;
}

void Simulation::reschedule(std::size_t station)
{
    const auto& jobs = m_jobs[station];
    const std::uint64_t version = ++m_versions[station];
    if (jobs.empty())
        return;
    double least = std::numeric_limits<double>::infinity();
    for (const auto& job : jobs)
        least = std::min(least, job.second);
    const double rate = shareRate(jobs.size(), m_servers[station]);
    m_events.push(
        {m_nowMs + std::max(0.0, least) / rate, m_order++, -1, static_cast<int>(station), version});
}

void Simulation::startOperation(int client)
{
    Client& c = m_clients[static_cast<std::size_t>(client)];
    c.opStartMs = m_nowMs;
    const Operation& op = m_app.operations[c.op];
    switch (op.kind) {
    case OperationKind::Cpu:
        m_jobs[op.station].emplace_back(client, op.amount.sample(m_random));
        reschedule(op.station);
        return;
    case OperationKind::Delay:
        ++m_atDelay;
        schedule(op.amount.sample(m_random), client);
        return;
    case OperationKind::Read:
    case OperationKind::Write: {
        const StorageRequest request {op.kind == OperationKind::Read,
            op.wholeFile ? m_app.fileSet.fileBytes.sample(m_random) : op.amount.sample(m_random),
            op.pattern};
        const StorageState state = m_memory.arrive(request);
        schedule(std::max(0.0, m_storage.responseTimeMs(request, state)), client);
        return;
    }
    }
}

void Simulation::finishOperation(int client)
{
    Client& c = m_clients[static_cast<std::size_t>(client)];
    const Operation& op = m_app.operations[c.op];
    const double tookMs = m_nowMs - c.opStartMs;
    m_totals.opSumMs[c.op] += tookMs;
    m_totals.opCount[c.op] += 1.0;
    if (op.kind == OperationKind::Delay)
        --m_atDelay;
    if (op.kind == OperationKind::Read || op.kind == OperationKind::Write) {
        m_memory.depart();
        m_totals.ioSumMs += tookMs;
        m_totals.ioCount += 1.0;
    }
    if (++c.op < m_app.operations.size()) {
        startOperation(client);
        return;
    }
    // The loop is done: its response time excludes the think time before it.
    ++m_loops;
    m_groupSumMs += m_nowMs - c.loopStartMs;
    if (m_loops % kGroup == 0) {
        m_groupMeansMs.push_back(m_groupSumMs / kGroup);
        m_groupSumMs = 0.0;
        m_checkpoints.push_back(m_totals);
    }
    c.thinking = true;
    schedule(m_app.thinkTimeMs.sample(m_random), client);
}

void Simulation::handle(const Event& event)
{
    if (event.station >= 0) {
        const auto station = static_cast<std::size_t>(event.station);
        if (event.version != m_versions[station])
            return; // superseded by a later arrival or departure
        auto& jobs = m_jobs[station];
        const auto done = std::min_element(jobs.begin(), jobs.end(),
            [](const auto& a, const auto& b) { return a.second < b.second; });
        const int client = done->first;
        jobs.erase(done);
        reschedule(station);
        Client& c = m_clients[static_cast<std::size_t>(client)];
        const double waitMs = m_app.operations[c.op].waitMs;
        if (waitMs > 0.0) {
            c.waiting = true;
            ++m_atDelay;
            schedule(waitMs, client);
            return;
        }
        finishOperation(client);
        return;
    }
    Client& c = m_clients[static_cast<std::size_t>(event.client)];
    if (c.waiting) {
        c.waiting = false;
        --m_atDelay;
        finishOperation(event.client);
        return;
    }
    if (c.thinking) {
        c.thinking = false;
        c.op = 0;
        c.loopStartMs = m_nowMs;
        startOperation(event.client);
        return;
    }
    finishOperation(event.client);
}

// The simulated-time cap bounds nothing the computer spends (events do), so it waits for the
// fewest loops an estimate takes: a 100 s storage delay gives a small throughput rather than
// none (NaN) once 10 simulated hours have passed after a few loops.
bool Simulation::capped() const
{
    return m_eventCount >= m_options.maxEvents
        || (m_loops >= kFewestLoops && m_nowMs >= m_options.maxSimulatedSeconds * 1000.0);
}

SimulationResult Simulation::run()
{
    std::size_t target = kFirstLoops;
    for (;;) {
        while (m_loops < target && !capped() && !m_events.empty()) {
            const Event event = m_events.top();
            m_events.pop();
            advanceTo(event.timeMs);
            handle(event);
            if (++m_eventCount % 65536 == 0 && m_options.cancel && m_options.cancel->load())
                throw SimulationCancelled();
        }
        SimulationResult result = analyse();
        if (result.precisionReached || capped() || m_events.empty())
            return result;
        target *= 2;
    }
}

SimulationResult Simulation::analyse() const
{
    SimulationResult r;
    r.clients = m_options.clients;
    r.events = m_eventCount;
    r.simulatedSeconds = m_nowMs / 1000.0;
    const std::size_t groups = m_groupMeansMs.size();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    r.throughputPerS = {nan, nan};
    r.responseTimeMs = {nan, nan};
    if (groups < 2 * kBatches)
        return r;
    const std::size_t warmup = mser5Truncation(m_groupMeansMs);
    const std::size_t perBatch = (groups - warmup) / kBatches;
    const std::size_t first = groups - perBatch * kBatches; // the remainder joins the warm-up
    const Totals& from = m_checkpoints[first];
    const Totals& to = m_checkpoints[groups];
    std::vector<double> batchThroughput;
    std::vector<double> batchResponse;
    for (std::size_t b = 0; b < kBatches; ++b) {
        const std::size_t begin = first + b * perBatch;
        const double spanMs = m_checkpoints[begin + perBatch].timeMs - m_checkpoints[begin].timeMs;
        batchThroughput.push_back(static_cast<double>(perBatch * kGroup) / spanMs * 1000.0);
        double sum = 0.0;
        for (std::size_t g = begin; g < begin + perBatch; ++g)
            sum += m_groupMeansMs[g];
        batchResponse.push_back(sum / static_cast<double>(perBatch));
    }
    const double spanMs = to.timeMs - from.timeMs;
    if (spanMs == 0.0)
        throw ConfigError("simulate: application '" + m_app.name
            + "': its loop takes no time (no think time, and every CPU, delay and storage demand "
              "is 0), so its throughput has no bound; give one a demand");
    r.loopsKept = static_cast<std::int64_t>(perBatch * kBatches * kGroup);
    r.warmupSeconds = from.timeMs / 1000.0;
    r.throughputPerS = batchMeansInterval(batchThroughput, m_options.confidence);
    r.throughputPerS.mean = static_cast<double>(r.loopsKept) / spanMs * 1000.0;
    r.responseTimeMs = batchMeansInterval(batchResponse, m_options.confidence);
    r.ioResponseTimeMs = to.ioCount > from.ioCount
        ? (to.ioSumMs - from.ioSumMs) / (to.ioCount - from.ioCount)
        : 0.0;
    r.cpuUtilization = (to.busyMs[0] - from.busyMs[0]) / spanMs;
    for (std::size_t k = 1; k < m_jobs.size(); ++k)
        r.queueUtilization.push_back((to.busyMs[k] - from.busyMs[k]) / spanMs);
    r.delayBusy = (to.delayArea - from.delayArea) / spanMs;
    r.storageBusy = (to.storageArea - from.storageArea) / spanMs;
    for (std::size_t op = 0; op < m_app.operations.size(); ++op) {
        const double count = to.opCount[op] - from.opCount[op];
        r.operations.push_back({m_app.operations[op].name,
            count > 0.0 ? (to.opSumMs[op] - from.opSumMs[op]) / count : 0.0});
    }
    r.precisionReached = r.throughputPerS.relativeHalfWidth() <= m_options.precision
        && r.responseTimeMs.relativeHalfWidth() <= m_options.precision;
    return r;
}

} // namespace

SimulationResult simulateApplication(
    const Application& application, StorageLatency& storage, const SimulationOptions& options)
{
    if (options.clients < 1)
        throw ConfigError("simulate: needs at least one client");
    if (application.operations.empty())
        throw ConfigError("simulate: application '" + application.name + "' has no operations");
    for (const Operation& op : application.operations)
        if (op.kind == OperationKind::Cpu && op.station > application.queues.size())
            throw ConfigError("simulate: operation '" + op.name
                + "' names a queue the application "
                  "does not have");
    if (!(options.precision > 0.0) || !(options.confidence > 0.0 && options.confidence < 1.0))
        throw ConfigError("simulate: precision must be > 0 and confidence in (0, 1)");
    Simulation simulation(application, storage, options);
    SimulationResult result = simulation.run();
    if (result.loopsKept == 0)
        throw ConfigError("simulate: application '" + application.name + "' at "
            + std::to_string(options.clients) + " clients: the run reached its cap of "
            + std::to_string(options.maxEvents) + " events before the "
            + std::to_string(kFewestLoops) + " loops an estimate needs");
    const Estimate& x = result.throughputPerS;
    const Estimate& r = result.responseTimeMs;
    if (!std::isfinite(x.mean) || !std::isfinite(x.halfWidth) || !std::isfinite(r.mean)
        || !std::isfinite(r.halfWidth) || !std::isfinite(result.ioResponseTimeMs))
        throw ConfigError("simulate: application '" + application.name + "' at "
            + std::to_string(options.clients)
            + " clients: the simulated times or their squares (in the intervals) overflow; a "
              "demand or storage delay is too large to simulate");
    return result;
}

} // namespace iolens::core
