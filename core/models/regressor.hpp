// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/dataset.hpp"
#include "models/param_spec.hpp"

#include <Eigen/Dense>
#include <nlohmann/json.hpp>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace iolens::core {

/// What a fit produced besides the model: expected outcomes (a rank-deficient design, a tree
/// pruned to its root) are warnings here, not exceptions.
struct FitReport {
    std::vector<std::string> warnings;
    int rows = 0;             ///< training rows used
    double trainingRmse = 0.; ///< on the response scale the model was fitted on
    double rSquared = 0.;     ///< 1 - RSS/TSS on the training rows, same scale
    double seconds = 0.;      ///< wall time of the fit
};

/// Fills report's rows, training RMSE and R^2 (1 - RSS/TSS; 1 for a constant response) from
/// the residual sum of squares `rss` of a fit of the training response y. One definition for
/// every technique, so the Models tab compares like with like. O(n).
void setTrainingFit(FitReport& report, double rss, const Eigen::VectorXd& y);

/// The regression interface every technique implements (ICPE'13 section 3). The contract,
/// after mlpack's: constructing never trains; setParameters() validates and stores; fit() trains
/// on a whole Dataset; predict() works on a whole feature matrix (never per row, so the virtual
/// call stays out of inner loops) and throws StateError before fit(). Implementations keep no
/// global state, so clones can be fitted in parallel (cross-validation, bagging).
class Regressor {
public:
    virtual ~Regressor() = default;

    /// Short technique key: "lm", "mars", "cart", ...
    virtual std::string technique() const = 0;
    /// The technique's hyper-parameters with defaults and valid ranges.
    virtual std::vector<ParamSpec> paramSpecs() const = 0;
    /// Current values, every parameter present.
    virtual ParamValues parameters() const = 0;
    /// Validates (resolveParameters) and stores; missing names take their defaults.
    virtual void setParameters(const ParamValues& values) = 0;

    /// Trains on data.x (n x p) and data.y (n). Throws DataError if n is too small to fit at all.
    virtual FitReport fit(const Dataset& data) = 0;
    /// Predictions for x (m x p, encoded with the schema used in fit); returns m values.
    virtual Eigen::VectorXd predict(const Eigen::MatrixXd& x) const = 0;
    virtual bool isFitted() const = 0;

    /// What the model learned, for a person (coefficients, terms or rules), multi-line text.
    virtual std::string describe() const = 0;
    /// Fitted state as JSON (the parameters are saved separately). Round-trips exactly.
    virtual nlohmann::json saveState() const = 0;
    /// Restores a fitted state written by saveState(), for features described by `schema`.
    virtual void loadState(const nlohmann::json& state, const FeatureSchema& schema) = 0;
    /// True for techniques that need more than the target metric to fit (the conservation model
    /// needs 100 % read and 100 % write throughput per request size): TrainedModel::train then
    /// calls fitMeasurements() instead of fit(), and fit() on a Dataset is not possible.
    virtual bool fitsFromMeasurements() const { return false; }
    /// Trains on aggregated measurements for `metric`, with features as `schema` encodes them;
    /// predict() then answers on the log scale if `logResponse`. Default: throws StateError.
    virtual FitReport fitMeasurements(const std::vector<AggregatedMeasurement>& rows,
        const FeatureSchema& schema, Metric metric, bool logResponse);
    /// Prediction intervals at coverage `level` (0 < level < 1) for x (m x p): lower and upper
    /// ends, m values each, on the scale predict() answers on. Techniques without calibrated
    /// intervals return nullopt (the default).
    std::optional<std::pair<Eigen::VectorXd, Eigen::VectorXd>> predictInterval(
        const Eigen::MatrixXd& x, double level) const
    {
        return predictInterval(x, level, {});
    }
    /// The same, where `unlearned` (empty, or one flag per row of x) marks the rows that ask for
    /// a value of a factor the model never saw vary: constant in training, so left out of x
    /// (TrainedModel knows from the configurations, FeatureSchema::unlearnedFactors). The answer
    /// there is as for the training value, and no held-out level says how far off that is, so a
    /// technique with a calibrated interval widens it as for a row beyond the measured ranges.
    virtual std::optional<std::pair<Eigen::VectorXd, Eigen::VectorXd>> predictInterval(
        const Eigen::MatrixXd& /*x*/, double /*level*/,
        const std::vector<char>& /*unlearned*/) const
    {
        return std::nullopt;
    }
    /// True for techniques that only work on a log-scale response (they map predictions back
    /// with exp themselves): TrainedModel::train refuses log_response=0 for them.
    virtual bool needsLogResponse() const { return false; }
    /// True for techniques that compose a closed workload's rates from its response times (auto):
    /// the read share enters such a rate by Little's law, so its schema must keep the read share
    /// where the rate's own rows have one (pure reads) and the times' rows others (see
    /// RateSchema::WithTimes).
    virtual bool composesRates() const { return false; }
    /// An independent copy (fitted or not).
    virtual std::unique_ptr<Regressor> clone() const = 0;
};

} // namespace iolens::core
