// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/low_level_metrics.hpp"
#include "validation/accuracy_methods.hpp"
#include "validation/kernel_density.hpp"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace iolens::core {

/// One measurement run's Inside-Out input: the nodes and target CSV the harness writes per run
/// (TargetDirectory: `.iolens/lowlevel/KEY-repN.nodes.csv` and `KEY-repN.target.csv`).
struct LowLevelRun {
    std::string key; ///< file name without `.nodes.csv` / `.target.csv`, e.g. "d1-c3-rep1"
    std::filesystem::path nodesPath;
    std::filesystem::path targetPath;
};

/// The runs in `directory`, sorted by key: every `KEY.nodes.csv` with its `KEY.target.csv`.
/// A nodes file without its target (or the reverse) is listed in `unpaired`, not an error.
/// Throws DataError if `directory` is not a readable directory.
std::vector<LowLevelRun> findLowLevelRuns(
    const std::filesystem::path& directory, std::vector<std::string>* unpaired = nullptr);

/// How each run is scored (Hsu et al., seed 002 Fig. 9: one accuracy per method and scenario;
/// in iolens a scenario is one measurement run).
struct RunAccuracyOptions {
    LowLevelFeatureOptions features; ///< moving average, step, top-5 % rule, target
    int folds = 10;                  ///< k of the k-fold CV within a run, >= 3
    std::uint64_t seed = 1;          ///< fold shuffle seed
    /// A run with fewer feature rows than max(minSamples, folds) is skipped as too short.
    int minSamples = 10;
    std::vector<AccuracyMethod> methods = allAccuracyMethods();
};

/// One run's result. A skipped run has `skipped` set and no accuracies.
struct RunAccuracy {
    LowLevelRun run;
    int samples = 0;     ///< rows of the feature table (end-to-end samples with node features)
    int features = 0;    ///< columns (4 per node metric)
    int folds = 0;       ///< folds used
    std::string skipped; ///< why the run was not scored ("" if it was)
    /// accuracy[m] = max(1 - MAPE, 0) of options.methods[m]'s out-of-fold predictions.
    std::vector<double> accuracy;
    std::vector<std::string> warnings; ///< from building the feature table
};

/// Builds the run's feature table (readLowLevelFeatures) and scores every method by k-fold CV.
/// Skips (not throws) a run that is too short, or whose smoothed target has a 0 (MAPE undefined).
/// Throws DataError naming file, row and column for a malformed CSV; ConfigError for bad options.
/// `cancelled`, if given, is polled between methods; a cancelled run comes back with
/// skipped = "cancelled".
RunAccuracy evaluateRunAccuracy(const LowLevelRun& run, const RunAccuracyOptions& options,
    const std::function<bool()>& cancelled = {});

/// The accuracies of one method across the scored runs and their density on [0, 1].
struct MethodAccuracyDensity {
    AccuracyMethod method = AccuracyMethod::InsideOut;
    std::vector<double> accuracies; ///< one per scored run, in run order
    double mean = 0.0;
    double median = 0.0;
    KernelDensity density; ///< Gaussian kernel, Silverman's bandwidth, `points` grid values
};

/// One entry per options.methods entry, over the runs that were not skipped; empty if no run was
/// scored. Grid: `points` (>= 2) values from 0 to 1.
std::vector<MethodAccuracyDensity> accuracyDensities(const std::vector<RunAccuracy>& runs,
    const std::vector<AccuracyMethod>& methods, int points = 201);

} // namespace iolens::core
