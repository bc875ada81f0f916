// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/stability_command.hpp"

#include "cli/cli_options.hpp"
#include "cli/dataset_note.hpp"
#include "common/error.hpp"
#include "data/csv_table.hpp"
#include "models/regressor_registry.hpp"
#include "validation/stability.hpp"
#include "workflow/model_training.hpp"

#include <iostream>
#include <string>

namespace iolens::cli {

namespace {

using namespace iolens::core;

} // namespace

std::vector<QCommandLineOption> stabilityOptions()
{
    return {valueOption("db", "Measurement database (SQLite).", "DB"),
        valueOption("technique", "Regression technique (cart, sbcart, rf, ...).", "NAME"),
        valueOption("metric", "Metric to model (rt_read_ms, ...).", "METRIC"),
        valueOption(
            "param", "Technique parameter, repeatable (log_response=0|1 too).", "NAME=VALUE"),
        valueOption("dataset", "Dataset name.", "NAME"),
        valueOption("split", "Split label.", "NAME"),
        valueOption("where", "Only configurations matching, e.g. \"request_kib<=32\".", "FILTER"),
        valueOption("remove", "Configurations left out per repeat (default 4).", "N"),
        valueOption("repeats", "Repeats (default 20).", "R"),
        valueOption("seed", "Seed of the configurations left out (default 1).", "S")};
}

int runStability(const QCommandLineParser& parser)
{
    MeasurementDatabase db
        = MeasurementDatabase::open(requiredText(parser, "db", "stability"), true);
    TrainRequest request;
    request.technique = requiredText(parser, "technique", "stability");
    const std::string metricText = requiredText(parser, "metric", "stability");
    request.metric = metricNamed(metricText);
    request.params = paramValues(parser.values(QStringLiteral("param")));
    if (parser.isSet(QStringLiteral("dataset")))
        request.dataset = optionText(parser, "dataset");
    notePooledDatasets(db, request.dataset, "stability");
    if (parser.isSet(QStringLiteral("split")))
        request.split = optionText(parser, "split");
    request.where = optionText(parser, "where");

    StabilityOptions options;
    options.removeRows = wholeNumber(parser, "remove", 4, 1);
    options.repeats = wholeNumber(parser, "repeats", 20, 1);
    options.seed = static_cast<std::uint64_t>(wholeNumber(parser, "seed", 1, 0));

    // The data exactly as `train` fits it: repetitions averaged, log(metric) unless
    // log_response=0.
    ParamValues params = request.params;
    const TrainingOptions training = takeTrainingOptions(request.metric, params);
    auto prototype = createRegressor(request.technique);
    prototype->setParameters(params);
    Dataset data = buildDataset(selectMeasurements(db, request), request.metric,
        prototype->composesRates() ? RateSchema::WithTimes : RateSchema::OwnRows);
    if (training.logResponse) {
        if ((data.y.array() <= 0.0).any())
            throw DataError(metricText
                + " has zero values, so it cannot be fitted on a log "
                  "scale; use --param log_response=0");
        data.y = data.y.array().log();
    }
    options.logResponse = training.logResponse;
    const StabilityResult result = measureStability(*prototype, data, options);
    std::cout << request.technique << " for " << metricText << " on " << result.rows
              << " configurations, " << options.repeats << " repeats without " << options.removeRows
              << " of them (seed " << options.seed << "):\n"
              << "mean relative change of the predictions "
              << formatNumber(result.meanRelativeChange) << ", largest "
              << formatNumber(result.maxRelativeChange) << "\n";
    return 0;
}

} // namespace iolens::cli
