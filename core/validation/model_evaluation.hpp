// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/aggregation.hpp"
#include "models/trained_model.hpp"
#include "validation/error_metrics.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace iolens::core {

/// Which configurations count for relative errors (ICPE'13 Table 4): read metrics only where
/// read_pct >= readMinPct, write metrics only where read_pct <= writeMaxPct, because a direction
/// with a tiny share of the requests has a near-zero throughput that makes any relative error
/// meaningless. Shown with every figure.
struct RelativeErrorRule {
    double readMinPct = 25.0;
    double writeMaxPct = 75.0;

    bool admits(Metric metric, const Configuration& config) const;
    std::string describe() const;
};

/// One model's predictions against measurements of a scenario.
struct ModelEvaluation {
    std::string scenario;
    std::vector<Configuration> configs; ///< the scored configurations
    Eigen::VectorXd measured;
    Eigen::VectorXd predicted;
    Eigen::VectorXd relativeError;
    double rSquared = 0.0;
    double rmse = 0.0;
    double meanRelativeError = 0.0;
    double p50 = 0.0, p90 = 0.0, p99 = 0.0;
    EmpiricalCdf cdf;
    int excludedByRule = 0; ///< measured configurations the rule left out
    /// Configurations the model refused to predict (the conservation model outside its measured
    /// sizes): left out of every figure and counted here.
    int notPredicted = 0;
};

/// Fills the figures of `evaluation` (rSquared, rmse, meanRelativeError, p50/p90/p99, cdf) from
/// its per-point vectors measured, predicted and relativeError, which it does not change; R² is 0
/// for a single point. Shared by scorePredictions and localEvaluation so that a subset of an
/// evaluation is summarised exactly as the whole is. Precondition: the three vectors have the
/// same size n >= 1. O(n log n).
void summarizeEvaluation(ModelEvaluation& evaluation);

/// Scores predictions of `metric` against measurements (one per configuration): the
/// configurations `rule` admits with a positive measured value count, the others are counted in
/// excludedByRule. Throws DataError if none remain.
ModelEvaluation scorePredictions(Metric metric, const std::vector<Configuration>& configs,
    const Eigen::VectorXd& measured, const Eigen::VectorXd& predicted,
    const RelativeErrorRule& rule, const std::string& scenario);

/// Scores `model` on the measurements that have its metric and pass `rule` (multi-VM
/// measurements through predictSpreadOverVms); a configuration the model refuses (DataError) is
/// counted in notPredicted. Throws DataError if none remain.
ModelEvaluation evaluateModel(const TrainedModel& model,
    const std::vector<AggregatedMeasurement>& measurements, const RelativeErrorRule& rule,
    const std::string& scenario);

/// The evaluation as JSON (figures, rule, CDF points).
nlohmann::json evaluationJson(const ModelEvaluation& evaluation, const RelativeErrorRule& rule);

/// Optimized vs default on the same points (ICPE'13 Figure 13): reduction of the mean relative
/// error in % and the paired t-test of the per-point relative errors.
struct ModelComparison {
    double errorReductionPct = 0.0;
    PairedTTest test;
};
/// Preconditions: both evaluations scored the same configurations in the same order.
ModelComparison compareEvaluations(
    const ModelEvaluation& optimized, const ModelEvaluation& baseline);

} // namespace iolens::core
