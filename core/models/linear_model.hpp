// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/interaction_design.hpp"
#include "models/regressor.hpp"

namespace iolens::core {

/// Parameters of the linear regression model.
struct LinearModelParams {
    /// Highest interaction order: 1 = main effects only, 2 = all pairwise products (the paper's
    /// "LRM with interactions", R formula y ~ .^2). Range 1..4.
    int degree = 2;
};

/// Linear regression with interaction terms (ICPE'13 section 3.1; ALGORITHMS.md section 1):
/// ordinary least squares on the design of R's `y ~ .^degree` by pivoted Householder QR, with
/// aliased columns dropped exactly as R's lm does (their coefficient is NA there, 0 here).
class LinearModel final : public Regressor {
public:
    static constexpr const char* kTechnique = "lm";

    std::string technique() const override { return kTechnique; }
    std::vector<ParamSpec> paramSpecs() const override;
    ParamValues parameters() const override;
    void setParameters(const ParamValues& values) override;

    FitReport fit(const Dataset& data) override;
    Eigen::VectorXd predict(const Eigen::MatrixXd& x) const override;
    bool isFitted() const override { return m_fitted; }

    std::string describe() const override;
    nlohmann::json saveState() const override;
    void loadState(const nlohmann::json& state, const FeatureSchema& schema) override;
    std::unique_ptr<Regressor> clone() const override;

    /// Design column names in R's order, "(Intercept)" first.
    const std::vector<std::string>& termNames() const { return m_design.names(); }
    /// Coefficients per design column (0 where aliased).
    const Eigen::VectorXd& coefficients() const { return m_coefficients; }
    /// True where R's lm would report NA.
    const std::vector<bool>& aliased() const { return m_aliased; }

private:
    LinearModelParams m_params;
    InteractionDesign m_design;
    Eigen::VectorXd m_coefficients;
    std::vector<bool> m_aliased;
    bool m_fitted = false;
};

} // namespace iolens::core
