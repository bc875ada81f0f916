// SPDX-License-Identifier: GPL-3.0-or-later
#include "harness/scheduler_factor.hpp"

#include "common/error.hpp"

#include <algorithm>
#include <set>

namespace iolens::core {

namespace fs = std::filesystem;

SchedulerFactor resolveSchedulerFactor(const MeasurementPlan& plan, const fs::path& sysfsRoot)
{
    SchedulerFactor factor;
    std::set<std::string> wanted;
    for (const Configuration& c : plan.configurations)
        if (c.scheduler != kCurrentScheduler)
            wanted.insert(c.scheduler);
    std::string current = "unknown";
    std::string why;
    if (!plan.hosts.empty()) {
        // parsePlan allows at most one scheduler value with hosts: a label, not a switch.
        if (wanted.size() == 1)
            current = *wanted.begin();
        why = "iolens does not read or switch the I/O scheduler of remote hosts";
    } else if (!plan.target.device.empty()) {
        factor.device = std::make_unique<IoSchedulerSwitch>(plan.target.device, sysfsRoot);
        current = factor.device->original().current;
        factor.switching = !wanted.empty() && factor.device->canSwitch();
        if (wanted.empty())
            why = "the plan lists no scheduler values";
        else if (!factor.switching)
            why = "no write access to " + sysfsRoot.string() + "/block/" + plan.target.device
                + "/queue/scheduler (run as root or grant it by a udev rule)";
        const auto& offered = factor.device->original().available;
        for (const std::string& name : wanted)
            if (factor.switching
                && std::find(offered.begin(), offered.end(), name) == offered.end())
                throw ConfigError("plan: device " + plan.target.device + " has no I/O scheduler '"
                    + name + "' (field 'factors.scheduler')");
    } else {
        fs::path probe = plan.target.directory;
        if (!fs::exists(probe))
            probe = fs::absolute(probe).parent_path();
        if (const auto device = blockDeviceOf(probe, sysfsRoot)) {
            const IoSchedulerSwitch reader(*device, sysfsRoot);
            current = reader.original().current;
            why = "the plan names no block device (target.device)";
        } else {
            why = "the target's file system has no block device with a scheduler";
        }
    }
    if (factor.switching)
        factor.note = "switching the I/O scheduler of " + plan.target.device
            + " per configuration (now " + current + "; restored at the end)";
    else
        factor.note = "the scheduler factor is fixed at '" + current + "': " + why
            + (wanted.empty() ? ""
                              : "; the plan's scheduler values are "
                                "measured as '"
                        + current + "'");
    std::set<Configuration> seen;
    for (Configuration c : plan.configurations) {
        if (!factor.switching || c.scheduler == kCurrentScheduler)
            c.scheduler = current;
        if (seen.insert(c).second)
            factor.configurations.push_back(c);
    }
    return factor;
}

} // namespace iolens::core
