// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/multi_vm_data.hpp"

namespace iolens::test {

std::vector<core::Measurement> withTwoVms(const std::vector<core::Measurement>& runs)
{
    std::vector<core::Measurement> all = runs;
    for (core::Measurement run : runs) {
        run.config.vms = 2;
        run.split = "multivm";
        for (core::Metric metric : core::kCoreMetrics)
            if (const auto value = run.value(metric)) {
                const bool throughput
                    = metric == core::Metric::TpReadMbs || metric == core::Metric::TpWriteMbs;
                run.setValue(metric, *value * (throughput ? 1.8 : 1.1));
            }
        all.push_back(run);
    }
    return all;
}

} // namespace iolens::test
