// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/feature_schema.hpp"
#include "data/metric.hpp"

#include <Eigen/Dense>

namespace iolens::core {

/// Little's law composes a closed workload's rates from its response times. Each of `threads`
/// threads issues a request when its last one completes, a read with probability r (the read
/// share), so a request takes r RT_read + (1 - r) RT_write on average and a direction's IOPS are
/// threads x its share / that time (x request size for throughput). Modelled this way, a 75 %
/// read mix on a stack whose writes wait on a throttled array gets its read throughput from the
/// write time that limits it, which no feature of the throughput alone expresses; and the four
/// predictions of a configuration agree with each other by construction.

/// Per row of x (encoded by base): the read share r in [0, 1], from the read_pct column or, where
/// it was constant in training, its fixed value. O(n).
Eigen::ArrayXd readShares(const Eigen::MatrixXd& x, const FeatureSchema& base);

/// log of the rate `metric` (isRateMetric) per row of x from the log response times in ms:
/// littleOffset(x, base, metric) - log((r e^logReadMs + (1 - r) e^logWriteMs) / 1000). A row
/// whose read (write) share is 0 does not read logReadMs (logWriteMs), which may then be empty
/// when no row has that share above 0. -inf where the metric's own share is 0. Throws
/// ConfigError for a metric that is not a rate, StateError for a time a row needs but lacks.
Eigen::VectorXd composeRate(const Eigen::MatrixXd& x, const FeatureSchema& base, Metric metric,
    const Eigen::VectorXd& logReadMs, const Eigen::VectorXd& logWriteMs);

} // namespace iolens::core
