// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/closed_workload_data.hpp"

namespace iolens::test {

using namespace core;

double readMs(double kib)
{
    return 0.05 + 0.01 * kib;
}
double writeMs(double kib, double filesetMib)
{
    return (5.0 + 0.1 * kib) * (filesetMib > 1000.0 ? 1.5 : 1.0);
}

AggregatedMeasurement closedRow(double kib, double filesetMib, double readPct)
{
    AggregatedMeasurement m;
    m.config.threads = 16;
    m.config.requestBytes = static_cast<std::int64_t>(kib * 1024.0);
    m.config.filesetBytes = static_cast<std::int64_t>(filesetMib * 1048576.0);
    m.config.readPct = readPct;
    const double r = readPct / 100.0;
    const double cycleMs = r * readMs(kib) + (1.0 - r) * writeMs(kib, filesetMib);
    const double iops = 16.0 / (cycleMs / 1000.0);
    if (r > 0.0) {
        m.mean[metricIndex(Metric::RtReadMs)] = readMs(kib);
        m.mean[metricIndex(Metric::TpReadMbs)] = iops * r * kib / 1024.0;
    }
    if (r < 1.0) {
        m.mean[metricIndex(Metric::RtWriteMs)] = writeMs(kib, filesetMib);
        m.mean[metricIndex(Metric::TpWriteMbs)] = iops * (1.0 - r) * kib / 1024.0;
    }
    return m;
}

std::vector<AggregatedMeasurement> closedGrid()
{
    std::vector<AggregatedMeasurement> rows;
    for (double kib : {4.0, 8.0, 16.0, 32.0, 64.0})
        for (double mib : {256.0, 1024.0, 4096.0})
            for (double readPct : {0.0, 50.0, 100.0})
                rows.push_back(closedRow(kib, mib, readPct));
    return rows;
}

} // namespace iolens::test
