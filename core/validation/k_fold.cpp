// SPDX-License-Identifier: GPL-3.0-or-later
#include "validation/k_fold.hpp"

#include "common/error.hpp"
#include "validation/error_metrics.hpp"
#include "validation/validation_cancelled.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <numeric>
#include <random>

namespace iolens::core {

FoldAssignment::FoldAssignment(Eigen::Index n, int k, std::uint64_t seed)
    : m_k(k)
    , m_n(n)
{
    if (k < 2 || n < k)
        throw ConfigError("cross-validation: " + std::to_string(k) + " folds need at least "
            + std::to_string(k) + " rows (have " + std::to_string(n) + ")");
    std::vector<Eigen::Index> order(static_cast<std::size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    // Fisher-Yates with our own engine: std::shuffle's use of the engine is unspecified, and
    // folds must be identical on every platform for results to be reproducible.
    std::mt19937_64 engine(seed);
    for (std::size_t i = order.size(); i > 1; --i)
        std::swap(order[i - 1], order[engine() % i]);
    m_test.resize(static_cast<std::size_t>(k));
    for (std::size_t i = 0; i < order.size(); ++i)
        m_test[i % static_cast<std::size_t>(k)].push_back(order[i]);
    for (auto& rows : m_test)
        std::sort(rows.begin(), rows.end());
}

const std::vector<Eigen::Index>& FoldAssignment::testRows(int fold) const
{
    return m_test.at(static_cast<std::size_t>(fold));
}

std::vector<Eigen::Index> FoldAssignment::trainRows(int fold) const
{
    const auto& test = testRows(fold);
    std::vector<Eigen::Index> rows;
    rows.reserve(static_cast<std::size_t>(m_n) - test.size());
    for (Eigen::Index i = 0; i < m_n; ++i)
        if (!std::binary_search(test.begin(), test.end(), i))
            rows.push_back(i);
    return rows;
}

CrossValidationResult crossValidate(const Regressor& prototype, const Dataset& data,
    const FoldAssignment& folds, const std::atomic<bool>* cancel)
{
    CrossValidationResult result;
    result.foldRmse.assign(static_cast<std::size_t>(folds.folds()), 0.0);
    result.predictions = Eigen::VectorXd::Zero(data.rows());
    std::exception_ptr failure;
#pragma omp parallel for schedule(dynamic)
    for (int f = 0; f < folds.folds(); ++f) {
        if (validationCancelled(cancel))
            continue;
        try {
            auto model = prototype.clone();
            model->fit(subset(data, folds.trainRows(f)));
            const Dataset test = subset(data, folds.testRows(f));
            const Eigen::VectorXd predicted = model->predict(test.x);
            result.foldRmse[static_cast<std::size_t>(f)] = rootMeanSquaredError(predicted, test.y);
            const auto& rows = folds.testRows(f);
            for (std::size_t i = 0; i < rows.size(); ++i)
                result.predictions(rows[i]) = predicted(static_cast<Eigen::Index>(i));
        } catch (...) {
#pragma omp critical(iolens_cv_failure)
            failure = std::current_exception();
        }
    }
    if (failure)
        std::rethrow_exception(failure);
    if (validationCancelled(cancel))
        throw ValidationCancelled();
    const double k = static_cast<double>(folds.folds());
    result.meanRmse = std::accumulate(result.foldRmse.begin(), result.foldRmse.end(), 0.0) / k;
    double ss = 0.0;
    for (double r : result.foldRmse)
        ss += (r - result.meanRmse) * (r - result.meanRmse);
    result.sdRmse = std::sqrt(ss / (k - 1.0));
    return result;
}

} // namespace iolens::core
