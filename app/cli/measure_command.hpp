// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>

#include <vector>

namespace iolens::cli {

/// Options of `iolens-cli measure --plan PLAN.json --target DIR --db DB [--dry-run] [--cleanup]
/// [--fio PATH] [--no-low-level]`.
std::vector<QCommandLineOption> measureOptions();

/// Measures a plan with fio (core/harness): prints the estimate, a progress line per
/// run with the time left, and the noise (relative standard error over repetitions) per
/// configuration and as quantiles. Runs already in the database are skipped (resume). Ctrl-C
/// stops fio, restores the scheduler and says how to resume (exit status 1). Throws InputError
/// (exit status 2) for a bad plan or an unsafe target.
int runMeasure(const QCommandLineParser& parser);

} // namespace iolens::cli
