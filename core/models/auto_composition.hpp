// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/dataset.hpp"
#include "data/metric.hpp"
#include "validation/grouped_cv.hpp"

#include <Eigen/Dense>

#include <utility>

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

/// The smallest and largest read share in [0, 1] that `base` encodes: its read_pct column's
/// training range, or where read_pct was constant in training that value twice. O(columns).
std::pair<double, double> readShareRange(const FeatureSchema& base);

/// log of the rate `metric` (isRateMetric) per row of x from the log response times in ms:
/// littleOffset(x, base, metric) - log((r e^logReadMs + (1 - r) e^logWriteMs) / 1000). A row
/// whose read (write) share is 0 does not read logReadMs (logWriteMs), which may then be empty
/// when no row has that share above 0. -inf where the metric's own share is 0. Throws
/// ConfigError for a metric that is not a rate, StateError for a time a row needs but lacks.
Eigen::VectorXd composeRate(const Eigen::MatrixXd& x, const FeatureSchema& base, Metric metric,
    const Eigen::VectorXd& logReadMs, const Eigen::VectorXd& logWriteMs);

/// The interval scale of a composed rate at each row of x (encoded by `base`) from its times' log
/// predictions and their scales (AutoModel::intervalScaleAt): each time's scale weighted by its
/// share of the mean time per request, r T_read / (r T_read + (1 - r) T_write), which is
/// d log rate / d log T_read. A row needs only the times it has requests for (as composeRate);
/// 1 for a row with neither. Throws StateError for a time a row needs but lacks.
Eigen::VectorXd composeScale(const Eigen::MatrixXd& x, const FeatureSchema& base,
    const Eigen::VectorXd& logReadMs, const Eigen::VectorXd& logWriteMs,
    const Eigen::VectorXd& readScale, const Eigen::VectorXd& writeScale);

/// The composition's own held-out points, to calibrate its interval on: for each row of `rate`
/// (its y on the log scale) and each level its response-time models held out with that row's
/// configuration in it, the rate composed from the times predicted without that level (held-out
/// points of `readTimes` / `writeTimes`, whose rows are the configurations `readConfigs` /
/// `writeConfigs`; either may be empty when no row needs it). A row is scored where every time
/// it needs was held out; levels are those of the time models, merged by factor and range, so
/// a level counts as extrapolation as they held it out. Each point's scale is its times' scales
/// weighted by their shares of the mean time per request. Errors summarised on the log scale.
/// O((n + m) log m) for n rows and m time points.
GroupedCvResult composedHeldOut(const Dataset& rate, Metric metric,
    const GroupedCvResult& readTimes, const std::vector<Configuration>& readConfigs,
    const GroupedCvResult& writeTimes, const std::vector<Configuration>& writeConfigs);

} // namespace iolens::core
