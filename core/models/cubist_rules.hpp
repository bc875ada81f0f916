// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/cubist_tree.hpp"

#include <vector>

namespace iolens::core::cubist {

/// One condition of a rule (RuleQuest CondRec).
struct Condition {
    TestType type = TestType::Threshold; ///< Value, Threshold or Subset
    int att = 0;                         ///< tested column
    float cut = 0.f;                     ///< Threshold: the cut
    bool above = false;                  ///< Threshold: true for "x > cut", false for "x <= cut"
    std::vector<char> levels;            ///< Value/Subset: levels that satisfy the condition

    bool satisfiedBy(const float* x) const;
    /// Same test (RuleQuest SameRule compares conditions position by position).
    bool operator==(const Condition& other) const;
};

/// A rule: conditions, the linear model that applies where they hold, and statistics of the
/// training cases it covers (RuleQuest RuleRec).
struct Rule {
    std::vector<Condition> conditions; ///< all must hold
    Coefficients model;                ///< p + 1 coefficients, intercept first
    int cover = 0;                     ///< training cases covered
    float mean = 0.f;                  ///< their mean target
    float loVal = 0.f, hiVal = 0.f;    ///< their lowest and highest target
    float loLim = 0.f, hiLim = 0.f;    ///< predictions are limited to this range
    float estErr = 0.f;                ///< estimated error EstimateErr(MAE, cover, coefficients)

    bool matches(const float* x) const;
    /// The model's value limited to [loLim, hiLim], as double (RuleSetPrediction sums doubles).
    double value(const float* x) const;
    /// A model value limited to [loLim, hiLim], as value() limits it.
    double limited(double val) const;
    /// Sets loLim and hiLim from loVal, hiVal and the extrapolation fraction.
    void setLimits(float extrap);
};

/// The values of a CaseTable column by column, so that a rule's condition tests one contiguous
/// column. Made once per table and shared by every member that predicts it. O(rows p).
struct CaseColumns {
    explicit CaseColumns(const CaseTable& x);
    const float* column(int att) const
    {
        return values.data() + static_cast<std::size_t>(att) * static_cast<std::size_t>(rows);
    }

    int rows = 0;
    std::vector<float> values; ///< column a's values at a * rows
};

/// The rules of one committee member, sorted by mean.
struct RuleSet {
    std::vector<Rule> rules;
    /// Leaves of the member's pruned tree before the rules limit applied (0 if unknown, e.g.
    /// loaded from a file): the member is the same for every limit of at least this many rules
    /// that gives the same MINITEMS. Fit-time information, not saved.
    int unlimitedLeaves = 0;

    /// Mean of value() over the rules that match, or `globalMean` if none does. O(rules p).
    float predict(const float* x, float globalMean) const;
    /// predict() for every row of `x` into `out` (resized), bit for bit; rule by rule over the
    /// rows, testing the conditions on `columns`, which must be CaseColumns(x). O(rows rules p).
    void predictCases(const CaseTable& x, const CaseColumns& columns, float globalMean,
        std::vector<float>& out) const;
};

/// Turns a pruned model tree into rules (RuleQuest formrules.c; ALGORITHMS.md 4.6): one
/// candidate per leaf, conditions removed greedily while that lowers the error of the rules
/// formed so far on the cases it would newly cover; duplicates merged, rules sorted by mean.
/// `y` is the original target (rules always describe it, also for later committee members);
/// `order` is the case order the tree was grown with. O(leaves depth n).
RuleSet formRules(const TreeNode& tree, const CaseTable& x, const std::vector<float>& y,
    const std::vector<int>& order, const Globals& g);

} // namespace iolens::core::cubist
