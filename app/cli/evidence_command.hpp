// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>

#include <vector>

namespace iolens::cli {

/// Like `render`, this subcommand draws widgets: main() gives it a QApplication.
inline constexpr const char* kEvidenceCommand = "evidence";

/// Options of `iolens-cli evidence [--db DB | --example tiered|local] [--scenario TEXT]
/// [--size WxH] --out DIR`.
std::vector<QCommandLineOption> evidenceOptions();

/// Writes the window's evidence pack headless (ui::writeEvidencePackHeadless): every view as PNG
/// and PDF, scenario.txt, models.json with the serialized models, manifest.json and SHA256SUMS.
/// Throws InputError (exit status 2) for a bad scenario, size or database, a missing --out, or
/// an output folder that is neither empty nor an earlier evidence pack.
int runEvidence(const QCommandLineParser& parser);

} // namespace iolens::cli
