// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/predict_command.hpp"

#include "cli/cli_commands.hpp"
#include "cli/cli_options.hpp"
#include "common/counted_noun.hpp"
#include "common/error.hpp"
#include "data/csv_table.hpp"
#include "data/measurement_csv.hpp"
#include "models/outside_training.hpp"
#include "models/vm_projection.hpp"
#include "store/measurement_database.hpp"
#include "workflow/model_training.hpp"

#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace iolens::cli {

using namespace iolens::core;

namespace {

// --interval LEVEL of predict: in (0, 1), else exit 2 naming the value.
std::optional<double> intervalLevel(const QCommandLineParser& parser)
{
    if (!parser.isSet(QStringLiteral("interval")))
        return std::nullopt;
    const double level = numberOption(parser, "interval", 0.0);
    if (!(level > 0.0 && level < 1.0))
        throw ConfigError("--interval expects a level in (0, 1) such as 0.8, got '"
            + optionText(parser, "interval") + "'");
    return level;
}

/// The verb of "N of M configurations ..." agreeing with N: "1 of 3 configurations lies".
const char* agreeing(std::size_t count, const char* singular, const char* plural)
{
    return count == 1 ? singular : plural;
}

// A model answers a factor it never saw vary at its training value, whatever a configuration
// asks, and extrapolates beyond the ranges it was trained over; a script reading only the CSV
// would take every answer for one the data supports.
void noteOutsideTraining(const TrainedModel& model, const std::vector<Configuration>& configs)
{
    for (const UnlearnedFactor& u : unlearnedFactors(model, configs)) {
        const std::string_view column = factorColumnName(u.factor);
        std::cerr << "iolens-cli predict: note: the model learned nothing about " << column << " ("
                  << u.trainedValue << " in every training run); " << u.configurations << " of "
                  << configs.size() << " configurations "
                  << agreeing(u.configurations, "asks", "ask")
                  << " for another value (the first: configuration " << u.first + 1 << ", "
                  << column << " " << u.firstValue << ") and "
                  << agreeing(u.configurations, "is", "are") << " answered as at " << u.trainedValue
                  << "\n";
    }
    for (const FactorBeyondRange& b : factorsBeyondRange(model, configs)) {
        const std::string_view name = featureName(b.factor);
        std::string_view requestLaws;
        if (b.requestBound)
            requestLaws = b.transferTime
                ? ", above it between a fixed cost plus a transfer time and a time in proportion "
                  "to the request size (see describe)"
                : ", above it at most in proportion to the request size (see describe)";
        std::cerr << "iolens-cli predict: note: " << b.configurations << " of " << configs.size()
                  << " configurations " << agreeing(b.configurations, "lies", "lie")
                  << " beyond the trained range of " << name << " (" << formatNumber(b.low)
                  << " to " << formatNumber(b.high) << "; the first: configuration " << b.first + 1
                  << ", " << name << " " << formatNumber(b.firstValue)
                  << "): the model extrapolates there"
                  << (b.operationalBounds
                             ? ", above it by the operational bounds of a closed workload "
                               "(see describe)"
                             : "")
                  << requestLaws << "\n";
    }
}

// A write time of a configuration without writes (a read time without reads) has no run to
// stand for: the CSV keeps the model's number, as scripts read one per row, and the window
// shows n/a there. A rate of such a direction is 0, which is what a run shows.
void noteUndefinedMetric(Metric metric, const std::vector<Configuration>& configs)
{
    if (isRateMetric(metric))
        return;
    std::size_t count = 0, first = 0;
    for (std::size_t i = configs.size(); i-- > 0;)
        if (!metricHasValue(metric, configs[i].readPct)) {
            ++count;
            first = i;
        }
    if (count == 0)
        return;
    std::cerr << "iolens-cli predict: note: " << count << " of " << configs.size()
              << " configurations " << agreeing(count, "has", "have") << " no "
              << (isReadMetric(metric) ? "reads" : "writes") << " (the first: configuration "
              << first + 1 << ", read_pct " << formatNumber(configs[first].readPct) << "), where "
              << metricName(metric)
              << " is not defined; their predicted value is the model's formula there, not a time "
                 "any run would show\n";
}

} // namespace

int runPredict(const QCommandLineParser& parser)
{
    MeasurementDatabase db = MeasurementDatabase::open(requiredText(parser, "db", "predict"), true);
    const std::string modelName = requiredText(parser, "model", "predict");
    const TrainedModel model = loadModel(db, modelName);
    // Without --out, standard output, as a filter in a pipe expects.
    std::string out = optionText(parser, "out");
    if (out.empty())
        out = kStandardOutput;
    const std::optional<double> level = intervalLevel(parser);
    // A factor the model holds fixed (every training run had it) may be left out of the file.
    const CsvTable table = readCsvFile(requiredText(parser, "configs", "predict"));
    const auto configs
        = configurationsFromCsv(table, model.schema().fixedValues(), model.schema().fixedFactors());
    // As import refuses one: a header alone is a failed export or the wrong file, and answered
    // it gave a header alone, exit 0.
    if (configs.empty())
        throw DataError(table.source + ": no configuration under the header");
    // A scheduler or pattern the model has no level for is bad input, named by file and row
    // (the model itself can only say which configuration of the batch).
    if (const auto untrained = model.schema().firstUntrainedLabel(configs))
        throw DataError(table.source + ": row " + std::to_string(table.rows[untrained->first].line)
            + ": " + untrained->second);
    // As the window answers: a one-VM model predicts N VMs on their shared storage (ICPE'13 6.3).
    const Eigen::VectorXd predicted = predictSpreadOverVms(model, configs);
    std::optional<std::pair<Eigen::VectorXd, Eigen::VectorXd>> interval;
    if (level) {
        interval = predictIntervalSpreadOverVms(model, configs, *level);
        if (!interval)
            throw ConfigError("predict --interval: model '" + modelName + "' (technique "
                + model.regressor().technique()
                + ") has no calibrated prediction intervals; only technique auto has them "
                  "(iolens-cli train --technique auto)");
    }
    std::vector<std::string> header = configurationColumns();
    header.emplace_back("predicted");
    if (interval) {
        header.emplace_back("lower");
        header.emplace_back("upper");
    }
    std::string text = formatCsvLine(header);
    for (std::size_t i = 0; i < configs.size(); ++i) {
        const auto row = static_cast<Eigen::Index>(i);
        auto fields = configurationFields(configs[i]);
        fields.push_back(formatNumber(predicted(row)));
        if (interval) {
            fields.push_back(formatNumber(interval->first(row)));
            fields.push_back(formatNumber(interval->second(row)));
        }
        text += formatCsvLine(fields);
    }
    writeOutput(out, text);
    std::cerr << "predicted " << countedNoun(configs.size(), "configuration") << " with "
              << metricName(model.metric()) << " to " << outputName(out) << "\n";
    noteOutsideTraining(model, configs);
    noteUndefinedMetric(model.metric(), configs);
    return kOk;
}

} // namespace iolens::cli
