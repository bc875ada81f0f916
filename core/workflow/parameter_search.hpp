// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/aggregation.hpp"
#include "models/trained_model.hpp"
#include "tuning/heuristic_optimizer.hpp"

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace iolens::core {

/// The cost Algorithm 1 minimises.
enum class SearchCv {
    /// the paper's: mean RMSE over a seeded random k-fold cross-validation (folds, seed)
    Random,
    /// leave-level-out cross-validation (validation/grouped_cv.hpp), mean |log(predicted /
    /// measured)| over the held-out levels of every factor with 3 or more levels: rewards
    /// parameters that predict unmeasured levels; folds and seed do not apply
    Grouped,
};

/// Algorithm 1 for one technique and metric on measurements in memory (no database): what the
/// window runs in the background and what `iolens-cli optimize` runs before recording.
struct SearchRequest {
    std::string technique;
    Metric metric = Metric::RtReadMs;
    ParamValues fixed;          ///< parameters not searched, plus optional "log_response"
    OptimizerSettings settings; ///< k, n, iterations
    int folds = 10;
    std::uint64_t seed = 1;
    SearchCv cv = SearchCv::Random;
    /// false: fit every point on every fold (the plain evaluation the shared fits must equal);
    /// for checks and benchmarks only, it is many times slower.
    bool sharedFits = true;
};

struct SearchOutcome {
    std::vector<SearchDimension> space; ///< the searched parameters, in point order
    OptimizerResult search;             ///< every evaluated point; best
    double defaultCost = 0.0;   ///< CV cost at the default parameters, same folds (or levels)
    ParamValues bestParameters; ///< all parameters at the best point (+ log_response)
    std::optional<TrainedModel> model; ///< fitted on all rows at the best point; empty if cancelled
    /// The default parameters scored better than every point searched: `bestParameters` and
    /// `model` are theirs.
    bool defaultsKept = false;
};

/// The parameters a request searches (its technique's search space, with `fixed` applied).
/// Throws ConfigError for an unknown technique or parameter.
std::vector<SearchDimension> searchedDimensions(const SearchRequest& request);

/// Runs the search on `rows` (averaged repetitions). `previous` resumes a run (see
/// HeuristicOptimizer::run). Progress is reported after each batch, on the calling thread.
/// Throws ConfigError for an unknown technique or one without searched parameters, DataError for
/// too few rows or (with log_response) a metric with zero values.
SearchOutcome searchParameters(const std::vector<AggregatedMeasurement>& rows,
    const SearchRequest& request, const std::atomic<bool>& cancelled,
    const ProgressCallback& progress = {}, const std::vector<EvaluatedPoint>& previous = {});

} // namespace iolens::core
