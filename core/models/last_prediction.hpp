// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Dense>

#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace iolens::core {

/// The answer to the last feature matrix a costly prediction was asked for, per thread. One
/// slider step asks an auto candidate for the same sweep several times: for the curve, for the
/// interval around it, for the interval's panel and for the throughputs composed from it (a
/// thread-share candidate solves a fixed point per row each time). The profiler's sweeps run one
/// factor per thread (sweepFactors), each thread asking again for its own sweep: one answer for
/// all threads was replaced by another thread's between a thread's questions, and two threads
/// then took longer than one.
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

    /// compute(x), or the remembered answer when x equals the last x this thread asked for
    /// exactly.
    Eigen::VectorXd get(
        const Eigen::MatrixXd& x, const std::function<Eigen::VectorXd()>& compute) const;
    void clear() noexcept;

    /// Threads remembered at most; beyond, the oldest thread's answer makes room.
    static constexpr std::size_t kThreads = 32;

private:
    struct Answer {
        std::thread::id thread;
        Eigen::MatrixXd x;
        Eigen::VectorXd y;
    };
    mutable std::mutex m_mutex;
    mutable std::vector<Answer> m_answers; ///< one per thread, in the order threads first asked
    mutable std::size_t m_oldest = 0;      ///< the slot to reuse once kThreads are remembered
};

} // namespace iolens::core
