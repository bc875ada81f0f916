// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/cart_growth.hpp"
#include "models/regressor.hpp"

#include <cstdint>

namespace iolens::core {

/// Parameters of a random forest, with R randomForest's regression defaults (ALGORITHMS.md 5.1).
struct ForestParams {
    /// Number of trees, >= 1. R `ntree`.
    int trees = 500;
    /// Columns drawn at random (without replacement) and searched at each split, >= 1; 0 means
    /// R's default for regression, max(floor(p / 3), 1). A value above p acts as p (R resets it
    /// the same way, with a warning). R `mtry`; scikit-learn `max_features` (as a count).
    int mtry = 0;
    /// A node with at most this many rows is not split (leaves keep 1..nodesize rows), >= 1.
    /// R `nodesize`; in scikit-learn terms min_samples_split = nodesize + 1, min_samples_leaf = 1.
    int nodeSize = 5;
    /// Each tree on a bootstrap sample of the n rows (R replace = TRUE, sampsize = n); false:
    /// every tree on all rows, so the trees differ only by their column draws.
    bool bootstrap = true;
    /// Seed of the bootstrap samples and column draws (std::mt19937_64), 0..2^53.
    std::uint64_t seed = 1;
};

/// Random forest regression (Breiman 2001) with R randomForest's semantics (ALGORITHMS.md 5.1):
/// unpruned least-squares trees on bootstrap samples, mtry random columns searched per split,
/// nodes of <= nodesize rows left as leaves, prediction = mean of the trees. The trees are grown
/// by the CART grower with a per-node column draw (growForest), in parallel; a seed gives the
/// same forest for any thread count. fit() also computes the out-of-bag error and the variable
/// importance (randomForest's IncNodePurity).
///
/// Use it as a low-variance, tuning-light nonlinear model; the what-if answers are step
/// functions like CART's, averaged over many trees.
class RandomForest final : public Regressor {
public:
    static constexpr const char* kTechnique = "rf";

    RandomForest() = default;
    explicit RandomForest(const ForestParams& params)
        : m_params(params)
    {
    }

    std::string technique() const override { return kTechnique; }
    std::vector<ParamSpec> paramSpecs() const override;
    ParamValues parameters() const override;
    void setParameters(const ParamValues& values) override;

    /// Grows the forest on data.x (n x p) and data.y (n). Throws DataError for mismatched shapes,
    /// no row, a non-finite response or predictor, an invalid level index. A constant response or
    /// n <= nodesize gives single-leaf trees and a warning; mtry > p a warning.
    /// Cost: trees x (p n log n + growth), spread over the OpenMP threads.
    FitReport fit(const Dataset& data) override;
    /// Mean of the trees' predictions for x (m x p). Throws StateError before fit(), DataError for
    /// a wrong column count or an invalid level index. O(trees m depth).
    Eigen::VectorXd predict(const Eigen::MatrixXd& x) const override;
    bool isFitted() const override { return !m_trees.empty(); }

    /// Trees, mtry used, leaves per tree, out-of-bag RMSE and variance explained, importance.
    std::string describe() const override;
    nlohmann::json saveState() const override;
    /// Restores a forest written by saveState(); throws DataError if it does not fit `schema` or
    /// the current parameters, or is malformed.
    void loadState(const nlohmann::json& state, const FeatureSchema& schema) override;
    std::unique_ptr<Regressor> clone() const override;

    const ForestParams& params() const { return m_params; }
    const std::vector<CartTree>& trees() const { return m_trees; }
    /// Columns searched per split in the fit (mtry resolved against p).
    int mtryUsed() const { return m_mtryUsed; }
    /// Out-of-bag RMSE and 1 - MSE / (TSS / n), as R's mse and rsq of the last tree; NaN without
    /// bootstrap or when no row was ever out of bag.
    double outOfBagRmse() const { return m_oobRmse; }
    double outOfBagRSquared() const { return m_oobRSquared; }
    /// Per feature: deviance removed by its splits, averaged over the trees (IncNodePurity).
    const std::vector<double>& importance() const { return m_importance; }

private:
    void setOutOfBag(const Eigen::VectorXd& outOfBag, const Eigen::VectorXd& y);

    ForestParams m_params;
    FeatureSchema m_schema;
    std::vector<CartTree> m_trees;
    std::vector<double> m_importance;
    int m_mtryUsed = 0;
    double m_oobRmse = 0.0;
    double m_oobRSquared = 0.0;
};

} // namespace iolens::core
