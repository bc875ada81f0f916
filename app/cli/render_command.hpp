// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>

#include <vector>

namespace iolens::cli {

/// The subcommand that needs widgets: main() creates a QApplication (on the offscreen platform
/// unless one is chosen) instead of a QCoreApplication for it alone.
inline constexpr const char* kRenderCommand = "render";

/// Options of `iolens-cli render [--db DB | --example tiered|local] --view VIEW [--metric M]
/// [--scenario TEXT] [--size WxH] --out FILE.png|svg|pdf`.
std::vector<QCommandLineOption> renderOptions();

/// Draws one view of the window headless into a picture (ui::renderView). Throws InputError
/// (exit status 2) for a bad view, metric, size, scenario, extension or database.
int runRender(const QCommandLineParser& parser);

} // namespace iolens::cli
