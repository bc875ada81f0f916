// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/dataset.hpp"
#include "data/metric.hpp"
#include "support/reference_tools.hpp"

#include <Eigen/Dense>

#include <string>
#include <vector>

/// Data and helpers shared by the tree-ensemble tests (bagging, SBCART, random forest) and the
/// stability check.
namespace iolens::test {

/// A shipped grid ("local" or "tiered") for `metric`, repetitions averaged, y = log(metric) when
/// `logResponse` (as `iolens-cli train` fits by default).
core::Dataset gridDataset(const std::string& source, core::Metric metric, bool logResponse = true);

/// Noisy synthetic data with two categorical columns (scheduler with 4 levels, pattern) and four
/// numeric ones with many distinct values: y = steps + slopes + N(0, noise^2), all y > 0.
core::Dataset noisyDataset(unsigned seed, int rows, double noise = 1.0);

/// The rows of the ensembles' fit_degenerateData tables: a QString column "kind" holding
/// "constant", "few", "one" and "duplicated" (see degenerateDataset); `fewRowsName` names the
/// "few" row after the model's own minimum node size.
void addDegenerateDataRows(const char* fewRowsName);

/// noisyDataset(8, 40) made degenerate as `kind` says: "constant" sets every y to `constant`,
/// "few" keeps the first `fewRows` rows, "one" keeps row 4 alone, "duplicated" holds every row
/// twice (80 rows).
core::Dataset degenerateDataset(const QString& kind, double constant, int fewRows);

/// The rows `rows` of `data` (schema kept, configurations carried along).
core::Dataset rowsOf(const core::Dataset& data, const std::vector<Eigen::Index>& rows);

/// Every row whose index modulo `period` is `remainder` (held out), and the others (trained on).
std::vector<Eigen::Index> everyNth(Eigen::Index n, int period, int remainder, bool selected);

/// Bitwise equality.
bool identical(const Eigen::VectorXd& a, const Eigen::VectorXd& b);

/// Runs Rscript with `script` after checking that the R package `package` loads; a missing
/// Rscript or package comes back as available = false (so IOLENS_REQUIRE_TOOL skips or fails).
ToolRun runRscriptWithPackage(
    const QString& package, const QString& script, const QStringList& arguments);

/// Numbers printed by a reference script as hex floats after `tag` on one line each
/// ("PRED 0x1.8p+1").
std::vector<double> taggedNumbers(const QString& output, const QString& tag);

/// x (numbers only, categorical cells as their level index) and optionally y as CSV with exact
/// hex floats, header x0..x{p-1}[,y].
std::string numericCsv(const Eigen::MatrixXd& x, const Eigen::VectorXd* y);

/// What R computed for an ensemble of rpart trees (see runRpartEnsemble).
struct RpartEnsembleReference {
    std::vector<double> predictions; ///< for the probe rows
    std::vector<int> kept;           ///< SBCART: kept samples, 0-based, in kept order
    std::vector<double> weights;     ///< SBCART: their normalised weights
    std::vector<double> errors;      ///< SBCART: error of every sample's tree
};

/// An independent R implementation of bagging and SBCART on top of rpart: one
/// rpart(y ~ ., method = "anova", rpart.control(minsplit, cp, xval = 0)) per row sample of
/// `train` (the samples are given, 0-based), then for mode "bagging" the mean of the trees'
/// predictions of `probe`, for mode "sbcart" the paper's selection (errors on all of `train`:
/// error 0 = mean relative, 1 = relative absolute; the first max(1, ceiling(keep k)) by error,
/// those with error < 1 weighted log((1 - e) / e + 1), normalised). `run` says whether Rscript
/// ran; the result is empty if it failed.
RpartEnsembleReference runRpartEnsemble(const core::Dataset& train, const Eigen::MatrixXd& probe,
    const std::vector<std::vector<Eigen::Index>>& samples, int minSplit, double cp,
    const QString& mode, double keep, int error, const QString& directory, ToolRun& run);

} // namespace iolens::test
