// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/inside_out.hpp"
#include "models/interaction_design.hpp"
#include "models/regressor.hpp"

#include <optional>

namespace iolens::core {

/// The Inside-Out two-level learner as a technique ("insideout") for configuration data: the
/// design of R's `y ~ .^degree` (as lm; factors as indicators) is the feature matrix, with the
/// design column names as feature names, and InsideOutModel learns on it. The paper's own input,
/// low-level node metrics, does not fit a configuration Dataset; it goes to InsideOutModel
/// directly (LowLevelFeatureTable, `iolens-cli insideout`).
///
/// Parameters: filter (0 = ridge, the paper's Inside-Out; 1 = decision tree, Auto-DTL;
/// 2 = random forest, Auto-RFL),
/// threshold_max and threshold_steps (the alpha grid), degree, folds, seed, nlambda,
/// lambda_min_ratio, one_se, thresh (as for lasso).
class InsideOutRegressor final : public Regressor {
public:
    static constexpr const char* kTechnique = "insideout";

    std::string technique() const override { return kTechnique; }
    std::vector<ParamSpec> paramSpecs() const override;
    ParamValues parameters() const override;
    void setParameters(const ParamValues& values) override;

    /// Fits on data.x (n x p) and data.y (n); throws DataError for n < 3 or a non-finite value.
    /// Folds are capped at n. Cost: see InsideOutModel::fit, on the design columns.
    FitReport fit(const Dataset& data) override;
    Eigen::VectorXd predict(const Eigen::MatrixXd& x) const override;
    bool isFitted() const override { return m_model.has_value(); }

    std::string describe() const override;
    nlohmann::json saveState() const override;
    void loadState(const nlohmann::json& state, const FeatureSchema& schema) override;
    std::unique_ptr<Regressor> clone() const override;

    /// The fitted two-level model; precondition isFitted().
    const InsideOutModel& model() const { return *m_model; }

private:
    InsideOutParams m_params;
    int m_degree = 2;
    InteractionDesign m_design;
    std::optional<InsideOutModel> m_model;
};

} // namespace iolens::core
