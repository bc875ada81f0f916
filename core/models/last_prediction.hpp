// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Dense>

#include <functional>
#include <mutex>

namespace iolens::core {

/// The answer to the last feature matrix a costly prediction was asked for. One slider step asks
/// an auto candidate for the same sweep several times: for the curve, for the interval around
/// it, for the interval's panel and for the throughputs composed from it (a thread-share
/// candidate solves a fixed point per row each time).
/// Thread-safe; the answer is computed outside the lock, so concurrent callers of one object are
/// not serialised. A copy or move starts empty, and whoever refits or reloads the model clears
/// it.
class LastPrediction {
public:
    LastPrediction() = default;
    LastPrediction(const LastPrediction&) noexcept { }
    LastPrediction(LastPrediction&&) noexcept { }
    LastPrediction& operator=(const LastPrediction&) noexcept;
    LastPrediction& operator=(LastPrediction&&) noexcept;
    ~LastPrediction() = default;

    /// compute(x), or the remembered answer when x equals the last x exactly.
    Eigen::VectorXd get(
        const Eigen::MatrixXd& x, const std::function<Eigen::VectorXd()>& compute) const;
    void clear() noexcept;

private:
    mutable std::mutex m_mutex;
    mutable Eigen::MatrixXd m_x;
    mutable Eigen::VectorXd m_y;
};

} // namespace iolens::core
