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

/// A machine that runs `fio --server` (a VM or a host) for multi-host plans.
struct PlanHost {
    std::string name; ///< label in the database and the output ("vm1"); default: the address
    /// As fio's --client takes it, without the port ("10.0.0.5", "ip6:fe80::1").
    std::string address;
    int port = 0; ///< 1..65535; 0 = fio's default port (8765)
};

/// A measurement plan (ICPE'13 section 4.2 and Table 1): the configurations to measure,
/// how to run each, where, and the dataset the results go to. Parsed from JSON by parsePlan.
struct MeasurementPlan {
    std::string dataset;        ///< dataset name in the measurement database (non-empty)
    std::string description;    ///< for a new dataset
    std::string system;         ///< the system under study, for a new dataset
    std::string split = "grid"; ///< split label of every row
    std::string design;         ///< "full_factorial", "random" or "list", as given
    WorkloadSettings workload;
    TargetSpec target;
    /// Empty: fio runs here, N processes emulate N VMs. Otherwise every run runs on all these
    /// hosts at once through fio's client/server mode, one host = one VM, and every
    /// configuration has vms = hosts.size().
    std::vector<PlanHost> hosts;
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
///   "hosts": [{"name": "vm1", "address": "10.0.0.5,8765"}, ...] (optional; see below).
/// Missing factors take defaults: scheduler "current" (whatever the device has), pattern random,
/// read_pct 100, threads 1, vms 1.
///
/// Hosts (the paper's multi-VM case on real VMs, ICPE'13 section 6.3): each entry's "address"
/// uses fio's own --client syntax, "HOST" or "HOST,PORT" (HOST may carry fio's "ip:" or "ip6:"
/// prefix; the port defaults to 8765), and each host runs `fio --server` (e.g.
/// `fio --server=ip:0.0.0.0,8765`). With N hosts every configuration is measured with vms = N:
/// each host runs one VM's share, threads / N threads on a file set of fileset / N, exactly as
/// the emulated multi-VM runs split them, and the stored row combines the hosts like
/// combineVmResults (response times averaged, throughputs summed). A "vms" factor other than 1
/// or N is an error. The plan's target.directory is used on every host as well as here: here it
/// holds the raw results, on each host fio itself creates the file set under it (iolens cannot
/// write remotely), so the path must be writable there by the fio server. target.device is not
/// allowed with hosts (a remote scheduler cannot be switched); at most one scheduler value may
/// be given, recorded as the hosts' scheduler ("current" is recorded as "unknown").
/// Throws ConfigError naming `source` and the JSON field
/// ("plan.json: field 'factors.request[1]': '4q' is not a size") for anything invalid.
MeasurementPlan parsePlan(std::string_view text, const std::string& source);
/// Reads and parses a plan file.
MeasurementPlan readPlanFile(const std::string& path);

/// The scheduler value that means "whatever the device uses": it is replaced by the device's
/// current scheduler when measured.
inline constexpr std::string_view kCurrentScheduler = "current";

} // namespace iolens::core
