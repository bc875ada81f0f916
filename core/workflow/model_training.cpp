// SPDX-License-Identifier: GPL-3.0-or-later
#include "workflow/model_training.hpp"

#include "common/error.hpp"
#include "models/regressor_registry.hpp"

namespace iolens::core {

TrainedModel trainModel(MeasurementDatabase& db, const TrainRequest& request)
{
    if (request.dataset && !db.dataset(*request.dataset))
        throw ConfigError(db.path() + ": no dataset named '" + *request.dataset + "'");
    const auto runs = db.measurements({request.dataset, request.split});
    if (runs.empty())
        throw DataError(db.path() + ": no measurements match the selection"
                        + (request.split ? " (split '" + *request.split + "')" : std::string()));
    ParamValues params = request.params;
    const TrainingOptions options = takeTrainingOptions(request.metric, params);
    auto regressor = createRegressor(request.technique);
    regressor->setParameters(params);
    return TrainedModel::train(std::move(regressor), aggregateRepetitions(runs), options);
}

void storeModel(MeasurementDatabase& db, const TrainedModel& model, const std::string& name,
                const std::string& dataset)
{
    if (name.empty())
        throw ConfigError("a model needs a name");
    StoredModel stored;
    stored.name = name;
    stored.technique = model.regressor().technique();
    stored.metric = metricName(model.metric());
    stored.parameters = nlohmann::json(model.parameters()).dump();
    stored.serialized = model.toJson().dump();
    stored.dataset = dataset;
    stored.scores = nlohmann::json{{"training_r2", model.report().rSquared},
                                   {"training_rmse", model.report().trainingRmse},
                                   {"rows", model.report().rows}}
                        .dump();
    db.saveModel(stored);
}

TrainedModel loadModel(MeasurementDatabase& db, const std::string& name)
{
    const auto stored = db.model(name);
    if (!stored)
        throw ConfigError(db.path() + ": no model named '" + name + "'");
    try {
        return TrainedModel::fromJson(nlohmann::json::parse(stored->serialized));
    } catch (const nlohmann::json::parse_error& e) {
        throw DataError(db.path() + ": model '" + name + "' is corrupt: " + e.what());
    }
}

} // namespace iolens::core
