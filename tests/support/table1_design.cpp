// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/table1_design.hpp"

#include <algorithm>
#include <cmath>
#include <random>

namespace iolens::test {

using namespace iolens::core;

namespace {

struct ServiceTimes {
    double readMs;
    double writeMs;
};

// Mean service time of one request: a cache hit costs little, a miss pays the array's seek
// (random) or streaming cost; writes land in the non-volatile cache but destage to the array.
ServiceTimes serviceTimes(const Configuration& c, const Table1Shape& shape)
{
    const double sizeMiB = static_cast<double>(c.requestBytes) / (1024.0 * 1024.0);
    const double filesetGiB = static_cast<double>(c.filesetBytes) / (1024.0 * 1024.0 * 1024.0);
    const double hit = std::min(1.0, shape.cacheGiB / filesetGiB);
    const bool random = c.pattern == Pattern::Random;
    const double hitMs = 0.15 + 1000.0 * sizeMiB / 1800.0;
    const double missMs = (random ? shape.seekMs : 0.6) + 1000.0 * sizeMiB / 160.0;
    const double cfqRead = c.scheduler == "cfq" && !random ? 1.12 : 1.0;
    const double cfqWrite = c.scheduler == "cfq" ? 0.93 : 1.0;
    const double readMs = (hit * hitMs + (1.0 - hit) * missMs) * cfqRead;
    const double writeMs = (0.4 + 1000.0 * sizeMiB / 700.0 + (1.0 - hit) * 0.5 * missMs) * cfqWrite;
    return {readMs, writeMs};
}

} // namespace

std::vector<Measurement> table1Measurements(std::uint64_t seed, const Table1Shape& shape)
{
    std::mt19937_64 engine(seed);
    std::normal_distribution<double> noise(0.0, shape.noiseSd);
    std::vector<Measurement> rows;
    for (const char* scheduler : {"cfq", "noop"})
        for (int fileset : {1, 25, 50, 75, 100})
            for (int requestKiB = 4; requestKiB <= 32; requestKiB += 4)
                for (Pattern pattern : {Pattern::Random, Pattern::Sequential})
                    for (double readPct : {0.0, 25.0, 30.0, 50.0, 70.0, 75.0, 100.0}) {
                        Measurement m;
                        m.config = {scheduler, std::int64_t {fileset} << 30,
                            std::int64_t {requestKiB} << 10, pattern, readPct, 100, 1};
                        const ServiceTimes s = serviceTimes(m.config, shape);
                        const double share = readPct / 100.0;
                        // Closed system: 100 threads, each waiting for its own request; queueing
                        // stretches response time with the total demand.
                        const double demandMs = share * s.readMs + (1.0 - share) * s.writeMs;
                        const double stretch = 1.0 + 100.0 * demandMs / shape.queueDepthMs;
                        const double iops = 100.0 / (demandMs * stretch) * 1000.0;
                        const double sizeMiB = requestKiB / 1024.0;
                        if (share > 0.0) {
                            m.setValue(
                                Metric::RtReadMs, s.readMs * stretch * std::exp(noise(engine)));
                            m.setValue(Metric::TpReadMbs,
                                iops * share * sizeMiB * std::exp(noise(engine)));
                        }
                        if (share < 1.0) {
                            m.setValue(
                                Metric::RtWriteMs, s.writeMs * stretch * std::exp(noise(engine)));
                            m.setValue(Metric::TpWriteMbs,
                                iops * (1.0 - share) * sizeMiB * std::exp(noise(engine)));
                        }
                        rows.push_back(std::move(m));
                    }
    return rows;
}

} // namespace iolens::test
