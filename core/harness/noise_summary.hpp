// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/aggregation.hpp"

#include <optional>
#include <vector>

namespace iolens::core {

/// The distribution of one metric's relative standard error over configurations.
struct NoiseQuantiles {
    Metric metric = Metric::RtReadMs;
    int configurations = 0; ///< configurations with an RSE of this metric (>= 2 repetitions)
    double min = 0.0;
    double median = 0.0;
    double p90 = 0.0;
    double max = 0.0;
};

/// Measurement noise of a set of configurations as ICPE'13 Figure 5 shows it: the relative
/// standard error of each configuration's mean over its repetitions (aggregateRepetitions
/// computes it), summarised per core metric (read/write response time and throughput) by its
/// quantiles (linear interpolation, R type 7). A metric without any RSE is left out. O(n log n).
std::vector<NoiseQuantiles> summarizeNoise(const std::vector<AggregatedMeasurement>& rows);

/// Quantile q in [0, 1] of values (R type 7); values non-empty. Sorts a copy.
double quantile(std::vector<double> values, double q);

} // namespace iolens::core
