// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "appsim/application_simulation.hpp"

#include <optional>
#include <vector>

namespace iolens::core {

/// Client counts for a curve up to `maxClients`: 1, 2, 3, 4, 6, 8, 12, 16, 24, ... (two per
/// doubling), and `maxClients` itself.
std::vector<int> sweepClientCounts(int maxClients);

/// The SLA question of the application what-if: how many clients keep the loop's response time
/// within a limit.
struct ClientHeadroom {
    bool meetsAtFewest = false; ///< the smallest simulated count keeps the limit
    bool openEnded = false;     ///< every simulated count keeps it (the answer is "at least")
    /// The largest client count that keeps the limit: the last simulated count that does,
    /// or, between it and the first that does not, the count where the straight line between
    /// their response times crosses the limit (rounded down). nullopt unless meetsAtFewest.
    std::optional<int> largestClients;
};

/// `sweep` in increasing client counts.
ClientHeadroom clientHeadroom(const std::vector<SimulationResult>& sweep, double limitMs);

} // namespace iolens::core
