// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "document/example_database.hpp"
#include "window/stored_model_choice.hpp"

#include <QSize>
#include <QString>

#include <functional>
#include <string>
#include <vector>

namespace iolens::ui {

class MainWindow;

/// What a headless command (`iolens-cli render`, `iolens-cli evidence`) shows in its window
/// before it waits for the models: the document, the scenario and the window's size.
struct HeadlessWindowSetup {
    QString database;                  ///< database file; empty: the embedded `example`
    Example example = Example::Tiered; ///< used when `database` is empty
    QString scenario;                  ///< core::parseScenarioText form; empty: the default
    QSize size {1600, 1000};           ///< the window's size in pixels
    StoredModelChoice storedModels;    ///< the database's stored models shown beside the window's
    /// The window's own models (registry keys, column order); empty: its default choice.
    std::vector<std::string> techniques;
};

/// Prepares `window` for a headless command: turns its error dialogs off (nobody could close
/// them), opens the database or example, sets the scenario, resizes and shows the window. Model
/// training then starts in the background; wait for it with runUntil(). Throws core::ConfigError
/// if the document cannot be opened (the document controller's message, which names the file),
/// the scenario does not parse, or a stored model named in setup.storedModels does not exist. Needs
/// a QApplication.
void openHeadlessWindow(MainWindow& window, const HeadlessWindowSetup& setup);

/// Runs the event loop (background training reports through it) until `done` holds or
/// `timeoutMs` passes, and returns whether `done` holds at the end. Polls every 25 ms instead of
/// waiting for a signal, because a signal emitted before the wait began would be missed. Returns
/// at once, without running the loop, if `done` already holds.
bool runUntil(const std::function<bool()>& done, int timeoutMs);

} // namespace iolens::ui
