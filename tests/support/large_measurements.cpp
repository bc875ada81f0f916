// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/large_measurements.hpp"

#include <cmath>
#include <random>

namespace iolens::test {

std::vector<core::Measurement> largeMeasurements(long count, std::uint64_t seed)
{
    std::mt19937_64 random(seed);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::normal_distribution<double> noise(0.0, 0.05);
    const char* schedulers[] = {"cfq", "noop", "deadline", "bfq"};
    std::vector<core::Measurement> runs(static_cast<std::size_t>(count));
    for (long i = 0; i < count; ++i) {
        core::Measurement& run = runs[static_cast<std::size_t>(i)];
        const double filesetGiB = 0.25 + 15.75 * unit(random);
        run.config.scheduler = schedulers[i % 4];
        run.config.filesetBytes = static_cast<std::int64_t>(filesetGiB * (1LL << 30));
        run.config.requestBytes = 4096LL << static_cast<int>(unit(random) * 6);
        run.config.pattern = unit(random) < 0.5 ? core::Pattern::Random : core::Pattern::Sequential;
        run.config.readPct = std::round(1000.0 * unit(random)) / 10.0;
        run.config.threads = 16;
        run.config.vms = 1 + static_cast<int>(i % 4);
        // A cache of 2 GiB: misses cost 20x a hit; larger requests take longer, more VMs queue.
        const double miss = filesetGiB <= 2.0 ? 0.05 : 1.0 - 2.0 / filesetGiB;
        const double kib = static_cast<double>(run.config.requestBytes) / 1024.0;
        const double rt = (0.2 + 0.02 * kib) * (1.0 + 19.0 * miss) * (0.8 + 0.2 * run.config.vms);
        const double read = run.config.readPct / 100.0;
        const double rtRead = rt * std::exp(noise(random));
        const double rtWrite = 1.3 * rt * std::exp(noise(random));
        const double iops = 16.0 * 1000.0 / (read * rtRead + (1.0 - read) * rtWrite);
        if (read > 0.0) {
            run.setValue(core::Metric::RtReadMs, rtRead);
            run.setValue(core::Metric::TpReadMbs, iops * read * kib / 1024.0);
        }
        if (read < 1.0) {
            run.setValue(core::Metric::RtWriteMs, rtWrite);
            run.setValue(core::Metric::TpWriteMbs, iops * (1.0 - read) * kib / 1024.0);
        }
    }
    return runs;
}

} // namespace iolens::test
