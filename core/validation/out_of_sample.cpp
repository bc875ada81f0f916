// SPDX-License-Identifier: GPL-3.0-or-later
#include "validation/out_of_sample.hpp"

#include "common/error.hpp"
#include "data/dataset.hpp"
#include "models/regressor_registry.hpp"
#include "validation/k_fold.hpp"

#include <cmath>

namespace iolens::core {

namespace {

// The model's technique and parameters, unfitted: what each fold trains.
std::unique_ptr<Regressor> unfittedCopy(const TrainedModel& model)
{
    auto regressor = createRegressor(model.regressor().technique());
    regressor->setParameters(model.regressor().parameters());
    return regressor;
}

TrainingOptions trainingOptions(const TrainedModel& model)
{
    TrainingOptions options;
    options.metric = model.metric();
    options.logResponse = model.logResponse();
    return options;
}

} // namespace

CrossValidatedEvaluation crossValidatedEvaluation(const TrainedModel& model,
    const std::vector<AggregatedMeasurement>& rows, const RelativeErrorRule& rule, int folds,
    std::uint64_t seed)
{
    // One schema for all folds, as the optimizer's cost uses it, so the cost here is the cost
    // Algorithm 1 reports for these parameters.
    Dataset data = buildDataset(rows, model.metric());
    if (data.rows() < folds)
        throw DataError(std::to_string(data.rows()) + " configurations have "
            + std::string(metricName(model.metric())) + ": too few for " + std::to_string(folds)
            + "-fold cross-validation");
    const Eigen::VectorXd measured = data.y;
    if (model.logResponse()) {
        if ((data.y.array() <= 0.0).any())
            throw DataError(std::string(metricName(model.metric()))
                + " has zero values, so it cannot be cross-validated on a log scale");
        data.y = data.y.array().log();
    }
    const FoldAssignment assignment(data.rows(), folds, seed);
    const CrossValidationResult cv = crossValidate(*unfittedCopy(model), data, assignment);
    Eigen::VectorXd predicted = cv.predictions;
    if (model.logResponse())
        predicted = predicted.array().exp();

    CrossValidatedEvaluation result;
    result.cost = cv.meanRmse;
    result.evaluation = scorePredictions(model.metric(), data.configs, measured, predicted, rule,
        std::to_string(folds) + "-fold cross-validation");
    return result;
}

GroupedEvaluation groupedEvaluation(const TrainedModel& model,
    const std::vector<AggregatedMeasurement>& rows, const RelativeErrorRule& rule,
    double intervalLevel)
{
    Dataset data = buildDataset(rows, model.metric());
    if (model.logResponse()) {
        if ((data.y.array() <= 0.0).any())
            throw DataError(std::string(metricName(model.metric()))
                + " has zero values, so it cannot be cross-validated on a log scale");
        data.y = data.y.array().log();
    }
    GroupedCvOptions options;
    options.metric = model.metric();
    options.rule = rule;
    options.logResponse = model.logResponse();
    options.intervalLevel = intervalLevel;
    GroupedEvaluation result;
    result.cv = groupedCrossValidate(*unfittedCopy(model), data, options);

    const auto n = static_cast<Eigen::Index>(result.cv.points.size());
    std::vector<Configuration> configs;
    Eigen::VectorXd measured(n), predicted(n);
    for (Eigen::Index i = 0; i < n; ++i) {
        const HeldOutPoint& p = result.cv.points[static_cast<std::size_t>(i)];
        configs.push_back(data.configs[static_cast<std::size_t>(p.row)]);
        measured(i) = model.logResponse() ? std::exp(p.measured) : p.measured;
        predicted(i) = model.logResponse() ? std::exp(p.predicted) : p.predicted;
    }
    result.evaluation = scorePredictions(
        model.metric(), configs, measured, predicted, rule, "grouped cross-validation");
    return result;
}

ModelEvaluation holdoutEvaluation(const TrainedModel& model,
    const std::vector<AggregatedMeasurement>& train, const std::vector<AggregatedMeasurement>& test,
    const RelativeErrorRule& rule, const std::string& scenario)
{
    const TrainedModel refitted
        = TrainedModel::train(unfittedCopy(model), train, trainingOptions(model));
    return evaluateModel(refitted, test, rule, scenario);
}

} // namespace iolens::core
