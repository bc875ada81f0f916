// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/elastic_net_cv.hpp"

#include "common/error.hpp"
#include "validation/k_fold.hpp"

#include <cmath>

namespace iolens::core {

LambdaCrossValidation crossValidateLambda(const Eigen::MatrixXd& x, const Eigen::VectorXd& y,
    const ElasticNetOptions& options, int folds, std::uint64_t seed)
{
    if (folds < 3)
        throw ConfigError(
            "lambda cross-validation needs at least 3 folds, got " + std::to_string(folds));
    LambdaCrossValidation cv;
    cv.path = ElasticNetProblem(x, y).fitPath(options);
    cv.folds = folds;
    const FoldAssignment assignment(x.rows(), folds, seed);
    const std::size_t count = cv.path.lambdas.size();
    // foldMse(f, l): mean squared error of fold f's held-out rows at lambda l.
    Eigen::MatrixXd foldMse(folds, static_cast<Eigen::Index>(count));
    Eigen::VectorXd foldSize(folds);
    for (int f = 0; f < folds; ++f) {
        const auto train = assignment.trainRows(f);
        const auto& test = assignment.testRows(f);
        const ElasticNetPath fit
            = ElasticNetProblem(x(train, Eigen::all), y(train)).fitAt(cv.path.lambdas, options);
        const Eigen::MatrixXd predicted
            = (x(test, Eigen::all) * fit.slopes).rowwise() + fit.intercepts.transpose();
        const Eigen::VectorXd observed = y(test);
        foldMse.row(f) = (predicted.colwise() - observed).colwise().squaredNorm()
            / static_cast<double>(test.size());
        foldSize(f) = static_cast<double>(test.size());
    }
    // cv.glmnet's cvstats: fold-size weighted mean and its standard error.
    const double n = foldSize.sum();
    cv.cvm.resize(count);
    cv.cvsd.resize(count);
    for (std::size_t l = 0; l < count; ++l) {
        const auto column = foldMse.col(static_cast<Eigen::Index>(l));
        const double mean = column.dot(foldSize) / n;
        const double spread = (column.array() - mean).square().matrix().dot(foldSize) / n;
        cv.cvm[l] = mean;
        cv.cvsd[l] = std::sqrt(spread / (folds - 1));
    }
    // Lambdas decrease along the path, so the first index attaining a value is the largest
    // lambda attaining it (cv.glmnet's max(lambda[cvm <= ...])).
    for (std::size_t l = 1; l < count; ++l)
        if (cv.cvm[l] < cv.cvm[cv.minimum])
            cv.minimum = l;
    const double bound = cv.cvm[cv.minimum] + cv.cvsd[cv.minimum];
    while (cv.cvm[cv.oneStdError] > bound)
        ++cv.oneStdError;
    return cv;
}

} // namespace iolens::core
