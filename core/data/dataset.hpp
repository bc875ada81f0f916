// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/aggregation.hpp"
#include "data/feature_schema.hpp"

#include <Eigen/Dense>

#include <memory>
#include <optional>
#include <vector>

namespace iolens::core {

/// How many runs a row's value is the mean of, and the sample variance of their natural logs
/// (0 for a single run): the noise one run carries (RepeatNoise).
struct RunSpread {
    int runs = 1;
    double logVariance = 0.0;
};

/// A regression problem: rows are measured configurations, columns are features.
///   x: n x p (p = schema.size()), categorical columns hold level indices
///   y: n, the target metric (on the model's response scale)
struct Dataset {
    FeatureSchema schema;
    Eigen::MatrixXd x;
    Eigen::VectorXd y;
    std::vector<Configuration> configs; ///< the n configurations behind the rows
    /// The metric y measures (on whatever scale), when known: a model may use what it means
    /// (the auto model's Little's-law view of throughput).
    std::optional<Metric> metric;
    /// Median over the measured configurations of total IOPS x mean response time / threads
    /// (Little's law, N = X R): 1 when threads issue requests back to back with no think time,
    /// a closed workload like fio's and Filebench's threads. Unset when no configuration has
    /// both directions' IOPS and response times it needs.
    std::optional<double> littleRatio;
    /// For a throughput or IOPS metric (isRateMetric): the measured read and write response
    /// times (ms, raw whatever scale y is on) of every configuration that has them and that
    /// `schema` represents, encoded by `schema`; null where fewer than two have them. In a closed
    /// workload a direction's throughput follows from both (Little's law: threads x share /
    /// (r RT_read + (1 - r) RT_write)), and they are measured at read shares where the
    /// throughput itself is not (a write time at 0 % reads), so a model may learn them instead.
    /// For the write response time, readTimes alone: how long the same threads spend reading
    /// decides how fast writes arrive (writer_share.hpp); for the read response time,
    /// writeTimes alone, likewise.
    std::shared_ptr<const Dataset> readTimes;
    std::shared_ptr<const Dataset> writeTimes;
    /// The runs behind each row (buildDataset), or empty where unknown.
    std::vector<RunSpread> runSpread;

    /// Whether the data shows a closed workload: littleRatio within kClosedWorkloadTolerance
    /// of 1.
    bool closedWorkload() const;

    Eigen::Index rows() const { return x.rows(); }
    Eigen::Index cols() const { return x.cols(); }
};

/// How far the median of IOPS x response time / threads may stray from 1 for a workload to
/// count as closed. The shared fio datasets are at 0.996; an open workload's ratio is the
/// utilisation-driven queue length over threads, anywhere, and matches 1 only by chance.
inline constexpr double kClosedWorkloadTolerance = 0.1;

/// Median over `data` of (IOPS_read x RT_read + IOPS_write x RT_write) / threads, response
/// times in seconds, counting a direction only where its share of requests is positive and
/// skipping configurations that lack a needed value (IOPS fall back to throughput / request
/// size). Unset if no configuration qualifies. O(n log n).
std::optional<double> medianLittleRatio(const std::vector<AggregatedMeasurement>& data);

/// Which configurations a rate metric's schema is inferred from.
enum class RateSchema {
    OwnRows, ///< the rate's own rows, as for any metric
    /// In a closed workload whose rate was measured only where its direction had every request
    /// (a read rate at 100 % reads: fio's randread and randwrite, no mixes), also every row with
    /// a response time in a direction with requests. A model that composes the rate from the
    /// times (Little's law) then reads the read share of every configuration it is asked about:
    /// a mix's threads spend part of their time in the other direction. A rate measured at one
    /// mixed share keeps its own rows' schema and answers as at that share: composed, its pure
    /// share would take its times from a mix (no time of that direction was measured at
    /// another share), and on the throttled stacks measured, each direction a budget of its
    /// own, that answered pure reads 10-86 times too fast (README, "Throughput composed").
    WithTimes,
};

/// Training data for `metric`: the aggregated measurements that have the metric where its
/// direction has requests (metricHasValue: not a write metric at 100 % reads, nor a read one at
/// 0 %), with a schema inferred from them, littleRatio from all of `data`, and for a rate metric
/// readTimes and writeTimes from all of `data` (for the write response time readTimes, for the
/// read response time writeTimes). `scope` decides a rate's schema (see RateSchema). Throws
/// DataError if fewer than two rows have it.
Dataset buildDataset(const std::vector<AggregatedMeasurement>& data, Metric metric,
    RateSchema scope = RateSchema::OwnRows);

/// The rows `rows` of `data` as a new dataset (schema shared), with the rows of its readTimes and
/// writeTimes that belong to no left-out row: a time row whose configuration is one of data's
/// rows goes with that row; one at a read share data has no row for (a write time at 0 % reads
/// beside a read throughput) goes with its siblings, the rows of data equal to it but for the
/// read share, and is kept only if all of them are. So a fold that leaves out a request size
/// leaves out every measurement at that size. O((n + m) log n).
Dataset subset(const Dataset& data, const std::vector<Eigen::Index>& rows);

} // namespace iolens::core
