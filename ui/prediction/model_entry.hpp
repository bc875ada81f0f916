// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "prediction/model_set.hpp"
#include "prediction/model_text.hpp"
#include "prediction/vm_training_plan.hpp"
#include "validation/out_of_sample.hpp"

#include <QString>

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace iolens::ui {

/// The scenarios of ICPE'13 section 6 the window scores every model on.
enum class ErrorScenario {
    CrossValidation, ///< 10-fold cross-validation
    /// configurations not trained on inside the training ranges (core::RangeScenario): for the
    /// window's models, trained on every row, the inner request sizes left out of a refit
    Interpolation,
    Extrapolation, ///< the same outside some range: the largest request size left out
    MultiVm,       ///< one-VM rows trained on, 2+ VM rows predicted (ICPE'13 section 6.3)
    Rule,          ///< the rows a rule picks held out ("request_kib>32"), the rest trained on
    /// each level of every numeric factor with 3+ levels held out in turn (grouped CV, the
    /// what-if question: a request size, file set or read share nobody measured)
    Grouped,
};

/// The part of the open dataset a stored model was trained on (`iolens-cli train --split`,
/// `--where`): it is cross-validated on that part, and the range scenarios score what the part
/// left out, as `iolens-cli evaluate` does. Empty: every row.
struct TrainingSelection {
    std::optional<std::string> split; ///< the split label trained on; all splits if empty
    std::string where;                ///< core::ConfigurationFilter text
    bool empty() const { return !split && where.empty(); }
};

/// The out-of-sample accuracy of one model of one metric, as far as it is known.
struct MetricValidation {
    enum class State {
        Waiting, ///< the model is training or its cross-validation is queued or running
        Done,    ///< `result` holds the figures
        Failed,  ///< `error` says why there are none (no model, too few rows, ...)
    };
    State state = State::Waiting;
    std::optional<core::CrossValidatedEvaluation> result;
    std::string error;
    /// The range scenarios (core::rangeScenarioEvaluation); empty with the reason when the data
    /// has too few sizes or the technique refuses.
    std::optional<core::ModelEvaluation> interpolation, extrapolation;
    std::string interpolationError, extrapolationError;
    /// The multi-VM scenario; empty with the reason when the data has no 2+ VM rows.
    std::optional<core::ModelEvaluation> multiVm;
    std::string multiVmError;
    /// The grouped scenario; empty with the reason when no factor has 3 levels.
    std::optional<core::ModelEvaluation> grouped;
    std::string groupedError;
    std::uint64_t ticket = 0; ///< the job whose answer is awaited; a replaced job's is dropped
    /// The rule scenario (ModelController::setRuleScenario), evaluated apart from the others
    /// because the rule changes while the models stay: its own job and ticket.
    std::optional<core::ModelEvaluation> rule;
    std::string ruleError;
    bool ruleWaiting = false;     ///< a rule job for this model runs or is queued
    std::uint64_t ruleTicket = 0; ///< the rule job whose answer is awaited

    /// The evaluation of `scenario`, or nullptr if there is none (yet).
    const core::ModelEvaluation* evaluation(ErrorScenario scenario) const;
    /// Why evaluation(scenario) is null once the work is done.
    const std::string& errorOf(ErrorScenario scenario) const;
};

/// One model of the window: a column of the prediction panel, rows of the Models tab. Either a
/// technique the window trains with default parameters for every core metric, or models handed
/// in from elsewhere under one label (an optimized "cart (optimized)", one metric at a time).
struct ModelEntry {
    QString label;         ///< unique among the entries: "cart", "cart (optimized)"
    std::string technique; ///< registry key
    ModelOrigin origin = ModelOrigin::Default;
    /// The measurements it is trained and cross-validated on: OneVm for the paper's one-VM
    /// model beside the VM-aware one ("cart (1 VM, projected)"), All otherwise.
    TrainingRows rows = TrainingRows::All;
    /// A stored model's training selection within `rows` (ModelController::addModel).
    TrainingSelection selection;
    bool trained = false; ///< false while the window still trains it
    ModelSet models;      ///< the model (or error) per metric; default entries have all four
    std::array<MetricValidation, 4> validation {}; ///< kCoreMetrics order

    /// The model of `metric`, or nullptr (still training, failed, or not part of this entry).
    const core::TrainedModel* model(core::Metric metric) const;
    /// True if the entry answers for `metric` at all: a default entry always (maybe with an
    /// error), an added one only for the metrics handed in.
    bool covers(core::Metric metric) const;
    /// The parameters of its models for a person: one compact line if they are the same for
    /// every metric (always so for a default entry), else one "Read RT: ..." line per metric.
    QString parametersSummary() const;
};

/// Index of `metric` in core::kCoreMetrics; kCoreMetrics.size() if it is not a core metric.
std::size_t coreMetricIndex(core::Metric metric);

} // namespace iolens::ui
