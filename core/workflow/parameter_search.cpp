// SPDX-License-Identifier: GPL-3.0-or-later
#include "workflow/parameter_search.hpp"

#include "common/error.hpp"
#include "data/dataset.hpp"
#include "models/regressor_registry.hpp"
#include "tuning/cross_validation_cost.hpp"
#include "tuning/grouped_cv_cost.hpp"
#include "tuning/search_space.hpp"
#include "tuning/technique_cost.hpp"
#include "validation/grouped_cv.hpp"
#include "validation/k_fold.hpp"

namespace iolens::core {

namespace {

struct Prepared {
    std::unique_ptr<Regressor> prototype; ///< technique with the fixed parameters
    TrainingOptions options;
};

Prepared prepare(const SearchRequest& request)
{
    Prepared prepared;
    ParamValues fixed = request.fixed;
    prepared.options = takeTrainingOptions(request.metric, fixed);
    prepared.prototype = createRegressor(request.technique);
    prepared.prototype->setParameters(fixed);
    return prepared;
}

// The technique's search space less the parameters the request fixes (--param cp=0.05 was
// searched anyway, and the fixed value only set the default cost compared against).
std::vector<SearchDimension> unfixedSpace(const Regressor& prototype, const SearchRequest& request)
{
    std::vector<SearchDimension> space = searchSpace(prototype);
    std::erase_if(
        space, [&request](const SearchDimension& d) { return request.fixed.contains(d.name); });
    if (space.empty() && !searchSpace(prototype).empty())
        throw ConfigError("optimize: every parameter " + request.technique
            + " searches is fixed by --param; nothing is left to search");
    return space;
}

} // namespace

std::vector<SearchDimension> searchedDimensions(const SearchRequest& request)
{
    std::vector<SearchDimension> space = unfixedSpace(*prepare(request).prototype, request);
    // Built for its ConfigErrors alone, before a caller records anything.
    [[maybe_unused]] const HeuristicOptimizer checked(space, request.settings);
    return space;
}

SearchOutcome searchParameters(const std::vector<AggregatedMeasurement>& rows,
    const SearchRequest& request, const std::atomic<bool>& cancelled,
    const ProgressCallback& progress, const std::vector<EvaluatedPoint>& previous)
{
    const Prepared prepared = prepare(request);
    const Regressor& prototype = *prepared.prototype;
    Dataset data = buildDataset(rows, request.metric,
        prototype.composesRates() ? RateSchema::WithTimes : RateSchema::OwnRows);
    if (prepared.options.logResponse) {
        if ((data.y.array() <= 0.0).any())
            throw DataError(std::string(metricName(request.metric))
                + " has zero values; optimize with --param log_response=0");
        data.y = data.y.array().log();
    }
    if (request.cv == SearchCv::Random && data.rows() < request.folds)
        throw DataError(std::to_string(data.rows()) + " configurations have "
            + std::string(metricName(request.metric)) + ": too few for "
            + std::to_string(request.folds) + "-fold cross-validation");

    SearchOutcome outcome;
    outcome.space = unfixedSpace(prototype, request);
    const HeuristicOptimizer optimizer(outcome.space, request.settings);
    if (request.cv == SearchCv::Grouped) {
        GroupedCvOptions options;
        options.metric = request.metric;
        options.logResponse = prepared.options.logResponse;
        const BatchCost cost = request.sharedFits
            ? techniqueGroupedCost(prototype, outcome.space, data, options)
            : groupedCrossValidationCost(prototype, outcome.space, data, options);
        outcome.search = optimizer.run(cost, cancelled, progress, previous);
        outcome.defaultCost = groupedCrossValidate(prototype, data, options).meanLogRatioError;
    } else {
        const FoldAssignment folds(data.rows(), request.folds, request.seed);
        const BatchCost cost = request.sharedFits
            ? techniqueCrossValidationCost(prototype, outcome.space, data, folds)
            : crossValidationCost(prototype, outcome.space, data, folds);
        outcome.search = optimizer.run(cost, cancelled, progress, previous);
        outcome.defaultCost = crossValidate(prototype, data, folds).meanRmse;
    }
    if (outcome.search.cancelled)
        return outcome;

    // Algorithm 1 starts at the box's lower corner, and a small budget (-k 2 -n 1
    // --iterations 1) may never come near the defaults: the model kept a point 17.5 % worse
    // than them. Their cost is on the same folds (or levels), so the better of the two is kept.
    auto best = prototype.clone();
    outcome.defaultsKept = outcome.defaultCost < outcome.search.best.cost;
    if (!outcome.defaultsKept)
        best->setParameters(withSearchPoint(prototype, outcome.space, outcome.search.best.values));
    outcome.bestParameters = best->parameters();
    outcome.bestParameters["log_response"] = prepared.options.logResponse ? 1.0 : 0.0;
    outcome.model = TrainedModel::train(std::move(best), rows, prepared.options);
    return outcome;
}

} // namespace iolens::core
