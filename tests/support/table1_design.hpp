// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/measurement.hpp"

#include <cstdint>
#include <vector>

namespace iolens::test {

/// How the generated metrics respond to the factors: the defaults are the cached array below;
/// benchmarks vary them so that a figure does not depend on one response surface.
struct Table1Shape {
    double cacheGiB = 52.0;      ///< cache in front of the array; file sets above it miss
    double noiseSd = 0.03;       ///< sd of the multiplicative log-normal noise on every metric
    double queueDepthMs = 400.0; ///< demand at which queueing doubles the response time
    double seekMs = 5.5;         ///< random-access miss cost before transfer
};

/// The ICPE'13 Table 1 design, 1,120 configurations: schedulers {cfq, noop} x file sets {1, 25,
/// 50, 75, 100} GB x requests {4..32} KB in 4 KB steps x {random, sequential} x read share
/// {0, 25, 30, 50, 70, 75, 100} %, 100 threads, one VM. The metrics come from a small closed-system
/// model of a cached array (a 52 GB cache in front of a disk array, seeded 3 % noise), so
/// benchmarks and optimizer tests have the paper's data shape without its measurements.
std::vector<iolens::core::Measurement> table1Measurements(
    std::uint64_t seed = 1, const Table1Shape& shape = {});

} // namespace iolens::test
