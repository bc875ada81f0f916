// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/runs_command.hpp"

#include "cli/cli_commands.hpp"
#include "cli/cli_options.hpp"
#include "common/error.hpp"
#include "data/csv_table.hpp"
#include "store/optimizer_runs.hpp"
#include "workflow/model_optimization.hpp"

#include <iostream>

namespace iolens::cli {

using namespace iolens::core;

std::vector<QCommandLineOption> runsOptions()
{
    return {valueOption("db", "Measurement database (SQLite).", "DB"),
        valueOption("dataset", "Only the runs of this dataset.", "NAME")};
}

int runRuns(const QCommandLineParser& parser)
{
    MeasurementDatabase db = MeasurementDatabase::open(requiredText(parser, "db", "runs"), true);
    std::optional<std::string> dataset;
    if (parser.isSet(QStringLiteral("dataset"))) {
        dataset = optionText(parser, "dataset");
        if (!db.dataset(*dataset))
            throw ConfigError("runs: the database has no dataset '" + *dataset + "'");
    }
    std::cout << formatCsvLine({"run", "technique", "metric", "dataset", "cv", "status", "points",
        "best_cost", "created"});
    for (const StoredOptimizerRun& run : optimizerRuns(db)) {
        if (dataset && run.dataset != *dataset)
            continue;
        // The cost's kind comes from the settings; a run this build cannot read still lists.
        std::string cv = "?";
        try {
            cv = storedOptimizeRequest(run).cv == SearchCv::Grouped ? "grouped" : "random";
        } catch (const DataError&) {
        }
        std::cout << formatCsvLine({std::to_string(run.id), run.technique, run.metric, run.dataset,
            cv, run.status, std::to_string(run.points),
            run.bestCost ? formatNumber(*run.bestCost) : "", run.created});
    }
    return kOk;
}

} // namespace iolens::cli
