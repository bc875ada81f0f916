// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/configuration.hpp"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace iolens::core {

/// How fio drives each configuration; the same for every configuration of a plan.
struct WorkloadSettings {
    double rampSeconds = 2.0;       ///< fio ramp_time: run but not measured, seconds (>= 0)
    double runtimeSeconds = 10.0;   ///< fio runtime: measured, seconds (> 0)
    int repetitions = 3;            ///< runs per configuration (>= 1); the noise needs >= 2
    bool direct = true;             ///< O_DIRECT (fio direct=1): bypass the page cache
    std::string ioengine = "psync"; ///< fio ioengine; psync = synchronous threads as in FFSB
};

/// Where the measurement runs.
struct TargetSpec {
    /// Directory that holds the file sets and the raw results (empty or iolens' own layout).
    std::filesystem::path directory;
    /// Block device whose I/O scheduler is the scheduler factor ("sda", "nvme0n1"); empty: the
    /// scheduler is not switched and the device's current one is recorded.
    std::string device;
};

/// A measurement plan (issue 7; ICPE'13 section 4.2 and Table 1): the configurations to measure,
/// how to run each, where, and the dataset the results go to. Parsed from JSON by parsePlan.
struct MeasurementPlan {
    std::string dataset;     ///< dataset name in the measurement database (non-empty)
    std::string description; ///< for a new dataset
    std::string system;      ///< the system under study, for a new dataset
    std::string split = "grid"; ///< split label of every row
    std::string design;      ///< "full_factorial", "random" or "list", as given
    WorkloadSettings workload;
    TargetSpec target;
    /// The configurations, in measurement order, without duplicates. Each has threads divisible
    /// by vms, a per-VM file set that is a whole number of MiB and at least one request.
    std::vector<Configuration> configurations;
};

/// Parses a plan. `source` names the file in messages. The JSON object has:
///   "dataset" (required), "description", "system", "split";
///   "target": {"directory", "device"};
///   "workload": {"ramp_seconds", "runtime_seconds", "repetitions", "direct", "ioengine"};
///   "design": "full_factorial" (default), "random" or "list";
///   "factors": {"scheduler": [..], "fileset": [..], "request": [..], "pattern": [..],
///               "read_pct": [..], "threads": [..], "vms": [..]} for full_factorial (every
///               combination) and random (the categorical choices); sizes are fio size strings
///               ("256M", "4k") or byte counts;
///   "random": {"count", "seed", "ranges": {"fileset": [lo, hi], "request": [lo, hi],
///               "read_pct": [lo, hi], "threads": [lo, hi], "vms": [lo, hi]}};
///   "configurations": [{"scheduler", "fileset", "request", "pattern", "read_pct", "threads",
///               "vms"}, ...] for list.
/// Missing factors take defaults: scheduler "current" (whatever the device has), pattern random,
/// read_pct 100, threads 1, vms 1. Throws ConfigError naming `source` and the JSON field
/// ("plan.json: field 'factors.request[1]': '4q' is not a size") for anything invalid.
MeasurementPlan parsePlan(std::string_view text, const std::string& source);
/// Reads and parses a plan file.
MeasurementPlan readPlanFile(const std::string& path);

/// The scheduler value that means "whatever the device uses": it is replaced by the device's
/// current scheduler when measured.
inline constexpr std::string_view kCurrentScheduler = "current";

} // namespace iolens::core
