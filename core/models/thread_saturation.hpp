// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/dataset.hpp"

#include <Eigen/Dense>
#include <nlohmann/json.hpp>

#include <functional>

namespace iolens::core {

/// How a mean response time of a closed workload is extrapolated beyond the largest thread count
/// it was trained on. A regression has no reason to bend there: fitted over 1..64 threads, its
/// slope of log(time) in log(threads) is an average over an idle device (slope near 0) and a
/// saturated one (near 1), and continued to 128 threads it answered the thread sweep's write times
/// 15-38 % low (README, "The thread count"). The operational laws bound the answer instead: a
/// closed workload's throughput X = N / R does not fall as threads N are added (R grows at most
/// in proportion, slope 1 of log R in log N), and its gain per thread does not grow
/// (diminishing returns: the slope does not fall below the model's own over the last octave it
/// was trained on, s). The answer takes the middle of the two on the log scale, slope (1 + s) / 2,
/// the choice whose worst miss within the bounds is smallest: the time of the largest trained
/// count times (N / top)^((1 + s) / 2). A saturated device (s = 1) doubles its time as the
/// threads double; one with room (s = 0) is answered as the square root, where the truth may be
/// anywhere from flat to doubling.
struct ThreadSaturation {
    /// The base feature column of the thread count; -1: off.
    Eigen::Index column = -1;
    /// The largest thread count trained on, and the count the slope is taken from: an octave
    /// below, or the smallest trained count if that is nearer.
    double top = 0.0;
    double base = 0.0;

    bool on() const { return column >= 0; }

    /// On for log-scale mean response times (y = log ms) of a closed workload whose thread
    /// count varies over two or more values in `data`; off otherwise.
    static ThreadSaturation of(const Dataset& data);

    /// `y` (log scale, the model's answers for x) with each row beyond `top` threads answered
    /// as above; `logTimeAt` gives the model's log-scale answers for a feature matrix.
    Eigen::VectorXd extrapolated(const Eigen::MatrixXd& x, Eigen::VectorXd y,
        const std::function<Eigen::VectorXd(const Eigen::MatrixXd&)>& logTimeAt) const;

    /// [column, top, base]; null when off.
    nlohmann::json toJson() const;
    /// Throws DataError for a malformed entry or a column outside `columns`; null: off.
    static ThreadSaturation fromJson(const nlohmann::json& json, Eigen::Index columns);
};

} // namespace iolens::core
