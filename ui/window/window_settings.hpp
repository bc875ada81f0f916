// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/configuration.hpp"

#include <QString>

#include <optional>

class QMainWindow;
class QSplitter;
class QTabWidget;

namespace iolens::ui {

/// What the window remembers between sessions, in QSettings: its geometry, the split between
/// the controls and the views, the tab shown, and per database the last scenario.

void saveWindowLayout(
    const QMainWindow& window, const QSplitter& splitter, const QTabWidget& views);
/// Restores what saveWindowLayout stored; leaves the defaults where nothing was stored.
void restoreWindowLayout(QMainWindow& window, QSplitter& splitter, QTabWidget& views);

/// `documentKey`: Document::settingsKey().
void saveLastScenario(const QString& documentKey, const core::Configuration& config);
std::optional<core::Configuration> lastScenario(const QString& documentKey);

} // namespace iolens::ui
