// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/cubist.hpp"
#include "models/regressor.hpp"

namespace iolens::core {

/// Parameters of M5.
struct M5Params {
    /// Largest number of rules (leaves of the pruned model tree). Paper: nsplits, standard 100,
    /// range [2, inf) (searched over [2, 400]); R: cubistControl(rules).
    int rules = 100;
};

/// M5 model trees, expressed as rules (ICPE'13 section 3.4; Quinlan 1992). As in the paper's R
/// code this is Cubist with one committee member and no instance correction (ALGORITHMS.md 4.1):
/// splits maximise the reduction of the standard deviation, every node gets a simplified linear
/// model, models are smoothed towards their ancestors, and subtrees are collapsed while M5's
/// complexity-adjusted error (1/n) sum|y - f| (n+p)/(n-p) does not grow. A thin wrapper over
/// Cubist with the single parameter nsplits.
class M5 final : public Regressor {
public:
    static constexpr const char* kTechnique = "m5";

    M5() = default;
    /// Precondition: params.rules >= 2.
    explicit M5(const M5Params& params) { m_cubist.setParams(toCubist(params)); }

    std::string technique() const override { return kTechnique; }
    std::vector<ParamSpec> paramSpecs() const override;
    ParamValues parameters() const override;
    void setParameters(const ParamValues& values) override;

    /// As Cubist::fit.
    FitReport fit(const Dataset& data) override { return m_cubist.fit(data); }
    Eigen::VectorXd predict(const Eigen::MatrixXd& x) const override { return m_cubist.predict(x); }
    bool isFitted() const override { return m_cubist.isFitted(); }

    std::string describe() const override;
    nlohmann::json saveState() const override { return m_cubist.saveState(); }
    void loadState(const nlohmann::json& state, const FeatureSchema& schema) override
    {
        m_cubist.loadState(state, schema);
    }
    std::unique_ptr<Regressor> clone() const override { return std::make_unique<M5>(*this); }

    /// The underlying Cubist model (one member, no neighbours), e.g. to draw its rules.
    const Cubist& cubist() const { return m_cubist; }

private:
    static CubistParams toCubist(const M5Params& params);

    Cubist m_cubist;
};

} // namespace iolens::core
