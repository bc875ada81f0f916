// SPDX-License-Identifier: GPL-3.0-or-later
#include "harness/measurement_session.hpp"

#include "common/counted_noun.hpp"
#include "common/error.hpp"
#include "common/units.hpp"
#include "data/fio_json_reader.hpp"
#include "harness/child_process.hpp"
#include "harness/fio_bandwidth_log.hpp"
#include "harness/fio_job.hpp"
#include "harness/fio_run.hpp"
#include "harness/io_scheduler.hpp"
#include "harness/multi_host_run.hpp"
#include "harness/multi_vm.hpp"
#include "harness/scheduler_factor.hpp"
#include "harness/target_directory.hpp"
#include "store/measurement_database.hpp"

#include <algorithm>
#include <chrono>
#include <set>

namespace iolens::core {

namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string mib(std::int64_t bytes)
{
    return std::to_string(static_cast<long long>(double(bytes) / kBytesPerMiB)) + " MiB";
}

} // namespace

struct MeasurementSession::Run {
    Configuration config;
    int rep = 0;
};

struct MeasurementSession::State {
    std::unique_ptr<IoSchedulerSwitch> scheduler; ///< set when the plan's device is switchable
    bool switching = false;
    std::optional<TargetDirectory> target;
    Clock::time_point start;
    double runSecondsSum = 0.0; ///< measured wall time of the runs so far
    int runsMeasured = 0;
};

MeasurementSession::MeasurementSession(
    MeasurementPlan plan, MeasurementDatabase& database, MeasureOptions options)
    : m_plan(std::move(plan))
    , m_database(database)
    , m_options(std::move(options))
    , m_state(std::make_unique<State>())
{
    TargetDirectory::checkUsable(m_plan.target.directory);
    resolveSchedulers();
    computeEstimate();
}

MeasurementSession::~MeasurementSession() = default;

void MeasurementSession::resolveSchedulers()
{
    SchedulerFactor factor = resolveSchedulerFactor(m_plan, m_options.sysfsRoot);
    m_state->scheduler = std::move(factor.device);
    m_state->switching = factor.switching;
    m_estimate.schedulerNote = std::move(factor.note);
    m_configurations = std::move(factor.configurations);
}

void MeasurementSession::computeEstimate()
{
    std::set<std::pair<Configuration, int>> stored;
    if (m_database.dataset(m_plan.dataset))
        for (const Measurement& m : m_database.measurements({m_plan.dataset, std::nullopt}))
            stored.insert({m.config, m.rep});
    // Repetitions in the outer loop: a session stopped half-way leaves every configuration
    // measured about equally often, and the repetitions of one configuration lie apart in time.
    m_pending.clear();
    for (int rep = 0; rep < m_plan.workload.repetitions; ++rep)
        for (const Configuration& c : m_configurations)
            if (!stored.count({c, rep}))
                m_pending.push_back({c, rep});
    MeasureEstimate& e = m_estimate;
    e.configurations = static_cast<int>(m_configurations.size());
    e.runsTotal = e.configurations * m_plan.workload.repetitions;
    e.runsPending = static_cast<int>(m_pending.size());
    e.runsAlreadyStored = e.runsTotal - e.runsPending;
    const fs::path sets = fs::absolute(m_plan.target.directory) / "filesets";
    std::set<std::pair<std::int64_t, int>> layouts;
    e.layoutBytes = 0;
    e.hosts = static_cast<int>(m_plan.hosts.size());
    for (const Run& run : m_pending) {
        if (e.hosts > 0)
            break; // fio lays the file sets out on the hosts; not counted here
        if (!layouts.insert({run.config.filesetBytes, run.config.vms}).second)
            continue;
        const auto shares = planFileSet(sets, run.config.filesetBytes, run.config.vms);
        if (!isFileSetLaidOut(shares))
            for (const FileSetShare& share : shares)
                e.layoutBytes += share.totalBytes();
    }
    const WorkloadSettings& w = m_plan.workload;
    e.seconds = e.runsPending * (w.rampSeconds + w.runtimeSeconds + m_options.runOverheadSeconds)
        + double(e.layoutBytes) / kBytesPerMiB / m_options.layoutMiBPerSecond;
}

void MeasurementSession::reportProgress(MeasureProgress progress) const
{
    if (!m_options.progress)
        return;
    progress.runsPending = m_estimate.runsPending;
    progress.elapsedSeconds = secondsSince(m_state->start);
    // Once runs were timed, their mean replaces the assumed run time.
    const WorkloadSettings& w = m_plan.workload;
    const double perRun = m_state->runsMeasured > 0
        ? m_state->runSecondsSum / m_state->runsMeasured
        : w.rampSeconds + w.runtimeSeconds + m_options.runOverheadSeconds;
    progress.remainingSeconds = std::max(0, m_estimate.runsPending - progress.runsDone) * perRun;
    m_options.progress(progress);
}

MeasureReport MeasurementSession::run()
{
    MeasureReport report;
    m_state->start = Clock::now();
    if (m_pending.empty()) {
        report.aggregated = aggregateRepetitions({});
    } else {
        if (!isExecutable(m_options.fioProgram))
            throw ConfigError(m_options.fioProgram
                + ": fio is not installed or not executable ('apt-get install fio')");
        m_state->target = TargetDirectory::claim(m_plan.target.directory);
        // Puts the scheduler back however run() ends: normally, cancelled or by an exception.
        struct RestoreScheduler {
            IoSchedulerSwitch* scheduler;
            ~RestoreScheduler()
            {
                try {
                    if (scheduler)
                        scheduler->restore();
                } catch (...) {
                    // Unwinding already: the first error is the one to report.
                }
            }
        } restoreOnExit {m_state->scheduler.get()};
        for (const Run& run : m_pending) {
            if (m_options.cancel && m_options.cancel->load()) {
                report.cancelled = true;
                break;
            }
            measure(run, report);
            if (report.cancelled)
                break;
        }
        if (m_state->scheduler)
            m_state->scheduler->restore();
    }
    report.seconds = secondsSince(m_state->start);
    std::set<Configuration> planned(m_configurations.begin(), m_configurations.end());
    std::vector<Measurement> rows;
    for (Measurement& m : m_database.measurements({m_plan.dataset, std::nullopt}))
        if (planned.count(m.config))
            rows.push_back(std::move(m));
    report.aggregated = aggregateRepetitions(rows);
    return report;
}

bool MeasurementSession::layOut(const Configuration& c, MeasureReport& report)
{
    const TargetDirectory& target = *m_state->target;
    const auto shares = planFileSet(target.fileSetsDirectory(), c.filesetBytes, c.vms);
    if (isFileSetLaidOut(shares))
        return true;
    MeasureProgress p;
    p.phase = MeasureProgress::Phase::LayingOut;
    p.runsDone = report.runsStored;
    p.message = "laying out a file set of " + mib(c.filesetBytes) + " for "
        + countedNoun(static_cast<std::size_t>(c.vms), "VM") + " in "
        + countedNoun(shares.size() * shares.front().files.size(), "file");
    reportProgress(p);
    report.layoutBytesWritten += layOutFileSet(target, shares, m_options.cancel);
    return isFileSetLaidOut(shares); // false: cancelled half-way
}

FioRunRequest MeasurementSession::fioRequest(
    const Configuration& c, const std::string& name, std::vector<fs::path>& bandwidthLogs) const
{
    const TargetDirectory& target = *m_state->target;
    const auto shares = planFileSet(target.fileSetsDirectory(), c.filesetBytes, c.vms);
    FioRunRequest request;
    request.program = m_options.fioProgram;
    request.cancel = m_options.cancel;
    request.sampleLowLevel = m_options.sampleLowLevel;
    request.procRoot = m_options.procRoot;
    // fio's ramp and run, plus 20 s (or the run's own length) for its start and stop: iolens
    // lays the files out beforehand, so fio has nothing slow to do outside its run.
    const double runSeconds = m_plan.workload.rampSeconds + m_plan.workload.runtimeSeconds;
    request.timeoutSeconds = runSeconds + std::max(20.0, runSeconds);
    for (int vm = 0; vm < c.vms; ++vm) {
        const std::string file = c.vms == 1 ? name : name + ".vm" + std::to_string(vm);
        FioJob job {c, m_plan.workload, shares[std::size_t(vm)], {}};
        if (m_options.sampleLowLevel) {
            job.bandwidthLogPrefix = target.inside(target.lowLevelDirectory() / file).string();
            bandwidthLogs.push_back(job.bandwidthLogPrefix + "_bw.log");
            fs::remove(bandwidthLogs.back()); // fio appends to an old log
        }
        request.jobs.push_back(job);
        request.outputFiles.push_back(target.inside(target.rawDirectory() / (file + ".json")));
        request.stderrFiles.push_back(target.inside(target.rawDirectory() / (file + ".log")));
    }
    return request;
}

void MeasurementSession::writeLowLevel(const std::string& name, const FioRunResult& result,
    const std::vector<fs::path>& bandwidthLogs, MeasureReport& report) const
{
    const TargetDirectory& target = *m_state->target;
    // Failing to write them costs the samples, not the measurement.
    try {
        writeNodesCsv(
            target.inside(target.lowLevelDirectory() / (name + ".nodes.csv")), result.samples);
        writeThroughputCsv(target.inside(target.lowLevelDirectory() / (name + ".target.csv")),
            readBandwidthLogs(bandwidthLogs));
        for (const fs::path& log : bandwidthLogs)
            fs::remove(log);
    } catch (const Error& e) {
        report.warnings.push_back(name + ": low-level samples not written: " + e.what());
    }
}

void MeasurementSession::measure(const Run& run, MeasureReport& report)
{
    const Configuration& c = run.config;
    const std::string name = configurationKey(c) + "-rep" + std::to_string(run.rep);
    if (!m_plan.hosts.empty()) {
        measureOnHosts(run, name, report);
        return;
    }
    if (!layOut(c, report)) {
        report.cancelled = true;
        return;
    }
    if (m_state->switching)
        m_state->scheduler->select(c.scheduler);

    MeasureProgress p;
    p.phase = MeasureProgress::Phase::Running;
    p.key = configurationKey(c);
    p.rep = run.rep;
    p.runsDone = report.runsStored;
    p.message = "running " + name;
    reportProgress(p);

    std::vector<fs::path> bandwidthLogs;
    const FioRunRequest request = fioRequest(c, name, bandwidthLogs);
    // fio's hang is intermittent (the same job ran through by hand): one retry, then skip.
    FioRunResult result = runFioJobs(request);
    if (result.timedOut && !(m_options.cancel && m_options.cancel->load()))
        result = runFioJobs(request);
    if (result.cancelled) {
        report.cancelled = true;
        return;
    }
    if (result.timedOut) {
        // Not stored: running the plan again retries it.
        report.warnings.push_back(name + ": fio did not finish within "
            + std::to_string(static_cast<int>(request.timeoutSeconds))
            + " s, twice, and was stopped; the run is skipped (rerun the plan to retry it)");
        return;
    }
    m_state->runSecondsSum += result.seconds;
    ++m_state->runsMeasured;

    std::vector<Measurement> perVm;
    for (const fs::path& output : request.outputFiles)
        perVm.push_back(readFioJson(output.string(), {c.scheduler, 1, std::nullopt}));
    Measurement row = combineVmResults(perVm, c);
    row.rep = run.rep;
    row.split = m_plan.split;
    // The low-level files come before the commit, so a stored row always has them.
    if (m_options.sampleLowLevel)
        writeLowLevel(name, result, bandwidthLogs, report);
    ImportTarget into;
    into.dataset = m_plan.dataset;
    into.description = m_plan.description;
    into.system = m_plan.system;
    m_database.importMeasurements({row}, into); // one transaction: the row is there or not
    ++report.runsStored;

    p.phase = MeasureProgress::Phase::Stored;
    p.runsDone = report.runsStored;
    p.stored = row;
    p.message = "stored " + name;
    reportProgress(p);
}

void MeasurementSession::measureOnHosts(
    const Run& run, const std::string& name, MeasureReport& report)
{
    const Configuration& c = run.config;
    MeasureProgress p;
    p.phase = MeasureProgress::Phase::Running;
    p.key = configurationKey(c);
    p.rep = run.rep;
    p.runsDone = report.runsStored;
    p.message = "running " + name + " on " + std::to_string(m_plan.hosts.size()) + " hosts";
    reportProgress(p);

    const MultiHostRun measured
        = runOnHosts({&m_plan, c, name, &*m_state->target, m_options.fioProgram, m_options.cancel});
    if (measured.cancelled) {
        report.cancelled = true;
        return;
    }
    m_state->runSecondsSum += measured.seconds;
    ++m_state->runsMeasured;

    Measurement row = measured.row;
    row.rep = run.rep;
    row.split = m_plan.split;
    ImportTarget into;
    into.dataset = m_plan.dataset;
    into.description = m_plan.description;
    into.system = m_plan.system;
    m_database.importMultiHostRun(row, measured.hosts, into);
    ++report.runsStored;

    p.phase = MeasureProgress::Phase::Stored;
    p.runsDone = report.runsStored;
    p.stored = row;
    p.message = "stored " + name + " (" + std::to_string(measured.hosts.size()) + " hosts)";
    reportProgress(p);
}

} // namespace iolens::core
