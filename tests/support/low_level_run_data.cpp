// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/low_level_run_data.hpp"

#include "support/test_data.hpp"

#include <algorithm>
#include <random>
#include <sstream>

namespace iolens::test {

void writeLowLevelRun(
    const QString& directory, const std::string& key, int seconds, bool linear, unsigned seed)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::ostringstream nodes;
    std::ostringstream target;
    nodes << "node,timestamp,disk_mbs,cpu_pct,mem_mb\n";
    target << "timestamp,throughput_mbs\n";
    double disk[3] = {50.0, 80.0, 20.0};
    for (int t = 0; t < seconds; ++t) {
        double sum = 0.0;
        for (int n = 0; n < 3; ++n) {
            disk[n] = std::max(1.0, disk[n] + 20.0 * (unit(rng) - 0.5));
            sum += disk[n];
            nodes << "node" << n << ',' << 1000 + t << ',' << disk[n] << ',' << 100.0 * unit(rng)
                  << ',' << 2000.0 + 500.0 * unit(rng) << '\n';
        }
        const double y = linear ? 10.0 + 2.0 * sum : 1.0 + 99.0 * unit(rng);
        target << 1000 + t << ',' << y << '\n';
    }
    writeFile(directory, QString::fromStdString(key + ".nodes.csv"), nodes.str());
    writeFile(directory, QString::fromStdString(key + ".target.csv"), target.str());
}

} // namespace iolens::test
