// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/stability_command.hpp"

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

std::string text(const QCommandLineParser& parser, const char* name)
{
    return parser.value(QString::fromLatin1(name)).toStdString();
}

std::string requiredText(const QCommandLineParser& parser, const char* name)
{
    if (!parser.isSet(QString::fromLatin1(name))
        || parser.value(QString::fromLatin1(name)).isEmpty())
        throw ConfigError(std::string("stability: missing required option --") + name);
    return text(parser, name);
}

/// A whole number >= minimum, or `fallback` when the option is absent.
int wholeNumber(const QCommandLineParser& parser, const char* name, int fallback, int minimum)
{
    if (!parser.isSet(QString::fromLatin1(name)))
        return fallback;
    bool ok = false;
    const int value = parser.value(QString::fromLatin1(name)).toInt(&ok);
    if (!ok || value < minimum)
        throw ConfigError(
            std::string("--") + name + " expects a whole number >= " + std::to_string(minimum));
    return value;
}

ParamValues parameters(const QStringList& items)
{
    ParamValues values;
    for (const QString& item : items) {
        const qsizetype eq = item.indexOf(QLatin1Char('='));
        double value = 0.0;
        if (eq <= 0 || !parseDouble(item.mid(eq + 1).toStdString(), value))
            throw ConfigError("--param expects NAME=NUMBER, got '" + item.toStdString() + "'");
        values[item.left(eq).toStdString()] = value;
    }
    return values;
}

QCommandLineOption option(const char* name, const char* help, const char* value)
{
    return {QString::fromLatin1(name), QString::fromLatin1(help), QString::fromLatin1(value)};
}

} // namespace

std::vector<QCommandLineOption> stabilityOptions()
{
    return {option("db", "Measurement database (SQLite).", "DB"),
        option("technique", "Regression technique (cart, sbcart, rf, ...).", "NAME"),
        option("metric", "Metric to model (rt_read_ms, ...).", "METRIC"),
        option("param", "Technique parameter, repeatable (log_response=0|1 too).", "NAME=VALUE"),
        option("dataset", "Dataset name.", "NAME"), option("split", "Split label.", "NAME"),
        option("where", "Only configurations matching, e.g. \"request_kib<=32\".", "FILTER"),
        option("remove", "Configurations left out per repeat (default 4).", "N"),
        option("repeats", "Repeats (default 20).", "R"),
        option("seed", "Seed of the configurations left out (default 1).", "S")};
}

int runStability(const QCommandLineParser& parser)
{
    MeasurementDatabase db = MeasurementDatabase::open(requiredText(parser, "db"), true);
    TrainRequest request;
    request.technique = requiredText(parser, "technique");
    const std::string metricText = requiredText(parser, "metric");
    const auto metric = parseMetric(metricText);
    if (!metric)
        throw ConfigError("unknown metric '" + metricText + "'");
    request.metric = *metric;
    request.params = parameters(parser.values(QStringLiteral("param")));
    if (parser.isSet(QStringLiteral("dataset")))
        request.dataset = text(parser, "dataset");
    if (parser.isSet(QStringLiteral("split")))
        request.split = text(parser, "split");
    request.where = text(parser, "where");

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
    Dataset data = buildDataset(selectMeasurements(db, request), request.metric);
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
