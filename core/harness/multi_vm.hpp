// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/measurement.hpp"

#include <vector>

namespace iolens::core {

/// Combines the results of N concurrent fio processes that emulate N VMs (ICPE'13 section 6)
/// into one measurement of `config` (vms = N): response times (means and p99) are
/// averaged over the processes that report them, throughputs and IOPS summed. A metric that no
/// process reports stays empty. The time of the run is the earliest process's. Throws
/// StateError for an empty list. O(N).
Measurement combineVmResults(const std::vector<Measurement>& perVm, const Configuration& config);

} // namespace iolens::core
