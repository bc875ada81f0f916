// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "prediction/model_entry.hpp"
#include "validation/out_of_sample.hpp"

#include <QString>

#include <atomic>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace iolens::ui {

/// The out-of-sample figures of one model of one metric on the ICPE'13 section 6 scenarios:
/// what a ModelController worker computes and hands back to MetricValidation (applyTo).
struct ValidationOutcome {
    std::optional<core::CrossValidatedEvaluation> result; ///< k-fold cross-validation
    std::string error;                                    ///< why `result` is empty
    std::optional<core::ModelEvaluation> interpolation, extrapolation;
    std::string interpolationError, extrapolationError;
    std::optional<core::ModelEvaluation> multiVm; ///< one VM trained on, 2+ VMs predicted
    std::string multiVmError;
    std::optional<core::ModelEvaluation> grouped; ///< leave-level-out cross-validation
    std::string groupedError;

    /// Copies the figures and reasons into `validation` and marks it Done (cross-validation
    /// figures present) or Failed; its tickets and rule scenario are left alone.
    void applyTo(MetricValidation& validation) const;
};

/// The rule scenario's figures of one model of one metric ("request_kib>32" held out).
struct RuleOutcome {
    std::optional<core::ModelEvaluation> result;
    std::string error; ///< why `result` is empty
};

/// What validateModel scores a model on.
struct ValidationInput {
    /// The rows the model was trained on (all, or the vms = 1 rows of a one-VM entry): the
    /// cross-validation, interpolation and extrapolation use these.
    const std::vector<core::AggregatedMeasurement>* rows = nullptr;
    /// Every row of the dataset: the multi-VM scenario trains on one VM, predicts the others.
    const std::vector<core::AggregatedMeasurement>* allRows = nullptr;
    /// The rows the range scenarios look for configurations not trained on in
    /// (core::rangeScenarioEvaluation): every row for a one-VM entry too (its VM count keeps
    /// the others out); nullptr: `rows`.
    const std::vector<core::AggregatedMeasurement>* dataset = nullptr;
    core::RelativeErrorRule rule; ///< the relative-error rule (ICPE'13 Table 4)
    int folds = 10;               ///< k of the cross-validation (>= 2)
    std::uint64_t seed = 1;       ///< fold shuffling seed
    bool multiVm = false;         ///< false: the data has no 2+ VM rows, the scenario is skipped
    /// Set when the data the model was validated for is gone (another dataset opened): the
    /// folds and scenarios not yet started are skipped, so a worker is free again after the fit
    /// running (auto's refits take minutes on a large database). nullptr: never.
    const std::atomic<bool>* cancelled = nullptr;
};

/// Cross-validates `model` (core::crossValidatedEvaluation), refits it for the interpolation,
/// extrapolation and (with input.multiVm) multi-VM holdouts, and once per level of every factor
/// with 3+ levels for the grouped scenario (core::groupedEvaluation, the same as `iolens-cli
/// evaluate --scenario grouped`). Every failure ends up as a reason in the outcome: it never
/// throws, so it can run on a worker thread. Precondition: input.rows and input.allRows are set.
/// Cost: folds + 3 + (held-out levels) refits of `model`.
ValidationOutcome validateModel(const core::TrainedModel& model, const ValidationInput& input);

/// What evaluateRule scores a model on: the rows a rule picks are predicted by the model
/// refitted on the others.
struct RuleInput {
    const std::vector<core::AggregatedMeasurement>* rows = nullptr; ///< every row of the data
    core::RelativeErrorRule rule;
    std::optional<std::string> split; ///< the rule's split=NAME clause
    std::string filter;               ///< its filter clauses (core::ConfigurationFilter syntax)
    std::string name;                 ///< the rule's text, the evaluation's name
    TrainingRows trainedOn = TrainingRows::All; ///< a one-VM entry refits on one VM only
};

/// The rows of `rows` that `selection` picks (its split label, its filter), in their order.
/// Throws core::ConfigError for a filter that does not parse. O(rows).
std::vector<core::AggregatedMeasurement> selectedRows(
    const std::vector<core::AggregatedMeasurement>& rows, const TrainingSelection& selection);

/// Evaluates the rule scenario for `model`; like validateModel it never throws.
/// Precondition: input.rows is set. Cost: one refit of `model`.
RuleOutcome evaluateRule(const core::TrainedModel& model, const RuleInput& input);

/// A rule scenario as accepted by parseRuleScenario.
struct RuleScenario {
    QString text;                     ///< the rule as typed, trimmed
    std::optional<std::string> split; ///< its split=NAME clause
    std::string filter;               ///< its filter clauses, joined by commas
};

/// parseRuleScenario's answer: the rule, or why it is refused.
struct RuleParse {
    std::optional<RuleScenario> rule;
    QString error; ///< translated, for the user; empty when `rule` is set
};

/// Parses a rule scenario in the syntax of `iolens-cli evaluate --scenario`
/// (core::parseScenario), label and filter clauses only. Refuses the other scenarios, a
/// dataset= clause, a rule without clauses and, when `rows` is given, a rule that picks none
/// or all of them. Cost: one pass over `rows`.
RuleParse parseRuleScenario(
    const QString& text, const std::vector<core::AggregatedMeasurement>* rows);

} // namespace iolens::ui
