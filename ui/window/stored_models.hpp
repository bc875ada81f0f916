// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "document/document.hpp"
#include "prediction/model_controller.hpp"
#include "store/measurement_database.hpp"
#include "window/stored_model_choice.hpp"

#include <QStringList>

namespace iolens::ui {

/// The names `choice` lists that `db` has no model of, in the order listed.
QStringList missingStoredModels(core::MeasurementDatabase& db, const StoredModelChoice& choice);

/// Shows the database's stored models (those `choice` shows) (from `iolens-cli train`, `optimize`
/// or `model import`) beside the window's own: each is added to `models`
/// (ModelController::addModel, origin Stored) under its name, or "NAME (stored)" where the name is
/// one of the window's techniques, so it gets a column, its cross-validation and its curves in
/// every view. Call it after every ModelController::setMeasurements, which forgets added models.
/// Returns one translated line per stored model that cannot be shown (corrupt, or a metric without
/// a column), naming it and why; those are skipped. Cost: loading each model (milliseconds) plus
/// its validation, in the background.
/// Keeps a model the window made (the Parameter search tab's best point) in the open database,
/// under "LABEL METRIC" ("cart (optimized) rt_read_ms"), replacing an earlier one of that name,
/// with the shown dataset as its training selection, so it is listed as a stored model the next
/// time the database opens and `iolens-cli` can use it. Nothing is written to an example or a
/// read-only file. Returns a translated line for the status bar: where it was saved, or why it
/// was not (then File > Save as keeps it in a copy). Never throws: a database error is reported
/// in the returned line.
QString saveWindowModel(
    const Document& document, const core::TrainedModel& model, const QString& label);

/// A model trained on a part (split, --where) of the open dataset `openDataset` (or of every
/// dataset) is cross-validated and scored on that part, as `iolens-cli evaluate` scores it.
QStringList addStoredModels(ModelController& models, core::MeasurementDatabase& db,
    const StoredModelChoice& choice = {}, const std::string& openDataset = {});

} // namespace iolens::ui
