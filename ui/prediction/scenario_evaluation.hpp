// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "prediction/measured_lookup.hpp"
#include "prediction/model_entry.hpp"

#include <QMetaType>
#include <QStringList>

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace iolens::ui {

/// One model's answer for one metric of the scenario.
struct ModelPrediction {
    std::optional<double> value; ///< the prediction, in the metric's unit
    /// The prediction interval at kPredictionIntervalLevel, for a model with calibrated
    /// intervals (the recommended model, "auto"); none for the others.
    std::optional<double> lower, upper;
    /// Why there is no value although the metric applies and the model is trained (a failed
    /// training, a level the model never saw); empty while it trains or where the model's
    /// entry has no model of this metric at all.
    std::string error;
};

/// The coverage of the intervals the window shows (ModelPrediction::lower, upper): the level
/// `iolens-cli predict --interval` is usually asked for.
inline constexpr double kPredictionIntervalLevel = 0.8;

/// What the panel shows for one metric in one scenario.
struct MetricEvaluation {
    core::Metric metric = core::Metric::RtReadMs;
    bool applies = true; ///< false: a read metric at 0 % reads, a write one at 100 %
    std::vector<ModelPrediction> predictions; ///< one per ScenarioEvaluation::models
    std::optional<double> measured;           ///< mean over the runs of exactly this configuration
    std::optional<double> rse;                ///< relative standard error of that mean (>= 2 runs)
};

/// A model of the panel (a column): what its header and tooltip say.
struct ModelColumn {
    QString label;         ///< the entry's label: "mars", "cart (optimized)"
    std::string technique; ///< registry key
    ModelOrigin origin = ModelOrigin::Default;
    TrainingRows rows = TrainingRows::All;               ///< ModelEntry::rows
    bool trained = false;                                ///< false: its cells wait ("…")
    QString parameters;                                  ///< ModelEntry::parametersSummary()
    std::array<bool, 4> covers {true, true, true, true}; ///< kCoreMetrics order
};

/// A factor of the scenario outside the range some models were trained on: each model is judged
/// against its own training domain (the schema it carries), so a stored model trained on another
/// selection is flagged where it leaves its data, not the open dataset's. For a numeric factor
/// the values are in the modelling unit (see core::numericValue); min == max means the factor
/// was constant in training, so those models ignore it and predict as for that value.
struct ExtrapolationNote {
    core::Factor factor = core::Factor::Vms;
    double value = 0.0;
    double min = 0.0;
    double max = 0.0;
    std::vector<core::Metric> metrics; ///< the models concerned, kCoreMetrics order
    /// For a categorical factor (scheduler, pattern) that was constant in training: the
    /// scenario's level and the one trained on (the models predict as for it); empty otherwise.
    std::string level, trainedLevel;
    /// The stored models concerned (their labels), when the range is their own training domain
    /// and not one the window's models share; empty for a note about the window's models.
    QStringList models;
    /// A VM count the models were not trained on, answered by the projection onto the VMs'
    /// shared storage (core::askedConfiguration), not by ignoring the factor.
    bool projected = false;
};

/// The prediction panel's content for one scenario: every model side by side.
struct ScenarioEvaluation {
    core::Configuration scenario;
    std::vector<ModelColumn> models;            ///< the columns, in the entries' order
    std::array<MetricEvaluation, 4> metrics {}; ///< kCoreMetrics order
    int repetitions = 0; ///< runs of exactly this configuration; 0 if it was not measured
    std::vector<ExtrapolationNote> extrapolation;
    /// The nearest measured configuration (core::dataSteps); std::nullopt without data.
    std::optional<core::NearestMeasurement> nearest;

    /// True when there are models and none is still training.
    bool modelsReady() const;
};

/// Predicts every core metric for `scenario` with every trained model of `entries` and looks up
/// its measurement. Never throws: a prediction that fails (a level the model never saw) sets
/// ModelPrediction::error. O(models x factors); microseconds for the five default techniques.
ScenarioEvaluation evaluateScenario(const core::Configuration& scenario,
    const MeasuredLookup& measured, const std::vector<ModelEntry>& entries);

/// True if `metric` has a value at `readPct` (reads need reads, writes need writes).
bool metricApplies(core::Metric metric, double readPct);

} // namespace iolens::ui

Q_DECLARE_METATYPE(iolens::ui::ScenarioEvaluation)
