// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/aggregation.hpp"
#include "harness/measurement_plan.hpp"

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace iolens::core {

class MeasurementDatabase;
struct FioRunRequest;
struct FioRunResult;

/// Where a measurement session is, reported through MeasureOptions::progress.
struct MeasureProgress {
    enum class Phase {
        LayingOut, ///< writing a file set (once per size)
        Running,   ///< fio is running `key`, repetition `rep`
        Stored,    ///< the run's row is committed; `stored` holds it
    };
    Phase phase = Phase::Running;
    std::string key; ///< configurationKey of the run, empty while laying out
    int rep = 0;
    int runsDone = 0;    ///< runs stored in this session
    int runsPending = 0; ///< runs this session set out to do
    double elapsedSeconds = 0.0;
    double remainingSeconds = 0.0;     ///< estimate, refined by the measured run times
    std::optional<Measurement> stored; ///< the row just written (Phase::Stored)
    std::string message;               ///< one line for a log ("laying out 256 MiB in 16 files")
};

/// How a session runs; defaults are those of real use.
struct MeasureOptions {
    std::string fioProgram = "fio";            ///< path or name in PATH
    std::filesystem::path sysfsRoot = "/sys";  ///< a fake directory in tests
    std::filesystem::path procRoot = "/proc";  ///< for the low-level sampler
    bool sampleLowLevel = true;                ///< /proc samples and bandwidth logs per run
    const std::atomic<bool>* cancel = nullptr; ///< set to stop (Ctrl-C, a dialog's Cancel)
    std::function<void(const MeasureProgress&)> progress;
    /// Assumed layout speed for the estimate, MiB/s (> 0).
    double layoutMiBPerSecond = 200.0;
    /// Assumed fio start-up and shut-down time per run, seconds, for the estimate.
    double runOverheadSeconds = 1.5;
};

/// What a plan will cost, computed without writing anything.
struct MeasureEstimate {
    int configurations = 0;    ///< after the scheduler is resolved and duplicates merged
    int runsTotal = 0;         ///< configurations x repetitions
    int runsAlreadyStored = 0; ///< found in the database: skipped (resume)
    int runsPending = 0;
    std::int64_t layoutBytes = 0; ///< file sets still to write
    double seconds = 0.0;         ///< runsPending x (ramp + runtime + overhead) + layout time
    std::string schedulerNote;    ///< how the scheduler factor is handled, for the user
    int hosts = 0;                ///< fio servers each run runs on (0: fio runs here)
};

/// How a session ended.
struct MeasureReport {
    bool cancelled = false;
    int runsStored = 0;
    double seconds = 0.0;
    std::int64_t layoutBytesWritten = 0;
    std::vector<std::string> warnings; ///< e.g. low-level samples that could not be written
    /// Every configuration of the plan with its repetitions in the database (also those of
    /// earlier sessions): means and relative standard errors (the noise, ICPE'13 Figure 5).
    std::vector<AggregatedMeasurement> aggregated;
};

/// Runs a measurement plan against real storage with fio: for each repetition and
/// configuration it lays out the file set (once per size), switches the I/O scheduler if the
/// plan names a writable device, runs fio (N processes for N VMs), keeps the raw JSON under the
/// target, samples /proc while fio runs, and commits the configuration and its metrics to the
/// database in one transaction. Runs already in the database for the plan's dataset are skipped,
/// so an interrupted session (Ctrl-C, kill -9, power loss) resumes where it stopped and loses at
/// most the run in flight. Cancelling (MeasureOptions::cancel) stops fio within ~0.1 s.
/// The scheduler is restored when run() returns or throws.
///
/// With hosts in the plan (the multi-VM case on real VMs) each run goes to every host at once
/// through fio's client/server mode (runOnHosts): each host runs one VM's share, fio lays out
/// the file set on the host itself (no local layout, no /proc samples, no scheduler switch),
/// the client's JSON is kept under DIR/.iolens/raw/KEY-repR.hosts/, and the combined row and
/// each host's row are committed in one transaction (MeasurementDatabase::importMultiHostRun).
///
/// Usable from a worker thread (a dialog): the progress callback is called on that thread.
class MeasurementSession {
public:
    /// Resolves the scheduler factor and computes the estimate; writes nothing. Throws
    /// ConfigError for an unusable target or device.
    MeasurementSession(MeasurementPlan plan, MeasurementDatabase& database, MeasureOptions options);
    ~MeasurementSession();
    MeasurementSession(const MeasurementSession&) = delete;
    MeasurementSession& operator=(const MeasurementSession&) = delete;

    const MeasurementPlan& plan() const { return m_plan; }
    /// The plan's configurations as they will be stored ("current" replaced by the scheduler in
    /// use; merged where a fixed scheduler makes two the same).
    const std::vector<Configuration>& configurations() const { return m_configurations; }
    const MeasureEstimate& estimate() const { return m_estimate; }

    /// Measures every pending run. Throws ConfigError if fio is missing, Error with fio's
    /// message if fio fails (rows already stored stay), StoreError on a database failure.
    MeasureReport run();

private:
    struct Run;
    void resolveSchedulers();
    void computeEstimate();
    void measure(const Run& run, MeasureReport& report);
    void measureOnHosts(const Run& run, const std::string& name, MeasureReport& report);
    bool layOut(const Configuration& config, MeasureReport& report);
    FioRunRequest fioRequest(const Configuration& config, const std::string& name,
        std::vector<std::filesystem::path>& bandwidthLogs) const;
    void writeLowLevel(const std::string& name, const FioRunResult& result,
        const std::vector<std::filesystem::path>& bandwidthLogs, MeasureReport& report) const;
    void reportProgress(MeasureProgress progress) const;

    MeasurementPlan m_plan;
    MeasurementDatabase& m_database;
    MeasureOptions m_options;
    std::vector<Configuration> m_configurations;
    std::vector<Run> m_pending;
    MeasureEstimate m_estimate;
    struct State;
    std::unique_ptr<State> m_state;
};

} // namespace iolens::core
