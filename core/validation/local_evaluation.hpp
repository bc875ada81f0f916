// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "validation/model_evaluation.hpp"

#include <cstddef>
#include <vector>

namespace iolens::core {

/// The indices of the `count` configurations of `configs` nearest to `scenario` in dataSteps
/// (core/whatif/data_distance.hpp: one step per doubling of a size or count, read share / 100,
/// one step per other scheduler or pattern); on equal distance the earlier one in `configs` wins,
/// so the choice is deterministic. Returned in ascending index order (the order of `configs`);
/// all indices when count >= configs.size(). O(n log n) for n configurations, no allocation
/// beyond the n distances.
std::vector<std::size_t> nearestConfigurations(
    const std::vector<Configuration>& configs, const Configuration& scenario, std::size_t count);

/// `evaluation` restricted to its `count` scored configurations nearest to `scenario`
/// (nearestConfigurations): the per-point errors are kept as they are (no model is refitted or
/// asked again) and R², RMSE, the mean, the percentiles and the CDF are recomputed on them
/// (ICPE'13 Figure 8 "here" rather than over the whole design). excludedByRule and notPredicted
/// are carried over. Precondition: count >= 1. O(n log n).
ModelEvaluation localEvaluation(
    const ModelEvaluation& evaluation, const Configuration& scenario, std::size_t count);

} // namespace iolens::core
