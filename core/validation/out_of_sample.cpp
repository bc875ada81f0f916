// SPDX-License-Identifier: GPL-3.0-or-later
#include "validation/out_of_sample.hpp"

#include "common/error.hpp"
#include "data/dataset.hpp"
#include "models/regressor_registry.hpp"
#include "validation/holdout_split.hpp"
#include "validation/k_fold.hpp"

#include <algorithm>
#include <cmath>
#include <set>

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
    std::uint64_t seed, const std::atomic<bool>* cancel)
{
    // One schema for all folds, as the optimizer's cost uses it, so the cost here is the cost
    // Algorithm 1 reports for these parameters.
    Dataset data = buildDataset(rows, model.metric(),
        model.regressor().composesRates() ? RateSchema::WithTimes : RateSchema::OwnRows);
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
    const CrossValidationResult cv = crossValidate(*unfittedCopy(model), data, assignment, cancel);
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
    double intervalLevel, const std::atomic<bool>* cancel)
{
    Dataset data = buildDataset(rows, model.metric(),
        model.regressor().composesRates() ? RateSchema::WithTimes : RateSchema::OwnRows);
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
    options.cancel = cancel;
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

const char* rangeScenarioName(RangeScenario scenario)
{
    return scenario == RangeScenario::Interpolation ? "interpolation" : "extrapolation";
}

bool insideTrainingRanges(const FeatureSchema& schema, const Configuration& config)
{
    // The VM count may differ from a one-VM training set's: the projection answers it.
    Configuration asTrained = config;
    if (schema.numericColumn(Factor::Vms) < 0)
        asTrained.vms = schema.fixedValues().vms;
    if (!schema.represents(asTrained))
        return false;
    return std::all_of(
        schema.columns().begin(), schema.columns().end(), [&](const FeatureColumn& column) {
            if (column.categorical())
                return true;
            const double value = numericValue(config, column.factor);
            return value >= column.minValue && value <= column.maxValue;
        });
}

ModelEvaluation rangeScenarioEvaluation(const TrainedModel& model,
    const std::vector<AggregatedMeasurement>& training,
    const std::vector<AggregatedMeasurement>& dataset, RangeScenario which,
    const RelativeErrorRule& rule)
{
    const bool inside = which == RangeScenario::Interpolation;
    const std::string name = rangeScenarioName(which);
    std::set<Configuration> seen;
    std::set<int> vms;
    for (const AggregatedMeasurement& row : training) {
        seen.insert(row.config);
        vms.insert(row.config.vms);
    }
    // Other VM counts are the multi-VM scenario, not a range the model extrapolates along.
    std::vector<AggregatedMeasurement> untrained;
    for (const AggregatedMeasurement& row : dataset)
        if (!seen.contains(row.config) && vms.contains(row.config.vms)
            && insideTrainingRanges(model.schema(), row.config) == inside)
            untrained.push_back(row);
    if (!untrained.empty())
        return evaluateModel(model, untrained, rule, name);
    // The same question asked of a model that saw everything: leave request sizes out of a refit.
    const HoldoutSplit split = inside ? interpolationSplit(training) : extrapolationSplit(training);
    if (split.test.empty())
        throw DataError(name + ": no measured configuration lies " + (inside ? "inside" : "outside")
            + " its training ranges without being trained on, and its training data has too few "
              "request sizes to leave "
            + (inside ? "the inner ones" : "the largest") + " out");
    return holdoutEvaluation(model, split.train, split.test, rule, name);
}

} // namespace iolens::core
