// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "document/example_database.hpp"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QString>

#include <vector>

namespace iolens::cli {

// The data the window-less views (render, evidence) open: one wording for both commands.

/// `--db DB` and `--example NAME`.
std::vector<QCommandLineOption> windowDataOptions();

/// The data chosen on the command line: a database file, or (empty `database`) an embedded
/// example, the tiered one when neither option is given.
struct WindowData {
    QString database;
    ui::Example example = ui::Example::Tiered;
};

/// Reads --db and --example. Throws core::ConfigError "COMMAND: give --db or --example, not
/// both" or "COMMAND: unknown example 'NAME' (use tiered or local)".
WindowData windowDataFrom(const QCommandLineParser& parser, const char* command);

} // namespace iolens::cli
