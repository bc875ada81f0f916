// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Dense>

#include <functional>
#include <vector>

namespace iolens::core {

/// The writers' share of a closed workload's requests in flight. Each thread issues a write with
/// probability 1 - r (r the read share) and spends (1 - r) RT_write of every r RT_read +
/// (1 - r) RT_write on it, so that is the share of the threads writing at any moment (Little's
/// law per direction). A write-back cache absorbs writes while they arrive slower than it
/// drains: on a tiered stack whose reads miss the cache, threads spend most of their time
/// reading, few write, and the writes take microseconds where the same mix on cached reads
/// takes the array's 20 ms. The read share alone cannot say which; the writers' share can.
/// The readers' share is the same law with the directions swapped: writerShareLog2(1 - r, W, R),
/// and solveWriterShareLog2 with the write share, the write times and a read-time model.

/// log2((1 - r) W / (r R + (1 - r) W)) for read share r in [0, 1], read time R and write time W
/// (ms, > 0): 0 at r = 0, -infinity at r = 1.
double writerShareLog2(double readShare, double readMs, double writeMs);

/// Lowest log2 writers' share solveWriterShareLog2 answers (a share of 2^-40).
inline constexpr double kLowestWriterShareLog2 = -40.0;

/// A write-time model's log times (ms) of the rows `rows` of the configurations being solved
/// for, at one log2 writers' share each (shareLog2(k) for rows[k]).
using LogWriteMsAt = std::function<Eigen::VectorXd(
    const std::vector<Eigen::Index>& rows, const Eigen::VectorXd& shareLog2)>;

/// The self-consistent log2 writers' share per row: t with t = writerShareLog2(r, R,
/// exp(logWriteMsAt(t))), where a write-time model takes the share as a feature. It is a fixed
/// point of a continuous map of [kLowest, 0] into itself, so one exists. Where the model is
/// bistable (the writes absorbed and not, both consistent), the highest share is the answer,
/// the writes not absorbed: a planner should not count on absorption unless nothing else is
/// consistent. Found by scanning down in steps of 0.5 until each row's sign changes (evaluating
/// the rows not yet bracketed, and skipping the steps above the share the model gives, which
/// cannot hold a root where its time does not fall as the share grows), then narrowing each
/// bracket by the ITP method, whatever the model (a tree is a step function, where Newton's
/// method stalls): each answer lies within
/// kWriterShareTolerance of a sign change, or is consistent to kWriterShareTolerance
/// (|t - writerShareLog2(t)| below it). Rows with r = 0 answer 0, rows with r = 1
/// kLowestWriterShareLog2.
/// If logWriteMsAtAnswer is given, it receives the model's log time at each row's answer where
/// the solver asked the model there, NaN where it did not (pure mixes, rows never bracketed), so
/// the caller need not ask again.
Eigen::VectorXd solveWriterShareLog2(const Eigen::ArrayXd& readShare, const Eigen::ArrayXd& readMs,
    const LogWriteMsAt& logWriteMsAt, Eigen::VectorXd* logWriteMsAtAnswer = nullptr);

/// How far solveWriterShareLog2's answer may lie from a sign change of t - writerShareLog2(t):
/// where the write time grows as the share (log-log slope 1) that moves it by under 0.02 %, far
/// below any run's noise (half as fine changed no grouped-CV figure by more than 0.1 point).
inline constexpr double kWriterShareTolerance = 0.5 / 2048.0;

} // namespace iolens::core
