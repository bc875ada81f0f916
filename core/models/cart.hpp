// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/cart_growth.hpp"
#include "models/regressor.hpp"

namespace iolens::core {

/// Parameters of a CART regression tree, with R rpart's defaults.
struct CartParams {
    /// Smallest node (training rows) that is still split. Children keep at least
    /// minBucket() = round(minSplit / 3) rows, as rpart.control sets minbucket.
    /// Range >= 2. R rpart `minsplit`; ICPE'13 Table 2 "minsplit".
    int minSplit = 20;
    /// Complexity parameter: every split kept must lower the training deviance (residual sum of
    /// squares) by more than cp x deviance of the root; pruning is cost-complexity pruning at
    /// alpha = cp x root deviance. Range 0 <= cp < 1. R rpart `cp`; ICPE'13 Table 2 "cp".
    double cp = 0.01;

    /// rpart's minbucket: round(minSplit / 3) (half to even, like R's round).
    int minBucket() const;
};

/// Regression tree, R rpart with method "anova" (ICPE'13 section 3.3; ALGORITHMS.md section 3):
/// binary splits chosen to minimise the residual sum of squares, numeric predictors cut at
/// midpoints, categorical predictors (scheduler, pattern) split natively into two level sets,
/// growth and cost-complexity pruning controlled by minsplit and cp. With the same minsplit and
/// cp it grows the same tree as rpart (rpart.control(xval = 0); surrogates only matter for NA).
///
/// Use it when an interpretable step-function model is wanted: describe() prints the tree as
/// rules. fit() grows the cp = 0 tree once and derives the tree for cp from it, so
/// predictAtCp() answers for any other cp without refitting: cp is a free dimension for the
/// parameter optimizer (ALGORITHMS.md section 3.4).
class Cart final : public Regressor {
public:
    static constexpr const char* kTechnique = "cart";

    Cart() = default;
    explicit Cart(const CartParams& params)
        : m_params(params)
    {
    }

    std::string technique() const override { return kTechnique; }
    std::vector<ParamSpec> paramSpecs() const override;
    ParamValues parameters() const override;
    void setParameters(const ParamValues& values) override;

    /// Grows the tree on data.x (n x p, p = data.schema.size()) and data.y (n). Rows whose
    /// response is NaN are left out with a warning (as rpart's na.rpart does). Throws DataError
    /// for mismatched shapes, no usable row, an infinite response, a non-finite predictor value
    /// (rpart's surrogate splits for NA are not implemented) or an invalid level index.
    /// A constant response, or fewer rows than minsplit, gives a single-leaf tree and a warning.
    /// Cost: O(p n log n + p n depth) with the depth of the cp = 0 tree.
    FitReport fit(const Dataset& data) override;
    /// Leaf means for the rows of x (m x p). A NaN value, or a level that did not occur in a
    /// node's training rows, follows the child with more training rows (rpart's usesurrogate = 2
    /// without surrogates); on a tie the node's own mean is returned. Throws StateError before
    /// fit(), DataError for a wrong column count or a level index outside the schema.
    Eigen::VectorXd predict(const Eigen::MatrixXd& x) const override;
    bool isFitted() const override { return m_fitted; }

    /// Predictions of the tree this model would be with complexity parameter `cp` instead of
    /// its own (any 0 <= cp < 1, same minsplit and data), bit-identical to predict() after
    /// setParameters and fit() with that cp, without refitting: cp is a free dimension for the
    /// optimizer (ALGORITHMS.md 3.4). Cost O(nodes + m depth). The tree is rpart's tree at cp,
    /// which is not always prune.rpart of a larger tree (see pruneCartTree). Throws StateError
    /// before fit(), ConfigError for cp outside [0, 1), as predict() otherwise.
    Eigen::VectorXd predictAtCp(const Eigen::MatrixXd& x, double cp) const;

    /// Rules and the tree outline, for a person.
    std::string describe() const override;
    nlohmann::json saveState() const override;
    /// Restores a tree written by saveState(); throws DataError if it does not fit `schema` or
    /// the current parameters, or is malformed.
    void loadState(const nlohmann::json& state, const FeatureSchema& schema) override;
    std::unique_ptr<Regressor> clone() const override;

    const CartParams& params() const { return m_params; }
    /// The fitted nodes in preorder (rpart's frame order); empty before fit().
    const std::vector<CartNode>& nodes() const { return m_tree.nodes; }
    /// Deviance of the root (the total sum of squares of the training response).
    double rootDeviance() const;
    /// rpart's frame$complexity of a node: its complexity / root deviance (NaN if that is 0).
    double scaledComplexity(std::size_t node) const;
    /// Number of splits of the fitted tree (leaves = splits + 1).
    int splitCount() const;

private:
    Eigen::VectorXd predictTree(
        const CartTree& tree, const Eigen::MatrixXd& x, const char* caller) const;
    std::string describeRules() const;
    std::string describeOutline() const;

    CartParams m_params;
    FeatureSchema m_schema;
    CartTree m_full; ///< grown with cp = 0: every cp's tree is derived from it
    CartTree m_tree; ///< the tree at m_params.cp (rpart's tree for these parameters)
    bool m_fitted = false;
};

} // namespace iolens::core
