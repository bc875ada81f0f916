// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/mars_term.hpp"

#include <Eigen/Dense>

#include <string>
#include <vector>

namespace iolens::core {

/// Settings of one MARS forward pass: the arguments of earth's ForwardPass that iolens uses.
/// Spans (minspan, endspan) are always earth's automatic ones; Adjust.endspan = 2.
struct MarsForwardSettings {
    /// Highest interaction order of a term, 1..10 (earth `degree`, Friedman's mi).
    int degree = 1;
    /// Term slots, intercept included, 3..1000 (earth `nk`, Friedman's Mmax). Every step uses two
    /// slots, so a pass ends with at most maxTerms terms and often fewer.
    int maxTerms = 21;
    /// 0 <= threshold < 1 (earth `thresh`): stop when RSq grows by less than this or reaches
    /// 1 - threshold. 0 disables both, giving the longest pass (see MarsForwardPass::prefix).
    double threshold = 0.001;
    /// GCV cost per knot, >= 0 (earth `penalty`, Friedman's d); only the GRSq stop uses it here.
    double penalty = 2.0;
    /// Parents examined per step, the Fast MARS queue length K (earth `fast.k`); <= 0: all.
    int fastK = 20;
    /// Ageing coefficient of the Fast MARS queue, >= 0 (earth `fast.beta`, Friedman's beta).
    double fastBeta = 1.0;
};

/// Why a forward pass stopped; the values are earth's `termcond` codes.
enum class MarsStopReason {
    GrsqTooLow = 3,      ///< GRSq fell below -10 (the step is discarded)
    SmallRsqGain = 4,    ///< RSq grew by less than the threshold (the step is discarded)
    RsqReachedMax = 5,   ///< RSq >= 1 - threshold
    NoImprovingTerm = 6, ///< no candidate reduces the RSS (numerical limits, constant y)
    ReachedMaxTerms = 7, ///< all term slots used ("Reached nk")
};

/// earth's wording, e.g. "RSq changed by less than 0.001 at 17 terms".
std::string describeStopReason(MarsStopReason reason, double threshold, int maxTerms, int terms);

/// What one forward step added (ALGORITHMS.md 2.3 steps 4-5).
struct MarsForwardStep {
    int slot = 0;              ///< slot of the first new term; a pair also fills slot + 1
    int parent = 0;            ///< slot of the parent term B_m
    int predictor = 0;         ///< predictor column v of the new factor
    double cut = 0.0;          ///< knot t (the predictor's minimum for a linear term)
    bool linear = false;       ///< added the single term B_m * x_v
    bool pair = false;         ///< added both hinges (otherwise slot + 1 stays unused)
    double gain = 0.0;         ///< RSS reduction on the standardised response
    double rSquared = 0.0;     ///< RSq after the step
    double rSquaredGain = 0.0; ///< earth's DeltaRSq
    double grsq = 0.0;         ///< 1 - GCV / GCV(intercept only) after the step
};

/// The MARS forward pass of R's earth (ALGORITHMS.md 2.3-2.4; Friedman 1991 and "Fast MARS" 1993):
/// greedily adds hinge pairs (or single linear terms) B_m * h(x_v - t), the parent B_m taken from
/// the Fast MARS queue, until a stop condition holds. The response is standardised first, as
/// earth's Scale.y does. Each (parent, predictor) pair costs O(n K) with K current terms, using
/// an orthonormal basis and Friedman's running-sum update over knots, so a step is
/// O(fastK p n K), not cubic in n.
///
/// The steps do not depend on maxTerms or threshold, which only decide where the pass stops: a
/// pass run with the largest maxTerms and threshold 0 holds every smaller (maxTerms, threshold)
/// pass as a prefix (ALGORITHMS.md 2.7). prefix() finds that prefix, basis() returns its terms.
class MarsForwardPass {
public:
    /// predictors: n x p, finite; y: n, finite. n >= 2, p >= 1, settings in range (the caller
    /// validates; violations throw ConfigError / DataError). A constant y gives no steps.
    static MarsForwardPass run(const Eigen::MatrixXd& predictors, const Eigen::VectorXd& y,
        const MarsForwardSettings& settings);

    /// Number of leading steps a pass with these settings keeps, and why it stops there.
    struct Prefix {
        int steps = 0;
        MarsStopReason reason = MarsStopReason::NoImprovingTerm;
    };
    /// The prefix for (maxTerms, threshold). Requires maxTerms <= settings().maxTerms and
    /// threshold >= settings().threshold (otherwise throws ConfigError). O(steps).
    Prefix prefix(int maxTerms, double threshold) const;

    /// The model basis after the first `steps` steps: the used terms in slot order (intercept
    /// first) without those linearly dependent on earlier ones (earth's RegressAndFix: pivoted
    /// QR, tolerance 1e-8). columns is n x terms.size(). O(n T^2) for T terms.
    struct Basis {
        std::vector<MarsTerm> terms;
        Eigen::MatrixXd columns;
        int forwardTerms = 0; ///< used terms before dropping dependent ones
    };
    Basis basis(int steps) const;

    const MarsForwardSettings& settings() const { return m_settings; }
    const std::vector<MarsForwardStep>& steps() const { return m_steps; }
    /// Why the pass itself stopped.
    MarsStopReason stopReason() const { return m_stopReason; }

private:
    MarsForwardSettings m_settings;
    std::vector<MarsForwardStep> m_steps;
    std::vector<MarsTerm> m_slotTerms;          // one per slot, slot 0 = intercept
    std::vector<Eigen::VectorXd> m_slotColumns; // B_m on the training rows; empty if unused
    MarsStopReason m_stopReason = MarsStopReason::NoImprovingTerm;
};

} // namespace iolens::core
