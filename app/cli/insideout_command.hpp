// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>

#include <vector>

namespace iolens::cli {

/// Options of `iolens-cli insideout --nodes NODES.csv --target E2E.csv [--target-column NAME]
/// [--window 60] [--step 1] [--tolerance 1] [--top percentile|mean] [--filter ridge|tree|forest]
/// [--folds 10] [--seed 1] --out REPORT.json`, and the per-run accuracy comparison
/// `--runs DIR [--methods LIST] [--min-samples N] [--out REPORT.json|.csv]`
/// (insideout_runs_command.hpp).
std::vector<QCommandLineOption> insideOutOptions();

/// Inside-Out on low-level node metrics (seed 002): builds the feature table
/// (LowLevelFeatureTable), fits the two-level learner, scores it by k-fold cross-validation
/// (accuracy = max(1 - MAPE, 0), R^2, RMSE) and writes the model and the scores as JSON; prints a
/// summary. Throws InputError (exit status 2) for a bad option or input file.
int runInsideOut(const QCommandLineParser& parser);

} // namespace iolens::cli
