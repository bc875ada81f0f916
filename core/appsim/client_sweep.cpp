// SPDX-License-Identifier: GPL-3.0-or-later
#include "appsim/client_sweep.hpp"

#include <cmath>

namespace iolens::core {

std::vector<int> sweepClientCounts(int maxClients)
{
    std::vector<int> counts;
    for (int power = 1; power <= maxClients; power *= 2) {
        counts.push_back(power);
        const int between = power + power / 2;
        if (power >= 2 && between < 2 * power && between <= maxClients)
            counts.push_back(between);
    }
    if (counts.empty() || counts.back() != maxClients)
        counts.push_back(maxClients);
    return counts;
}

ClientHeadroom clientHeadroom(const std::vector<SimulationResult>& sweep, double limitMs)
{
    ClientHeadroom answer;
    if (sweep.empty() || !(sweep.front().responseTimeMs.mean <= limitMs))
        return answer;
    answer.meetsAtFewest = true;
    for (std::size_t i = 1; i < sweep.size(); ++i) {
        const SimulationResult& below = sweep[i - 1];
        const SimulationResult& above = sweep[i];
        if (above.responseTimeMs.mean <= limitMs)
            continue;
        const double share = (limitMs - below.responseTimeMs.mean)
            / (above.responseTimeMs.mean - below.responseTimeMs.mean);
        answer.largestClients
            = below.clients + static_cast<int>(std::floor(share * (above.clients - below.clients)));
        return answer;
    }
    answer.openEnded = true;
    answer.largestClients = sweep.back().clients;
    return answer;
}

} // namespace iolens::core
