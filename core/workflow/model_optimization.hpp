// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "tuning/heuristic_optimizer.hpp"
#include "workflow/model_training.hpp"
#include "workflow/parameter_search.hpp"

#include <atomic>
#include <cstdint>
#include <optional>

namespace iolens::core {

/// What to optimize: the model of a TrainRequest, searched with Algorithm 1.
struct OptimizeRequest {
    TrainRequest model;                    ///< technique, metric, data selection, fixed parameters
    OptimizerSettings settings;            ///< k, n, iterations, stopping rule
    int folds = 10;                        ///< cross-validation folds of the cost
    std::uint64_t seed = 1;                ///< fold shuffle
    SearchCv cv = SearchCv::Random;        ///< random k-fold (the paper's) or grouped cost
    std::optional<std::int64_t> resumeRun; ///< continue this optimizer run of the database
};

struct OptimizeOutcome {
    std::optional<TrainedModel> model; ///< fitted at the best point (empty if cancelled)
    OptimizerResult search;
    std::int64_t runId = 0;
    double defaultCost = 0.0; ///< CV cost at the technique's default parameters, same folds
};

/// Runs the search, recording every evaluated point in the database's optimizer tables as it
/// goes (one transaction per batch), so a cancelled or killed run resumes with `resumeRun`.
/// Throws ConfigError for a technique without tuned parameters. A resumed run must be given the
/// same cv as it started with (the run's settings record it); the costs are not comparable.
OptimizeOutcome optimizeModel(MeasurementDatabase& db, const OptimizeRequest& request,
    const std::atomic<bool>& cancelled, const ProgressCallback& progress = {});

} // namespace iolens::core
