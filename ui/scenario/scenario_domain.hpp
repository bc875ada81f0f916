// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/aggregation.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace iolens::ui {

/// The values each factor takes in a dataset, sorted and without duplicates: what the scenario
/// controls offer (the scheduler and pattern choices) and where their steps must land exactly.
struct ScenarioDomain {
    std::vector<std::string> schedulers;
    std::vector<core::Pattern> patterns;
    std::vector<std::int64_t> requestBytes;
    std::vector<std::int64_t> filesetBytes;
    std::vector<double> readPcts;
    std::vector<int> threads;
    std::vector<int> vms;

    bool empty() const { return requestBytes.empty(); }
};

/// Collects the domain of `configs`. O(n log n).
ScenarioDomain scenarioDomain(const std::vector<core::Configuration>& configs);

/// The configuration the window opens on: a measured one, so the measured value and its noise
/// show beside the prediction from the start. Prefers the most repetitions (a real standard
/// error), then the most core metrics (a mix shows reads and writes), then data order.
/// std::nullopt for no data.
std::optional<core::Configuration>
defaultScenario(const std::vector<core::AggregatedMeasurement>& measured);

/// The most frequent thread count of `configs` (the smaller on ties); 1 without data. The window
/// has no threads control: the data fixes it (16 in both examples).
int typicalThreads(const std::vector<core::Configuration>& configs);

} // namespace iolens::ui
