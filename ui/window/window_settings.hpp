// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/configuration.hpp"

#include <QString>
#include <QStringList>

#include <optional>

class QMainWindow;
class QSplitter;
class QTabWidget;

namespace iolens::ui {

/// What the window remembers between sessions, in QSettings: its geometry, the split between
/// the controls and the views, the tab shown, and per database the last scenario and the stored
/// models it does not show.

void saveWindowLayout(
    const QMainWindow& window, const QSplitter& splitter, const QTabWidget& views);
/// Restores what saveWindowLayout stored; leaves the defaults where nothing was stored.
void restoreWindowLayout(QMainWindow& window, QSplitter& splitter, QTabWidget& views);

/// `documentKey`: Document::settingsKey().
void saveLastScenario(const QString& documentKey, const core::Configuration& config);
std::optional<core::Configuration> lastScenario(const QString& documentKey);

/// What is remembered per dataset (its saved scenarios, its last scenario) moved from one
/// settings key to another when the dataset is renamed (Document::settingsKey() of each name);
/// an empty `toKey` forgets it, for a deleted dataset, so a new dataset of that name starts
/// afresh.
void moveRememberedDataset(const QString& fromKey, const QString& toKey);

/// The stored models unticked in Models ▸ Stored models… for a database (`databaseKey`:
/// Document::databaseKey()); an empty list forgets the entry. Only QSettings is written, so an
/// example or a read-only file has a choice too.
void saveHiddenStoredModels(const QString& databaseKey, const QStringList& names);
/// What saveHiddenStoredModels kept; empty (every stored model shown) if nothing was.
QStringList hiddenStoredModels(const QString& databaseKey);

} // namespace iolens::ui
