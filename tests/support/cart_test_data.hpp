// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Data and helpers of the CART tests (test_cart, test_cart_describe).

#include "data/dataset.hpp"
#include "models/cart.hpp"
#include "models/cart_growth.hpp"

#include <QString>

#include <vector>

namespace iolens::test {

using iolens::core::Cart;
using iolens::core::CartTree;
using iolens::core::Dataset;
using iolens::core::FeatureSchema;

/// Random data with many tied x values and two factors (columns: scheduler, fileset_mib,
/// request_kib, pattern, read_pct, threads); y is a noisy mix of steps and slopes.
Dataset syntheticDataset(unsigned seed, int rows);

/// Data made of ties: a file set size that is twice the request size (two columns with the same
/// partitions), few distinct values everywhere and a dyadic response, so that candidate splits
/// tie exactly and rpart's tie-breaks (first cut point, lowest column, stable level order) decide.
Dataset tiesDataset(unsigned seed);

/// Two scheduler levels (kyber, mq-deadline) with exactly the same responses, between a lower
/// and a higher level with few rows: with minsplit 20 (minbucket 7) the only admissible split
/// separates the two tied levels, and rpart's stable level order decides which one goes left.
Dataset levelTiesDataset();

/// The local grid restricted to one access pattern: the pattern column keeps both levels but
/// holds a single one (a predictor with a single distinct value, as in a cross-validation fold).
Dataset singlePatternDataset();

/// syntheticDataset(11, 50) with every row twice.
Dataset duplicatedDataset();

/// A dataset by its test-row name: "local" and "tiered" (metric = the Metric), "synthetic" and
/// "ties" (metric = the seed), "single pattern", "duplicated" or "level ties".
Dataset namedDataset(const QString& name, int metric);

/// Rows to predict besides the training rows: perturbed numeric values, reassigned levels (often
/// a level absent from a node) and some NaN cells (rpart sends those to the larger child).
Eigen::MatrixXd probeRows(const Dataset& data, unsigned seed);

/// A CART with minsplit and cp set, fitted on data.
Cart fitted(const Dataset& data, int minSplit, double cp);

/// Bitwise equality of two trees, field by field; empty if equal, else the first difference.
QString compareExactly(const CartTree& a, const CartTree& b);

/// Growth inputs of a dataset for growCartTree.
std::vector<int> levelCountsOf(const FeatureSchema& schema);

/// cp values worth checking: a grid, and exactly the complexity of every split of the cp = 0
/// tree (the boundaries of rpart's cp table, where ties are decided).
std::vector<double> cpsToCheck(const Dataset& data, int minSplit);

} // namespace iolens::test
