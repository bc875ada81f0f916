// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/configuration.hpp"
#include "data/metric.hpp"

#include <array>
#include <optional>
#include <string>

namespace iolens::core {

/// Metric values of one run; std::nullopt where a metric does not apply (no reads at read_pct 0)
/// or was not measured.
using MetricValues = std::array<std::optional<double>, kMetricCount>;

/// One run of one configuration: a row of the CSV interchange format.
struct Measurement {
    Configuration config;
    MetricValues metrics {};
    int rep = 0;                ///< repetition index of this configuration
    std::string split = "grid"; ///< scenario label: grid, repeat, interp, extrap, multivm, ...
    std::string measuredAt;     ///< ISO 8601 time of the run, empty if unknown

    std::optional<double> value(Metric metric) const { return metrics[metricIndex(metric)]; }
    void setValue(Metric metric, std::optional<double> v) { metrics[metricIndex(metric)] = v; }
};

} // namespace iolens::core
