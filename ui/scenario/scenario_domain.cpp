// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/scenario_domain.hpp"

#include <algorithm>
#include <map>

namespace iolens::ui {

namespace {

template <typename T> void sortUnique(std::vector<T>& values)
{
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
}

int coreMetricCount(const core::AggregatedMeasurement& m)
{
    return static_cast<int>(
        std::count_if(core::kCoreMetrics.begin(), core::kCoreMetrics.end(),
                      [&](core::Metric metric) { return m.value(metric).has_value(); }));
}

} // namespace

ScenarioDomain scenarioDomain(const std::vector<core::Configuration>& configs)
{
    ScenarioDomain domain;
    for (const core::Configuration& c : configs) {
        domain.schedulers.push_back(c.scheduler);
        domain.patterns.push_back(c.pattern);
        domain.requestBytes.push_back(c.requestBytes);
        domain.filesetBytes.push_back(c.filesetBytes);
        domain.readPcts.push_back(c.readPct);
        domain.threads.push_back(c.threads);
        domain.vms.push_back(c.vms);
    }
    sortUnique(domain.schedulers);
    sortUnique(domain.patterns);
    sortUnique(domain.requestBytes);
    sortUnique(domain.filesetBytes);
    sortUnique(domain.readPcts);
    sortUnique(domain.threads);
    sortUnique(domain.vms);
    return domain;
}

std::optional<core::Configuration>
defaultScenario(const std::vector<core::AggregatedMeasurement>& measured)
{
    const core::AggregatedMeasurement* best = nullptr;
    for (const auto& m : measured) {
        // Strictly better only, so ties keep the earlier row (data order).
        if (!best || m.repetitions > best->repetitions ||
            (m.repetitions == best->repetitions && coreMetricCount(m) > coreMetricCount(*best)))
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
