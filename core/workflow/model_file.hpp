// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/aggregation.hpp"
#include "store/measurement_database.hpp"

#include <functional>
#include <string>
#include <string_view>

namespace iolens::core {

/// A stored model as a file travels between databases (`iolens-cli model export` / `import`):
///
///   {"format": "iolens-model-file", "version": 1, "name": ..., "technique": ..., "metric": ...,
///    "parameters": {...}, "training": {"dataset": ..., "split": ..., "where": ..., "rows": N,
///    "data_sha256": HEX or null}, "scores": {...}, "created": ..., "model": <TrainedModel JSON:
///    its own format version, the technique's state, the metric and scale, and the factor
///    domain of its training data (schema: each factor's range or levels, and the values of the
///    factors that were constant)>}
///
/// Doubles are written with 17 significant digits, so the model predicts bit-identically after
/// the round trip.
struct ModelFile {
    StoredModel stored;     ///< as the database holds it (id and created are not carried over)
    std::string dataSha256; ///< SHA-256 (hex) of the training selection as CSV; empty if unknown
};

inline constexpr int kModelFileVersion = 1;

/// The file's JSON text. Throws DataError if stored.serialized or its scores are not JSON.
std::string modelFileText(const ModelFile& file);

/// Reads a model file's text. Throws DataError naming `path` and the field for: malformed JSON,
/// another format, a newer version, a missing or mistyped field, a model that does not load
/// (unknown technique or metric, a malformed state: TrainedModel::fromJson), and fields that
/// disagree with the model they describe (technique, metric).
ModelFile parseModelFile(std::string_view text, const std::string& path);

/// The training data as the model file's data_sha256 hashes it: a CSV of the configuration
/// columns and `metric` (its mean over repetitions, shortest round-trip digits) for every row
/// that has the metric, in the rows' order. The same data gives the same text, so the same hash.
std::string trainingDataText(const std::vector<AggregatedMeasurement>& rows, Metric metric);

/// Hex SHA-256 of a text. The caller supplies it (Qt's QCryptographicHash in the command line
/// and the window): core has no hashing library of its own, and SHA-256 is not to be hand-written.
using Sha256Hex = std::function<std::string(std::string_view)>;

/// The model file of `db`'s stored model `name`, with the SHA-256 of its training selection as
/// `db` holds it now; empty when the selection selects nothing any more (the data was deleted),
/// which the file records as null. Throws ConfigError naming the database if it has no such
/// model.
ModelFile exportModelFile(
    MeasurementDatabase& db, const std::string& name, const Sha256Hex& sha256);

/// Stores `file`'s model under `name` in one transaction. Throws ConfigError if the database
/// already has a model of that name (nothing is replaced by an import), or if `name` is empty.
void importModelFile(MeasurementDatabase& db, const ModelFile& file, const std::string& name);

} // namespace iolens::core
