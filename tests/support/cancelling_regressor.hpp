// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/linear_model.hpp"

#include <atomic>
#include <memory>

namespace iolens::test {

/// lm that counts its fits and, from the `cancelAt`-th fit on, sets a cancel flag: what the
/// window does when other data is opened while a cross-validation's folds run. Clones share the
/// counter and the flag, as the folds' models do.
class CancellingRegressor final : public core::Regressor {
public:
    CancellingRegressor(
        std::shared_ptr<std::atomic<int>> fits, std::atomic<bool>* cancel, int cancelAt)
        : m_fits(std::move(fits))
        , m_cancel(cancel)
        , m_cancelAt(cancelAt)
    {
    }
    std::string technique() const override { return m_model.technique(); }
    std::vector<core::ParamSpec> paramSpecs() const override { return m_model.paramSpecs(); }
    core::ParamValues parameters() const override { return m_model.parameters(); }
    void setParameters(const core::ParamValues& values) override { m_model.setParameters(values); }
    core::FitReport fit(const core::Dataset& data) override
    {
        if (m_fits->fetch_add(1) + 1 >= m_cancelAt)
            m_cancel->store(true);
        return m_model.fit(data);
    }
    Eigen::VectorXd predict(const Eigen::MatrixXd& x) const override { return m_model.predict(x); }
    bool isFitted() const override { return m_model.isFitted(); }
    std::string describe() const override { return m_model.describe(); }
    nlohmann::json saveState() const override { return m_model.saveState(); }
    void loadState(const nlohmann::json& state, const core::FeatureSchema& schema) override
    {
        m_model.loadState(state, schema);
    }
    std::unique_ptr<core::Regressor> clone() const override
    {
        return std::make_unique<CancellingRegressor>(*this);
    }

private:
    core::LinearModel m_model;
    std::shared_ptr<std::atomic<int>> m_fits;
    std::atomic<bool>* m_cancel;
    int m_cancelAt;
};

} // namespace iolens::test
