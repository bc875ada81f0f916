// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/trained_model.hpp"
#include "store/measurement_database.hpp"

#include <optional>
#include <string>

namespace iolens::core {

/// What to train: the same fields as `iolens-cli train`.
struct TrainRequest {
    std::string technique = "lm";
    Metric metric = Metric::RtReadMs;
    ParamValues params;                 ///< technique parameters plus optional "log_response"
    std::optional<std::string> dataset; ///< all datasets if empty
    std::optional<std::string> split;   ///< all splits if empty
    std::string where;                  ///< ConfigurationFilter text, e.g. "request_kib<=32"
};

/// The aggregated measurements a request selects (dataset, split, where).
/// Throws ConfigError for an unknown dataset or a bad filter, DataError if nothing is selected.
std::vector<AggregatedMeasurement> selectMeasurements(
    MeasurementDatabase& db, const TrainRequest& request);

/// Reads the selected measurements, averages repetitions and fits the model.
/// Throws ConfigError (unknown technique or parameter, no such dataset) or DataError (too few
/// rows).
TrainedModel trainModel(MeasurementDatabase& db, const TrainRequest& request);

/// Stores a trained model under `name` (replacing one of that name) in one transaction, with the
/// selection it was trained on (`request`: dataset, split, where) so it can be retrained.
void storeModel(MeasurementDatabase& db, const TrainedModel& model, const std::string& name,
    const TrainRequest& request);

/// The selection a stored model was trained on (technique, metric and parameters included).
TrainRequest storedTrainRequest(const StoredModel& stored);

/// The stored model of that name; throws ConfigError naming the models there are if there is none.
StoredModel storedModelNamed(MeasurementDatabase& db, const std::string& name);

/// Loads a stored model; throws ConfigError if there is none of that name.
TrainedModel loadModel(MeasurementDatabase& db, const std::string& name);
/// The model `stored` holds (read from `db`, for the message if it is corrupt): for a caller
/// that has the stored row already, so the database is not read twice.
TrainedModel loadModel(const MeasurementDatabase& db, const StoredModel& stored);

} // namespace iolens::core
