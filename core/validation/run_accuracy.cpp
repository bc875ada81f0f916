// SPDX-License-Identifier: GPL-3.0-or-later
#include "validation/run_accuracy.hpp"

#include "common/error.hpp"
#include "common/median.hpp"
#include "models/inside_out.hpp"

#include <algorithm>
#include <map>
#include <system_error>

namespace iolens::core {

namespace {

constexpr std::string_view kNodesSuffix = ".nodes.csv";
constexpr std::string_view kTargetSuffix = ".target.csv";

bool endsWith(const std::string& text, std::string_view suffix)
{
    return text.size() > suffix.size()
        && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

} // namespace

std::vector<LowLevelRun> findLowLevelRuns(
    const std::filesystem::path& directory, std::vector<std::string>* unpaired)
{
    std::error_code error;
    if (!std::filesystem::is_directory(directory, error))
        throw DataError(directory.string()
            + ": not a directory of runs (KEY.nodes.csv and "
              "KEY.target.csv, as in TARGET/.iolens/lowlevel)");
    std::map<std::string, LowLevelRun> byKey;
    std::filesystem::directory_iterator it(directory, error);
    if (error)
        throw DataError(directory.string() + ": " + error.message());
    for (const auto& entry : it) {
        const std::string name = entry.path().filename().string();
        if (endsWith(name, kNodesSuffix)) {
            LowLevelRun& run = byKey[name.substr(0, name.size() - kNodesSuffix.size())];
            run.nodesPath = entry.path();
        } else if (endsWith(name, kTargetSuffix)) {
            LowLevelRun& run = byKey[name.substr(0, name.size() - kTargetSuffix.size())];
            run.targetPath = entry.path();
        }
    }
    std::vector<LowLevelRun> runs;
    for (auto& [key, run] : byKey) {
        run.key = key;
        if (!run.nodesPath.empty() && !run.targetPath.empty())
            runs.push_back(run);
        else if (unpaired)
            unpaired->push_back(
                key + (run.nodesPath.empty() ? ": no nodes CSV" : ": no target CSV"));
    }
    return runs;
}

RunAccuracy evaluateRunAccuracy(const LowLevelRun& run, const RunAccuracyOptions& options,
    const std::function<bool()>& cancelled)
{
    if (options.folds < 3 || options.minSamples < 3 || options.methods.empty())
        throw ConfigError("evaluateRunAccuracy: need folds >= 3, minSamples >= 3 and a method");
    RunAccuracy result;
    result.run = run;
    const LowLevelFeatureTable table
        = readLowLevelFeatures(run.nodesPath.string(), run.targetPath.string(), options.features);
    result.samples = static_cast<int>(table.x.rows());
    result.features = static_cast<int>(table.x.cols());
    result.warnings = table.warnings;
    const int needed = std::max(options.minSamples, options.folds);
    if (result.samples < needed) {
        result.skipped = "too short: " + std::to_string(result.samples)
            + " samples, needs at least " + std::to_string(needed);
        return result;
    }
    if ((table.y.array() == 0.0).any()) {
        result.skipped = "the smoothed target is 0 at some sample (MAPE undefined)";
        return result;
    }
    result.folds = options.folds;
    for (AccuracyMethod method : options.methods) {
        if (cancelled && cancelled()) {
            result.accuracy.clear();
            result.skipped = "cancelled";
            return result;
        }
        const Eigen::VectorXd predicted = methodCrossValidatedPredictions(
            method, table.x, table.y, table.names, options.folds, options.seed);
        result.accuracy.push_back(insideOutAccuracy(predicted, table.y));
    }
    return result;
}

std::vector<MethodAccuracyDensity> accuracyDensities(
    const std::vector<RunAccuracy>& runs, const std::vector<AccuracyMethod>& methods, int points)
{
    std::vector<MethodAccuracyDensity> densities;
    for (std::size_t m = 0; m < methods.size(); ++m) {
        MethodAccuracyDensity entry;
        entry.method = methods[m];
        for (const RunAccuracy& run : runs)
            if (run.skipped.empty() && m < run.accuracy.size())
                entry.accuracies.push_back(run.accuracy[m]);
        if (entry.accuracies.empty())
            continue;
        double sum = 0.0;
        for (double a : entry.accuracies)
            sum += a;
        entry.mean = sum / static_cast<double>(entry.accuracies.size());
        entry.median = median(entry.accuracies);
        entry.density = estimateKernelDensity(entry.accuracies, 0.0, 1.0, points);
        densities.push_back(std::move(entry));
    }
    return densities;
}

} // namespace iolens::core
