// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/measurement.hpp"

#include <array>
#include <vector>

namespace iolens::core {

/// All repetitions of one configuration reduced to their mean, with the relative standard error
/// of that mean (sd / sqrt(n) / mean, sample sd) as the noise figure of ICPE'13 Figure 5.
struct AggregatedMeasurement {
    Configuration config;
    int repetitions = 0;
    MetricValues mean {};             ///< mean over the repetitions that have the metric
    MetricValues relativeStdError {}; ///< std::nullopt with fewer than two repetitions
    std::string split;                ///< split label of the first repetition
    /// Per metric, the runs that have it and the sample variance of their natural logs (unset
    /// with fewer than two, or a value of 0 or less): how far one run strays from its
    /// configuration, on the log scale the models' intervals are on (repeat_noise.hpp).
    std::array<int, kMetricCount> runs {};
    MetricValues logVariance {};

    std::optional<double> value(Metric metric) const { return mean[metricIndex(metric)]; }
    std::optional<double> rse(Metric metric) const { return relativeStdError[metricIndex(metric)]; }
};

/// Groups runs by configuration, in order of first appearance. A run's IOPS missing beside its
/// throughput (or the throughput beside its IOPS) is computed from the other and its request
/// size before averaging. O(n log n).
std::vector<AggregatedMeasurement> aggregateRepetitions(const std::vector<Measurement>& runs);

} // namespace iolens::core
