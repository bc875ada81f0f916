// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/insideout_runs_command.hpp"

#include "cli/cli_options.hpp"
#include "common/error.hpp"
#include "common/text_file.hpp"
#include "data/csv_table.hpp"
#include "validation/run_accuracy.hpp"

#include <nlohmann/json.hpp>

#include <cmath>
#include <iostream>
#include <sstream>

namespace iolens::cli {

namespace {

using namespace iolens::core;

std::vector<AccuracyMethod> methods(const QCommandLineParser& parser)
{
    if (!parser.isSet(QStringLiteral("methods")))
        return allAccuracyMethods();
    std::vector<AccuracyMethod> chosen;
    std::stringstream list(optionText(parser, "methods"));
    std::string key;
    while (std::getline(list, key, ','))
        chosen.push_back(parseAccuracyMethod(key));
    if (chosen.empty())
        throw ConfigError("--methods: no method given");
    return chosen;
}

RunAccuracyOptions runOptions(
    const QCommandLineParser& parser, const LowLevelFeatureOptions& features)
{
    RunAccuracyOptions options;
    options.features = features;
    options.folds = wholeNumber(parser, "folds", options.folds, 3);
    options.seed = static_cast<std::uint64_t>(wholeNumber(parser, "seed", 1, 0));
    options.minSamples = wholeNumber(parser, "min-samples", options.minSamples, 3);
    options.methods = methods(parser);
    return options;
}

nlohmann::json runJson(const RunAccuracy& run, const std::vector<AccuracyMethod>& methods)
{
    nlohmann::json json {{"key", run.run.key}, {"nodes_file", run.run.nodesPath.string()},
        {"target_file", run.run.targetPath.string()}, {"samples", run.samples},
        {"features", run.features}, {"warnings", run.warnings}};
    if (!run.skipped.empty()) {
        json["skipped"] = run.skipped;
        return json;
    }
    json["folds"] = run.folds;
    for (std::size_t m = 0; m < methods.size(); ++m)
        json["accuracy"][accuracyMethodKey(methods[m])] = run.accuracy[m];
    return json;
}

nlohmann::json densityJson(const MethodAccuracyDensity& entry)
{
    return {{"method", accuracyMethodKey(entry.method)}, {"name", accuracyMethodName(entry.method)},
        {"runs", entry.accuracies.size()}, {"mean", entry.mean}, {"median", entry.median},
        {"bandwidth", entry.density.bandwidth}, {"grid", entry.density.grid},
        {"density", entry.density.density}};
}

std::string runsCsv(
    const std::vector<RunAccuracy>& runs, const std::vector<AccuracyMethod>& methods)
{
    std::vector<std::string> header {"run", "samples", "features", "skipped"};
    for (AccuracyMethod method : methods)
        header.push_back(accuracyMethodKey(method));
    std::string csv = formatCsvLine(header);
    for (const RunAccuracy& run : runs) {
        std::vector<std::string> row {
            run.run.key, std::to_string(run.samples), std::to_string(run.features), run.skipped};
        for (std::size_t m = 0; m < methods.size(); ++m)
            row.push_back(run.skipped.empty() ? formatNumber(run.accuracy[m]) : "");
        csv += formatCsvLine(row);
    }
    return csv;
}

bool endsWith(const std::string& text, const std::string& suffix)
{
    return text.size() >= suffix.size()
        && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

} // namespace

std::vector<QCommandLineOption> insideOutRunsOptions()
{
    return {{QStringLiteral("runs"),
                QStringLiteral("Score every run of a lowlevel directory (KEY.nodes.csv + "
                               "KEY.target.csv, e.g. TARGET/.iolens/lowlevel) instead of "
                               "--nodes/--target; --out may then be .json or .csv."),
                QStringLiteral("DIR")},
        {QStringLiteral("methods"),
            QStringLiteral("With --runs: methods to compare, comma-separated (default all: "
                           "insideout,auto_dtl,auto_rfl,lasso,ridge,elastic_net)."),
            QStringLiteral("LIST")},
        {QStringLiteral("min-samples"),
            QStringLiteral("With --runs: skip runs with fewer samples (default 10; never fewer "
                           "than --folds)."),
            QStringLiteral("N")}};
}

int runInsideOutRuns(const QCommandLineParser& parser, const LowLevelFeatureOptions& features)
{
    const std::string directory = optionText(parser, "runs");
    const RunAccuracyOptions options = runOptions(parser, features);
    const std::string outPath = optionText(parser, "out");
    if (!outPath.empty() && !endsWith(outPath, ".json") && !endsWith(outPath, ".csv"))
        throw ConfigError("--out: with --runs the report is .json or .csv, got '" + outPath + "'");
    std::vector<std::string> unpaired;
    const std::vector<LowLevelRun> found = findLowLevelRuns(directory, &unpaired);
    for (const std::string& note : unpaired)
        std::cerr << "iolens-cli: warning: " << directory << ": " << note << "\n";
    if (found.empty())
        throw DataError(directory + ": no run (KEY.nodes.csv with KEY.target.csv)");

    std::vector<RunAccuracy> runs;
    for (const LowLevelRun& run : found) {
        runs.push_back(evaluateRunAccuracy(run, options));
        const RunAccuracy& result = runs.back();
        std::cout << result.run.key << ": " << result.samples << " samples, " << result.features
                  << " features";
        if (!result.skipped.empty()) {
            std::cout << ", skipped (" << result.skipped << ")\n";
            continue;
        }
        for (std::size_t m = 0; m < options.methods.size(); ++m)
            std::cout << (m == 0 ? ": " : ", ") << accuracyMethodName(options.methods[m]) << " "
                      << formatNumber(std::round(result.accuracy[m] * 1000.0) / 1000.0);
        std::cout << "\n";
    }

    const std::vector<MethodAccuracyDensity> densities = accuracyDensities(runs, options.methods);
    const std::size_t scored = densities.empty() ? 0 : densities.front().accuracies.size();
    std::cout << "accuracy max(1 - MAPE, 0) by " << options.folds << "-fold CV within each run, "
              << scored << " of " << runs.size() << " runs scored; density: Gaussian kernel, "
              << "Silverman's bandwidth h = 1.06 s n^(-1/5)\n";
    for (const MethodAccuracyDensity& entry : densities)
        std::cout << "  " << accuracyMethodName(entry.method) << ": mean "
                  << formatNumber(std::round(entry.mean * 1000.0) / 1000.0) << ", median "
                  << formatNumber(std::round(entry.median * 1000.0) / 1000.0) << ", bandwidth "
                  << formatNumber(std::round(entry.density.bandwidth * 10000.0) / 10000.0) << "\n";

    if (outPath.empty())
        return 0;
    if (endsWith(outPath, ".csv")) {
        writeTextFileAtomically(outPath, runsCsv(runs, options.methods));
        return 0;
    }
    nlohmann::json report {{"runs_directory", directory}, {"folds", options.folds},
        {"seed", options.seed}, {"min_samples", options.minSamples},
        {"window_seconds", features.windowSeconds}, {"step_seconds", features.stepSeconds},
        {"accuracy", "max(1 - MAPE, 0), out-of-fold predictions"},
        {"density_rule", "Gaussian kernel, bandwidth s (3n/4)^(-1/5) (Silverman, as scipy)"},
        {"unpaired", unpaired}, {"runs", nlohmann::json::array()},
        {"densities", nlohmann::json::array()}};
    for (const RunAccuracy& run : runs)
        report["runs"].push_back(runJson(run, options.methods));
    for (const MethodAccuracyDensity& entry : densities)
        report["densities"].push_back(densityJson(entry));
    writeTextFileAtomically(outPath, report.dump(2) + "\n");
    return 0;
}

} // namespace iolens::cli
