// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/trained_model.hpp"

#include "data/scenario_text.hpp"

#include "common/error.hpp"
#include "data/csv_table.hpp"
#include "data/dataset.hpp"
#include "models/regressor_registry.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace iolens::core {

TrainingOptions takeTrainingOptions(Metric metric, ParamValues& params)
{
    TrainingOptions options;
    options.metric = metric;
    if (const auto it = params.find("log_response"); it != params.end()) {
        if (it->second != 0.0 && it->second != 1.0)
            throw ConfigError("parameter log_response must be 0 or 1");
        options.logResponse = it->second == 1.0;
        params.erase(it);
    }
    return options;
}

TrainedModel TrainedModel::train(std::unique_ptr<Regressor> regressor,
    const std::vector<AggregatedMeasurement>& data, const TrainingOptions& options)
{
    if (regressor->needsLogResponse() && !options.logResponse)
        throw ConfigError("technique '" + regressor->technique()
            + "' chooses its response scale itself and needs log_response=1");
    Dataset dataset = buildDataset(data, options.metric,
        regressor->composesRates() ? RateSchema::WithTimes : RateSchema::OwnRows);
    // A NaN or an infinity reaches here only through the API (the importers refuse them), and
    // would otherwise give a model whose every prediction is NaN.
    for (Eigen::Index i = 0; i < dataset.y.size(); ++i)
        if (!std::isfinite(dataset.y(i)))
            throw DataError(std::string(metricName(options.metric)) + " of the configuration "
                + scenarioText(dataset.configs[static_cast<std::size_t>(i)])
                + " is not a finite number");
    if (options.logResponse) {
        if ((dataset.y.array() <= 0.0).any())
            throw DataError(std::string(metricName(options.metric))
                + " has zero values, so it cannot be fitted on a log scale; train with "
                  "--param log_response=0");
        dataset.y = dataset.y.array().log();
    }
    TrainedModel model;
    model.m_report = regressor->fitsFromMeasurements()
        ? regressor->fitMeasurements(data, dataset.schema, options.metric, options.logResponse)
        : regressor->fit(dataset);
    model.m_regressor = std::move(regressor);
    model.m_schema = dataset.schema;
    model.m_options = options;
    return model;
}

namespace {

/// exp of log-scale answers, with log 0 (a composed rate of a direction with no requests: no
/// writes at 100 % reads) exactly 0: Eigen's vectorised exp answers 2^-1024 there.
Eigen::VectorXd expOfLog(const Eigen::VectorXd& logValues)
{
    Eigen::VectorXd values = logValues.array().exp();
    for (Eigen::Index i = 0; i < values.size(); ++i)
        if (logValues(i) == -std::numeric_limits<double>::infinity())
            values(i) = 0.0;
    return values;
}

/// y with the rows of `configs` that ask a rate of a direction without requests (a read
/// throughput at 0 % reads) at 0: that is the rate, whatever a model trained on one read share
/// answers there as at that share (trained on pure reads, 1.7 GB/s of reads at 0 % reads).
void zeroRatesWithoutRequests(
    Metric metric, const std::vector<Configuration>& configs, Eigen::VectorXd& y)
{
    if (!isRateMetric(metric))
        return;
    for (std::size_t i = 0; i < configs.size(); ++i)
        if (!metricHasValue(metric, configs[i].readPct))
            y(static_cast<Eigen::Index>(i)) = 0.0;
}

} // namespace

Eigen::VectorXd TrainedModel::predict(const std::vector<Configuration>& configs) const
{
    Eigen::VectorXd y = m_regressor->predict(m_schema.encode(configs));
    if (m_options.logResponse)
        y = expOfLog(y);
    zeroRatesWithoutRequests(m_options.metric, configs, y);
    return y;
}

std::optional<std::pair<Eigen::VectorXd, Eigen::VectorXd>> TrainedModel::predictInterval(
    const std::vector<Configuration>& configs, double level) const
{
    auto interval = m_regressor->predictInterval(
        m_schema.encode(configs), level, m_schema.unlearnedRows(configs));
    // exp is monotone, so the ends of a log-scale interval map to the ends on the metric's scale.
    if (interval && m_options.logResponse) {
        interval->first = expOfLog(interval->first);
        interval->second = expOfLog(interval->second);
    }
    if (interval) {
        zeroRatesWithoutRequests(m_options.metric, configs, interval->first);
        zeroRatesWithoutRequests(m_options.metric, configs, interval->second);
    }
    return interval;
}

double TrainedModel::predict(const Configuration& config) const
{
    return predict(std::vector<Configuration> {config})(0);
}

ParamValues TrainedModel::parameters() const
{
    ParamValues values = m_regressor->parameters();
    values["log_response"] = m_options.logResponse ? 1.0 : 0.0;
    return values;
}

std::string TrainedModel::describe() const
{
    std::string text = std::string(metricLabel(m_options.metric)) + " ("
        + std::string(metricName(m_options.metric)) + ")";
    text += m_options.logResponse ? ", fitted on log scale\n" : ", fitted on raw scale\n";
    const auto fixed = m_schema.fixedFactors();
    if (!fixed.empty()) {
        text += "Constant in training (not modelled):";
        const Configuration& c = m_schema.fixedValues();
        for (Factor f : fixed) {
            // In the modelling unit its name says (fileset_mib=1024), as numericValue gives it.
            // Appended piece by piece: gcc 12 warns falsely (-Wrestrict) on chained operator+.
            text.append(" ").append(featureName(f)).append("=");
            text += isCategorical(f) ? std::string(categoricalValue(c, f))
                                     : formatNumber(numericValue(c, f));
        }
        text += "\n";
    }
    return text + m_regressor->describe();
}

nlohmann::json TrainedModel::toJson() const
{
    return {{"format", "iolens-model"}, {"version", kFormatVersion},
        {"technique", m_regressor->technique()}, {"metric", metricName(m_options.metric)},
        {"log_response", m_options.logResponse}, {"parameters", m_regressor->parameters()},
        {"schema", m_schema.toJson()},
        {"report",
            {{"rows", m_report.rows}, {"training_rmse", m_report.trainingRmse},
                {"r_squared", m_report.rSquared}, {"warnings", m_report.warnings}}},
        {"state", m_regressor->saveState()}};
}

TrainedModel TrainedModel::fromJson(const nlohmann::json& json)
{
    try {
        if (json.at("format").get<std::string>() != "iolens-model")
            throw DataError("model file: not an iolens model");
        const int version = json.at("version").get<int>();
        if (version > kFormatVersion)
            throw DataError("model file: format version " + std::to_string(version)
                + " is newer than this build understands");
        TrainedModel model;
        const auto metric = parseMetric(json.at("metric").get<std::string>());
        if (!metric)
            throw DataError("model file: unknown metric");
        model.m_options.metric = *metric;
        model.m_options.logResponse = json.at("log_response").get<bool>();
        model.m_schema = FeatureSchema::fromJson(json.at("schema"));
        model.m_regressor = createRegressor(json.at("technique").get<std::string>());
        model.m_regressor->setParameters(json.at("parameters").get<ParamValues>());
        model.m_regressor->loadState(json.at("state"), model.m_schema);
        const auto& report = json.at("report");
        model.m_report.rows = report.at("rows").get<int>();
        model.m_report.trainingRmse = report.at("training_rmse").get<double>();
        model.m_report.rSquared = report.at("r_squared").get<double>();
        model.m_report.warnings = report.at("warnings").get<std::vector<std::string>>();
        return model;
    } catch (const nlohmann::json::exception& e) {
        throw DataError(std::string("model file: malformed JSON: ") + e.what());
    } catch (const std::out_of_range& e) {
        // A safety net under each technique's own checks of its saved state: an index from the
        // file that a check missed is still bad input, not a crash.
        throw DataError(std::string("model file: an index in the saved state is out of range (")
            + e.what() + ")");
    }
}

TrainedModel::TrainedModel(const TrainedModel& other)
    : m_regressor(other.m_regressor ? other.m_regressor->clone() : nullptr)
    , m_schema(other.m_schema)
    , m_options(other.m_options)
    , m_report(other.m_report)
{
}

TrainedModel& TrainedModel::operator=(const TrainedModel& other)
{
    if (this != &other) {
        TrainedModel copy(other);
        *this = std::move(copy);
    }
    return *this;
}

} // namespace iolens::core
