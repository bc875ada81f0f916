// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/aggregation.hpp"
#include "whatif/factor_sweep.hpp"

#include <optional>
#include <string>
#include <vector>

namespace iolens::ui {

/// The values each factor takes in a dataset, sorted and without duplicates: what the scenario
/// controls offer (the scheduler and pattern choices) and where their steps must land exactly.
/// The domain the profiler sweeps over: one core function collects it for both.
using ScenarioDomain = core::FactorDomain;

/// Collects the domain of `configs` (core::factorDomain). O(n log n).
ScenarioDomain scenarioDomain(const std::vector<core::Configuration>& configs);

/// The configuration the window opens on: a measured one, so the measured value and its noise
/// show beside the prediction from the start. Prefers the most repetitions (a real standard
/// error), then the most core metrics (a mix shows reads and writes), then data order.
/// std::nullopt for no data.
std::optional<core::Configuration> defaultScenario(
    const std::vector<core::AggregatedMeasurement>& measured);

/// The most frequent thread count of `configs` (the smaller on ties); 1 without data: the thread
/// count the scenario starts from, and the one it keeps where the data measured only that.
int typicalThreads(const std::vector<core::Configuration>& configs);

} // namespace iolens::ui
