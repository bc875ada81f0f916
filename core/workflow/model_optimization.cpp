// SPDX-License-Identifier: GPL-3.0-or-later
#include "workflow/model_optimization.hpp"

#include "common/error.hpp"
#include "data/dataset.hpp"
#include "models/regressor_registry.hpp"
#include "tuning/technique_cost.hpp"
#include "tuning/search_space.hpp"

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

std::vector<EvaluatedPoint> recordedPoints(MeasurementDatabase& db, std::int64_t run,
                                           const std::vector<SearchDimension>& space)
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

Dataset trainingData(MeasurementDatabase& db, const TrainRequest& request, TrainingOptions& options)
{
    ParamValues params = request.params;
    options = takeTrainingOptions(request.metric, params);
    Dataset data = buildDataset(selectMeasurements(db, request), request.metric);
    if (options.logResponse) {
        if ((data.y.array() <= 0.0).any())
            throw DataError(std::string(metricName(request.metric))
                            + " has zero values; optimize with --param log_response=0");
        data.y = data.y.array().log();
    }
    return data;
}

} // namespace

OptimizeOutcome optimizeModel(MeasurementDatabase& db, const OptimizeRequest& request,
                              const std::atomic<bool>& cancelled, const ProgressCallback& progress)
{
    TrainingOptions options;
    const Dataset data = trainingData(db, request.model, options);
    ParamValues fixed = request.model.params;
    takeTrainingOptions(request.model.metric, fixed);
    auto prototype = createRegressor(request.model.technique);
    prototype->setParameters(fixed);
    const auto space = searchSpace(*prototype);
    const HeuristicOptimizer optimizer(space, request.settings);
    const FoldAssignment folds(data.rows(), request.folds, request.seed);

    OptimizeOutcome outcome;
    std::vector<EvaluatedPoint> previous;
    if (request.resumeRun) {
        outcome.runId = *request.resumeRun;
        previous = recordedPoints(db, outcome.runId, space);
    } else {
        const nlohmann::json settings{{"k", request.settings.splits},
                                      {"n", request.settings.explorations},
                                      {"iterations", request.settings.maxIterations},
                                      {"folds", request.folds},
                                      {"seed", request.seed},
                                      {"split", request.model.split.value_or("")},
                                      {"where", request.model.where},
                                      {"fixed", fixed},
                                      {"log_response", options.logResponse}};
        outcome.runId = db.createOptimizerRun(request.model.technique,
                                              std::string(metricName(request.model.metric)),
                                              request.model.dataset.value_or(""), settings.dump());
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
    outcome.search = optimizer.run(techniqueCrossValidationCost(*prototype, space, data, folds), cancelled,
                                   record, previous);
    outcome.defaultCost = crossValidate(*prototype, data, folds).meanRmse;
    db.setOptimizerRunStatus(outcome.runId, outcome.search.cancelled ? "cancelled" : "finished");
    if (outcome.search.cancelled)
        return outcome;
    auto best = prototype->clone();
    best->setParameters(withSearchPoint(*prototype, space, outcome.search.best.values));
    TrainRequest final = request.model;
    final.params = best->parameters();
    final.params["log_response"] = options.logResponse ? 1.0 : 0.0;
    outcome.model = trainModel(db, final);
    return outcome;
}

} // namespace iolens::core
