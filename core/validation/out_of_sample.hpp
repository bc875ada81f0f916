// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "validation/grouped_cv.hpp"
#include "validation/model_evaluation.hpp"

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
/// parallel. Throws DataError if fewer rows than folds have the metric or none passes the rule.
CrossValidatedEvaluation crossValidatedEvaluation(const TrainedModel& model,
    const std::vector<AggregatedMeasurement>& rows, const RelativeErrorRule& rule, int folds = 10,
    std::uint64_t seed = 1);

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
/// Throws DataError if no factor has 3 levels or nothing can be scored.
GroupedEvaluation groupedEvaluation(const TrainedModel& model,
    const std::vector<AggregatedMeasurement>& rows, const RelativeErrorRule& rule,
    double intervalLevel = 0.0);

/// The paper's interpolation / extrapolation scenarios: refits `model`'s technique, parameters
/// and options on `train` alone and scores it on `test` (multi-VM rows via predictSpreadOverVms).
/// Throws DataError if either side lacks usable rows.
ModelEvaluation holdoutEvaluation(const TrainedModel& model,
    const std::vector<AggregatedMeasurement>& train, const std::vector<AggregatedMeasurement>& test,
    const RelativeErrorRule& rule, const std::string& scenario);

} // namespace iolens::core
