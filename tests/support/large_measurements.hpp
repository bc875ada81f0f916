// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/measurement.hpp"

#include <cstdint>
#include <vector>

namespace iolens::test {

/// A large measurement database's worth of runs, one per configuration: random continuous file
/// sets (0.25-16 GiB) and read shares, request sizes 4 KiB-128 KiB, two patterns, four
/// schedulers, 1-4 VMs, 16 threads. Responses come from a smooth function of the factors with a
/// 2 GiB cache step and 5 % noise (throughputs from Little's law), so models have structure to
/// learn. The same count and seed give the same runs. For the window's scale benchmarks and the
/// test that opens such a database.
std::vector<core::Measurement> largeMeasurements(long count, std::uint64_t seed);

} // namespace iolens::test
