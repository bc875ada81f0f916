// SPDX-License-Identifier: GPL-3.0-or-later
#include "prediction/scenario_evaluation.hpp"

#include "models/vm_projection.hpp"

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

// Where a note is about: the window's models (trained on the open data) share one note per
// factor and range; a stored model whose range is one of theirs joins it, otherwise it gets a
// note naming it, so the domain it leaves is visibly its own.
void addNote(std::vector<ExtrapolationNote>& notes, ExtrapolationNote note, core::Metric metric,
    const ModelEntry& entry)
{
    const auto sameRange = [&note](const ExtrapolationNote& other) {
        return other.factor == note.factor && other.min == note.min && other.max == note.max
            && other.trainedLevel == note.trainedLevel;
    };
    const auto join = [metric, &entry](ExtrapolationNote& into, bool named) {
        if (std::find(into.metrics.begin(), into.metrics.end(), metric) == into.metrics.end())
            into.metrics.push_back(metric);
        if (named && !into.models.contains(entry.label))
            into.models << entry.label;
    };
    const bool stored = entry.origin == ModelOrigin::Stored;
    for (ExtrapolationNote& other : notes)
        if (sameRange(other) && other.models.isEmpty()) {
            join(other, false);
            return;
        }
    if (stored)
        for (ExtrapolationNote& other : notes)
            if (sameRange(other)) {
                join(other, true);
                return;
            }
    note.metrics = {metric};
    if (stored)
        note.models = {entry.label};
    notes.push_back(std::move(note));
}

// The factors where `scenario` leaves the training data of `model`: outside a modelled numeric
// factor's range, or different from a factor that was constant (and so is ignored).
void collectNotes(const core::Configuration& scenario, const core::TrainedModel& model,
    core::Metric metric, const ModelEntry& entry, std::vector<ExtrapolationNote>& notes)
{
    const core::FeatureSchema& schema = model.schema();
    for (const core::FeatureColumn& column : schema.columns()) {
        if (column.categorical())
            continue; // a level the model never saw fails its prediction, with the reason
        const double value = core::numericValue(scenario, column.factor);
        if (outside(value, column.minValue, column.maxValue))
            addNote(notes, {column.factor, value, column.minValue, column.maxValue, {}, {}, {}, {}},
                metric, entry);
    }
    for (core::Factor factor : schema.fixedFactors()) {
        if (core::isCategorical(factor)) {
            const std::string level(core::categoricalValue(scenario, factor));
            const std::string trained(core::categoricalValue(schema.fixedValues(), factor));
            if (level != trained)
                addNote(notes, {factor, 0.0, 0.0, 0.0, {}, level, trained, {}}, metric, entry);
            continue;
        }
        const double value = core::numericValue(scenario, factor);
        const double trained = core::numericValue(schema.fixedValues(), factor);
        if (outside(value, trained, trained))
            addNote(notes, {factor, value, trained, trained, {}, {}, {}, {}}, metric, entry);
    }
}

} // namespace

bool metricApplies(core::Metric metric, double readPct)
{
    return core::metricHasValue(metric, readPct);
}

bool ScenarioEvaluation::modelsReady() const
{
    return !models.empty()
        && std::all_of(
            models.begin(), models.end(), [](const ModelColumn& column) { return column.trained; });
}

namespace {

ModelColumn columnOf(const ModelEntry& entry)
{
    ModelColumn column;
    column.label = entry.label;
    column.technique = entry.technique;
    column.origin = entry.origin;
    column.rows = entry.rows;
    column.trained = entry.trained;
    column.parameters = entry.parametersSummary();
    for (std::size_t i = 0; i < core::kCoreMetrics.size(); ++i)
        column.covers[i] = entry.covers(core::kCoreMetrics[i]);
    return column;
}

ModelPrediction predictOne(const core::Configuration& scenario, const ModelEntry& entry,
    core::Metric metric, std::vector<ExtrapolationNote>& notes)
{
    ModelPrediction prediction;
    if (!entry.trained)
        return prediction;
    const MetricModel* model = entry.models.find(metric);
    if (!model)
        return prediction; // an added entry without this metric: nothing to explain
    if (!model->model) {
        prediction.error = model->error;
        return prediction;
    }
    try {
        // ICPE'13 section 6.3: a one-VM model answers for N VMs sharing the storage.
        prediction.value = core::predictSpreadOverVms(*model->model, scenario);
        if (const auto interval = core::predictIntervalSpreadOverVms(
                *model->model, {scenario}, kPredictionIntervalLevel)) {
            prediction.lower = interval->first(0);
            prediction.upper = interval->second(0);
        }
        // A projected model is asked about all the VMs' threads at once, so that is what must lie
        // in its data; the projection itself is said too, since no VM count beyond one was
        // measured for it.
        collectNotes(
            core::askedConfiguration(*model->model, scenario), *model->model, metric, entry, notes);
        if (scenario.vms > 1 && !core::modelsVmCount(*model->model)) {
            ExtrapolationNote projected {
                core::Factor::Vms, static_cast<double>(scenario.vms), 1.0, 1.0, {}, {}, {}, {}};
            projected.projected = true;
            addNote(notes, std::move(projected), metric, entry);
        }
    } catch (const std::exception& e) {
        prediction.error = e.what();
    }
    return prediction;
}

} // namespace

ScenarioEvaluation evaluateScenario(const core::Configuration& scenario,
    const MeasuredLookup& measured, const std::vector<ModelEntry>& entries)
{
    ScenarioEvaluation result;
    result.scenario = scenario;
    for (const ModelEntry& entry : entries)
        result.models.push_back(columnOf(entry));
    const core::AggregatedMeasurement* row = measured.find(scenario);
    result.repetitions = row ? row->repetitions : 0;
    result.nearest = measured.space().nearest(scenario);
    for (std::size_t i = 0; i < core::kCoreMetrics.size(); ++i) {
        const core::Metric metric = core::kCoreMetrics[i];
        MetricEvaluation& out = result.metrics[i];
        out.metric = metric;
        out.applies = metricApplies(metric, scenario.readPct);
        if (row) {
            out.measured = row->value(metric);
            out.rse = row->rse(metric);
        }
        out.predictions.resize(entries.size());
        if (!out.applies)
            continue;
        for (std::size_t m = 0; m < entries.size(); ++m)
            out.predictions[m] = predictOne(scenario, entries[m], metric, result.extrapolation);
    }
    return result;
}

} // namespace iolens::ui
