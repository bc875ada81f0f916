// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>

#include <vector>

namespace iolens::cli {

/// Options of `iolens-cli runs --db DB [--dataset NAME]`.
std::vector<QCommandLineOption> runsOptions();

/// Lists the database's optimizer runs (`optimize`, and searches in the window) as CSV with the
/// columns run, technique, metric, dataset, cv, status, points, best_cost, created: what
/// `optimize --resume RUN` continues and the window's Parameter search tab redraws. Throws
/// InputError (exit status 2) for a missing database or an unknown dataset.
int runRuns(const QCommandLineParser& parser);

} // namespace iolens::cli
