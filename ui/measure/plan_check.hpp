// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "harness/measurement_session.hpp"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace iolens::ui {

/// What the dialog shows under the form: the parsed plan and its estimate, or why it is not
/// runnable. Judged by core exactly as `iolens-cli measure --dry-run` judges a plan file.
struct PlanCheck {
    std::optional<core::MeasurementPlan> plan; ///< set when the plan is runnable
    core::MeasureEstimate estimate;            ///< valid when plan is set
    QString error;                             ///< core's message when plan is not set
};

/// Parses `json` with core::parsePlan (`source` names it in messages) and constructs a
/// MeasurementSession on it to check the target and device and to count the runs already in
/// `databasePath` (opened read-only; a file that does not exist yet counts none). Writes nothing.
/// Never throws: every core error becomes PlanCheck::error.
PlanCheck checkPlan(const QJsonObject& json, const QString& source, const QString& databasePath,
    const core::MeasureOptions& options);

} // namespace iolens::ui
