// SPDX-License-Identifier: GPL-3.0-or-later
#include "validation/local_evaluation.hpp"

#include "common/error.hpp"
#include "whatif/data_distance.hpp"

#include <algorithm>
#include <numeric>

namespace iolens::core {

std::vector<std::size_t> nearestConfigurations(
    const std::vector<Configuration>& configs, const Configuration& scenario, std::size_t count)
{
    std::vector<std::size_t> order(configs.size());
    std::iota(order.begin(), order.end(), std::size_t {0});
    if (count >= configs.size())
        return order;
    std::vector<double> steps(configs.size());
    for (std::size_t i = 0; i < configs.size(); ++i)
        steps[i] = dataSteps(configs[i], scenario);
    // Index as the tie-breaker: the same N points for the same scenario, whatever the sort does.
    const auto nearer = [&steps](std::size_t a, std::size_t b) {
        return steps[a] != steps[b] ? steps[a] < steps[b] : a < b;
    };
    std::partial_sort(
        order.begin(), order.begin() + static_cast<std::ptrdiff_t>(count), order.end(), nearer);
    order.resize(count);
    std::sort(order.begin(), order.end());
    return order;
}

ModelEvaluation localEvaluation(
    const ModelEvaluation& evaluation, const Configuration& scenario, std::size_t count)
{
    if (count == 0)
        throw ConfigError("localEvaluation: needs at least 1 configuration, got 0");
    const std::vector<std::size_t> chosen
        = nearestConfigurations(evaluation.configs, scenario, count);
    const auto n = static_cast<Eigen::Index>(chosen.size());
    ModelEvaluation local;
    local.scenario = evaluation.scenario;
    local.excludedByRule = evaluation.excludedByRule;
    local.notPredicted = evaluation.notPredicted;
    local.measured.resize(n);
    local.predicted.resize(n);
    local.relativeError.resize(n);
    for (Eigen::Index i = 0; i < n; ++i) {
        const std::size_t from = chosen[static_cast<std::size_t>(i)];
        const auto row = static_cast<Eigen::Index>(from);
        local.configs.push_back(evaluation.configs[from]);
        local.measured(i) = evaluation.measured(row);
        local.predicted(i) = evaluation.predicted(row);
        local.relativeError(i) = evaluation.relativeError(row);
    }
    if (n == 0)
        return local; // an empty evaluation stays empty: nothing to summarise
    summarizeEvaluation(local);
    return local;
}

} // namespace iolens::core
