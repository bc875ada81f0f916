// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/elastic_net_cv.hpp"
#include "models/feature_filter.hpp"

#include <Eigen/Dense>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace iolens::core {

/// Parameters of the Inside-Out two-level learner (seed 002 Algorithm 1; ALGORITHMS.md 8).
struct InsideOutParams {
    /// Level 1: the model whose importances filter the features (paper: Ridge; its comparison
    /// variants Auto-DTL: decision tree, Auto-RFL: random forest).
    FeatureFilter filter = FeatureFilter::Ridge;
    /// The threshold grid of Algorithm 1 line 1 ({alpha_1..alpha_N}): alpha_i =
    /// thresholdMax x i / (thresholdSteps - 1), i = 0..thresholdSteps-1 (just thresholdMax when
    /// thresholdSteps = 1). A feature is kept if its importance >= alpha x median importance.
    /// thresholdMax >= 0; the default grid {0, 0.25, ..., 2} runs from "every feature the filter
    /// uses" to "twice the median".
    double thresholdMax = 2.0;
    int thresholdSteps = 9;
    /// k of the k-fold cross-validation (Algorithm 1 line 4) that scores each threshold, and that
    /// chooses lambda for ridge and lasso; 3 <= folds <= rows.
    int folds = 10;
    /// Seed of the fold assignment (one assignment serves every threshold and both levels).
    std::uint64_t seed = 1;
    /// Path settings of both levels (alpha is set per level: 0 for ridge, 1 for lasso).
    ElasticNetOptions path;
    /// Lambda rule of the level-2 lasso; the ridge filter always takes the CV minimum.
    LambdaRule rule = LambdaRule::Minimum;
};

/// One evaluated threshold of the grid search.
struct ThresholdScore {
    double threshold = 0.0;
    int kept = 0;       ///< features kept by the filter
    double cvMse = 0.0; ///< lasso's cross-validated mean squared error at its chosen lambda
};

/// The Inside-Out two-level learner (Hsu et al., seed 002 sections IV-C and Algorithm 1): a
/// filter model (ridge) ranks the features, the features at or above alpha x median importance
/// are kept, and a lasso on the kept ones is the prediction model; alpha is chosen from a grid
/// by k-fold cross-validation (lowest CV mean squared error; the paper's "maximum score").
/// As in Algorithm 1 the filter is fitted once on all training rows and the cross-validation
/// scores only the lasso. If no feature survives, the model is the mean of y.
///
/// It works on a plain matrix with column names, because its features are not configurations:
/// the paper's are low-level node metrics (LowLevelFeatureTable); InsideOutRegressor wraps it
/// for configuration designs.
class InsideOutModel {
public:
    /// Fits on x (n x p) with column names (p) and y (n). Throws DataError for mismatched shapes,
    /// a non-finite value or n < 3, ConfigError for invalid parameters.
    /// Cost: the filter ((folds + 1) ridge paths, one tree or 500) plus, per distinct kept set,
    /// folds + 1 lasso paths.
    static InsideOutModel fit(const Eigen::MatrixXd& x, const Eigen::VectorXd& y,
        const std::vector<std::string>& names, const InsideOutParams& params);

    /// Predictions for x (m x p, the columns of fit); m values.
    Eigen::VectorXd predict(const Eigen::MatrixXd& x) const;

    /// Threshold, kept features with importance, lasso lambda and non-zero coefficients.
    std::string describe() const;
    nlohmann::json toJson() const;
    /// Throws DataError for a malformed state.
    static InsideOutModel fromJson(const nlohmann::json& json);

    const std::vector<std::string>& names() const { return m_names; }
    const Eigen::VectorXd& importance() const { return m_importance; }
    double threshold() const { return m_threshold; }
    /// Indices of the kept features (ascending).
    const std::vector<Eigen::Index>& kept() const { return m_kept; }
    double lambda() const { return m_lambda; }
    double intercept() const { return m_intercept; }
    /// Lasso slopes of the kept features, original scale (kept().size() values).
    const Eigen::VectorXd& slopes() const { return m_slopes; }
    const std::vector<ThresholdScore>& grid() const { return m_grid; }

private:
    FeatureFilter m_filter = FeatureFilter::Ridge;
    std::vector<std::string> m_names;
    Eigen::VectorXd m_importance;
    double m_threshold = 0.0;
    std::vector<Eigen::Index> m_kept;
    double m_lambda = 0.0;
    double m_intercept = 0.0;
    Eigen::VectorXd m_slopes;
    std::vector<ThresholdScore> m_grid;
};

/// Out-of-fold predictions of the whole two-level learner (filter, threshold search and lasso
/// refitted per fold): params.folds folds of a seeded shuffle (FoldAssignment, params.seed); the
/// inner cross-validation of each fit uses min(params.folds, training rows) folds. n values.
/// Cost: folds x InsideOutModel::fit.
Eigen::VectorXd crossValidatedPredictions(const Eigen::MatrixXd& x, const Eigen::VectorXd& y,
    const std::vector<std::string>& names, const InsideOutParams& params);

/// The thresholds of InsideOutParams' grid, ascending.
std::vector<double> thresholdGrid(const InsideOutParams& params);

/// The paper's accuracy (eq. 1): max(1 - MAPE, 0), MAPE = mean |(y - yhat) / y|.
/// Shapes: equal lengths >= 1; throws DataError for a measured value of 0.
double insideOutAccuracy(const Eigen::VectorXd& predicted, const Eigen::VectorXd& measured);

} // namespace iolens::core
