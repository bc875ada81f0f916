// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "harness/measurement_plan.hpp"
#include "harness/target_directory.hpp"
#include "store/measurement_database.hpp"

#include <atomic>
#include <string>
#include <vector>

namespace iolens::core {

/// One run of a plan with hosts: what runOnHosts needs.
struct MultiHostRunRequest {
    const MeasurementPlan* plan = nullptr; ///< its hosts and workload (non-null, hosts non-empty)
    Configuration config;                  ///< the run's configuration, vms = the plan's hosts
    std::string name;                      ///< "KEY-repR": the client's files go to raw/NAME.hosts/
    const TargetDirectory* target = nullptr; ///< claimed; its path is the same on every host
    std::string fioProgram = "fio";
    const std::atomic<bool>* cancel = nullptr; ///< set to stop fio within ~0.1 s
};

/// What one multi-host run measured.
struct MultiHostRun {
    bool cancelled = false; ///< stopped through the request's cancel: nothing else is set
    double seconds = 0.0;   ///< wall time of the fio client run
    /// The hosts combined by combineVmResults, the rule of the emulated multi-VM runs (response
    /// times averaged, throughputs summed); rep and split are left to the caller.
    Measurement row;
    /// Each host's own result as one VM's share (threads and file set divided by the hosts).
    std::vector<HostMeasurement> hosts;
};

/// Runs `request.config` on every host of the plan at once through fio's client/server mode
/// (runFioClient), host h running VM h's share of the file set at the path the local layout
/// would use (planFileSet); fio creates the folders and files on the host. Writes nothing to
/// the database. Throws what runFioClient throws.
MultiHostRun runOnHosts(const MultiHostRunRequest& request);

} // namespace iolens::core
