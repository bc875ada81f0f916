// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>

#include <vector>

namespace iolens::cli {

/// Options of `iolens-cli model export --db DB --model NAME --out FILE.json` and
/// `iolens-cli model import --db DB --file FILE.json [--name NAME]`.
std::vector<QCommandLineOption> modelOptions();

/// Moves a stored model between databases as a model file (core/workflow/model_file.hpp).
/// export writes the file (atomically) with the SHA-256 of its training data; import checks the
/// whole file, that the model loads, and that the name is free, then stores it in one
/// transaction. Throws InputError (exit status 2) for a bad action, option, file or name; the
/// database is then unchanged.
int runModel(const QCommandLineParser& parser);

} // namespace iolens::cli
