// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "store/optimizer_runs.hpp"
#include "tuning/heuristic_optimizer.hpp"
#include "workflow/model_training.hpp"
#include "workflow/parameter_search.hpp"

#include <atomic>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

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
    double defaultCost = 0.0;  ///< CV cost at the technique's default parameters, same folds
    bool defaultsKept = false; ///< they beat every point searched: the model has them
};

/// The search an OptimizeRequest runs on the rows its model request selects.
SearchRequest searchRequestOf(const OptimizeRequest& request);

/// The request a stored run was started with, read from its settings, with resumeRun set: to
/// resume the run or to redraw its points. Throws DataError for settings this build cannot read.
OptimizeRequest storedOptimizeRequest(const StoredOptimizerRun& run);

/// The points of a run that have a cost, in the order they were recorded. Throws ConfigError
/// when the run searched other parameters than `space`.
std::vector<EvaluatedPoint> recordedRunPoints(
    MeasurementDatabase& db, std::int64_t runId, const std::vector<SearchDimension>& space);

/// Writes a search into the optimizer tables as it goes: starts the run (or continues
/// request.resumeRun), records each batch's new points in one transaction, and sets the final
/// status. optimizeModel records through it, and so does the window, whose search runs on a
/// worker thread while the recorder stays on the thread that owns the database. The database
/// must outlive the recorder.
class OptimizerRunRecorder {
public:
    /// `previous`: the points a resumed run has recorded already (they are not written again).
    OptimizerRunRecorder(MeasurementDatabase& db, const OptimizeRequest& request,
        const std::vector<EvaluatedPoint>& previous = {});

    std::int64_t runId() const { return m_runId; }
    /// Stores those of `points` that are not stored yet (a resumed search replays recorded
    /// points between new ones, so they are told apart by their parameter values).
    void record(const std::vector<EvaluatedPoint>& points);
    /// "finished", "cancelled" or "failed".
    void finish(const std::string& status);

private:
    MeasurementDatabase& m_db;
    std::vector<SearchDimension> m_space;
    std::int64_t m_runId = 0;
    std::set<std::vector<double>> m_saved;
};

/// Runs the search, recording every evaluated point in the database's optimizer tables as it
/// goes (one transaction per batch), so a cancelled or killed run resumes with `resumeRun`.
/// Throws ConfigError for a technique without tuned parameters. A resumed run must be given the
/// same cv as it started with (the run's settings record it); the costs are not comparable.
OptimizeOutcome optimizeModel(MeasurementDatabase& db, const OptimizeRequest& request,
    const std::atomic<bool>& cancelled, const ProgressCallback& progress = {});

} // namespace iolens::core
