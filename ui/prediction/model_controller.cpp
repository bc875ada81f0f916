// SPDX-License-Identifier: GPL-3.0-or-later
#include "prediction/model_controller.hpp"

#include "common/background_pool.hpp"
#include "data/aggregation.hpp"
#include "data/training_sample.hpp"
#include "models/regressor_registry.hpp"
#include "prediction/model_validation.hpp"
#include "validation/holdout_split.hpp"
#include "workflow/model_assessment.hpp"

#include <QDebug>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace iolens::ui {

namespace {

// Runs `work` on the global thread pool and hands its result to `done` on `owner`'s thread.
// `work` must not throw: an exception would surface in QFuture::result() on the UI thread.
template <typename Result, typename Work, typename Done>
void runInBackground(QObject* owner, Work work, Done done)
{
    auto* watcher = new QFutureWatcher<Result>(owner);
    QObject::connect(watcher, &QFutureWatcher<Result>::finished, owner, [watcher, done] {
        done(watcher->result());
        watcher->deleteLater();
    });
    watcher->setFuture(QtConcurrent::run(backgroundPool(), std::move(work)));
}

QString metricText(core::Metric metric)
{
    return QString::fromStdString(std::string(core::metricName(metric)));
}

} // namespace

ModelController::ModelController(QObject* parent)
    : ModelController(core::techniqueNames(), parent)
{
}

ModelController::ModelController(std::vector<std::string> techniques, QObject* parent)
    : QObject(parent)
    , m_techniques(std::move(techniques))
    , m_cancelled(std::make_shared<std::atomic<bool>>(false))
{
}

ModelController::~ModelController()
{
    m_cancelled->store(true);
}

void ModelController::setMeasurements(const std::vector<core::Measurement>& runs)
{
    setMeasurements(runs, aggregatedRows(runs));
}

void ModelController::setMeasurements(
    const std::vector<core::Measurement>& runs, AggregatedRows rows)
{
    const int generation = ++m_generation;
    m_cancelled->store(true);
    m_cancelled = std::make_shared<std::atomic<bool>>(false);
    m_measured = MeasuredLookup(rows ? std::move(rows) : aggregatedRows(runs));
    const core::ConfigurationSample sample = core::sampleConfigurations(runs, m_sampleLimit, kSeed);
    m_trainingConfigurations = sample.configurations;
    m_rows = sample.sampled() ? aggregatedRows(sample.runs) : m_measured.shared();
    const core::HoldoutSplit vmSplit = core::multiVmSplit(*m_rows);
    m_hasMultiVm = !vmSplit.test.empty() && !vmSplit.train.empty();
    m_oneVmRows = std::make_shared<const std::vector<core::AggregatedMeasurement>>(
        trainingRows(*m_rows, TrainingRows::OneVm));
    m_entries.clear();
    const std::vector<TrainingRows> plan = vmTrainingPlan(*m_rows);
    for (const std::string& technique : m_techniques) {
        for (TrainingRows rows : plan) {
            ModelEntry entry;
            entry.label = entryLabel(technique, rows);
            entry.technique = technique;
            entry.rows = rows;
            m_entries.push_back(std::move(entry));
        }
    }
    m_validationsReported = false;
    m_trainingSeconds = 0.0;
    m_clock.start();
    emit trainingStarted();
    evaluate();
    // auto fits every candidate inside a grouped cross-validation, tens of fits per metric: it
    // is queued last, so that on large data the plain techniques' columns (milliseconds for lm)
    // fill in first instead of waiting behind it for the pool's threads.
    std::vector<int> order(m_entries.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = static_cast<int>(i);
    std::stable_partition(order.begin(), order.end(), [this](int entry) {
        return m_entries[static_cast<std::size_t>(entry)].technique != "auto";
    });
    for (int entry : order) {
        // Each task gets its own copy of the runs, so nothing it reads can change under it.
        runInBackground<ModelSet>(
            this,
            [runs = trainingRuns(sample.runs, m_entries[entry].rows),
                technique = m_entries[entry].technique, cancelled = m_cancelled] {
                return trainModelSet(runs, technique, cancelled.get());
            },
            [this, generation, entry](
                const ModelSet& models) { onTrained(generation, entry, models); });
    }
}

void ModelController::onTrained(int generation, int entryIndex, const ModelSet& models)
{
    if (generation != m_generation)
        return; // a newer dataset was opened meanwhile
    ModelEntry& entry = m_entries[static_cast<std::size_t>(entryIndex)];
    entry.models = models;
    entry.trained = true;
    for (std::size_t i = 0; i < core::kCoreMetrics.size(); ++i) {
        const MetricModel* model = models.find(core::kCoreMetrics[i]);
        if (model && model->model) {
            startValidation(entryIndex, i);
            continue;
        }
        const std::string error = model ? model->error : "no model for this metric";
        qWarning().noquote() << "cannot train" << entry.label << "for"
                             << metricText(core::kCoreMetrics[i]) << ":"
                             << QString::fromStdString(error);
        entry.validation[i].state = MetricValidation::State::Failed;
        entry.validation[i].error = error;
    }
    emit entryChanged(entryIndex);
    if (!isTraining()) {
        m_trainingSeconds = static_cast<double>(m_clock.elapsed()) / 1000.0;
        emit modelsReady();
    }
    evaluate();
    reportIfAllValidated();
}

int ModelController::addModel(const QString& label, core::TrainedModel model, ModelOrigin origin,
    const TrainingSelection& selection)
{
    const std::size_t metricIndex = coreMetricIndex(model.metric());
    int index = entryIndex(label);
    const bool ownTechnique
        = std::find(m_techniques.begin(), m_techniques.end(), label.toStdString())
            != m_techniques.end()
        || (index >= 0
            && m_entries[static_cast<std::size_t>(index)].origin == ModelOrigin::Default);
    if (metricIndex >= core::kCoreMetrics.size() || ownTechnique) {
        qWarning().noquote() << "cannot add model" << label << "for" << metricText(model.metric())
                             << ": the label is taken or the metric has no column";
        return -1;
    }
    if (index < 0) {
        ModelEntry entry;
        entry.label = label;
        entry.technique = model.regressor().technique();
        entry.origin = origin;
        entry.selection = selection;
        entry.trained = true;
        entry.models.technique = entry.technique;
        m_entries.push_back(std::move(entry));
        index = static_cast<int>(m_entries.size()) - 1;
    }
    ModelEntry& entry = m_entries[static_cast<std::size_t>(index)];
    auto& models = entry.models.models;
    const core::Metric metric = model.metric();
    const auto same = std::find_if(models.begin(), models.end(),
        [metric](const MetricModel& m) { return m.metric == metric; });
    MetricModel& slot = same != models.end() ? *same : models.emplace_back();
    slot.metric = metric;
    slot.error.clear();
    slot.model = std::move(model);
    startValidation(index, metricIndex);
    emit entryChanged(index);
    evaluate();
    return index;
}

void ModelController::startValidation(int entryIndex, std::size_t metricIndex)
{
    ModelEntry& entry = m_entries[static_cast<std::size_t>(entryIndex)];
    MetricValidation& validation = entry.validation[metricIndex];
    validation = {};
    validation.ticket = ++m_nextTicket;
    m_validationsReported = false;
    const core::TrainedModel* fitted = entry.model(core::kCoreMetrics[metricIndex]);
    if (!m_rows || !fitted) {
        validation.state = MetricValidation::State::Failed;
        validation.error = "no measurements to cross-validate on";
        return;
    }
    // A one-VM entry is cross-validated (and interpolated, extrapolated) on the rows it was
    // trained on, a stored model on its training selection; the multi-VM scenario trains on one
    // VM and predicts the others either way.
    auto rows = entry.rows == TrainingRows::OneVm ? m_oneVmRows : m_rows;
    if (!entry.selection.empty()) {
        try {
            rows = std::make_shared<const std::vector<core::AggregatedMeasurement>>(
                selectedRows(*rows, entry.selection));
        } catch (const std::exception& e) {
            // A selection the database holds was parsed when the model was trained; a damaged
            // one fails this model's figures, not the window.
            validation.state = MetricValidation::State::Failed;
            validation.error = e.what();
            return;
        }
    }
    runInBackground<ValidationOutcome>(
        this,
        [model = *fitted, rows, all = m_rows, rule = m_rule, cancelled = m_cancelled,
            multiVm = m_hasMultiVm] {
            if (cancelled->load())
                return ValidationOutcome {};
            return validateModel(model,
                {rows.get(), all.get(), all.get(), rule, kFolds, kSeed, multiVm, cancelled.get()});
        },
        [this, ticket = validation.ticket, entryIndex, metricIndex](
            const ValidationOutcome& o) { onValidated(ticket, entryIndex, metricIndex, o); });
    if (!m_ruleText.isEmpty())
        startRuleEvaluation(entryIndex, metricIndex);
}

QString ModelController::setRuleScenario(const QString& text)
{
    const RuleParse parsed = parseRuleScenario(text, m_rows.get());
    if (!parsed.rule)
        return parsed.error;
    if (parsed.rule->text == m_ruleText)
        return {};
    m_ruleText = parsed.rule->text;
    m_ruleSplit = parsed.rule->split;
    m_ruleFilter = parsed.rule->filter;
    for (int entry = 0; entry < static_cast<int>(m_entries.size()); ++entry)
        for (std::size_t i = 0; i < core::kCoreMetrics.size(); ++i)
            if (m_entries[static_cast<std::size_t>(entry)].model(core::kCoreMetrics[i]))
                startRuleEvaluation(entry, i);
    if (!isEvaluatingRule())
        emit ruleEvaluationsReady();
    return {};
}

bool ModelController::isEvaluatingRule() const
{
    for (const ModelEntry& entry : m_entries)
        for (const MetricValidation& validation : entry.validation)
            if (validation.ruleWaiting)
                return true;
    return false;
}

void ModelController::startRuleEvaluation(int entryIndex, std::size_t metricIndex)
{
    ModelEntry& entry = m_entries[static_cast<std::size_t>(entryIndex)];
    MetricValidation& validation = entry.validation[metricIndex];
    const core::TrainedModel* fitted = entry.model(core::kCoreMetrics[metricIndex]);
    if (!m_rows || !fitted)
        return;
    validation.rule.reset();
    validation.ruleError.clear();
    validation.ruleWaiting = true;
    validation.ruleTicket = ++m_nextTicket;
    runInBackground<RuleOutcome>(
        this,
        [model = *fitted, rows = m_rows, cancelled = m_cancelled,
            input = RuleInput {nullptr, m_rule, m_ruleSplit, m_ruleFilter, m_ruleText.toStdString(),
                entry.rows}]() mutable {
            if (cancelled->load())
                return RuleOutcome {};
            input.rows = rows.get();
            return evaluateRule(model, input);
        },
        [this, ticket = validation.ruleTicket, entryIndex, metricIndex](const RuleOutcome& o) {
            onRuleEvaluated(ticket, entryIndex, metricIndex, o.result, o.error);
        });
}

void ModelController::onRuleEvaluated(std::uint64_t ticket, int entryIndex, std::size_t metricIndex,
    const std::optional<core::ModelEvaluation>& result, const std::string& error)
{
    if (entryIndex >= static_cast<int>(m_entries.size()))
        return;
    MetricValidation& validation
        = m_entries[static_cast<std::size_t>(entryIndex)].validation[metricIndex];
    if (validation.ruleTicket != ticket)
        return; // an older rule, model or dataset
    validation.rule = result;
    validation.ruleError = error;
    validation.ruleWaiting = false;
    emit ruleEvaluated(entryIndex, core::kCoreMetrics[metricIndex]);
    if (!isEvaluatingRule())
        emit ruleEvaluationsReady();
}

void ModelController::onValidated(
    std::uint64_t ticket, int entryIndex, std::size_t metricIndex, const ValidationOutcome& outcome)
{
    // Tickets are never reused, so this also drops the answers of an older dataset.
    if (entryIndex >= static_cast<int>(m_entries.size()))
        return;
    MetricValidation& validation
        = m_entries[static_cast<std::size_t>(entryIndex)].validation[metricIndex];
    if (validation.ticket != ticket)
        return;
    outcome.applyTo(validation);
    if (!outcome.result)
        qWarning().noquote() << "cannot cross-validate"
                             << m_entries[static_cast<std::size_t>(entryIndex)].label << "for"
                             << metricText(core::kCoreMetrics[metricIndex]) << ":"
                             << QString::fromStdString(outcome.error);
    emit crossValidationReady(entryIndex, core::kCoreMetrics[metricIndex]);
    reportIfAllValidated();
}

void ModelController::reportIfAllValidated()
{
    if (m_validationsReported || isValidating())
        return;
    m_validationsReported = true;
    emit evaluationsReady();
}

int ModelController::entryIndex(const QString& label) const
{
    for (std::size_t i = 0; i < m_entries.size(); ++i)
        if (m_entries[i].label == label)
            return static_cast<int>(i);
    return -1;
}

bool ModelController::isTraining() const
{
    return std::any_of(
        m_entries.begin(), m_entries.end(), [](const ModelEntry& entry) { return !entry.trained; });
}

bool ModelController::isValidating() const
{
    for (const ModelEntry& entry : m_entries)
        for (std::size_t i = 0; i < core::kCoreMetrics.size(); ++i)
            if (entry.covers(core::kCoreMetrics[i])
                && entry.validation[i].state == MetricValidation::State::Waiting)
                return true;
    return false;
}

const core::CrossValidatedEvaluation* ModelController::crossValidation(
    int entry, core::Metric metric) const
{
    const std::size_t metricIndex = coreMetricIndex(metric);
    if (entry < 0 || entry >= static_cast<int>(m_entries.size())
        || metricIndex >= core::kCoreMetrics.size())
        return nullptr;
    const auto& result = m_entries[static_cast<std::size_t>(entry)].validation[metricIndex].result;
    return result ? &*result : nullptr;
}

void ModelController::setScenario(const core::Configuration& scenario)
{
    m_scenario = scenario;
    m_hasScenario = true;
    evaluate();
}

void ModelController::evaluate()
{
    if (!m_hasScenario)
        return;
    m_evaluation = evaluateScenario(m_scenario, m_measured, m_entries);
    emit evaluated(m_evaluation);
}

} // namespace iolens::ui

#include "moc_model_controller.cpp"
