// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/dataset.hpp"

#include <cstdint>
#include <functional>
#include <vector>

namespace iolens::test {

/// A full-factorial synthetic grid for grouped cross-validation and the auto model.
struct GridSpec {
    std::vector<double> requestKib {4, 8, 16, 32, 64};
    std::vector<double> filesetMib {256, 1024, 4096};
    std::vector<double> readPct {0, 50, 100};
    std::vector<int> threads {16};
    /// The metric (> 0) at a configuration, before noise.
    std::function<double(const iolens::core::Configuration&)> metric;
    double noiseSd = 0.0;   ///< sd of multiplicative log-normal noise
    std::uint64_t seed = 1; ///< of the noise
};

/// One row per grid point (random pattern, scheduler none), with y = log(metric * exp(noise))
/// as TrainedModel passes it. Rows in nested order request, file set, read share, threads.
iolens::core::Dataset gridDataset(const GridSpec& spec);

} // namespace iolens::test
