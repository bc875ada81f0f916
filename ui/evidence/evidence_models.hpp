// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

#include <vector>

namespace iolens::ui {

class ModelController;

/// One file of the pack with its contents, written by the caller.
struct EvidenceFile {
    QString name; ///< relative to the pack's folder, '/' separated ("models/cart.rt_read_ms.json")
    QByteArray bytes;
};

/// What the pack says about the window's models: `models.json` and one serialized model per
/// trained (entry, metric) under `models/`.
struct ModelsEvidence {
    EvidenceFile summary;                 ///< models.json
    std::vector<EvidenceFile> serialized; ///< models/<label>.<metric>.json, TrainedModel::toJson
    int modelCount = 0;                   ///< trained models described
};

/// Describes every model of `models`, in column order then kCoreMetrics order: label,
/// technique, origin, metric, parameters (log_response included), training rows and RMSE,
/// the cross-validated scores where they are known ("state": done / waiting / failed, as the
/// Models tab shows them; 10 folds, seed 1) and the SHA-256 of the model's serialized form,
/// which is written beside it byte for byte so that the hash can be checked and the model
/// loaded again (TrainedModel::fromJson). A metric that failed to train is listed with its error.
/// Cost: one serialization per model (milliseconds; a forest's JSON is the largest).
ModelsEvidence modelsEvidence(const ModelController& models);

/// "cart (optimized)" -> "cart-optimized": a label as a file-name part (ASCII letters, digits,
/// '-', '_' and '.').
QString fileSafeName(const QString& label);

} // namespace iolens::ui
