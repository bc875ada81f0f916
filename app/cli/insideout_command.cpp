// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/insideout_command.hpp"

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

QCommandLineOption option(const char* name, const char* help, const char* value)
{
    return {QString::fromLatin1(name), QString::fromLatin1(help), QString::fromLatin1(value)};
}

std::string text(const QCommandLineParser& parser, const char* name)
{
    return parser.value(QString::fromLatin1(name)).toStdString();
}

std::string requiredText(const QCommandLineParser& parser, const char* name)
{
    if (!parser.isSet(QString::fromLatin1(name))
        || parser.value(QString::fromLatin1(name)).isEmpty())
        throw ConfigError(std::string("insideout: missing required option --") + name);
    return text(parser, name);
}

double number(const QCommandLineParser& parser, const char* name, double fallback)
{
    if (!parser.isSet(QString::fromLatin1(name)))
        return fallback;
    double value = 0.0;
    if (!parseDouble(text(parser, name), value))
        throw ConfigError(
            std::string("--") + name + " expects a number, got '" + text(parser, name) + "'");
    return value;
}

LowLevelFeatureOptions featureOptions(const QCommandLineParser& parser)
{
    LowLevelFeatureOptions options;
    options.windowSeconds = number(parser, "window", options.windowSeconds);
    options.stepSeconds = number(parser, "step", options.stepSeconds);
    options.toleranceSeconds = number(parser, "tolerance", options.toleranceSeconds);
    options.targetColumn = text(parser, "target-column");
    const std::string top
        = parser.isSet(QStringLiteral("top")) ? text(parser, "top") : "percentile";
    if (top != "percentile" && top != "mean")
        throw ConfigError("--top expects 'percentile' or 'mean', got '" + top + "'");
    options.topRule = top == "mean" ? TopShareRule::MeanOfTop : TopShareRule::Percentile95;
    return options;
}

InsideOutParams learnerParams(const QCommandLineParser& parser, Eigen::Index rows)
{
    InsideOutParams params;
    const std::string filter
        = parser.isSet(QStringLiteral("filter")) ? text(parser, "filter") : "ridge";
    if (filter == "tree")
        params.filter = FeatureFilter::DecisionTree;
    else if (filter == "forest")
        params.filter = FeatureFilter::RandomForest;
    else if (filter != "ridge")
        throw ConfigError("--filter expects 'ridge', 'tree' or 'forest', got '" + filter + "'");
    const double folds = number(parser, "folds", 10);
    const double seed = number(parser, "seed", 1);
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
        option("nodes", "Node metrics CSV: node, timestamp, [group,] one column per metric.",
            "FILE"),
        option("target", "End-to-end CSV: timestamp and measurements (throughput, IOPS).", "FILE"),
        option("target-column", "Target column to predict (needed if there are several).", "NAME"),
        option("window", "Moving-average window, seconds (default 60).", "S"),
        option("step", "Sampling period of the node metrics, seconds (default 1).", "S"),
        option(
            "tolerance", "Largest time gap between a target sample and a step (default 1).", "S"),
        option("top", "Top 5 % across nodes: percentile (95th, default) or mean (of the top).",
            "RULE"),
        option("filter", "Level-1 filter: ridge (Inside-Out, default), tree, forest.", "NAME"),
        option("folds", "Cross-validation folds (default 10).", "K"),
        option("seed", "Fold seed (default 1).", "S"), option("out", "Report JSON file.", "OUT")};
    const std::vector<QCommandLineOption> runs = insideOutRunsOptions();
    options.insert(options.end(), runs.begin(), runs.end());
    return options;
}

int runInsideOut(const QCommandLineParser& parser)
{
    if (parser.isSet(QStringLiteral("runs")))
        return runInsideOutRuns(parser, featureOptions(parser));
    const std::string nodesPath = requiredText(parser, "nodes");
    const std::string targetPath = requiredText(parser, "target");
    const std::string outPath = requiredText(parser, "out");
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
