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
    ParamValues params;                  ///< technique parameters plus optional "log_response"
    std::optional<std::string> dataset;  ///< all datasets if empty
    std::optional<std::string> split;    ///< all splits if empty
};

/// Reads the selected measurements, averages repetitions and fits the model.
/// Throws ConfigError (unknown technique or parameter, no such dataset) or DataError (too few rows).
TrainedModel trainModel(MeasurementDatabase& db, const TrainRequest& request);

/// Stores a trained model under `name` (replacing one of that name) in one transaction.
void storeModel(MeasurementDatabase& db, const TrainedModel& model, const std::string& name,
                const std::string& dataset);

/// Loads a stored model; throws ConfigError if there is none of that name.
TrainedModel loadModel(MeasurementDatabase& db, const std::string& name);

} // namespace iolens::core
