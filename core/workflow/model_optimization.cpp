// SPDX-License-Identifier: GPL-3.0-or-later
#include "workflow/model_optimization.hpp"

#include "common/error.hpp"
#include "workflow/parameter_search.hpp"

#include <set>

namespace iolens::core {

namespace {

nlohmann::json pointJson(const std::vector<SearchDimension>& space, const std::vector<double>& v)
{
    nlohmann::json json = nlohmann::json::object();
    for (std::size_t d = 0; d < space.size(); ++d)
        json[space[d].name] = v[d];
    return json;
}

std::vector<EvaluatedPoint> recordedPoints(
    MeasurementDatabase& db, std::int64_t run, const std::vector<SearchDimension>& space)
{
    std::vector<EvaluatedPoint> points;
    for (const OptimizerPoint& stored : db.optimizerPoints(run)) {
        if (!stored.score)
            continue;
        const auto json = nlohmann::json::parse(stored.parameters);
        EvaluatedPoint point;
        for (const SearchDimension& d : space) {
            if (!json.contains(d.name))
                throw ConfigError("optimizer run " + std::to_string(run)
                    + " searched other parameters; it cannot be resumed here");
            point.values.push_back(json.at(d.name).get<double>());
        }
        point.cost = *stored.score;
        point.iteration = stored.iteration;
        points.push_back(std::move(point));
    }
    return points;
}

} // namespace

OptimizeOutcome optimizeModel(MeasurementDatabase& db, const OptimizeRequest& request,
    const std::atomic<bool>& cancelled, const ProgressCallback& progress)
{
    const std::vector<AggregatedMeasurement> rows = selectMeasurements(db, request.model);
    SearchRequest search;
    search.technique = request.model.technique;
    search.metric = request.model.metric;
    search.fixed = request.model.params;
    search.settings = request.settings;
    search.folds = request.folds;
    search.seed = request.seed;
    search.cv = request.cv;
    const auto space = searchedDimensions(search);

    OptimizeOutcome outcome;
    std::vector<EvaluatedPoint> previous;
    if (request.resumeRun) {
        outcome.runId = *request.resumeRun;
        previous = recordedPoints(db, outcome.runId, space);
    } else {
        ParamValues fixed = request.model.params;
        const TrainingOptions options = takeTrainingOptions(request.model.metric, fixed);
        const nlohmann::json settings {{"k", request.settings.splits},
            {"n", request.settings.explorations}, {"iterations", request.settings.maxIterations},
            {"folds", request.folds}, {"seed", request.seed},
            {"cv", request.cv == SearchCv::Grouped ? "grouped" : "random"},
            {"split", request.model.split.value_or("")}, {"where", request.model.where},
            {"fixed", fixed}, {"log_response", options.logResponse}};
        outcome.runId = db.createOptimizerRun(request.model.technique,
            std::string(metricName(request.model.metric)), request.model.dataset.value_or(""),
            settings.dump());
    }
    // A resumed run replays recorded points interleaved with new ones, so what is stored already
    // is tracked by parameter vector, not by position.
    std::set<std::vector<double>> saved;
    for (const EvaluatedPoint& p : previous)
        saved.insert(p.values);
    const auto record = [&](const OptimizerProgress& state) {
        std::vector<OptimizerPoint> batch;
        for (const EvaluatedPoint& p : *state.points)
            if (saved.insert(p.values).second)
                batch.push_back({p.iteration, pointJson(space, p.values).dump(), p.cost});
        db.addOptimizerPoints(outcome.runId, batch);
        if (progress)
            progress(state);
    };
    SearchOutcome found;
    try {
        found = searchParameters(rows, search, cancelled, record, previous);
    } catch (...) {
        // Bad data (zero values on a log scale) is found only here: the run must not stay
        // "running" forever, and what it recorded remains for a look.
        db.setOptimizerRunStatus(outcome.runId, "failed");
        throw;
    }
    db.setOptimizerRunStatus(outcome.runId, found.search.cancelled ? "cancelled" : "finished");
    outcome.search = std::move(found.search);
    outcome.defaultCost = found.defaultCost;
    outcome.model = std::move(found.model);
    return outcome;
}

} // namespace iolens::core
