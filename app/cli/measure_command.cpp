// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/measure_command.hpp"

#include "cli/cli_options.hpp"
#include "cli/stop_signals.hpp"
#include "common/error.hpp"
#include "data/csv_table.hpp"
#include "harness/child_process.hpp"
#include "harness/fio_job.hpp"
#include "harness/measurement_session.hpp"
#include "harness/noise_summary.hpp"
#include "harness/target_directory.hpp"
#include "store/measurement_database.hpp"

#include <atomic>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <string>

namespace iolens::cli {

namespace {

using namespace iolens::core;

/// "1:02:03" or "4:05" for a duration in seconds.
std::string clock(double seconds)
{
    const long total = std::lround(std::max(0.0, seconds));
    char buffer[32];
    if (total >= 3600)
        std::snprintf(
            buffer, sizeof buffer, "%ld:%02ld:%02ld", total / 3600, total / 60 % 60, total % 60);
    else
        std::snprintf(buffer, sizeof buffer, "%ld:%02ld", total / 60, total % 60);
    return buffer;
}

void printEstimate(const MeasurementPlan& plan, const MeasureEstimate& e)
{
    std::cout << "plan: " << e.configurations << " configurations x " << plan.workload.repetitions
              << " repetitions = " << e.runsTotal << " runs into "
              << "dataset '" << plan.dataset << "'";
    if (e.runsAlreadyStored > 0)
        std::cout << " (" << e.runsAlreadyStored << " already stored, resuming)";
    std::cout << "\nscheduler: " << e.schedulerNote << "\n";
    std::cout << "each run: " << plan.workload.rampSeconds << " s ramp + "
              << plan.workload.runtimeSeconds << " s measured, "
              << (plan.workload.direct ? "O_DIRECT" : "buffered") << ", ioengine "
              << plan.workload.ioengine << "\n";
    if (e.hosts > 0) {
        std::cout << "hosts: " << e.hosts << " (";
        for (std::size_t h = 0; h < plan.hosts.size(); ++h)
            std::cout << (h ? ", " : "") << plan.hosts[h].name;
        std::cout << "), each run on all at once through fio --client, one VM per host; file "
                     "sets laid out by fio on each host under "
                  << plan.target.directory.string() << "/filesets\n";
    } else {
        std::cout << "file sets to lay out: " << e.layoutBytes / (1024 * 1024) << " MiB\n";
    }
    std::cout << "estimated time: " << clock(e.seconds) << " for " << e.runsPending << " runs\n";
}

void printProgress(const MeasureProgress& p)
{
    if (p.phase == MeasureProgress::Phase::Running)
        return; // the Stored line follows; one line per run keeps a log readable
    std::cerr << "[" << p.runsDone << "/" << p.runsPending << "] " << p.message << " (elapsed "
              << clock(p.elapsedSeconds) << ", about " << clock(p.remainingSeconds) << " left)\n";
}

void printNoise(const std::vector<AggregatedMeasurement>& rows)
{
    std::cout << "noise: relative standard error of the mean over repetitions\n";
    std::cout << "configuration reps rt_read_ms rt_write_ms tp_read_mbs tp_write_mbs\n";
    for (const AggregatedMeasurement& row : rows) {
        std::cout << configurationKey(row.config) << " " << row.repetitions;
        for (Metric metric : kCoreMetrics)
            std::cout << " " << shareText(row.rse(metric));
        std::cout << "\n";
    }
    const auto summary = summarizeNoise(rows);
    if (summary.empty()) {
        std::cout << "noise distribution: needs at least 2 repetitions per configuration\n";
        return;
    }
    std::cout << "noise distribution (RSE over configurations): metric n min median p90 max\n";
    for (const NoiseQuantiles& q : summary)
        std::cout << metricName(q.metric) << " " << q.configurations << " " << shareText(q.min)
                  << " " << shareText(q.median) << " " << shareText(q.p90) << " "
                  << shareText(q.max) << "\n";
}

} // namespace

std::vector<QCommandLineOption> measureOptions()
{
    return {valueOption("plan", "Measurement plan (JSON): factors, workload, dataset.", "PLAN"),
        valueOption("target",
            "Directory to measure in (empty, new, or an earlier iolens target); "
            "overrides the plan's target.directory.",
            "DIR"),
        valueOption("db", "Measurement database (SQLite); created if missing.", "DB"),
        QCommandLineOption(QStringLiteral("dry-run"),
            QStringLiteral("Print the estimate and the checks; run nothing.")),
        QCommandLineOption(QStringLiteral("cleanup"),
            QStringLiteral("Remove the file sets when done (raw results "
                           "under DIR/.iolens stay).")),
        QCommandLineOption(QStringLiteral("no-low-level"),
            QStringLiteral("Do not sample /proc or keep per-second logs.")),
        valueOption("fio", "fio executable (default: fio in PATH).", "PATH")};
}

int runMeasure(const QCommandLineParser& parser)
{
    MeasurementPlan plan = readPlanFile(requiredText(parser, "plan", "measure"));
    if (!optionText(parser, "target").empty())
        plan.target.directory = optionText(parser, "target");
    if (plan.target.directory.empty())
        throw ConfigError("measure: no target directory (--target DIR or the plan's "
                          "target.directory)");
    const std::string dbPath = requiredText(parser, "db", "measure");
    TargetDirectory::checkUsable(plan.target.directory); // before anything is created
    const bool dryRun = parser.isSet(QStringLiteral("dry-run"));
    MeasureOptions options;
    if (!optionText(parser, "fio").empty())
        options.fioProgram = optionText(parser, "fio");
    // Before the database is created: a missing fio left a new, empty database behind.
    if (!dryRun && !isExecutable(options.fioProgram))
        throw ConfigError("measure: fio '" + options.fioProgram
            + "' is not an executable program (install fio, or give --fio PATH)");
    // A dry run must not create the database either.
    MeasurementDatabase db = dryRun && !std::filesystem::exists(dbPath)
        ? MeasurementDatabase::inMemory()
        : MeasurementDatabase::openOrCreate(dbPath);

    options.sampleLowLevel = !parser.isSet(QStringLiteral("no-low-level"));
    options.cancel = &StopSignals::stopRequested();
    options.progress = printProgress;
    MeasurementSession session(plan, db, options);
    printEstimate(plan, session.estimate());
    if (dryRun)
        return 0;

    const MeasureReport report = [&session] {
        const StopSignals stopSignals;
        return session.run();
    }();
    for (const std::string& warning : report.warnings)
        std::cerr << "iolens-cli: warning: " << warning << "\n";
    if (report.cancelled) {
        std::cerr << "interrupted: " << report.runsStored << " runs stored in " << dbPath
                  << " (nothing half-written); run the same command again to resume\n";
        return 1;
    }
    std::cout << "measured " << report.runsStored << " runs in " << clock(report.seconds)
              << " (estimated " << clock(session.estimate().seconds) << "), "
              << formatNumber(std::round(report.seconds * 10.0) / 10.0) << " s; raw fio JSON in "
              << (std::filesystem::absolute(plan.target.directory) / ".iolens" / "raw").string()
              << "\n";
    printNoise(report.aggregated);
    if (parser.isSet(QStringLiteral("cleanup"))) {
        const auto target = TargetDirectory::claim(plan.target.directory);
        std::cout << "cleanup: removed " << target.removeFileSets() / (1024 * 1024)
                  << " MiB of file sets\n";
    }
    return 0;
}

} // namespace iolens::cli
