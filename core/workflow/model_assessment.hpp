// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "validation/model_evaluation.hpp"
#include "workflow/model_training.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace iolens::core {

/// A scenario as `iolens-cli evaluate --scenario` spells it: comma-separated clauses.
///   "split=NAME", "dataset=NAME"  measurements by label
///   "multi-vm"                    measurements with 2 or more VMs (same as "vms>=2")
///   anything else                 a ConfigurationFilter ("request_kib>32"); "all" or "" = all
/// or one of the paper's scenarios relative to what the model was trained on:
///   "cv" or "cv=K"   K-fold cross-validation (default 10) of the model's training selection
///   "interpolation"  configurations not trained on, inside every training range
///   "extrapolation"  configurations not trained on, outside some training range (same VMs)
///   "grouped"        leave-level-out cross-validation of the training selection: each level of
///                    every numeric factor with 3 or more levels predicted by a refit without it
///                    (interpolation for inner levels, extrapolation for the outermost)
/// The last four take no further clauses.
struct ScenarioSelection {
    enum class Kind { Measurements, CrossValidation, Interpolation, Extrapolation, Grouped };
    std::string text;
    Kind kind = Kind::Measurements;
    int folds = 10; ///< for CrossValidation
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

/// Evaluates stored models on a scenario (with default parameters retrained the same way when
/// compared: on the same folds for "cv", the same held-out levels for "grouped"). For "grouped"
/// each model's entry also has "grouped": interpolation, extrapolation and overall mean relative
/// error, the per-level figures and the coverage of 80 % intervals (null but for `auto`). Returns
/// the report JSON (per model: technique, metric, parameters, figures, CDF and, if asked, the
/// default-parameter comparison with its t-test) and appends the per-point errors as CSV rows to
/// `pointsCsv` (header included when empty).
nlohmann::json assessModels(
    MeasurementDatabase& db, const AssessmentRequest& request, std::string& pointsCsv);

} // namespace iolens::core
