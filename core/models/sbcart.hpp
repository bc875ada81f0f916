// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/cart.hpp"
#include "models/regressor.hpp"

#include <cstdint>

namespace iolens::core {

/// How SBCART scores a tree on the training set (the paper's error(M_i)).
enum class SbcartError {
    /// (1/d) sum |M_i(x_j) - y_j| / y_j: the paper's formula, for a positive response on its own
    /// scale (fit with log_response=0). Fitting throws DataError if some y <= 0.
    MeanRelative = 0,
    /// sum |M_i(x_j) - y_j| / sum |y_j - mean(y)|: scale-free and defined for any response,
    /// including log(metric), which iolens fits by default (ALGORITHMS.md section 6's
    /// alternative). It ranks the trees exactly as the mean absolute error does.
    RelativeAbsolute = 1,
};

/// Parameters of SBCART; the defaults are the paper's experiments (section 3.3: k = 20, pruning
/// proportion 50 %, Nmin = 10) except `error` (see SbcartError).
struct SbcartParams {
    /// Number of bagged trees k, >= 1. Paper: k.
    int trees = 20;
    /// Share of the k trees kept after ordering by error, 0 < keep <= 1; m = max(1, ceil(keep k))
    /// trees are kept. Paper: "the first 20%-50%" (small for a large k, large for a small k).
    double keep = 0.5;
    /// CART of every tree. The paper's CART stops splitting "when the number of instances in the
    /// node is less than Nmin" = rpart minsplit (10), without cost-complexity pruning (cp 0).
    CartParams cart {10, 0.0};
    /// Training-set error that orders and weights the trees.
    SbcartError error = SbcartError::RelativeAbsolute;
    /// Seed of the bootstrap samples (std::mt19937_64), 0..2^53.
    std::uint64_t seed = 1;
};

/// SBCART, selective bagging of CART trees (Zhang, Liu, Zhang, Jiang: "Storage Device Performance
/// Prediction with SBCART Models", section 2.3; ALGORITHMS.md section 6):
///   1. k CART trees, tree i fitted on the distinct rows of a bootstrap sample D_i;
///   2. each scored by error(M_i) on the whole training set;
///   3. ordered by error, ascending; the first m = max(1, ceil(keep x k)) kept;
///   4. prediction = sum_i W_i M_i(x), W_i = log((1 - e_i) / e_i + 1) normalised to sum 1.
/// The interpretations where the paper is ambiguous are listed in sbcart.cpp.
///
/// Use it where CART's instability shows (a few rows more or less change the tree, the paper's
/// Figure 5): the kept trees average it out, at a fraction of bagging's storage.
class Sbcart final : public Regressor {
public:
    static constexpr const char* kTechnique = "sbcart";

    Sbcart() = default;
    explicit Sbcart(const SbcartParams& params)
        : m_params(params)
    {
    }

    std::string technique() const override { return kTechnique; }
    std::vector<ParamSpec> paramSpecs() const override;
    ParamValues parameters() const override;
    void setParameters(const ParamValues& values) override;

    /// Fits the k trees on data.x (n x p) and data.y (n), scores, selects and weights them.
    /// Throws DataError for mismatched shapes, no row, a non-finite response or predictor, an
    /// invalid level index, and for error = MeanRelative with a response <= 0. Degenerate data
    /// (constant response, fewer rows than minsplit, every tree's error >= 1) gives a model and a
    /// warning. Cost: k x (CART fit + prediction of the n rows).
    FitReport fit(const Dataset& data) override;
    /// Weighted sum of the kept trees' predictions for x (m x p). Throws StateError before fit(),
    /// DataError for a wrong column count or an invalid level index. O(kept x m x depth).
    Eigen::VectorXd predict(const Eigen::MatrixXd& x) const override;
    bool isFitted() const override { return !m_kept.empty(); }

    /// The kept trees with their errors and weights, the spread of all k errors, importance.
    std::string describe() const override;
    /// The kept trees only (the point of the selection: storage), their errors and weights.
    nlohmann::json saveState() const override;
    void loadState(const nlohmann::json& state, const FeatureSchema& schema) override;
    std::unique_ptr<Regressor> clone() const override;

    /// One tree that survived the selection, in ascending order of error.
    struct KeptTree {
        int sample = 0;      ///< index of its bootstrap sample, 0..k-1
        double error = 0.0;  ///< error(M_i) on the training set
        double weight = 0.0; ///< normalised W_i
    };
    const SbcartParams& params() const { return m_params; }
    const std::vector<KeptTree>& kept() const { return m_kept; }
    const std::vector<Cart>& keptTrees() const { return m_trees; }
    /// error(M_i) of all k trees, in sample order.
    const std::vector<double>& sampleErrors() const { return m_sampleErrors; }

private:
    SbcartParams m_params;
    FeatureSchema m_schema;
    std::vector<KeptTree> m_kept;
    std::vector<Cart> m_trees; ///< alongside m_kept
    std::vector<double> m_sampleErrors;
};

} // namespace iolens::core
