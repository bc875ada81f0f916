// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/mars_forward_pass.hpp"

#include "common/error.hpp"
#include "data/csv_table.hpp"
#include "models/mars_forward_search.hpp"
#include "models/pivoted_qr.hpp"

namespace iolens::core {

namespace {

constexpr double kDependenceTolerance = 1e-8; // earth QR_TOL in RegressAndFix

} // namespace

MarsForwardPass MarsForwardPass::run(const Eigen::MatrixXd& predictors, const Eigen::VectorXd& y,
    const MarsForwardSettings& settings)
{
    if (predictors.rows() != y.size() || predictors.rows() < 2 || predictors.cols() < 1)
        throw DataError("MarsForwardPass::run: predictors are " + std::to_string(predictors.rows())
            + " x " + std::to_string(predictors.cols()) + ", y has " + std::to_string(y.size())
            + " values; need n >= 2 rows, p >= 1");
    if (settings.degree < 1 || settings.maxTerms < 1 || settings.maxTerms > 1000
        || !(settings.threshold >= 0.0 && settings.threshold < 1.0) || settings.penalty < 0.0
        || settings.fastBeta < 0.0)
        throw ConfigError("MarsForwardPass::run: settings out of range (degree "
            + std::to_string(settings.degree) + ", nk " + std::to_string(settings.maxTerms)
            + ", thresh " + formatNumber(settings.threshold) + ")");
    detail::ForwardRecord record = detail::searchForward(predictors, y, settings);
    MarsForwardPass pass;
    pass.m_settings = settings;
    pass.m_steps = std::move(record.steps);
    pass.m_slotTerms = std::move(record.slotTerms);
    pass.m_slotColumns = std::move(record.slotColumns);
    pass.m_stopReason = record.stopReason;
    return pass;
}

MarsForwardPass::Prefix MarsForwardPass::prefix(int maxTerms, double threshold) const
{
    if (maxTerms > m_settings.maxTerms || threshold < m_settings.threshold)
        throw ConfigError("MarsForwardPass::prefix: nk " + std::to_string(maxTerms) + " and thresh "
            + formatNumber(threshold) + " are outside the pass run with nk "
            + std::to_string(m_settings.maxTerms) + " and thresh "
            + formatNumber(m_settings.threshold));
    if (maxTerms < 3)
        return {0, MarsStopReason::ReachedMaxTerms};
    // Replays the stop tests of the forward loop on the recorded steps, in the same order.
    for (std::size_t k = 0; k < m_steps.size(); ++k) {
        const MarsForwardStep& step = m_steps[k];
        const int kept = static_cast<int>(k);
        if (threshold != 0.0 && step.rSquaredGain < threshold)
            return {kept, MarsStopReason::SmallRsqGain};
        if (threshold != 0.0 && step.grsq < detail::kMinGrsq)
            return {kept, MarsStopReason::GrsqTooLow};
        if (step.rSquared >= 1.0 - threshold)
            return {kept + 1, MarsStopReason::RsqReachedMax};
        if (step.slot + 2 >= maxTerms - 1)
            return {kept + 1, MarsStopReason::ReachedMaxTerms};
    }
    return {static_cast<int>(m_steps.size()), m_stopReason};
}

MarsForwardPass::Basis MarsForwardPass::basis(int steps) const
{
    if (steps < 0 || steps > static_cast<int>(m_steps.size()))
        throw ConfigError("MarsForwardPass::basis: " + std::to_string(steps)
            + " steps requested, the pass has " + std::to_string(m_steps.size()));
    const std::size_t slots = 1 + 2 * static_cast<std::size_t>(steps);
    std::vector<std::size_t> used;
    for (std::size_t s = 0; s < slots; ++s)
        if (m_slotColumns[s].size() > 0)
            used.push_back(s);
    const Eigen::Index n = m_slotColumns.front().size();
    Eigen::MatrixXd columns(n, static_cast<Eigen::Index>(used.size()));
    for (std::size_t j = 0; j < used.size(); ++j)
        columns.col(static_cast<Eigen::Index>(j)) = m_slotColumns[used[j]];
    // Only the pivoting matters here; dqrdc2 judges each column against the earlier kept ones,
    // so the terms dropped for a prefix are the dropped terms of the longer pass.
    const LeastSquaresFit fit
        = fitLeastSquares(columns, Eigen::VectorXd::Zero(n), kDependenceTolerance);
    Basis basis;
    basis.forwardTerms = static_cast<int>(used.size());
    basis.columns.resize(n, fit.rank);
    for (std::size_t j = 0; j < used.size(); ++j) {
        if (fit.aliased[j])
            continue;
        basis.columns.col(static_cast<Eigen::Index>(basis.terms.size()))
            = columns.col(static_cast<Eigen::Index>(j));
        basis.terms.push_back(m_slotTerms[used[j]]);
    }
    return basis;
}

std::string describeStopReason(MarsStopReason reason, double threshold, int maxTerms, int terms)
{
    const std::string at = " at " + std::to_string(terms) + " terms";
    switch (reason) {
    case MarsStopReason::GrsqTooLow:
        return "Reached minimum GRSq -10" + at;
    case MarsStopReason::SmallRsqGain:
        return "RSq changed by less than " + formatNumber(threshold) + at;
    case MarsStopReason::RsqReachedMax:
        return "Reached maximum RSq " + formatNumber(1 - threshold) + at;
    case MarsStopReason::NoImprovingTerm:
        return "No new term increases RSq" + at;
    case MarsStopReason::ReachedMaxTerms:
        return "Reached nk " + std::to_string(maxTerms);
    }
    return {};
}

} // namespace iolens::core
