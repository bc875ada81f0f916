// SPDX-License-Identifier: GPL-3.0-or-later
#include "appsim/mean_value_analysis.hpp"

#include "common/error.hpp"

#include <algorithm>

namespace iolens::core {

std::vector<MvaResult> meanValueAnalysis(
    const std::vector<MvaStation>& stations, double thinkTimeMs, int maxClients)
{
    if (maxClients < 1)
        throw ConfigError("mean value analysis: needs at least one client");
    const std::size_t k = stations.size();
    std::vector<double> queue(k, 0.0);
    // marginal[s][j]: probability of j requests at multi-server station s, for the population
    // one below the current one.
    std::vector<std::vector<double>> marginal(k, std::vector<double>(1, 1.0));
    std::vector<MvaResult> results;
    for (int n = 1; n <= maxClients; ++n) {
        MvaResult r;
        r.clients = n;
        r.residenceTimeMs.assign(k, 0.0);
        for (std::size_t s = 0; s < k; ++s) {
            const MvaStation& st = stations[s];
            if (st.servers == 0)
                r.residenceTimeMs[s] = st.demandMs;
            else if (st.servers == 1)
                r.residenceTimeMs[s] = st.demandMs * (1.0 + queue[s]);
            else
                for (int j = 1; j <= n; ++j)
                    r.residenceTimeMs[s] += st.demandMs * j / std::min(j, st.servers)
                        * marginal[s][static_cast<std::size_t>(j - 1)];
        }
        double total = 0.0;
        for (double rt : r.residenceTimeMs)
            total += rt;
        const double throughputPerMs = n / (thinkTimeMs + total);
        r.throughputPerS = throughputPerMs * 1000.0;
        r.responseTimeMs = total;
        r.queueLength.resize(k);
        r.utilization.resize(k);
        for (std::size_t s = 0; s < k; ++s) {
            const MvaStation& st = stations[s];
            queue[s] = throughputPerMs * r.residenceTimeMs[s];
            r.queueLength[s] = queue[s];
            r.utilization[s] = throughputPerMs * st.demandMs / std::max(st.servers, 1);
            if (st.servers > 1) {
                std::vector<double> next(static_cast<std::size_t>(n) + 1, 0.0);
                double busy = 0.0;
                for (int j = 1; j <= n; ++j) {
                    next[static_cast<std::size_t>(j)] = st.demandMs / std::min(j, st.servers)
                        * throughputPerMs * marginal[s][static_cast<std::size_t>(j - 1)];
                    busy += next[static_cast<std::size_t>(j)];
                }
                next[0] = std::max(0.0, 1.0 - busy);
                marginal[s] = std::move(next);
            }
        }
        results.push_back(std::move(r));
    }
    return results;
}

} // namespace iolens::core
