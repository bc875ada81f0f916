// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

#include <utility>
#include <vector>

namespace iolens::ui {

class MainWindow;

/// What writeEvidencePack() wrote.
struct EvidencePackResult {
    QString folder;
    QStringList files; ///< relative to `folder`, manifest.json and SHA256SUMS last
    int modelCount = 0;
    std::vector<std::pair<QString, QString>> skippedViews; ///< view, reason
};

/// The evidence pack: everything a deployment review needs to reproduce the numbers
/// the window shows, in one folder:
///   views/<view>.png and .pdf   every view that is ready (render_views.hpp), the PNGs with the
///                               scenario, models, dataset, database hash and version as text
///   scenario.txt                the scenario in core::parseScenarioText form
///   models.json, models/*.json  every trained model, its parameters, cross-validated scores and
///                               serialized form with its SHA-256 (evidence_models.hpp)
///   manifest.json, SHA256SUMS   database fingerprint, version, date and every file's SHA-256
/// It describes the window as it is: nothing is trained or searched for it, and a view or score
/// still being computed is recorded as such.
///
/// Throws core::ConfigError if no database is open or the folder is refused
/// (prepareEvidenceFolder), core::Error if a file cannot be written. Needs a QApplication.
EvidencePackResult writeEvidencePack(MainWindow& window, const QString& folder);

} // namespace iolens::ui
