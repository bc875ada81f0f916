// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "prediction/model_controller.hpp"
#include "store/measurement_database.hpp"
#include "window/stored_model_choice.hpp"

#include <QStringList>

namespace iolens::ui {

/// The names `choice` lists that `db` has no model of, in the order listed.
QStringList missingStoredModels(core::MeasurementDatabase& db, const StoredModelChoice& choice);

/// Shows the database's stored models (those `choice` names) (from `iolens-cli train`, `optimize`
/// or `model import`) beside the window's own: each is added to `models`
/// (ModelController::addModel, origin Stored) under its name, or "NAME (stored)" where the name is
/// one of the window's techniques, so it gets a column, its cross-validation and its curves in
/// every view. Call it after every ModelController::setMeasurements, which forgets added models.
/// Returns one translated line per stored model that cannot be shown (corrupt, or a metric without
/// a column), naming it and why; those are skipped. Cost: loading each model (milliseconds) plus
/// its validation, in the background.
QStringList addStoredModels(
    ModelController& models, core::MeasurementDatabase& db, const StoredModelChoice& choice = {});

} // namespace iolens::ui
