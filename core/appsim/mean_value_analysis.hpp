// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <vector>

namespace iolens::core {

/// A station of a single-class closed queueing network.
struct MvaStation {
    std::string name;
    double demandMs = 0.0; ///< service demand per loop (visits x service time)
    /// Servers sharing the queue (processor sharing or FCFS: the same means); 0 for a delay
    /// station (infinite server), where a request never waits.
    int servers = 1;
};

struct MvaResult {
    int clients = 0;
    double throughputPerS = 0.0;
    double responseTimeMs = 0.0;         ///< per loop, think time excluded
    std::vector<double> residenceTimeMs; ///< per station
    std::vector<double> utilization; ///< per station: busy share of its servers; delay: mean busy
    std::vector<double> queueLength; ///< per station: mean number there
};

/// Exact mean value analysis (Reiser and Lavenberg 1980) of a closed network with `thinkTimeMs`
/// at the terminals, for 1..maxClients clients: single-server stations by the arrival theorem,
/// multi-server ones by their marginal queue-length probabilities (load-dependent MVA), delay
/// stations by their demand. It is the reference the simulation is tested against: for
/// product-form networks (processor sharing, delay, exponential FCFS) its means are exact.
std::vector<MvaResult> meanValueAnalysis(
    const std::vector<MvaStation>& stations, double thinkTimeMs, int maxClients);

} // namespace iolens::core
