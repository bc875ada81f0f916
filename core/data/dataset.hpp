// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/aggregation.hpp"
#include "data/feature_schema.hpp"

#include <Eigen/Dense>

#include <optional>
#include <vector>

namespace iolens::core {

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

    Eigen::Index rows() const { return x.rows(); }
    Eigen::Index cols() const { return x.cols(); }
};

/// Training data for `metric`: the aggregated measurements that have the metric, with a schema
/// inferred from them. Throws DataError if fewer than two rows have it.
Dataset buildDataset(const std::vector<AggregatedMeasurement>& data, Metric metric);

} // namespace iolens::core
