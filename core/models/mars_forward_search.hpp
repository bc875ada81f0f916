// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Internal to MarsForwardPass: the forward search itself.

#include "models/mars_forward_pass.hpp"

namespace iolens::core::detail {

/// earth's MIN_GRSQ: a forward step whose GRSq falls below it ends the forward pass.
inline constexpr double kMinGrsq = -10.0;

/// Everything a forward pass records (see MarsForwardPass for the meaning).
struct ForwardRecord {
    std::vector<MarsForwardStep> steps;
    std::vector<MarsTerm> slotTerms;          // one per slot, slot 0 = intercept
    std::vector<Eigen::VectorXd> slotColumns; // B_m on the training rows; empty if unused
    MarsStopReason stopReason = MarsStopReason::NoImprovingTerm;
};

/// Runs the forward pass; preconditions as MarsForwardPass::run.
ForwardRecord searchForward(const Eigen::MatrixXd& predictors, const Eigen::VectorXd& y,
    const MarsForwardSettings& settings);

} // namespace iolens::core::detail
