// SPDX-License-Identifier: GPL-3.0-or-later
#include "prediction/scenario_evaluation.hpp"

#include <algorithm>
#include <cmath>

namespace iolens::ui {

namespace {

// Values in the modelling unit come from integer bytes divided by powers of two, or from the
// data itself, so equal values compare equal; the tolerance only absorbs a typed 50.0000001.
bool outside(double value, double min, double max)
{
    const double tolerance = 1e-9 * std::max({1.0, std::fabs(min), std::fabs(max)});
    return value < min - tolerance || value > max + tolerance;
}

void addNote(std::vector<ExtrapolationNote>& notes, core::Factor factor, double value, double min,
             double max, core::Metric metric)
{
    for (ExtrapolationNote& note : notes) {
        if (note.factor == factor && note.min == min && note.max == max) {
            note.metrics.push_back(metric);
            return;
        }
    }
    notes.push_back({factor, value, min, max, {metric}});
}

// The numeric factors where `scenario` leaves the training data of `model`: outside a modelled
// factor's range, or different from a factor that was constant (and so is ignored).
void collectNotes(const core::Configuration& scenario, const core::TrainedModel& model,
                  core::Metric metric, std::vector<ExtrapolationNote>& notes)
{
    const core::FeatureSchema& schema = model.schema();
    for (const core::FeatureColumn& column : schema.columns()) {
        if (column.categorical())
            continue;
        const double value = core::numericValue(scenario, column.factor);
        if (outside(value, column.minValue, column.maxValue))
            addNote(notes, column.factor, value, column.minValue, column.maxValue, metric);
    }
    for (core::Factor factor : schema.fixedFactors()) {
        if (core::isCategorical(factor))
            continue;
        const double value = core::numericValue(scenario, factor);
        const double trained = core::numericValue(schema.fixedValues(), factor);
        if (outside(value, trained, trained))
            addNote(notes, factor, value, trained, trained, metric);
    }
}

} // namespace

bool metricApplies(core::Metric metric, double readPct)
{
    return core::isReadMetric(metric) ? readPct > 0.0 : readPct < 100.0;
}

ScenarioEvaluation evaluateScenario(const core::Configuration& scenario,
                                    const MeasuredLookup& measured, const ModelSet* models)
{
    ScenarioEvaluation result;
    result.scenario = scenario;
    result.modelsReady = models != nullptr;
    const core::AggregatedMeasurement* row = measured.find(scenario);
    result.repetitions = row ? row->repetitions : 0;
    for (std::size_t i = 0; i < core::kCoreMetrics.size(); ++i) {
        const core::Metric metric = core::kCoreMetrics[i];
        MetricEvaluation& out = result.metrics[i];
        out.metric = metric;
        out.applies = metricApplies(metric, scenario.readPct);
        if (row) {
            out.measured = row->value(metric);
            out.rse = row->rse(metric);
        }
        if (!out.applies || !models)
            continue;
        const MetricModel* entry = models->find(metric);
        if (!entry || !entry->model) {
            out.error = entry ? entry->error : "no model for this metric";
            continue;
        }
        try {
            out.predicted = entry->model->predict(scenario);
            collectNotes(scenario, *entry->model, metric, result.extrapolation);
        } catch (const std::exception& e) {
            out.error = e.what();
        }
    }
    return result;
}

} // namespace iolens::ui
