// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

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

/// The paper's interpolation / extrapolation scenarios: refits `model`'s technique, parameters
/// and options on `train` alone and scores it on `test` (multi-VM rows via predictSpreadOverVms).
/// Throws DataError if either side lacks usable rows.
ModelEvaluation holdoutEvaluation(const TrainedModel& model,
    const std::vector<AggregatedMeasurement>& train, const std::vector<AggregatedMeasurement>& test,
    const RelativeErrorRule& rule, const std::string& scenario);

} // namespace iolens::core
