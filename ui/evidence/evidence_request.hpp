// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "document/example_database.hpp"
#include "evidence/evidence_pack.hpp"
#include "window/stored_model_choice.hpp"

#include <QSize>
#include <QString>

#include <string>
#include <vector>

namespace iolens::ui {

/// What `iolens-cli evidence` does: the window's evidence pack (evidence_pack.hpp), headless.
struct EvidenceRequest {
    QString database;                    ///< database file; empty: the embedded `example`
    Example example = Example::Tiered;   ///< used when `database` is empty
    QString scenario;                    ///< core::parseScenarioText form; empty: the default
    QSize windowSize {1600, 1000};       ///< the window the tables and panels are laid out in
    QString out;                         ///< the pack's folder (empty, new, or an earlier pack)
    int timeoutMs = 600000;              ///< training and cross-validation must end by then
    StoredModelChoice storedModels;      ///< the database's stored models in the pack
    std::vector<std::string> techniques; ///< the window's own models; empty: its default
};

/// Builds a MainWindow on the current platform (offscreen for the command line), opens the
/// database or example, sets the scenario, waits until every model is trained and
/// cross-validated, then writes the pack. Bad input (a scenario that does not parse, a refused
/// folder, a database that cannot be opened) throws core::ConfigError before any training;
/// models that do not finish within `timeoutMs` or a file that cannot be written throw
/// core::Error. Needs a QApplication.
EvidencePackResult writeEvidencePackHeadless(const EvidenceRequest& request);

} // namespace iolens::ui
