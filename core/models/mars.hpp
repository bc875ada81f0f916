// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/interaction_design.hpp"
#include "models/mars_forward_pass.hpp"
#include "models/mars_pruning.hpp"
#include "models/mars_term.hpp"
#include "models/regressor.hpp"

#include <map>
#include <memory>
#include <mutex>

namespace iolens::core {

/// Hyper-parameters of MARS (ICPE'13 Table 2 names; R earth's arguments).
struct MarsParams {
    /// Maximum number of terms of the forward pass, intercept included (paper "nnodes", earth
    /// `nk`, Friedman's Mmax). 3..1000, or 0 = earth's default min(200, max(20, 2p)) + 1 for p
    /// predictor columns (categorical features counted as their k-1 indicators).
    int nk = 0;
    /// Forward-pass threshold (paper "threshold", earth `thresh`), 0 <= thresh < 1: stop when a
    /// step raises RSq by less than this or RSq reaches 1 - thresh. 0 disables both stops.
    double thresh = 0.001;
    /// Maximum number of terms kept by pruning, intercept included (earth `nprune`), 2..1000.
    /// Values at or above the forward-pass size keep the GCV-best size (earth's nprune = NULL).
    int nprune = 1000;
    /// Highest interaction order of a term (earth `degree`, Friedman's mi), 1..10. The GCV
    /// penalty per knot follows earth: 3 if degree > 1, else 2.
    int degree = 2;
};

/// A forward-pass prefix together with its pruning pass: every nprune is free from here.
struct MarsPrunedPrefix {
    MarsForwardPass::Prefix prefix;
    MarsForwardPass::Basis basis;
    MarsPruning pruning;

    /// Basis and pruning of `prefix` of `pass`, pruned against y (the unscaled response).
    static MarsPrunedPrefix compute(
        const MarsForwardPass& pass, MarsForwardPass::Prefix prefix, const Eigen::VectorXd& y);
};

/// Multivariate adaptive regression splines as R's earth fits them (ICPE'13 section 3.2;
/// ALGORITHMS.md section 2; Friedman 1991): a forward pass adds hinge pairs and their products up
/// to `degree`, a backward pass keeps the subset with the lowest GCV, and the coefficients come
/// from an OLS refit (R's lm.fit). Categorical features enter as k-1 0/1 indicators, as earth's
/// formula interface expands them. Use it for smooth responses with thresholds and interactions
/// (cache sizes, request-size knees); describe() lists the terms as earth's summary does.
class Mars final : public Regressor {
public:
    static constexpr const char* kTechnique = "mars";
    static constexpr int kStateVersion = 1;

    std::string technique() const override { return kTechnique; }
    std::vector<ParamSpec> paramSpecs() const override;
    ParamValues parameters() const override;
    void setParameters(const ParamValues& values) override;
    /// Validates like setParameters (ConfigError) and stores; unfits the model.
    void setParams(const MarsParams& params);
    const MarsParams& params() const { return m_params; }

    /// Rows with a non-finite x or y, or fewer than 2 rows, throw DataError. A constant target
    /// gives the intercept-only model (with a warning), like earth.
    FitReport fit(const Dataset& data) override;
    Eigen::VectorXd predict(const Eigen::MatrixXd& x) const override;
    bool isFitted() const override { return m_fitted; }

    std::string describe() const override;
    nlohmann::json saveState() const override;
    void loadState(const nlohmann::json& state, const FeatureSchema& schema) override;
    std::unique_ptr<Regressor> clone() const override;

    /// Predictions on x (m x features) of the model with `member`'s parameters, derived from this
    /// model's last fit() without another forward pass (ALGORITHMS.md 2.7): the member needs the
    /// same degree, an nk (resolved) up to this nk and a thresh at least this thresh; nprune is
    /// free. Equal to fitting `member` directly. Costs one pruning pass and an OLS refit.
    /// Throws ConfigError for a member outside that range, StateError for a model that was not
    /// fitted in this process (loaded from a file, or built by fitFromPrefix). Thread-safe.
    Eigen::VectorXd predictWith(const Eigen::MatrixXd& x, const MarsParams& member) const;
    /// predictWith for many members at once, bit-identical to calling it per member: members
    /// whose (nk, thresh) stop the forward pass at the same step share one pruning pass, and
    /// members whose nprune then selects the same subset share one refit and prediction, so the
    /// cost is one pruning pass per distinct prefix and one refit per distinct model, and later
    /// calls (on any x) reuse both. Same preconditions and exceptions as predictWith.
    std::vector<Eigen::VectorXd> predictWith(
        const Eigen::MatrixXd& x, const std::vector<MarsParams>& members) const;

    /// Fits from an already pruned prefix of a forward pass run on `data` (ALGORITHMS.md 2.7; see
    /// MarsPath). The prefix must be the one of this model's (nk, thresh) and its pass must have
    /// this model's degree; the result then equals fit(data). O(n T^2) for the final OLS.
    FitReport fitFromPrefix(const Dataset& data, const MarsPrunedPrefix& pruned);

    /// The predictor matrix of `x` (n x schema.size() encoded features): numeric features as they
    /// are, categorical ones as k-1 indicators. n x p.
    static Eigen::MatrixXd predictorMatrix(const FeatureSchema& schema, const Eigen::MatrixXd& x);
    /// Number of predictor columns p of a schema (categorical features as k-1 indicators).
    static int predictorCount(const FeatureSchema& schema);
    /// nk after resolving 0 (auto) for p predictor columns.
    static int resolvedNk(int nk, int predictors);
    /// earth's GCV penalty per knot for a degree.
    static double penalty(int degree) { return degree > 1 ? 3.0 : 2.0; }
    /// Forward-pass settings of params for p predictor columns.
    static MarsForwardSettings forwardSettings(const MarsParams& params, int predictors);

    /// Selected terms (intercept first, then in forward-pass order) and their coefficients.
    const std::vector<MarsTerm>& terms() const { return m_terms; }
    const Eigen::VectorXd& coefficients() const { return m_coefficients; }
    std::vector<std::string> termNames() const;
    double gcv() const { return m_stats.gcv; } ///< GCV of the selected subset (earth $gcv)
    double rss() const { return m_stats.rss; } ///< its RSS (earth $rss)
    double grsq() const;                       ///< 1 - GCV / GCV(intercept only)
    double rSquared() const;                   ///< 1 - RSS / RSS(intercept only)
    int forwardTerms() const { return m_stats.forwardTerms; } ///< terms after the forward pass

private:
    struct Statistics {
        double gcv = 0.0, rss = 0.0, gcvNull = 0.0, rssNull = 0.0;
        int forwardTerms = 1, nk = 0, rows = 0;
        MarsStopReason stopReason = MarsStopReason::NoImprovingTerm;
    };
    // What predictWith() derives other models from: the training data and the forward pass.
    struct TrainingState {
        Dataset data;
        MarsForwardPass pass; // run only if hasPass (not for no predictor or a constant y)
        bool hasPass = false;
        // What predictWith derived, kept for later calls: the optimizer asks one fit for new
        // parameter values in every iteration, and a prefix's pruning and a subset's refit
        // depend on the pass alone. By prefix length, then by model size; the prefixes are
        // kept without their basis columns. Clones share it.
        struct Derived {
            MarsPrunedPrefix pruned;
            std::map<int, std::shared_ptr<const Mars>> bySize;
        };
        mutable std::mutex derivedMutex;
        mutable std::map<int, std::shared_ptr<Derived>> derived;
    };
    /// The model with `member`'s parameters derived from the pass (predictWith's model), made
    /// once per prefix and size. Preconditions: m_training->hasPass, member checked,
    /// `predictors` = predictorCount of the training schema.
    std::shared_ptr<const Mars> derivedModel(const MarsParams& member, int predictors) const;
    void prepareDesign(const FeatureSchema& schema);
    FitReport interceptOnly(const Dataset& data, const std::string& reason);

    MarsParams m_params;
    InteractionDesign m_design; // degree-1 design: intercept + predictor columns
    Eigen::Index m_featureCount = 0;
    MarsPredictorNames m_names;
    std::vector<MarsTerm> m_terms;
    Eigen::VectorXd m_coefficients;
    Statistics m_stats;
    std::shared_ptr<const TrainingState> m_training; // shared by clones, never modified
    bool m_fitted = false;
};

/// Every MARS model of one training set and degree from a single forward pass (ALGORITHMS.md
/// 2.7): the pass runs once with the largest nk and thresh 0; a model for smaller nk or larger
/// thresh is a prefix of it, pruned once per prefix length, and nprune is free. model(params)
/// equals Mars::fit with the same params on the same data. For the optimizer and cross-validation.
/// Not thread-safe (it caches pruned prefixes); use one per thread.
class MarsPath {
public:
    /// Runs the forward pass: degree 1..10, maxNk 3..1000. Validates data as Mars::fit does.
    MarsPath(const Dataset& data, int degree, int maxNk);

    int degree() const { return m_degree; }
    int maxNk() const { return m_maxNk; }
    const MarsForwardPass& forwardPass() const { return m_pass; }

    /// The fitted model for params (params.degree == degree(); nk, resolved, <= maxNk).
    Mars model(const MarsParams& params);

private:
    Dataset m_data;
    int m_degree = 2, m_maxNk = 0;
    MarsForwardPass m_pass;                   // not run when no predictor varies
    std::map<int, MarsPrunedPrefix> m_pruned; // by prefix length
};

} // namespace iolens::core
