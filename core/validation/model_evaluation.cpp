// SPDX-License-Identifier: GPL-3.0-or-later
#include "validation/model_evaluation.hpp"

#include "common/error.hpp"
#include "data/csv_table.hpp"
#include "models/vm_projection.hpp"

namespace iolens::core {

bool RelativeErrorRule::admits(Metric metric, const Configuration& config) const
{
    return isReadMetric(metric) ? config.readPct >= readMinPct : config.readPct <= writeMaxPct;
}

std::string RelativeErrorRule::describe() const
{
    return "read metrics where read_pct >= " + formatNumber(readMinPct)
        + ", write metrics where read_pct <= " + formatNumber(writeMaxPct);
}

void summarizeEvaluation(ModelEvaluation& evaluation)
{
    const Eigen::Index n = evaluation.relativeError.size();
    evaluation.rSquared = n > 1 ? rSquared(evaluation.predicted, evaluation.measured) : 0.0;
    evaluation.rmse = rootMeanSquaredError(evaluation.predicted, evaluation.measured);
    evaluation.meanRelativeError = evaluation.relativeError.mean();
    evaluation.p50 = quantile(evaluation.relativeError, 0.5);
    evaluation.p90 = quantile(evaluation.relativeError, 0.9);
    evaluation.p99 = quantile(evaluation.relativeError, 0.99);
    evaluation.cdf = empiricalCdf(evaluation.relativeError);
}

ModelEvaluation scorePredictions(Metric metric, const std::vector<Configuration>& configs,
    const Eigen::VectorXd& measured, const Eigen::VectorXd& predicted,
    const RelativeErrorRule& rule, const std::string& scenario)
{
    ModelEvaluation evaluation;
    evaluation.scenario = scenario;
    std::vector<double> kept, keptPredicted;
    for (std::size_t i = 0; i < configs.size(); ++i) {
        const auto row = static_cast<Eigen::Index>(i);
        if (!rule.admits(metric, configs[i]) || measured(row) <= 0.0) {
            ++evaluation.excludedByRule;
            continue;
        }
        evaluation.configs.push_back(configs[i]);
        kept.push_back(measured(row));
        keptPredicted.push_back(predicted(row));
    }
    if (kept.empty())
        throw DataError("evaluation '" + scenario + "': no measurement of "
            + std::string(metricName(metric)) + " passes the rule (" + rule.describe() + ")");
    const auto n = static_cast<Eigen::Index>(kept.size());
    evaluation.measured = Eigen::Map<Eigen::VectorXd>(kept.data(), n);
    evaluation.predicted = Eigen::Map<Eigen::VectorXd>(keptPredicted.data(), n);
    evaluation.relativeError = relativeErrors(evaluation.predicted, evaluation.measured);
    summarizeEvaluation(evaluation);
    return evaluation;
}

ModelEvaluation evaluateModel(const TrainedModel& model,
    const std::vector<AggregatedMeasurement>& measurements, const RelativeErrorRule& rule,
    const std::string& scenario)
{
    std::vector<Configuration> configs;
    std::vector<double> measured, predicted;
    int excluded = 0, notPredicted = 0;
    std::string firstRefusal;
    for (const AggregatedMeasurement& m : measurements) {
        const auto value = m.value(model.metric());
        if (!value)
            continue;
        // Rows the rule rejects are not predicted: a multi-VM projection may not apply to them.
        if (!rule.admits(model.metric(), m.config) || *value <= 0.0) {
            ++excluded;
            continue;
        }
        double prediction = 0.0;
        try {
            prediction = predictSpreadOverVms(model, m.config);
        } catch (const DataError& e) {
            if (notPredicted++ == 0)
                firstRefusal = e.what();
            continue;
        }
        configs.push_back(m.config);
        measured.push_back(*value);
        predicted.push_back(prediction);
    }
    if (measured.empty() && notPredicted > 0)
        throw DataError("evaluation '" + scenario + "': the model predicts none of the "
            + std::to_string(notPredicted) + " configurations: " + firstRefusal);
    const auto n = static_cast<Eigen::Index>(measured.size());
    ModelEvaluation evaluation
        = scorePredictions(model.metric(), configs, Eigen::Map<Eigen::VectorXd>(measured.data(), n),
            Eigen::Map<Eigen::VectorXd>(predicted.data(), n), rule, scenario);
    evaluation.excludedByRule = excluded;
    evaluation.notPredicted = notPredicted;
    return evaluation;
}

nlohmann::json evaluationJson(const ModelEvaluation& e, const RelativeErrorRule& rule)
{
    return {{"scenario", e.scenario}, {"rule", rule.describe()}, {"points", e.measured.size()},
        {"excluded_by_rule", e.excludedByRule}, {"not_predicted", e.notPredicted},
        {"r2", e.rSquared}, {"rmse", e.rmse}, {"mean_relative_error", e.meanRelativeError},
        {"relative_error_p50", e.p50}, {"relative_error_p90", e.p90}, {"relative_error_p99", e.p99},
        {"cdf", {{"relative_error", e.cdf.values}, {"fraction", e.cdf.fractions}}}};
}

ModelComparison compareEvaluations(
    const ModelEvaluation& optimized, const ModelEvaluation& baseline)
{
    if (optimized.configs != baseline.configs)
        throw DataError("compareEvaluations: the two evaluations scored different configurations");
    ModelComparison comparison;
    comparison.errorReductionPct = 100.0
        * (baseline.meanRelativeError - optimized.meanRelativeError) / baseline.meanRelativeError;
    if (optimized.relativeError.size() >= 2)
        comparison.test = pairedTTest(optimized.relativeError, baseline.relativeError);
    return comparison;
}

} // namespace iolens::core
