// SPDX-License-Identifier: GPL-3.0-or-later
#include "prediction/model_validation.hpp"

#include "prediction/model_controller.hpp"

#include "validation/holdout_split.hpp"
#include "workflow/model_assessment.hpp"

namespace iolens::ui {

namespace {

const char* const kNoMultiVm = "the data has no measurement with 2 or more VMs";
const char* const kCancelled = "cancelled: the data changed";

// Refits `model` on `split.train` and scores it on `split.test`; the reason in `error` instead
// when a side is empty or the technique refuses. Never throws (it runs on a worker thread).
void evaluateHoldout(const core::TrainedModel& model, const core::HoldoutSplit& split,
    const core::RelativeErrorRule& rule, const std::string& name, const std::string& noTest,
    std::optional<core::ModelEvaluation>& result, std::string& error)
{
    if (split.test.empty()) {
        error = noTest;
        return;
    }
    if (split.train.empty()) {
        error = "no measurement is left to train on";
        return;
    }
    try {
        result = core::holdoutEvaluation(model, split.train, split.test, rule, name);
    } catch (const std::exception& e) {
        error = e.what();
    }
}

} // namespace

void ValidationOutcome::applyTo(MetricValidation& validation) const
{
    validation.result = result;
    validation.error = error;
    validation.interpolation = interpolation;
    validation.extrapolation = extrapolation;
    validation.interpolationError = interpolationError;
    validation.extrapolationError = extrapolationError;
    validation.multiVm = multiVm;
    validation.multiVmError = multiVmError;
    validation.grouped = grouped;
    validation.groupedError = groupedError;
    validation.state = result ? MetricValidation::State::Done : MetricValidation::State::Failed;
}

ValidationOutcome validateModel(const core::TrainedModel& model, const ValidationInput& input)
{
    ValidationOutcome outcome;
    const auto& rows = *input.rows;
    const auto stopped = [&input, &outcome] {
        if (!input.cancelled || !input.cancelled->load())
            return false;
        outcome.error = kCancelled;
        return true;
    };
    try {
        // The folds stop as soon as the data changes: auto's ten refits take minutes on a large
        // database, and the pool's threads are wanted for the new data's models.
        outcome.result = core::crossValidatedEvaluation(
            model, rows, input.rule, input.folds, input.seed, input.cancelled);
    } catch (const std::exception& e) {
        outcome.error = e.what();
    }
    if (stopped())
        return outcome;
    // The same function `iolens-cli evaluate` scores a stored model with: the configurations a
    // training selection left out, or, where it left none, request sizes out of a refit.
    const auto& dataset = input.dataset ? *input.dataset : rows;
    for (const core::RangeScenario which :
        {core::RangeScenario::Interpolation, core::RangeScenario::Extrapolation}) {
        auto& result = which == core::RangeScenario::Interpolation ? outcome.interpolation
                                                                   : outcome.extrapolation;
        auto& error = which == core::RangeScenario::Interpolation ? outcome.interpolationError
                                                                  : outcome.extrapolationError;
        try {
            result = core::rangeScenarioEvaluation(model, rows, dataset, which, input.rule);
        } catch (const std::exception& e) {
            error = e.what();
        }
    }
    if (stopped())
        return outcome;
    if (input.multiVm)
        evaluateHoldout(model, core::multiVmSplit(*input.allRows), input.rule, "multi-vm",
            kNoMultiVm, outcome.multiVm, outcome.multiVmError);
    else
        outcome.multiVmError = kNoMultiVm;
    if (stopped())
        return outcome;
    try {
        outcome.grouped
            = core::groupedEvaluation(model, rows, input.rule, 0.0, input.cancelled).evaluation;
    } catch (const std::exception& e) {
        outcome.groupedError = e.what();
    }
    return outcome;
}

std::vector<core::AggregatedMeasurement> selectedRows(
    const std::vector<core::AggregatedMeasurement>& rows, const TrainingSelection& selection)
{
    const auto filter = core::ConfigurationFilter::parse(selection.where);
    std::vector<core::AggregatedMeasurement> chosen;
    for (const core::AggregatedMeasurement& row : rows)
        if ((!selection.split || row.split == *selection.split) && filter.admits(row.config))
            chosen.push_back(row);
    return chosen;
}

RuleOutcome evaluateRule(const core::TrainedModel& model, const RuleInput& input)
{
    RuleOutcome outcome;
    try {
        auto chosen = core::selectionSplit(
            *input.rows, input.split, core::ConfigurationFilter::parse(input.filter));
        // The rows the rule picks are predicted; a one-VM entry refits on one VM only.
        chosen.train = trainingRows(chosen.train, input.trainedOn);
        evaluateHoldout(model, chosen, input.rule, input.name,
            "no measurement matches " + input.name, outcome.result, outcome.error);
    } catch (const std::exception& e) {
        outcome.error = e.what();
    }
    return outcome;
}

// The messages keep ModelController's translation context: they moved here from it.
RuleParse parseRuleScenario(
    const QString& text, const std::vector<core::AggregatedMeasurement>* rows)
{
    core::ScenarioSelection selection;
    try {
        selection = core::parseScenario(text.trimmed().toStdString());
    } catch (const std::exception& e) {
        return {std::nullopt, QString::fromStdString(e.what())};
    }
    const auto refuse = [](const QString& reason) { return RuleParse {std::nullopt, reason}; };
    if (selection.kind != core::ScenarioSelection::Kind::Measurements)
        return refuse(ModelController::tr("cross-validation, interpolation and extrapolation are "
                                          "scenarios of their own: a rule picks measurements, "
                                          "such as request_kib>32"));
    if (selection.dataset)
        return refuse(ModelController::tr("the window shows one dataset: dataset= does not apply"));
    if (!selection.split && selection.filter.empty())
        return refuse(ModelController::tr(
            "a rule picks the measurements to predict, such as request_kib>32"));
    const auto filter = core::ConfigurationFilter::parse(selection.filter);
    if (rows) {
        const core::HoldoutSplit split = core::selectionSplit(*rows, selection.split, filter);
        if (split.test.empty())
            return refuse(ModelController::tr("no measurement matches %1").arg(text.trimmed()));
        if (split.train.empty())
            return refuse(
                ModelController::tr("every measurement matches %1: none is left to train on")
                    .arg(text.trimmed()));
    }
    return {RuleScenario {text.trimmed(), selection.split, selection.filter}, {}};
}

} // namespace iolens::ui
