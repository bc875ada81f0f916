// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/loadgen_command.hpp"

#include "appsim/application_file.hpp"
#include "appsim/load_generator.hpp"
#include "cli/cli_options.hpp"
#include "common/error.hpp"
#include "data/csv_table.hpp"
#include "harness/page_cache.hpp"
#include "store/app_runs.hpp"

#include <unistd.h>

#include <atomic>
#include <csignal>
#include <fstream>
#include <iostream>

namespace iolens::cli {

namespace {

using namespace iolens::core;

std::atomic<bool> g_stop {false};

extern "C" void onStop(int)
{
    g_stop = true;
}

} // namespace

std::vector<QCommandLineOption> loadgenOptions()
{
    return {applicationOption(),
        valueOption("target", "Directory to run in (empty, or one iolens laid out before).", "DIR"),
        valueOption(
            "clients", "Client threads; a list runs once per count, e.g. 4,8,16,32.", "LIST"),
        valueOption("duration", "Measured seconds per run (default 60).", "S"),
        valueOption("warmup", "Seconds run before the measurement (default 10).", "S"),
        valueOption("db", "Measurement database to store the runs in (created if missing).", "DB"),
        valueOption("seed", "Random seed (default 1).", "N"),
        QCommandLineOption(QStringLiteral("direct"),
            QStringLiteral("O_DIRECT: bypass the page cache (sizes rounded up to 4 KiB).")),
        QCommandLineOption(QStringLiteral("drop-caches"),
            QStringLiteral("Drop the page cache before each run (root)."))};
}

int runLoadgen(const QCommandLineParser& parser)
{
    const Application app = applicationFromArgument(requiredText(parser, "app", "loadgen"));
    const std::string directory = requiredText(parser, "target", "loadgen");
    const std::vector<int> counts
        = wholeNumberList(requiredText(parser, "clients", "loadgen"), "--clients");
    LoadOptions options;
    options.durationS = numberOption(parser, "duration", 60.0);
    options.warmupS = numberOption(parser, "warmup", 10.0);
    if (!(options.durationS > 0.0) || !(options.warmupS >= 0.0))
        throw ConfigError("loadgen: --duration must be > 0 and --warmup >= 0 seconds");
    options.directIo = parser.isSet(QStringLiteral("direct"));
    options.seed = static_cast<std::uint64_t>(wholeNumber(parser, "seed", 1, 0));
    options.cancel = &g_stop;
    options.progress = [](const std::string& line) { std::cerr << "loadgen: " << line << "\n"; };
    TargetDirectory::checkUsable(directory);
    MeasurementDatabase db
        = MeasurementDatabase::openOrCreate(requiredText(parser, "db", "loadgen"));
    const TargetDirectory target = TargetDirectory::claim(directory);

    std::signal(SIGINT, onStop);
    std::signal(SIGTERM, onStop);
    int stored = 0;
    try {
        for (const int clients : counts) {
            options.clients = clients;
            if (parser.isSet(QStringLiteral("drop-caches")))
                dropPageCache();
            const AppRunRecord run = runLoad(app, target, options);
            const std::int64_t id = saveAppRun(db, run);
            ++stored;
            std::cout << "run " << id << ": " << app.name << ", " << clients
                      << " clients: " << formatNumber(run.throughputPerS)
                      << " loops/s, response time "
                      << (run.responseTimeMs ? formatNumber(*run.responseTimeMs) : "-")
                      << " ms, I/O "
                      << (run.ioResponseTimeMs ? formatNumber(*run.ioResponseTimeMs) : "-")
                      << " ms (" << run.loops << " loops)\n";
        }
    } catch (const LoadCancelled&) {
        std::signal(SIGINT, SIG_DFL);
        std::signal(SIGTERM, SIG_DFL);
        std::cerr << "interrupted: " << stored << " runs stored; the interrupted run was not\n";
        return 1;
    }
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    return 0;
}

} // namespace iolens::cli
