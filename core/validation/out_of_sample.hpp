// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "validation/grouped_cv.hpp"
#include "validation/model_evaluation.hpp"

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace iolens::core {

/// A model's accuracy on measurements it was not trained on, by cross-validation: the
/// evaluation of the out-of-fold predictions (scenario "cv") and the optimizer's cost.
struct CrossValidatedEvaluation {
    ModelEvaluation evaluation;
    /// Mean RMSE over the folds on the scale the model is fitted on (log if logResponse): the
    /// cost c(p) of Algorithm 1, identical to what the optimizer reports for the same folds.
    double cost = 0.0;
};

/// Refits `model`'s technique with its parameters and training options on k - 1 folds of `rows`
/// (the rows that have its metric; FoldAssignment(n, folds, seed), as the optimizer deals them)
/// and scores every row's out-of-fold prediction with `rule`. Cost O(folds x fit); folds run in
/// parallel. Throws DataError if fewer rows than folds have the metric or none passes the rule,
/// ValidationCancelled when `cancel` is set while it runs (the folds not yet started are skipped).
CrossValidatedEvaluation crossValidatedEvaluation(const TrainedModel& model,
    const std::vector<AggregatedMeasurement>& rows, const RelativeErrorRule& rule, int folds = 10,
    std::uint64_t seed = 1, const std::atomic<bool>* cancel = nullptr);

/// A model's accuracy on levels nobody measured (scenario "grouped").
struct GroupedEvaluation {
    /// Every scored held-out prediction on the metric's scale; a configuration appears once per
    /// grouping factor, since each factor's levels are held out in turn.
    ModelEvaluation evaluation;
    /// Per held-out level, interpolation / extrapolation figures and interval coverage.
    GroupedCvResult cv;
};

/// Refits `model`'s technique with its parameters and training options leaving each level of
/// every numeric factor with 3 or more levels out in turn (groupedCrossValidate on `rows`, the
/// rows that have its metric) and scores the held-out predictions with `rule`. With
/// `intervalLevel` in (0, 1) each fold's model is asked for intervals too (only `auto` has
/// them), and cv.modelIntervalCoverage says how often they held the measurement. Cost: one fit
/// per level (an auto fit per level for `auto`: its selection is repeated in every fold).
/// Throws DataError if no factor has 3 levels or nothing can be scored, ValidationCancelled
/// when `cancel` is set while it runs (the fits not yet started are skipped).
GroupedEvaluation groupedEvaluation(const TrainedModel& model,
    const std::vector<AggregatedMeasurement>& rows, const RelativeErrorRule& rule,
    double intervalLevel = 0.0, const std::atomic<bool>* cancel = nullptr);

/// The paper's interpolation / extrapolation scenarios: refits `model`'s technique, parameters
/// and options on `train` alone and scores it on `test` (multi-VM rows via predictSpreadOverVms).
/// Throws DataError if either side lacks usable rows.
ModelEvaluation holdoutEvaluation(const TrainedModel& model,
    const std::vector<AggregatedMeasurement>& train, const std::vector<AggregatedMeasurement>& test,
    const RelativeErrorRule& rule, const std::string& scenario);

/// The paper's two range scenarios (ICPE'13 section 6.2). They mean one thing in the window's
/// Models tab and Error CDF and in `iolens-cli evaluate --scenario`: configurations the model
/// did not see in training, predicted by a model that was not trained on them.
enum class RangeScenario {
    Interpolation, ///< inside every range of the training data
    Extrapolation, ///< outside some range of the training data
};

/// "interpolation" or "extrapolation": the scenario's name in reports and evaluations.
const char* rangeScenarioName(RangeScenario scenario);

/// True if a model with `schema` saw `config`'s neighbourhood: every numeric factor inside its
/// training range, every label among the trained ones, every factor that was constant in
/// training (the VM count aside: other counts are the multi-VM scenario) at that value. O(factors).
bool insideTrainingRanges(const FeatureSchema& schema, const Configuration& config);

/// Scores `model` on a range scenario. `training` are the rows it was trained on (its training
/// selection), `dataset` every row of the data that selection was taken from. The scored
/// configurations are those of `dataset` absent from `training`, with a VM count of the training
/// data, that lie inside (Interpolation) or outside (Extrapolation) the training ranges; `model`
/// predicts them as it is. Where the selection left none out there (a model trained on a whole
/// dataset, as the window's are), the request sizes strictly between the smallest and the
/// largest of `training` (Interpolation) or its largest (Extrapolation) are left out of a refit
/// of `model`'s technique, parameters and options on the rest of `training`, and predicted
/// (interpolationSplit, extrapolationSplit). Throws DataError when neither gives anything to
/// score (the training data has too few request sizes). Cost: O(rows log rows) plus, in the
/// second case, one fit.
ModelEvaluation rangeScenarioEvaluation(const TrainedModel& model,
    const std::vector<AggregatedMeasurement>& training,
    const std::vector<AggregatedMeasurement>& dataset, RangeScenario which,
    const RelativeErrorRule& rule);

} // namespace iolens::core
