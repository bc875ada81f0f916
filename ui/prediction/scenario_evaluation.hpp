// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "prediction/measured_lookup.hpp"
#include "prediction/model_set.hpp"

#include <QMetaType>

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace iolens::ui {

/// What the panel shows for one metric in one scenario.
struct MetricEvaluation {
    core::Metric metric = core::Metric::RtReadMs;
    bool applies = true;             ///< false: a read metric at 0 % reads, a write one at 100 %
    std::optional<double> predicted; ///< the model's prediction, in the metric's unit
    std::string error;               ///< why there is no prediction although the metric applies
    std::optional<double> measured;  ///< mean over the runs of exactly this configuration
    std::optional<double> rse;       ///< relative standard error of that mean (>= 2 runs)
};

/// A factor of the scenario outside the range some models were trained on. For a numeric factor
/// the values are in the modelling unit (see core::numericValue); min == max means the factor
/// was constant in training, so those models ignore it and predict as for that value.
struct ExtrapolationNote {
    core::Factor factor = core::Factor::Vms;
    double value = 0.0;
    double min = 0.0;
    double max = 0.0;
    std::vector<core::Metric> metrics; ///< the models concerned, kCoreMetrics order
};

/// The prediction panel's content for one scenario.
struct ScenarioEvaluation {
    core::Configuration scenario;
    std::array<MetricEvaluation, 4> metrics{}; ///< kCoreMetrics order
    int repetitions = 0;      ///< runs of exactly this configuration; 0 if it was not measured
    bool modelsReady = false; ///< false while the models are still training
    std::vector<ExtrapolationNote> extrapolation;
};

/// Predicts every core metric for `scenario` with `models` (nullptr: not trained yet) and looks
/// up its measurement. Never throws: a prediction that fails (a level the model never saw) sets
/// MetricEvaluation::error. O(models x factors); microseconds for 'lm'.
ScenarioEvaluation evaluateScenario(const core::Configuration& scenario,
                                    const MeasuredLookup& measured, const ModelSet* models);

/// True if `metric` has a value at `readPct` (reads need reads, writes need writes).
bool metricApplies(core::Metric metric, double readPct);

} // namespace iolens::ui

Q_DECLARE_METATYPE(iolens::ui::ScenarioEvaluation)
