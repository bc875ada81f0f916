// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/cart.hpp"
#include "models/regressor.hpp"

#include <cstdint>

namespace iolens::core {

/// Parameters of bagged CART, with the defaults of R ipred's bagging (nbagg = 25 trees of
/// rpart.control(minsplit = 2, cp = 0, xval = 0): large trees, whose variance bagging averages).
struct BaggingParams {
    /// Number of trees B, >= 1. ipred `nbagg`.
    int trees = 25;
    /// CART parameters of every tree (rpart minsplit >= 2, 0 <= cp < 1; see CartParams).
    CartParams cart {2, 0.0};
    /// Seed of the bootstrap samples (std::mt19937_64), 0..2^53.
    std::uint64_t seed = 1;
};

/// Bagging of regression trees (Breiman 1996, "Bagging predictors"): B CART trees (rpart
/// semantics, core/models/cart), each fitted on a bootstrap sample of the training rows (n draws
/// with replacement, a row drawn twice is used twice); the prediction is the mean of the trees'.
/// Trees are fitted in parallel; a seed gives the same ensemble for any thread count.
///
/// Use it to steady CART: averaging removes most of the variance of a large tree. SBCART (Sbcart)
/// is the selective, weighted variant of the SBCART paper; RandomForest adds feature sampling.
class BaggedCart final : public Regressor {
public:
    static constexpr const char* kTechnique = "bagging";

    BaggedCart() = default;
    explicit BaggedCart(const BaggingParams& params)
        : m_params(params)
    {
    }

    std::string technique() const override { return kTechnique; }
    std::vector<ParamSpec> paramSpecs() const override;
    ParamValues parameters() const override;
    void setParameters(const ParamValues& values) override;

    /// Fits the B trees on data.x (n x p) and data.y (n). Throws DataError for mismatched shapes,
    /// no row, a non-finite response or predictor, an invalid level index. A constant response
    /// or fewer rows than minsplit gives single-leaf trees, reported as a warning.
    /// Cost: B x CART fit on n rows.
    FitReport fit(const Dataset& data) override;
    /// Mean of the trees' predictions for x (m x p). Throws StateError before fit(), DataError
    /// for a wrong column count or an invalid level index. O(B m depth).
    Eigen::VectorXd predict(const Eigen::MatrixXd& x) const override;
    bool isFitted() const override { return !m_trees.empty(); }

    std::string describe() const override;
    nlohmann::json saveState() const override;
    /// Restores trees written by saveState(); throws DataError if they do not fit `schema` or the
    /// current parameters, or are malformed.
    void loadState(const nlohmann::json& state, const FeatureSchema& schema) override;
    std::unique_ptr<Regressor> clone() const override;

    const BaggingParams& params() const { return m_params; }
    /// The fitted trees, in the order of their bootstrap samples.
    const std::vector<Cart>& trees() const { return m_trees; }

private:
    BaggingParams m_params;
    FeatureSchema m_schema;
    std::vector<Cart> m_trees;
};

} // namespace iolens::core
