// SPDX-License-Identifier: GPL-3.0-or-later
#include "validation/accuracy_methods.hpp"

#include "common/error.hpp"
#include "models/elastic_net_cv.hpp"
#include "models/inside_out.hpp"
#include "validation/k_fold.hpp"

#include <algorithm>

namespace iolens::core {

namespace {

// One-level penalised regression, lambda.min by inner CV on the training rows (as the lasso of
// Inside-Out's second level, so the comparison differs only in the filter).
Eigen::VectorXd penalizedPredictions(
    double alpha, const Eigen::MatrixXd& x, const Eigen::VectorXd& y, int folds, std::uint64_t seed)
{
    const FoldAssignment assignment(x.rows(), folds, seed);
    Eigen::VectorXd predictions(x.rows());
    ElasticNetOptions options;
    options.alpha = alpha;
    for (int f = 0; f < folds; ++f) {
        const std::vector<Eigen::Index> train = assignment.trainRows(f);
        const int inner
            = static_cast<int>(std::min<Eigen::Index>(folds, Eigen::Index(train.size())));
        const LambdaCrossValidation cv
            = crossValidateLambda(x(train, Eigen::all), y(train), options, inner, seed);
        const auto l = static_cast<Eigen::Index>(cv.chosen(LambdaRule::Minimum));
        const auto& test = assignment.testRows(f);
        predictions(test)
            = (x(test, Eigen::all) * cv.path.slopes.col(l)).array() + cv.path.intercepts(l);
    }
    return predictions;
}

Eigen::VectorXd twoLevelPredictions(FeatureFilter filter, const Eigen::MatrixXd& x,
    const Eigen::VectorXd& y, const std::vector<std::string>& names, int folds, std::uint64_t seed)
{
    InsideOutParams params;
    params.filter = filter;
    params.folds = folds;
    params.seed = seed;
    return crossValidatedPredictions(x, y, names, params);
}

} // namespace

const std::vector<AccuracyMethod>& allAccuracyMethods()
{
    static const std::vector<AccuracyMethod> methods {AccuracyMethod::InsideOut,
        AccuracyMethod::AutoDtl, AccuracyMethod::AutoRfl, AccuracyMethod::Lasso,
        AccuracyMethod::Ridge, AccuracyMethod::ElasticNet};
    return methods;
}

std::string accuracyMethodName(AccuracyMethod method)
{
    switch (method) {
    case AccuracyMethod::InsideOut:
        return "Inside-Out";
    case AccuracyMethod::AutoDtl:
        return "Auto-DTL";
    case AccuracyMethod::AutoRfl:
        return "Auto-RFL";
    case AccuracyMethod::Lasso:
        return "Lasso";
    case AccuracyMethod::Ridge:
        return "Ridge";
    case AccuracyMethod::ElasticNet:
        return "Elastic net";
    }
    return "?";
}

std::string accuracyMethodKey(AccuracyMethod method)
{
    switch (method) {
    case AccuracyMethod::InsideOut:
        return "insideout";
    case AccuracyMethod::AutoDtl:
        return "auto_dtl";
    case AccuracyMethod::AutoRfl:
        return "auto_rfl";
    case AccuracyMethod::Lasso:
        return "lasso";
    case AccuracyMethod::Ridge:
        return "ridge";
    case AccuracyMethod::ElasticNet:
        return "elastic_net";
    }
    return "?";
}

AccuracyMethod parseAccuracyMethod(const std::string& key)
{
    std::string keys;
    for (AccuracyMethod method : allAccuracyMethods()) {
        if (accuracyMethodKey(method) == key)
            return method;
        keys += (keys.empty() ? "" : ", ") + accuracyMethodKey(method);
    }
    throw ConfigError("unknown method '" + key + "' (one of " + keys + ")");
}

Eigen::VectorXd methodCrossValidatedPredictions(AccuracyMethod method, const Eigen::MatrixXd& x,
    const Eigen::VectorXd& y, const std::vector<std::string>& names, int folds, std::uint64_t seed)
{
    if (folds < 3 || folds > x.rows())
        throw ConfigError("methodCrossValidatedPredictions: " + std::to_string(folds)
            + " folds for " + std::to_string(x.rows()) + " rows (need 3 <= folds <= rows)");
    switch (method) {
    case AccuracyMethod::InsideOut:
        return twoLevelPredictions(FeatureFilter::Ridge, x, y, names, folds, seed);
    case AccuracyMethod::AutoDtl:
        return twoLevelPredictions(FeatureFilter::DecisionTree, x, y, names, folds, seed);
    case AccuracyMethod::AutoRfl:
        return twoLevelPredictions(FeatureFilter::RandomForest, x, y, names, folds, seed);
    case AccuracyMethod::Lasso:
        return penalizedPredictions(1.0, x, y, folds, seed);
    case AccuracyMethod::Ridge:
        return penalizedPredictions(0.0, x, y, folds, seed);
    case AccuracyMethod::ElasticNet:
        return penalizedPredictions(0.5, x, y, folds, seed);
    }
    throw ConfigError("methodCrossValidatedPredictions: unknown method");
}

} // namespace iolens::core
