// SPDX-License-Identifier: GPL-3.0-or-later
#include "validation/stability.hpp"

#include "common/error.hpp"
#include "models/resampling.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <numeric>
#include <random>

namespace iolens::core {

namespace {

/// The model's predictions on the scale the relative change is measured on.
Eigen::VectorXd predictOnMetricScale(
    const Regressor& model, const Eigen::MatrixXd& x, bool logResponse)
{
    Eigen::VectorXd predicted = model.predict(x);
    if (logResponse)
        predicted = predicted.array().exp();
    return predicted;
}

/// |changed - base| / |base| per row; 0 where both are 0, infinite where only base is.
Eigen::ArrayXd relativeChange(const Eigen::VectorXd& base, const Eigen::VectorXd& changed)
{
    Eigen::ArrayXd change(base.size());
    for (Eigen::Index i = 0; i < base.size(); ++i) {
        const double moved = std::abs(changed(i) - base(i));
        change(i) = moved == 0.0 ? 0.0
            : base(i) == 0.0     ? std::numeric_limits<double>::infinity()
                                 : moved / std::abs(base(i));
    }
    return change;
}

/// The rows kept in one repeat: all but `remove` drawn at random, ascending.
std::vector<Eigen::Index> keptRows(Eigen::Index n, int remove, std::mt19937_64& rng)
{
    std::vector<char> removed(static_cast<std::size_t>(n), 0);
    for (const Eigen::Index row : sampleWithoutReplacement(n, remove, rng))
        removed[static_cast<std::size_t>(row)] = 1;
    std::vector<Eigen::Index> rows;
    for (Eigen::Index i = 0; i < n; ++i)
        if (!removed[static_cast<std::size_t>(i)])
            rows.push_back(i);
    return rows;
}

} // namespace

StabilityResult measureStability(
    const Regressor& prototype, const Dataset& data, const StabilityOptions& options)
{
    const Eigen::Index n = data.rows();
    if (options.removeRows < 1 || options.removeRows >= n)
        throw ConfigError("stability: rows to remove must be in 1.." + std::to_string(n - 1)
            + " for " + std::to_string(n) + " training rows, not "
            + std::to_string(options.removeRows));
    if (prototype.fitsFromMeasurements())
        throw ConfigError("stability: technique '" + prototype.technique()
            + "' fits from measurements, not from a dataset");
    if (options.repeats < 1)
        throw ConfigError(
            "stability: repeats must be >= 1, not " + std::to_string(options.repeats));

    auto full = prototype.clone();
    full->fit(data);
    const Eigen::VectorXd base = predictOnMetricScale(*full, data.x, options.logResponse);

    std::mt19937_64 rng(options.seed);
    std::vector<std::vector<Eigen::Index>> kept;
    kept.reserve(static_cast<std::size_t>(options.repeats));
    for (int r = 0; r < options.repeats; ++r)
        kept.push_back(keptRows(n, options.removeRows, rng));

    StabilityResult result;
    result.rows = static_cast<int>(n);
    result.repeatMean.assign(kept.size(), 0.0);
    result.repeatMax.assign(kept.size(), 0.0);
    std::exception_ptr failure;
#pragma omp parallel for schedule(dynamic)
    for (int r = 0; r < options.repeats; ++r) {
        try {
            const auto& rows = kept[static_cast<std::size_t>(r)];
            auto model = prototype.clone();
            model->fit(subset(data, rows));
            const Eigen::ArrayXd change
                = relativeChange(base, predictOnMetricScale(*model, data.x, options.logResponse));
            result.repeatMean[static_cast<std::size_t>(r)] = change.mean();
            result.repeatMax[static_cast<std::size_t>(r)] = change.maxCoeff();
        } catch (...) {
#pragma omp critical(iolens_stability_failure)
            failure = std::current_exception();
        }
    }
    if (failure)
        std::rethrow_exception(failure);
    // Every repeat covers the same n rows, so the mean of the repeat means is the overall mean.
    result.meanRelativeChange
        = std::accumulate(result.repeatMean.begin(), result.repeatMean.end(), 0.0)
        / static_cast<double>(options.repeats);
    result.maxRelativeChange = *std::max_element(result.repeatMax.begin(), result.repeatMax.end());
    return result;
}

} // namespace iolens::core
