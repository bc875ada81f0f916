// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "validation/model_evaluation.hpp"
#include "workflow/model_training.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace iolens::core {

/// A scenario as `iolens-cli evaluate --scenario` spells it: comma-separated clauses, where
/// "split=NAME" and "dataset=NAME" pick measurements by label and the rest is a
/// ConfigurationFilter ("split=interp", "request_kib>32", "all" or "" for everything).
struct ScenarioSelection {
    std::string text;
    std::optional<std::string> split;
    std::optional<std::string> dataset;
    std::string filter;
};
ScenarioSelection parseScenario(const std::string& text);

/// What `evaluate` asks.
struct AssessmentRequest {
    std::vector<std::string> models;
    std::string scenario;
    RelativeErrorRule rule;
    bool compareWithDefault = false; ///< retrain each technique at default parameters and compare
};

/// Evaluates stored models on a scenario. Returns the report JSON (per model: technique, metric,
/// parameters, figures, CDF and, if asked, the default-parameter comparison with its t-test) and
/// appends the per-point errors as CSV rows to `pointsCsv` (header included when empty).
nlohmann::json assessModels(MeasurementDatabase& db, const AssessmentRequest& request,
                            std::string& pointsCsv);

} // namespace iolens::core
