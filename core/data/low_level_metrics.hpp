// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/csv_table.hpp"

#include <Eigen/Dense>

#include <string>
#include <vector>

namespace iolens::core {

/// How the "top 5 %" statistic across nodes is taken (ALGORITHMS.md section 8 leaves it open).
enum class TopShareRule {
    Percentile95, ///< 95th percentile across nodes, linear interpolation (R type 7, numpy default)
    MeanOfTop,    ///< mean of the ceil(0.05 N) largest node values
};

/// Settings of the Inside-Out pre-processing (seed 002 section IV-A; ALGORITHMS.md section 8).
struct LowLevelFeatureOptions {
    /// Width of the trailing moving average, seconds, > 0: a sample at t becomes the mean of its
    /// series' samples in (t - window, t]. Applied to every node metric and to the target.
    /// Paper: "a one-minute window".
    double windowSeconds = 60.0;
    /// Sampling period of the node metrics, seconds, > 0: node samples are aligned to the nearest
    /// multiple of it (clock skew below half a step is absorbed). Paper: 1 s (dstat).
    double stepSeconds = 1.0;
    /// An end-to-end sample takes the features of the aligned step nearest in time, if that is
    /// at most this far away (seconds, >= 0); otherwise the sample is dropped with a warning.
    double toleranceSeconds = 1.0;
    TopShareRule topRule = TopShareRule::Percentile95;
    /// Target CSV column to predict; empty = the only column besides `timestamp`.
    std::string targetColumn;
};

/// The four statistics of one metric across the N nodes at one time (paper Fig. 2).
struct NodeAggregate {
    double mean = 0.0;
    double sum = 0.0;
    double std = 0.0; ///< population standard deviation (divides by N)
    double top = 0.0; ///< "top 5 %", by the TopShareRule
};

/// Aggregates one metric's values across nodes (values.size() = N >= 1).
NodeAggregate aggregateAcrossNodes(const std::vector<double>& values, TopShareRule rule);

/// Trailing moving average of a series with ascending times: out[i] = mean of values[j] with
/// times[i] - window < times[j] <= times[i].
/// O(n k) for k samples per window.
std::vector<double> trailingMovingAverage(
    const std::vector<double>& times, const std::vector<double>& values, double window);

/// A table the Inside-Out learner trains on: one row per end-to-end sample.
///   x: n x (4 m) for m node metrics (m per node group when the nodes CSV has a `group` column),
///      columns named "mean(M)", "sum(M)", "std(M)", "top5(M)" (M = metric, or group/metric)
///   y: n, the smoothed target; timestamps: n, the end-to-end sample times
struct LowLevelFeatureTable {
    std::vector<std::string> names;
    Eigen::MatrixXd x;
    Eigen::VectorXd y;
    std::vector<double> timestamps;
    int nodes = 0;                     ///< distinct nodes in the nodes CSV
    std::vector<std::string> warnings; ///< dropped steps and samples, with counts
};

/// Builds the Inside-Out feature table (paper Algorithm 1 lines 6-8) from two CSV tables:
/// - nodes: columns `node`, `timestamp` (seconds, any origin), optionally `group` (the node's
///   role, e.g. osd / mon, aggregated separately as the paper's Table I does), and one column per
///   metric; one row per node and sample.
/// - target: column `timestamp` and one or more end-to-end measurements (throughput, IOPS).
/// Each node's metric series is smoothed (trailing moving average), aligned to steps of
/// stepSeconds, and aggregated across nodes per step; a step that lacks some node is skipped
/// (so that "sum" always covers every node). The step's time is the mean of the nodes' sample
/// times (the paper's "average timestamp of all nodes"). The target is smoothed with the same
/// window and each of its samples takes the nearest step's features.
/// Throws DataError naming file, row and column for a malformed value, a value beyond 1e100 either
/// side of 0, a timestamp too large to resolve the step or the window to 1/1024 of it (nanoseconds
/// since 1970), a missing column, a node with two samples at one time or in one step, a node that
/// changes group, or no usable row.
LowLevelFeatureTable buildLowLevelFeatures(
    const CsvTable& nodes, const CsvTable& target, const LowLevelFeatureOptions& options);

/// Reads both files (readCsvFile) and builds the table.
LowLevelFeatureTable readLowLevelFeatures(const std::string& nodesPath,
    const std::string& targetPath, const LowLevelFeatureOptions& options);

} // namespace iolens::core
