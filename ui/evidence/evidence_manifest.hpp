// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "evidence/evidence_hashes.hpp"
#include "evidence/evidence_models.hpp"

#include <QStringList>

#include <utility>
#include <vector>

namespace iolens::ui {

/// What the manifest records besides the files' hashes.
struct ManifestInput {
    QString software; ///< "iolens 0.1.0"
    QString created;  ///< ISO 8601, UTC
    QString scenario; ///< scenario.txt's line
    DatabaseFingerprint database;
    int runs = 0;       ///< measurements of the dataset the models were trained on
    int modelCount = 0; ///< trained models in models.json
    std::vector<std::pair<QString, QString>> skippedViews; ///< view, reason
    QStringList files; ///< every file written so far, relative to the folder
};

/// The manifest of an evidence pack: `manifest.json` (format tag kPackFormat, software, date,
/// database fingerprint, scenario, skipped views, and every file with its size and SHA-256) and
/// `SHA256SUMS` (the same hashes plus the manifest's own, in the format `sha256sum -c` checks).
struct ManifestFiles {
    EvidenceFile manifest;
    EvidenceFile checksums;
};

/// Hashes every file of `input.files` as it is now under `folder` and builds both files.
/// Throws core::Error naming a file that cannot be read back. Cost: reading every file once.
ManifestFiles buildManifest(const QString& folder, const ManifestInput& input);

} // namespace iolens::ui
