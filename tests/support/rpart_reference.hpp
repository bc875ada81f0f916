// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/dataset.hpp"
#include "models/cart.hpp"
#include "support/reference_tools.hpp"

#include <QString>

#include <map>
#include <string>
#include <vector>

namespace iolens::test {

/// One row of rpart's fitted `frame` with its primary split (fitted with maxcompete = 0 and
/// maxsurrogate = 0, so each internal node has exactly one row in `splits`).
struct RpartNode {
    std::string var; ///< split variable or "<leaf>"
    int rows = 0;
    double deviance = 0.0;
    double value = 0.0;
    double complexity = 0.0; ///< frame$complexity (scaled by the root deviance)
    std::string splitVar;    ///< rownames(splits)
    int ncat = 0;            ///< -1 / +1: side of x < cut; k: categorical with k levels
    double index = 0.0;      ///< numeric: the cut point
    double improve = 0.0;
    std::vector<int> codes; ///< categorical csplit row: 1 left, 2 absent, 3 right
};

/// What R reported: the tree in frame order, predictions for the probe rows, and optionally the
/// predictions of the trees grown at other cp values.
struct RpartResult {
    std::vector<RpartNode> nodes;
    std::vector<double> predictions;
    std::map<double, std::vector<double>> predictionsAtCp;
};

/// Fits rpart(y ~ ., method = "anova", rpart.control(minsplit, cp, xval = 0, maxcompete = 0,
/// maxsurrogate = 0)) on `data` (factors with the schema's levels, every number passed as an exact
/// hex float) and predicts `probe` (NaN cells become NA), also for each of `otherCps`. `run` tells
/// whether Rscript was available and how it ended; the result is empty if it failed.
RpartResult runRpart(const core::Dataset& data, const Eigen::MatrixXd& probe, int minSplit,
    double cp, ToolRun& run, const std::vector<double>& otherCps = {});

/// Agreement to 1e-9, relative for magnitudes above 1 (NaN matches NaN).
bool agrees(double a, double b);

/// Empty if `model`'s tree is rpart's node by node (frame order: split variables, cut points,
/// level sides, sizes, means, deviances, complexities, improves within 1e-9), else the first
/// difference.
QString compareWithRpart(
    const core::Cart& model, const core::FeatureSchema& schema, const RpartResult& reference);

} // namespace iolens::test
