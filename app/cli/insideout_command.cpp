// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/insideout_command.hpp"

#include "cli/cli_options.hpp"
#include "cli/insideout_runs_command.hpp"

#include "common/error.hpp"
#include "common/text_file.hpp"
#include "data/csv_table.hpp"
#include "data/low_level_metrics.hpp"
#include "models/inside_out.hpp"
#include "validation/error_metrics.hpp"

#include <iostream>
#include <string>

namespace iolens::cli {

namespace {

using namespace iolens::core;

LowLevelFeatureOptions featureOptions(const QCommandLineParser& parser)
{
    LowLevelFeatureOptions options;
    options.windowSeconds = numberOption(parser, "window", options.windowSeconds);
    options.stepSeconds = numberOption(parser, "step", options.stepSeconds);
    options.toleranceSeconds = numberOption(parser, "tolerance", options.toleranceSeconds);
    // Checked here as well as in the core, so that the message names the option given.
    const auto refuse = [](const char* option, double value, const char* expected) {
        throw ConfigError(
            std::string("--") + option + " expects " + expected + ", got " + formatNumber(value));
    };
    if (!(options.windowSeconds > 0.0))
        refuse("window", options.windowSeconds, "seconds > 0");
    if (!(options.stepSeconds > 0.0))
        refuse("step", options.stepSeconds, "seconds > 0");
    if (!(options.toleranceSeconds >= 0.0))
        refuse("tolerance", options.toleranceSeconds, "seconds >= 0");
    options.targetColumn = optionText(parser, "target-column");
    const std::string top
        = parser.isSet(QStringLiteral("top")) ? optionText(parser, "top") : "percentile";
    if (top != "percentile" && top != "mean")
        throw ConfigError("--top expects 'percentile' or 'mean', got '" + top + "'");
    options.topRule = top == "mean" ? TopShareRule::MeanOfTop : TopShareRule::Percentile95;
    return options;
}

InsideOutParams learnerParams(const QCommandLineParser& parser, Eigen::Index rows)
{
    InsideOutParams params;
    const std::string filter
        = parser.isSet(QStringLiteral("filter")) ? optionText(parser, "filter") : "ridge";
    if (filter == "tree")
        params.filter = FeatureFilter::DecisionTree;
    else if (filter == "forest")
        params.filter = FeatureFilter::RandomForest;
    else if (filter != "ridge")
        throw ConfigError("--filter expects 'ridge', 'tree' or 'forest', got '" + filter + "'");
    const double folds = numberOption(parser, "folds", 10);
    const double seed = numberOption(parser, "seed", 1);
    if (folds != std::floor(folds) || folds < 3 || folds > static_cast<double>(rows))
        throw ConfigError(
            "--folds must be a whole number from 3 to the " + std::to_string(rows) + " samples");
    if (seed != std::floor(seed) || seed < 0)
        throw ConfigError("--seed must be a whole number >= 0");
    params.folds = static_cast<int>(folds);
    params.seed = static_cast<std::uint64_t>(seed);
    return params;
}

// Accuracy, R^2 and RMSE of predictions; the accuracy is null when a measured value is 0 (its
// percentage error is undefined).
nlohmann::json scores(const Eigen::VectorXd& predicted, const Eigen::VectorXd& measured)
{
    nlohmann::json json {{"r_squared", rSquared(predicted, measured)},
        {"rmse", rootMeanSquaredError(predicted, measured)}};
    json["accuracy"] = (measured.array() == 0.0).any()
        ? nlohmann::json(nullptr)
        : nlohmann::json(insideOutAccuracy(predicted, measured));
    return json;
}

} // namespace

std::vector<QCommandLineOption> insideOutOptions()
{
    std::vector<QCommandLineOption> options {
        valueOption(
            "nodes", "Node metrics CSV: node, timestamp, [group,] one column per metric.", "FILE"),
        valueOption(
            "target", "End-to-end CSV: timestamp and measurements (throughput, IOPS).", "FILE"),
        valueOption(
            "target-column", "Target column to predict (needed if there are several).", "NAME"),
        valueOption("window", "Moving-average window, seconds (default 60).", "S"),
        valueOption("step", "Sampling period of the node metrics, seconds (default 1).", "S"),
        valueOption(
            "tolerance", "Largest time gap between a target sample and a step (default 1).", "S"),
        valueOption("top", "Top 5 % across nodes: percentile (95th, default) or mean (of the top).",
            "RULE"),
        valueOption("filter", "Level-1 filter: ridge (Inside-Out, default), tree, forest.", "NAME"),
        valueOption("folds", "Cross-validation folds (default 10).", "K"),
        valueOption("seed", "Fold seed (default 1).", "S"),
        valueOption("out", "Report JSON file.", "OUT")};
    const std::vector<QCommandLineOption> runs = insideOutRunsOptions();
    options.insert(options.end(), runs.begin(), runs.end());
    return options;
}

int runInsideOut(const QCommandLineParser& parser)
{
    if (parser.isSet(QStringLiteral("runs")))
        return runInsideOutRuns(parser, featureOptions(parser));
    const std::string nodesPath = requiredText(parser, "nodes", "insideout");
    const std::string targetPath = requiredText(parser, "target", "insideout");
    const std::string outPath = requiredText(parser, "out", "insideout");
    const LowLevelFeatureOptions options = featureOptions(parser);
    const LowLevelFeatureTable table = readLowLevelFeatures(nodesPath, targetPath, options);
    for (const std::string& warning : table.warnings)
        std::cerr << "iolens-cli: warning: " << warning << "\n";
    const InsideOutParams params = learnerParams(parser, table.x.rows());
    const InsideOutModel model = InsideOutModel::fit(table.x, table.y, table.names, params);
    const Eigen::VectorXd cv = crossValidatedPredictions(table.x, table.y, table.names, params);

    nlohmann::json report {{"nodes_file", nodesPath}, {"target_file", targetPath},
        {"target_column", options.targetColumn}, {"window_seconds", options.windowSeconds},
        {"step_seconds", options.stepSeconds}, {"samples", table.x.rows()}, {"nodes", table.nodes},
        {"features", table.names.size()}, {"warnings", table.warnings}, {"model", model.toJson()},
        {"training", scores(model.predict(table.x), table.y)},
        {"cross_validation", scores(cv, table.y)}};
    report["cross_validation"]["folds"] = params.folds;
    report["cross_validation"]["seed"] = params.seed;
    writeTextFileAtomically(outPath, report.dump(2) + "\n");

    const auto& crossValidation = report["cross_validation"];
    std::cout << "Inside-Out on " << table.nodes << " nodes, " << table.x.rows() << " samples, "
              << table.names.size() << " features: " << model.kept().size()
              << " kept (alpha = " << formatNumber(model.threshold()) << "), " << params.folds
              << "-fold CV accuracy "
              << (crossValidation["accuracy"].is_null()
                         ? std::string("n/a (zero target values)")
                         : formatNumber(crossValidation["accuracy"].get<double>()))
              << ", R^2 " << formatNumber(crossValidation["r_squared"].get<double>()) << "\n";
    return 0;
}

} // namespace iolens::cli
