// SPDX-License-Identifier: GPL-3.0-or-later
#include "workflow/model_assessment.hpp"

#include "common/closest_name.hpp"
#include "common/error.hpp"
#include "data/configuration_filter.hpp"
#include "data/csv_table.hpp"
#include "data/measurement_csv.hpp"
#include "validation/out_of_sample.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

namespace iolens::core {

namespace {

std::vector<AggregatedMeasurement> scenarioMeasurements(
    MeasurementDatabase& db, const ScenarioSelection& scenario, const std::string& modelDataset)
{
    std::optional<std::string> dataset = scenario.dataset;
    if (!dataset && !modelDataset.empty())
        dataset = modelDataset;
    // Named here: an unknown one selected nothing, and the message blamed the scoring rule.
    db.requireSelection({dataset, scenario.split});
    const auto rows = aggregateRepetitions(db.measurements({dataset, scenario.split}));
    return ConfigurationFilter::parse(scenario.filter).apply(rows);
}

void appendPoints(std::string& csv, const std::string& model, const ModelEvaluation& e)
{
    if (csv.empty())
        csv = formatCsvLine({"model", "scheduler", "fileset_bytes", "request_bytes", "pattern",
            "read_pct", "threads", "vms", "measured", "predicted", "relative_error"});
    for (std::size_t i = 0; i < e.configs.size(); ++i) {
        std::vector<std::string> fields {model};
        for (std::string& f : configurationFields(e.configs[i]))
            fields.push_back(std::move(f));
        const auto row = static_cast<Eigen::Index>(i);
        fields.push_back(formatNumber(e.measured(row)));
        fields.push_back(formatNumber(e.predicted(row)));
        fields.push_back(formatNumber(e.relativeError(row)));
        csv += formatCsvLine(fields);
    }
}

// Interval level whose coverage the grouped scenario reports (AutoModel's default level).
constexpr double kGroupedIntervalLevel = 0.8;

nlohmann::json jsonNumber(double value)
{
    return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(nullptr);
}

nlohmann::json groupedJson(const GroupedCvResult& cv)
{
    nlohmann::json levels = nlohmann::json::array();
    for (const HeldOutLevel& l : cv.levels)
        levels.push_back({{"factor", featureName(l.factor)}, {"level", l.level},
            {"level_high", l.levelHigh}, {"extrapolation", l.extrapolation}, {"points", l.scored},
            {"mean_relative_error", jsonNumber(l.meanRelativeError)}});
    return {{"interpolation_mean_relative_error", jsonNumber(cv.interpolationError)},
        {"extrapolation_mean_relative_error", jsonNumber(cv.extrapolationError)},
        {"overall_mean_relative_error", jsonNumber(cv.overallError)},
        {"mean_log_ratio_error", jsonNumber(cv.meanLogRatioError)},
        {"interval_level", kGroupedIntervalLevel},
        {"interval_coverage", jsonNumber(cv.modelIntervalCoverage)}, {"levels", levels}};
}

// `grouped`, when given, receives the per-level figures of the grouped scenario.
ModelEvaluation evaluateOnScenario(MeasurementDatabase& db, const StoredModel& stored,
    const TrainedModel& model, const ScenarioSelection& scenario, const RelativeErrorRule& rule,
    GroupedCvResult* grouped = nullptr)
{
    const TrainRequest trained = storedTrainRequest(stored);
    switch (scenario.kind) {
    case ScenarioSelection::Kind::Grouped: {
        GroupedEvaluation result = groupedEvaluation(
            model, selectMeasurements(db, trained), rule, kGroupedIntervalLevel);
        if (grouped)
            *grouped = std::move(result.cv);
        return result.evaluation;
    }
    case ScenarioSelection::Kind::CrossValidation:
        return crossValidatedEvaluation(
            model, selectMeasurements(db, trained), rule, scenario.folds)
            .evaluation;
    case ScenarioSelection::Kind::Interpolation:
    case ScenarioSelection::Kind::Extrapolation: {
        // The window's Models tab scores its models through the same function.
        const RangeScenario which = scenario.kind == ScenarioSelection::Kind::Interpolation
            ? RangeScenario::Interpolation
            : RangeScenario::Extrapolation;
        const auto all = aggregateRepetitions(db.measurements({trained.dataset, std::nullopt}));
        try {
            return rangeScenarioEvaluation(
                model, selectMeasurements(db, trained), all, which, rule);
        } catch (const DataError& e) {
            throw DataError("model '" + stored.name + "': " + e.what());
        }
    }
    case ScenarioSelection::Kind::Measurements:
        break;
    }
    return evaluateModel(
        model, scenarioMeasurements(db, scenario, stored.dataset), rule, scenario.text);
}

/// A clause with no comparison is a scenario's name, not a rule: "extrapolaton" was refused as
/// a filter clause without a comparison, which named neither the scenarios nor the slip.
ConfigError unknownScenarioWord(const std::string& text, const std::string& clause)
{
    static const std::vector<std::string> kNames {
        "all", "cv", "grouped", "interpolation", "extrapolation", "multi-vm"};
    return ConfigError("scenario '" + text + "': unknown scenario '" + clause + "' ("
        + didYouMean(clause, kNames)
        + "use all, cv[=K], grouped, interpolation, extrapolation, multi-vm, split=NAME, "
          "dataset=NAME or a rule such as request_kib>32)");
}

} // namespace

ScenarioSelection parseScenario(const std::string& text)
{
    ScenarioSelection scenario;
    scenario.text = text.empty() ? "all" : text;
    std::stringstream stream(text);
    std::string clause;
    int clauses = 0;
    while (std::getline(stream, clause, ',')) {
        if (clause == "all" || clause.empty())
            continue;
        ++clauses;
        if (clause == "cv" || clause.rfind("cv=", 0) == 0) {
            scenario.kind = ScenarioSelection::Kind::CrossValidation;
            if (clause.size() > 3) {
                const std::string folds = clause.substr(3);
                std::size_t used = 0;
                int value = 0;
                try {
                    value = std::stoi(folds, &used);
                } catch (const std::exception&) {
                    used = 0;
                }
                if (used != folds.size() || value < 2)
                    throw ConfigError(
                        "scenario '" + text + "': cv=K needs a whole K >= 2, not '" + folds + "'");
                scenario.folds = value;
            }
        } else if (clause == "interpolation")
            scenario.kind = ScenarioSelection::Kind::Interpolation;
        else if (clause == "extrapolation")
            scenario.kind = ScenarioSelection::Kind::Extrapolation;
        else if (clause == "grouped")
            scenario.kind = ScenarioSelection::Kind::Grouped;
        else if (clause == "multi-vm" || clause == "multivm") // render's --cdf-scenario spelling
            scenario.filter += std::string(scenario.filter.empty() ? "" : ",") + "vms>=2";
        else if (clause.rfind("split=", 0) == 0)
            scenario.split = clause.substr(6);
        else if (clause.rfind("dataset=", 0) == 0)
            scenario.dataset = clause.substr(8);
        else if (clause.find_first_of("<>=!") == std::string::npos)
            throw unknownScenarioWord(text, clause);
        else
            scenario.filter += (scenario.filter.empty() ? "" : ",") + clause;
    }
    if (scenario.kind != ScenarioSelection::Kind::Measurements && clauses > 1)
        throw ConfigError("scenario '" + text
            + "': cv, interpolation, extrapolation and grouped are relative to the model's "
              "training data and take no further clauses");
    ConfigurationFilter::parse(scenario.filter); // reject a bad filter before any work
    return scenario;
}

nlohmann::json assessModels(
    MeasurementDatabase& db, const AssessmentRequest& request, std::string& pointsCsv)
{
    if (request.models.empty())
        throw ConfigError("evaluate: name at least one --model");
    const ScenarioSelection scenario = parseScenario(request.scenario);
    nlohmann::json report {{"scenario", scenario.text}, {"rule", request.rule.describe()},
        {"models", nlohmann::json::array()}};
    for (const std::string& name : request.models) {
        const StoredModel stored = storedModelNamed(db, name);
        const TrainedModel model = loadModel(db, stored);
        GroupedCvResult grouped;
        const ModelEvaluation evaluation
            = evaluateOnScenario(db, stored, model, scenario, request.rule, &grouped);
        nlohmann::json entry = evaluationJson(evaluation, request.rule);
        if (scenario.kind == ScenarioSelection::Kind::Grouped)
            entry["grouped"] = groupedJson(grouped);
        entry["model"] = name;
        entry["technique"] = stored.technique;
        entry["metric"] = stored.metric;
        entry["parameters"] = nlohmann::json::parse(stored.parameters);
        appendPoints(pointsCsv, name, evaluation);
        if (request.compareWithDefault) {
            TrainRequest baseline = storedTrainRequest(stored);
            const auto logResponse = baseline.params.find("log_response");
            ParamValues defaults;
            if (logResponse != baseline.params.end())
                defaults["log_response"] = logResponse->second;
            baseline.params = defaults;
            const TrainedModel reference = trainModel(db, baseline);
            const ModelEvaluation base
                = evaluateOnScenario(db, stored, reference, scenario, request.rule);
            const ModelComparison comparison = compareEvaluations(evaluation, base);
            entry["default_parameters"] = {{"mean_relative_error", base.meanRelativeError},
                {"error_reduction_pct", comparison.errorReductionPct},
                {"paired_t", comparison.test.t}, {"paired_t_df", comparison.test.degreesOfFreedom},
                {"paired_t_p_value", comparison.test.pValue}};
        }
        report["models"].push_back(std::move(entry));
    }
    return report;
}

} // namespace iolens::core
