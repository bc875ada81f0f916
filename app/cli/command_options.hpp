// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCommandLineOption>

#include <vector>

namespace iolens::cli {

/// The options of the commands that work on a measurement database and its models (info,
/// import, export, train, optimize, evaluate, conservation, predict, describe). These names are
/// the command line contract that scripts depend on: extend, never rename.

QCommandLineOption dbOption();
std::vector<QCommandLineOption> importOptions();
std::vector<QCommandLineOption> exportOptions();
std::vector<QCommandLineOption> trainOptions();
std::vector<QCommandLineOption> optimizeOptions();
std::vector<QCommandLineOption> evaluateOptions();
std::vector<QCommandLineOption> conservationOptions();
std::vector<QCommandLineOption> predictOptions();
std::vector<QCommandLineOption> describeOptions();

} // namespace iolens::cli
