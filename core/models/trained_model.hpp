// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/aggregation.hpp"
#include "data/feature_schema.hpp"
#include "models/regressor.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace iolens::core {

/// How a model is trained, beyond the technique's own parameters.
struct TrainingOptions {
    Metric metric = Metric::RtReadMs;
    /// Fit log(metric) and predict exp(f(x)). Storage metrics span orders of magnitude (a cache hit
    /// vs a miss: 500x), so a fit on the raw scale spends its error budget on the largest values
    /// and misses the small ones by large factors. On by default; 0 reproduces the paper's raw fit.
    bool logResponse = true;
};

/// A fitted regressor together with what it needs to answer for configurations: the feature
/// schema, the metric and the response transform. This is what the database and model files
/// store (versioned JSON).
class TrainedModel {
public:
    static constexpr int kFormatVersion = 1;

    /// Fits `regressor` (parameters already set) on the measurements that have the metric.
    static TrainedModel train(std::unique_ptr<Regressor> regressor,
        const std::vector<AggregatedMeasurement>& data, const TrainingOptions& options);

    /// Predictions on the metric's own scale (ms, MiB/s), one per configuration.
    Eigen::VectorXd predict(const std::vector<Configuration>& configs) const;
    double predict(const Configuration& config) const;
    /// Prediction intervals at coverage `level` (0 < level < 1) on the metric's own scale, lower
    /// and upper end per configuration; nullopt for a technique without calibrated intervals.
    std::optional<std::pair<Eigen::VectorXd, Eigen::VectorXd>> predictInterval(
        const std::vector<Configuration>& configs, double level) const;

    Metric metric() const { return m_options.metric; }
    bool logResponse() const { return m_options.logResponse; }
    const Regressor& regressor() const { return *m_regressor; }
    const FeatureSchema& schema() const { return m_schema; }
    const FitReport& report() const { return m_report; }
    /// Parameters of the regressor plus "log_response".
    ParamValues parameters() const;

    /// A description for a person: technique, metric, transform, then the regressor's own.
    std::string describe() const;

    nlohmann::json toJson() const;
    /// Throws DataError for a malformed or newer-format model.
    static TrainedModel fromJson(const nlohmann::json& json);

    TrainedModel(const TrainedModel& other);
    TrainedModel& operator=(const TrainedModel& other);
    TrainedModel(TrainedModel&&) noexcept = default;
    TrainedModel& operator=(TrainedModel&&) noexcept = default;
    ~TrainedModel() = default;

private:
    TrainedModel() = default;
    std::unique_ptr<Regressor> m_regressor;
    FeatureSchema m_schema;
    TrainingOptions m_options;
    FitReport m_report;
};

/// Splits "log_response" from technique parameters given on a command line or in a dialog.
TrainingOptions takeTrainingOptions(Metric metric, ParamValues& params);

} // namespace iolens::core
