// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/measured_levels.hpp"

#include <Eigen/Dense>
#include <nlohmann/json.hpp>

#include <limits>
#include <vector>

namespace iolens::core {

/// The span of the values a model was fitted on, which its answers inside the measured ranges
/// of every factor stay within when the model's own interval there is wider than that span.
///
/// Inside the ranges a configuration combines levels that were measured, and on a grid its
/// corners were measured too, so its value lies among the measured ones. A regression fitted on
/// few or scattered rows has no such limit where levels meet that nobody measured together: on
/// 30 % of the 512 MiB-cache stack's grid (21 rows), the chosen log-scale lm answered 946 ms
/// for 4 KiB sequential reads of a 2 GiB file set, 60 times the slowest read measured, where
/// they took 0.18 ms. Held always, though, a corner nobody measured lost its real growth: on
/// 30 % of the thread sweep, 64 KiB reads by 64 threads took 3.1 ms, the slowest read sampled
/// 1.2, and the model's own 3.1 became 1.2. The two differ in what the model knows of itself:
/// the first model's 80 % interval between measured levels spans a factor 660,000, more than
/// the values it was fitted on (a factor 9,000), the second's a factor 8 (its values 23). So
/// the span holds only a model whose interval is the wider: its answers then say less than the
/// measured values do. Beyond a range the metric may well leave the measured span (larger requests,
/// more threads), and the rules for those answers apply there instead (request_bound.hpp,
/// thread_saturation.hpp), so rows beyond any range are left as they are.
///
/// The span also bounds what nobody measured at all. A configuration asking for a value of a
/// factor that never varied in training (a scheduler or an access pattern never measured, a read
/// share a rate was measured at only one of: Regressor::predictInterval's `unlearned`) is
/// answered as at the trained value, and no held-out level says how far off that is, so its
/// interval spans at least every value trained on (widenUnlearned): the measured values are
/// what the data knows of the metric. Trained on fio-tiered's random runs, the interval
/// calibrated one step beyond the ranges covered 30 % of its sequential read throughputs, the
/// span 100 % (its sequential writes ran faster than any random write: 0 -> 4 %).
struct MeasuredSpan {
    /// The smallest and largest fitted value, on the scale fitted (log ms for auto's times);
    /// NaN: unknown (models from before it).
    double low = std::numeric_limits<double>::quiet_NaN();
    double high = std::numeric_limits<double>::quiet_NaN();
    /// Whether answers inside the ranges are held within [low, high] (see above).
    bool holds = false;

    bool on() const { return low <= high; }

    /// The span of y, holding answers where `intervalWidth` (upper - lower end of the model's
    /// own interval inside the ranges, on y's scale) is at least as wide; off for an empty y.
    static MeasuredSpan of(const Eigen::VectorXd& y, double intervalWidth);

    /// `answers` (one per row of x, encoded as `ranges` were measured) with the rows inside every
    /// range held within [low, high] where it holds; unchanged otherwise. O(rows x ranges).
    Eigen::VectorXd hold(Eigen::VectorXd answers, const Eigen::MatrixXd& x,
        const std::vector<MeasuredRange>& ranges) const;

    /// The interval ends of the rows `unlearned` marks widened to span [low, high] at least;
    /// unchanged when off. O(rows).
    void widenUnlearned(
        Eigen::VectorXd& lower, Eigen::VectorXd& upper, const std::vector<char>& unlearned) const;

    /// {"low", "high", "holds"}; null when off.
    nlohmann::json toJson() const;
    /// Throws DataError for anything but null or such an object with low <= high.
    static MeasuredSpan fromJson(const nlohmann::json& json);
};

} // namespace iolens::core
