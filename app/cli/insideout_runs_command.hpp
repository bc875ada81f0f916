// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/low_level_metrics.hpp"

#include <QCommandLineOption>
#include <QCommandLineParser>

#include <vector>

namespace iolens::cli {

/// The options `iolens-cli insideout --runs DIR` adds to insideOutOptions(): --runs,
/// --methods, --min-samples.
std::vector<QCommandLineOption> insideOutRunsOptions();

/// `iolens-cli insideout --runs DIR [--methods insideout,auto_dtl,...] [--min-samples 10]
/// [--folds 10] [--seed 1] [--window 60] ... [--out REPORT.json|REPORT.csv]`: scores every run
/// of a lowlevel directory (TARGET/.iolens/lowlevel) with each method by k-fold CV within the
/// run, accuracy max(1 - MAPE, 0) (Hsu et al., seed 002 eq. 1), and summarises the accuracies
/// per method as a Gaussian kernel density on [0, 1] (Silverman's bandwidth; the paper's
/// Fig. 9). Prints one line per run and a summary per method; --out writes the report as JSON
/// (runs, accuracies, densities) or, for a .csv name, one row per run. Runs too short to learn
/// from are listed as skipped with the reason. Throws InputError (exit status 2) for a bad
/// option or input file (naming file, row and column).
/// `features` are the feature options parsed by the insideout command.
int runInsideOutRuns(
    const QCommandLineParser& parser, const core::LowLevelFeatureOptions& features);

} // namespace iolens::cli
