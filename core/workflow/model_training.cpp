// SPDX-License-Identifier: GPL-3.0-or-later
#include "workflow/model_training.hpp"

#include "common/error.hpp"
#include "data/configuration_filter.hpp"
#include "models/regressor_registry.hpp"

namespace iolens::core {

std::vector<AggregatedMeasurement> selectMeasurements(
    MeasurementDatabase& db, const TrainRequest& request)
{
    db.requireSelection({request.dataset, request.split});
    const ConfigurationFilter filter = ConfigurationFilter::parse(request.where);
    auto rows
        = filter.apply(aggregateRepetitions(db.measurements({request.dataset, request.split})));
    if (rows.empty())
        throw DataError(db.path() + ": no measurements match the selection"
            + (request.split ? " (split '" + *request.split + "')" : std::string())
            + (filter.empty() ? std::string() : " (where '" + request.where + "')"));
    return rows;
}

TrainedModel trainModel(MeasurementDatabase& db, const TrainRequest& request)
{
    const auto rows = selectMeasurements(db, request);
    ParamValues params = request.params;
    const TrainingOptions options = takeTrainingOptions(request.metric, params);
    auto regressor = createRegressor(request.technique);
    regressor->setParameters(params);
    return TrainedModel::train(std::move(regressor), rows, options);
}

void storeModel(MeasurementDatabase& db, const TrainedModel& model, const std::string& name,
    const TrainRequest& request)
{
    if (name.empty())
        throw ConfigError("a model needs a name");
    StoredModel stored;
    stored.name = name;
    stored.technique = model.regressor().technique();
    stored.metric = metricName(model.metric());
    stored.parameters = nlohmann::json(model.parameters()).dump();
    stored.serialized = model.toJson().dump();
    stored.dataset = request.dataset.value_or("");
    stored.scores = nlohmann::json {{"training_r2", model.report().rSquared},
        {"training_rmse", model.report().trainingRmse}, {"rows", model.report().rows},
        {"split", request.split.value_or("")}, {"where", request.where}}
                        .dump();
    db.saveModel(stored);
}

TrainRequest storedTrainRequest(const StoredModel& stored)
{
    TrainRequest request;
    request.technique = stored.technique;
    request.metric = parseMetric(stored.metric).value_or(Metric::RtReadMs);
    request.params = nlohmann::json::parse(stored.parameters).get<ParamValues>();
    if (!stored.dataset.empty())
        request.dataset = stored.dataset;
    const auto scores = nlohmann::json::parse(stored.scores);
    if (const std::string split = scores.value("split", std::string()); !split.empty())
        request.split = split;
    request.where = scores.value("where", std::string());
    return request;
}

StoredModel storedModelNamed(MeasurementDatabase& db, const std::string& name)
{
    if (auto stored = db.model(name))
        return std::move(*stored);
    // A misspelt name is the usual cause: say which there are, as an unknown technique does.
    std::string names;
    for (const StoredModel& model : db.models())
        names += (names.empty() ? "" : ", ") + model.name;
    throw ConfigError(db.path() + ": no model named '" + name + "' ("
        + (names.empty() ? "the database stores no model: train one first" : "stored: " + names)
        + ")");
}

TrainedModel loadModel(MeasurementDatabase& db, const std::string& name)
{
    return loadModel(db, storedModelNamed(db, name));
}

TrainedModel loadModel(const MeasurementDatabase& db, const StoredModel& stored)
{
    try {
        return TrainedModel::fromJson(nlohmann::json::parse(stored.serialized));
    } catch (const nlohmann::json::parse_error& e) {
        throw DataError(db.path() + ": model '" + stored.name + "' is corrupt: " + e.what());
    }
}

} // namespace iolens::core
