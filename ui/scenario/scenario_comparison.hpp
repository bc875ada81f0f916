// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "prediction/scenario_evaluation.hpp"

#include <QString>

#include <optional>
#include <vector>

namespace iolens::ui {

/// One metric of one model (or of the measurements) in scenario A and in scenario B.
struct ScenarioDelta {
    core::Metric metric = core::Metric::RtReadMs;
    QString source;          ///< the model's label, or "measured"
    bool measured = false;   ///< a row of measurements, not of a model
    std::optional<double> a; ///< in the metric's unit; empty: no value in A
    std::optional<double> b;

    /// b - a, when both exist.
    std::optional<double> change() const;
    /// 100 (b - a) / a, when both exist and a != 0.
    std::optional<double> changePercent() const;
};

/// Compares two evaluations of the same models (ModelController's entries at one time): for
/// every metric, one row per model with a value in either scenario, then the measurements if
/// either scenario was measured. A metric that applies in neither scenario has no rows.
std::vector<ScenarioDelta> compareScenarios(
    const ScenarioEvaluation& a, const ScenarioEvaluation& b);

} // namespace iolens::ui
