// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/cubist_model.hpp"
#include "models/regressor.hpp"

#include <memory>

namespace iolens::core {

/// Parameters of Cubist (ICPE'13 section 3.5 and Table 2; R package Cubist).
struct CubistParams {
    /// Largest number of rules (leaves of the pruned tree) per committee member. Paper: nsplits,
    /// standard 100, range [2, inf) (searched over [2, 400]); R: cubistControl(rules), 1..1e6.
    int rules = 100;
    /// Committee members; member k+1 is fitted to 2y - (member k's prediction) and the
    /// prediction is their mean. Paper: ntrees, standard 1, range [1, 100]; R: committees.
    int committees = 1;
    /// Nearest training cases that correct a prediction (0 = rules only). Used only when
    /// predicting. Paper: ninstances, standard 0, range [0, 9]; R: predict(neighbors).
    int neighbors = 0;
    /// How far a rule's prediction may leave the range of the targets it covers, as a fraction of
    /// that range, 0..1. Not in the paper; R: cubistControl(extrapolation) / 100, default 100 %.
    double extrapolation = 1.0;
    /// Shift each rule's intercept so its mean error on its cases is ~0. Not in the paper;
    /// R: cubistControl(unbiased), default FALSE.
    bool unbiased = false;
};

/// Cubist: committees of M5-style rule models with instance-based correction (ICPE'13 section
/// 3.5; Quinlan 1992/1993; ALGORITHMS.md section 4). A faithful reimplementation of RuleQuest
/// Cubist 2.07 as the R package Cubist drives it: global preprocessing, a tree grown on
/// residuals, linear models simplified at every node, smoothing and three-stage pruning, rules
/// with greedy condition removal, committees on adjusted targets, and the neighbour correction.
/// Categorical columns are tested natively (value and subset tests). Use it for the paper's
/// "Cubist" technique; M5 is the special case committees = 1, neighbors = 0 (see M5).
///
/// Where it departs from RuleQuest (see the .cpp files): unknown predictor values are imputed
/// like R does (no "N/A" branch); MAXD's random partners are drawn in training order instead of
/// k-d tree order; numeric guards replace RuleQuest's undefined behaviour in degenerate cases.
class Cubist final : public Regressor {
public:
    static constexpr const char* kTechnique = "cubist";

    Cubist() = default;
    /// Preconditions: parameters within the ranges of paramSpecs() (not checked here).
    explicit Cubist(const CubistParams& params)
        : m_params(params)
    {
    }

    std::string technique() const override { return kTechnique; }
    std::vector<ParamSpec> paramSpecs() const override;
    ParamValues parameters() const override;
    /// Changing nsplits or ntrees discards the fit; changing only ninstances keeps it, since
    /// neighbours are applied at prediction time.
    void setParameters(const ParamValues& values) override;

    /// Throws DataError if x, y and the schema disagree in size, a categorical column holds a
    /// value that is not a level index, or fewer than 2 rows have a finite target. Rows with a
    /// NaN target are ignored; NaN predictors are replaced by the training mean or mode.
    FitReport fit(const Dataset& data) override;
    Eigen::VectorXd predict(const Eigen::MatrixXd& x) const override;
    bool isFitted() const override { return m_model != nullptr; }

    /// Predictions with `neighbors` (0..9) instead of the parameter, from the first `committees`
    /// members (0 = all). One fit thus serves every neighbour count and every smaller committee
    /// (ALGORITHMS.md 4.9). Shapes as predict(). Throws ConfigError for values out of range,
    /// StateError before fit(). O(m (committees rules p + n p)).
    Eigen::VectorXd predictWith(const Eigen::MatrixXd& x, int neighbors, int committees = 0) const;
    /// What predictWith computes for x, done once for many (neighbors, committees) pairs:
    /// `committees` (1..members) is the largest committee asked, `neighbourCounts` the
    /// neighbors above 0 that will be asked (1..9 each). Its predict(neighbors, c) equals
    /// predictWith(x, neighbors, c) bit for bit. Throws ConfigError for committees out of range,
    /// StateError before fit(). The result refers to this model's fit, which must outlive it.
    /// A `cache` shares the neighbour search with other fits on the same training rows.
    cubist::CommitteePredictions committeePredictions(const Eigen::MatrixXd& x, int committees,
        const std::vector<int>& neighbourCounts, cubist::NearestCache* cache = nullptr) const;
    /// Whether fitting the same data with nsplits = `rules` would give this fit's first
    /// `committees` members (so predictWith answers for it too). True for this fit's own rules;
    /// for another limit, when it gives the same MINITEMS and neither limit cuts any of those
    /// members' pruned trees (ALGORITHMS.md 4.2, 4.5: the limit acts only through MINITEMS and
    /// the final leaf count). False before fit(), after loadState() and for committees out of
    /// range. O(committees).
    bool sameMembersWithRules(int rules, int committees) const;
    /// The fit that these parameters with `committees` members would give on `data`, which
    /// must be the data this model was fitted on: the members it has are kept and only the
    /// missing ones built (member k + 1 depends only on member k). Null before fit(), after
    /// loadState() and for fewer committees than it has. O(added members cost of one member).
    /// Like fitForScoring(), it leaves out the committee's predictions at the training cases.
    std::unique_ptr<Cubist> extendedTo(const Dataset& data, int committees) const;
    /// fit() for a model that is only scored through committeePredictions() (the optimizer's
    /// folds): the same members, without the committee's predictions at every training case
    /// that fit() computes for its report and for predict() with neighbours, which then
    /// computes them on each call. Throws as fit().
    void fitForScoring(const Dataset& data);

    std::string describe() const override;
    /// The rules of every committee member, without the header line.
    std::string describeRules() const;
    nlohmann::json saveState() const override;
    void loadState(const nlohmann::json& state, const FeatureSchema& schema) override;
    std::unique_ptr<Regressor> clone() const override;

    const CubistParams& params() const { return m_params; }
    /// Typed counterpart of setParameters() (same rule for keeping the fit).
    void setParams(const CubistParams& params);
    /// The fitted committee, for displays that draw the rules. Throws StateError before fit().
    const cubist::Model& model() const;

private:
    void setNames(const FeatureSchema& schema);
    /// fit(), from scratch or by extending `start` (a fit of this model on the same data);
    /// without a report, an empty one and no predictions at the training cases.
    FitReport fitFrom(const Dataset& data, const cubist::Model* start, bool withReport);

    CubistParams m_params;
    std::shared_ptr<const cubist::Model> m_model; ///< immutable, shared by clones
    cubist::ColumnNames m_columns;
};

} // namespace iolens::core
