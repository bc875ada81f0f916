// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/elastic_net_cv.hpp"
#include "models/interaction_design.hpp"
#include "models/regressor.hpp"

namespace iolens::core {

/// Which penalty a PenalizedLinear model uses; it fixes the technique key and the mixing alpha.
enum class Penalty {
    Lasso,      ///< "lasso": alpha = 1
    Ridge,      ///< "ridge": alpha = 0
    ElasticNet, ///< "enet": alpha is a parameter
};

/// Parameters of the regularised linear models, in glmnet's terms (ALGORITHMS.md section 7.1).
struct PenalizedLinearParams {
    /// Mixing of L1 and L2 penalty, 0..1 (glmnet alpha, sklearn l1_ratio). Fixed at 1 for lasso
    /// and 0 for ridge; a parameter (default 0.5, sklearn ElasticNet's) only for enet.
    double alpha = 1.0;
    /// Design: 1 = main effects only, 2 = plus all pairwise products (R's y ~ .^2, as lm),
    /// up to 4. Default 2: against degree 1 it lowered the 10-fold CV mean relative error of 6
    /// of the 8 lasso models of the shipped grids (4 metrics x 2 datasets, log response), e.g.
    /// fio-tiered tp_write 28 % vs 71 %; degree 3 beat it in 3 of 8, by little except one.
    int degree = 2;
    /// Length of the lambda path (glmnet nlambda), >= 1.
    int nlambda = 100;
    /// Smallest lambda as a fraction of lambda_max, 0..0.99; 0 = glmnet's default (1e-4 when
    /// rows >= design columns, else 0.01). glmnet lambda.min.ratio. Ridge defaults to 1e-7:
    /// its lambda_max is a thousand times the lasso's (glmnet divides by max(alpha, 1e-3)), and
    /// 1e-7 ends its path at the lasso's last lambda.
    double lambdaMinRatio = 0.0;
    /// Folds of the cross-validation that picks lambda (cv.glmnet nfolds), 3..100; capped at
    /// the number of rows.
    int folds = 10;
    /// A fixed lambda in response units (glmnet's reported lambda, sklearn Lasso's alpha), > 0;
    /// 0 = choose lambda by cross-validation.
    double lambda = 0.0;
    /// Lambda rule of the cross-validation: false = the minimum CV error (cv.glmnet lambda.min,
    /// sklearn LassoCV), true = the largest lambda within one standard error (lambda.1se).
    /// The minimum is the default because these models are judged by prediction error.
    bool oneStdError = false;
    /// Seed of the fold assignment; the same seed gives the same folds and the same model.
    int seed = 1;
    /// Convergence threshold of coordinate descent (glmnet thresh), 1e-30..1e-2.
    double thresh = 1e-7;
};

/// Lasso, ridge and elastic-net regression (ALGORITHMS.md section 7; the linear learners of
/// Inside-Out, seed 002 section IV-B) on the design of R's `y ~ .^degree` (factors as treatment
/// indicators, as lm): glmnet's coordinate descent on standardised columns over glmnet's lambda
/// path with warm starts, the intercept unpenalised, coefficients reported on the original
/// scale, lambda chosen by seeded k-fold cross-validation (or fixed).
///
/// Use it where lm overfits a wide interaction design: the penalty shrinks and (lasso, enet)
/// drops terms, and describe() lists the terms that stay. One class serves the three techniques
/// "lasso", "ridge" and "enet"; they differ only in alpha.
class PenalizedLinear final : public Regressor {
public:
    static constexpr const char* kLasso = "lasso";
    static constexpr const char* kRidge = "ridge";
    static constexpr const char* kElasticNet = "enet";

    explicit PenalizedLinear(Penalty penalty);

    std::string technique() const override;
    std::vector<ParamSpec> paramSpecs() const override;
    ParamValues parameters() const override;
    void setParameters(const ParamValues& values) override;

    /// Fits on data.x (n x p) and data.y (n). Throws DataError for fewer than 3 rows or a
    /// non-finite value. A constant response gives the mean and a warning; running out of
    /// coordinate-descent passes, or lambda at an end of the path, gives a warning.
    /// Cost: (folds + 1) path fits, each O(n q^2 + passes q^2) for q design columns.
    FitReport fit(const Dataset& data) override;
    /// intercept + design(x) slopes for x (m x p); throws StateError before fit().
    Eigen::VectorXd predict(const Eigen::MatrixXd& x) const override;
    bool isFitted() const override { return m_fitted; }

    /// The chosen lambda and how, and the non-zero coefficients by term name.
    std::string describe() const override;
    nlohmann::json saveState() const override;
    void loadState(const nlohmann::json& state, const FeatureSchema& schema) override;
    std::unique_ptr<Regressor> clone() const override;

    const PenalizedLinearParams& params() const { return m_params; }
    /// Design column names without the intercept, in InteractionDesign's order.
    std::vector<std::string> termNames() const;
    double intercept() const { return m_intercept; }
    /// Slopes per design column (without the intercept), original scale.
    const Eigen::VectorXd& slopes() const { return m_slopes; }
    /// The lambda of the fit (y units).
    double lambda() const { return m_lambda; }

private:
    Penalty m_penalty;
    PenalizedLinearParams m_params;
    InteractionDesign m_design;
    double m_intercept = 0.0;
    Eigen::VectorXd m_slopes;
    double m_lambda = 0.0;
    double m_lambdaMax = 0.0;
    double m_cvError = -1.0; ///< CV mean squared error at the chosen lambda; < 0 if fixed
    bool m_fitted = false;
};

} // namespace iolens::core
