// SPDX-License-Identifier: GPL-3.0-or-later
#include "harness/multi_vm.hpp"

#include "common/error.hpp"

#include <algorithm>

namespace iolens::core {

namespace {

bool isResponseTime(Metric metric)
{
    return metric == Metric::RtReadMs || metric == Metric::RtWriteMs
        || metric == Metric::RtReadP99Ms || metric == Metric::RtWriteP99Ms;
}

} // namespace

Measurement combineVmResults(const std::vector<Measurement>& perVm, const Configuration& config)
{
    if (perVm.empty())
        throw StateError("combineVmResults: no per-VM results");
    Measurement combined;
    combined.config = config;
    combined.measuredAt = perVm.front().measuredAt;
    for (const Measurement& vm : perVm)
        if (!vm.measuredAt.empty()
            && (combined.measuredAt.empty() || vm.measuredAt < combined.measuredAt))
            combined.measuredAt = vm.measuredAt; // ISO 8601 UTC text sorts by time
    for (Metric metric : kAllMetrics) {
        double sum = 0.0;
        int count = 0;
        for (const Measurement& vm : perVm)
            if (const auto value = vm.value(metric)) {
                sum += *value;
                ++count;
            }
        if (count == 0)
            continue;
        // The paper's multi-VM response time is what a VM sees on average; its throughput is
        // what the storage delivers to all VMs together.
        combined.setValue(metric, isResponseTime(metric) ? sum / count : sum);
    }
    return combined;
}

} // namespace iolens::core
