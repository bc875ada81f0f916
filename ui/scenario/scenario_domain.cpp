// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/scenario_domain.hpp"

#include <algorithm>
#include <map>

namespace iolens::ui {

namespace {

int coreMetricCount(const core::AggregatedMeasurement& m)
{
    return static_cast<int>(std::count_if(core::kCoreMetrics.begin(), core::kCoreMetrics.end(),
        [&](core::Metric metric) { return m.value(metric).has_value(); }));
}

} // namespace

ScenarioDomain scenarioDomain(const std::vector<core::Configuration>& configs)
{
    return core::factorDomain(configs);
}

std::optional<core::Configuration> defaultScenario(
    const std::vector<core::AggregatedMeasurement>& measured)
{
    const core::AggregatedMeasurement* best = nullptr;
    for (const auto& m : measured) {
        // Strictly better only, so ties keep the earlier row (data order).
        if (!best || m.repetitions > best->repetitions
            || (m.repetitions == best->repetitions && coreMetricCount(m) > coreMetricCount(*best)))
            best = &m;
    }
    if (!best)
        return std::nullopt;
    return best->config;
}

int typicalThreads(const std::vector<core::Configuration>& configs)
{
    std::map<int, int> counts;
    for (const core::Configuration& c : configs)
        ++counts[c.threads];
    int best = 1;
    int bestCount = 0;
    for (const auto& [threads, count] : counts) { // ascending, so ties go to the smaller value
        if (count > bestCount) {
            best = threads;
            bestCount = count;
        }
    }
    return best;
}

} // namespace iolens::ui
