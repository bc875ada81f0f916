// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "harness/io_scheduler.hpp"
#include "harness/measurement_plan.hpp"

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace iolens::core {

/// How a measurement session treats the plan's scheduler factor (ICPE'13 Table 1), decided
/// before anything runs: switched per configuration on the plan's device, or fixed at the
/// scheduler in use and recorded as such.
struct SchedulerFactor {
    /// The plan's target.device, opened; null without one. The session switches it (when
    /// `switching`) and restores it at the end.
    std::unique_ptr<IoSchedulerSwitch> device;
    /// True if the plan names scheduler values and this process may write the device's
    /// scheduler file: every configuration runs under its own scheduler.
    bool switching = false;
    /// One sentence for the user on how the factor is handled (MeasureEstimate::schedulerNote).
    std::string note;
    /// The plan's configurations as they will be stored: the scheduler in use in place of
    /// "current" (and of every value when not switching), duplicates merged, order kept.
    std::vector<Configuration> configurations;
};

/// Decides how `plan`'s scheduler factor is measured. With hosts the single scheduler value
/// is a label (remote schedulers are neither read nor switched); with target.device the
/// device's scheduler file under `sysfsRoot` is read and switched if writable; otherwise the
/// scheduler of the block device holding target.directory is recorded, or "unknown".
/// Throws ConfigError if the device's scheduler file is missing, or if it can be switched but
/// does not offer a scheduler the plan names. Cost: a few sysfs reads.
SchedulerFactor resolveSchedulerFactor(
    const MeasurementPlan& plan, const std::filesystem::path& sysfsRoot);

} // namespace iolens::core
