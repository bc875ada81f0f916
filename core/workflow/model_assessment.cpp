// SPDX-License-Identifier: GPL-3.0-or-later
#include "workflow/model_assessment.hpp"

#include "common/error.hpp"
#include "data/configuration_filter.hpp"
#include "data/csv_table.hpp"
#include "data/measurement_csv.hpp"

#include <sstream>

namespace iolens::core {

namespace {

std::vector<AggregatedMeasurement> scenarioMeasurements(MeasurementDatabase& db,
                                                        const ScenarioSelection& scenario,
                                                        const std::string& modelDataset)
{
    std::optional<std::string> dataset = scenario.dataset;
    if (!dataset && !modelDataset.empty())
        dataset = modelDataset;
    const auto rows = aggregateRepetitions(db.measurements({dataset, scenario.split}));
    return ConfigurationFilter::parse(scenario.filter).apply(rows);
}

void appendPoints(std::string& csv, const std::string& model, const ModelEvaluation& e)
{
    if (csv.empty())
        csv = formatCsvLine({"model", "scheduler", "fileset_bytes", "request_bytes", "pattern",
                             "read_pct", "threads", "vms", "measured", "predicted",
                             "relative_error"});
    for (std::size_t i = 0; i < e.configs.size(); ++i) {
        std::vector<std::string> fields{model};
        for (std::string& f : configurationFields(e.configs[i]))
            fields.push_back(std::move(f));
        const auto row = static_cast<Eigen::Index>(i);
        fields.push_back(formatNumber(e.measured(row)));
        fields.push_back(formatNumber(e.predicted(row)));
        fields.push_back(formatNumber(e.relativeError(row)));
        csv += formatCsvLine(fields);
    }
}

} // namespace

ScenarioSelection parseScenario(const std::string& text)
{
    ScenarioSelection scenario;
    scenario.text = text.empty() ? "all" : text;
    std::stringstream stream(text);
    std::string clause;
    while (std::getline(stream, clause, ',')) {
        if (clause == "all" || clause.empty())
            continue;
        if (clause.rfind("split=", 0) == 0)
            scenario.split = clause.substr(6);
        else if (clause.rfind("dataset=", 0) == 0)
            scenario.dataset = clause.substr(8);
        else
            scenario.filter += (scenario.filter.empty() ? "" : ",") + clause;
    }
    ConfigurationFilter::parse(scenario.filter); // reject a bad filter before any work
    return scenario;
}

nlohmann::json assessModels(MeasurementDatabase& db, const AssessmentRequest& request,
                            std::string& pointsCsv)
{
    if (request.models.empty())
        throw ConfigError("evaluate: name at least one --model");
    const ScenarioSelection scenario = parseScenario(request.scenario);
    nlohmann::json report{{"scenario", scenario.text},
                          {"rule", request.rule.describe()},
                          {"models", nlohmann::json::array()}};
    for (const std::string& name : request.models) {
        const auto stored = db.model(name);
        if (!stored)
            throw ConfigError(db.path() + ": no model named '" + name + "'");
        const TrainedModel model = loadModel(db, name);
        const auto rows = scenarioMeasurements(db, scenario, stored->dataset);
        const ModelEvaluation evaluation = evaluateModel(model, rows, request.rule, scenario.text);
        nlohmann::json entry = evaluationJson(evaluation, request.rule);
        entry["model"] = name;
        entry["technique"] = stored->technique;
        entry["metric"] = stored->metric;
        entry["parameters"] = nlohmann::json::parse(stored->parameters);
        appendPoints(pointsCsv, name, evaluation);
        if (request.compareWithDefault) {
            TrainRequest baseline = storedTrainRequest(*stored);
            const auto logResponse = baseline.params.find("log_response");
            ParamValues defaults;
            if (logResponse != baseline.params.end())
                defaults["log_response"] = logResponse->second;
            baseline.params = defaults;
            const TrainedModel reference = trainModel(db, baseline);
            const ModelEvaluation base = evaluateModel(reference, rows, request.rule, scenario.text);
            const ModelComparison comparison = compareEvaluations(evaluation, base);
            entry["default_parameters"] = {
                {"mean_relative_error", base.meanRelativeError},
                {"error_reduction_pct", comparison.errorReductionPct},
                {"paired_t", comparison.test.t},
                {"paired_t_df", comparison.test.degreesOfFreedom},
                {"paired_t_p_value", comparison.test.pValue}};
        }
        report["models"].push_back(std::move(entry));
    }
    return report;
}

} // namespace iolens::core
