// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/core_metatypes.hpp"
#include "prediction/model_entry.hpp"
#include "prediction/model_validation.hpp"
#include "prediction/scenario_evaluation.hpp"

#include <QElapsedTimer>
#include <QObject>

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace iolens::ui {

/// Keeps the models of the open dataset side by side and answers for the current scenario.
///
/// On a dataset it trains every technique with default parameters for the four core metrics,
/// one worker task (QtConcurrent) per technique, so a fast technique's column fills in while a
/// slow one still trains. On data with one-VM and multi-VM measurements each technique gets two
/// entries (vm_training_plan): the VM-aware model trained on all rows ("cart") and the ICPE'13
/// one-VM model trained on the vms = 1 rows, projected to N VMs ("cart (1 VM, projected)").
/// Each trained model is then cross-validated in the background (core::crossValidatedEvaluation,
/// 10 folds, seed 1, the ICPE'13 Table 4 rule; a one-VM entry on its one-VM rows): the Models tab
/// and the error CDF show those figures. Prediction is microseconds, so every scenario change is
/// evaluated at once on the UI thread. A dataset change makes every running task's result stale:
/// it is dropped when it arrives (a generation counter, a ticket per cross-validation), and
/// tasks still queued return at once without computing.
class ModelController : public QObject {
    Q_OBJECT
public:
    static constexpr int kFolds = 10;
    static constexpr std::uint64_t kSeed = 1;
    /// Above this many configurations the models are trained and cross-validated on a seeded
    /// sample of this many (core::sampleConfigurations, seed kSeed): on 100,000 configurations
    /// the 24 default models (auto's nested selection and Cubist above all) took minutes and
    /// 2.5 GB, and the window showed no prediction meanwhile. The measured values shown beside
    /// the predictions are every configuration's.
    static constexpr std::size_t kTrainingSampleLimit = 5000;

    /// Trains every technique of core::techniqueNames().
    explicit ModelController(QObject* parent = nullptr);
    /// Trains `techniques` (registry keys, in column order) only; tests use one or two.
    explicit ModelController(std::vector<std::string> techniques, QObject* parent = nullptr);
    /// Queued tasks are cancelled; running ones finish on their own and are ignored.
    ~ModelController() override;

    const std::vector<std::string>& techniques() const { return m_techniques; }
    /// The techniques to train from the next setMeasurements() on (registry keys, column order).
    void setTechniques(std::vector<std::string> techniques)
    {
        m_techniques = std::move(techniques);
    }
    /// The sample limit from the next setMeasurements() on (tests use small data).
    void setTrainingSampleLimit(std::size_t limit) { m_sampleLimit = limit; }
    /// Configurations the current models are trained on, and in the data.
    std::size_t trainingConfigurations() const { return m_trainingConfigurations; }
    std::size_t totalConfigurations() const { return m_measured.all().size(); }
    bool isSampled() const { return m_trainingConfigurations < totalConfigurations(); }
    /// Forgets every model (added ones too: they belong to the old data), indexes the
    /// measurements and starts training on `runs` (a sample of them above the sample limit). Emits
    /// trainingStarted(), an evaluation with every column waiting, then entryChanged() per
    /// technique as it finishes, and modelsReady() after the last; crossValidationReady() and
    /// finally evaluationsReady() follow.
    void setMeasurements(const std::vector<core::Measurement>& runs);
    /// The same with `rows`, the runs aggregated already (AggregatedRows), kept without a copy
    /// (null: aggregated here).
    void setMeasurements(const std::vector<core::Measurement>& runs, AggregatedRows rows);
    /// Evaluates `scenario` now and emits evaluated().
    void setScenario(const core::Configuration& scenario);
    /// Adds `model`, trained elsewhere on the current measurements (the optimizer's best point),
    /// as one more column under `label` ("cart (optimized)"); a second model of another metric
    /// under the same label joins that entry, one of the same metric replaces it. It is
    /// cross-validated like the others. Returns the entry's index, or -1 (with a warning) if
    /// `label` names a technique the window trains itself or the metric is not a core metric.
    /// `selection` is the part of the measurements a stored model was trained on: its
    /// cross-validation and range scenarios use it, as `iolens-cli evaluate` does.
    int addModel(const QString& label, core::TrainedModel model,
        ModelOrigin origin = ModelOrigin::Optimized, const TrainingSelection& selection = {});

    /// The models, one entry per column, in order: the techniques (each followed by its one-VM
    /// entry on multi-VM data), then the added ones.
    const std::vector<ModelEntry>& entries() const { return m_entries; }
    /// Index of the entry labelled `label`, or -1.
    int entryIndex(const QString& label) const;
    /// True while a default technique still trains.
    bool isTraining() const;
    /// True while a model waits for its cross-validation (or to be trained first).
    bool isValidating() const;
    /// Wall time from setMeasurements() to the last technique trained (0 while training).
    double trainingSeconds() const { return m_trainingSeconds; }
    /// The cross-validated figures of entry `entry`'s model of `metric`, or nullptr while they
    /// are computed or if they could not be (see entries()[entry].validation for why).
    const core::CrossValidatedEvaluation* crossValidation(int entry, core::Metric metric) const;
    /// The rule the relative errors follow (paper's Table 4: reads >= 25 %, writes <= 75 %).
    const core::RelativeErrorRule& errorRule() const { return m_rule; }

    /// True if the data has measurements with 2 or more VMs and some with one: the multi-VM
    /// scenario (one-VM models predicting the others) has something to score.
    bool hasMultiVm() const { return m_hasMultiVm; }
    /// Sets the rule scenario: `text` in the syntax of `iolens-cli evaluate --scenario`
    /// (core::parseScenario), label and filter clauses only ("request_kib>32", "split=interp",
    /// "multi-vm", joined by commas). The rows it picks are predicted by every model refitted on
    /// the others, in the background; ruleEvaluated() per model and ruleEvaluationsReady() after
    /// the last follow. Returns the parser's message, changing nothing, for a rule it rejects or
    /// one that picks none or all of the rows; an empty string when accepted. The same rule
    /// again starts nothing.
    QString setRuleScenario(const QString& text);
    /// The accepted rule ("" before any).
    const QString& ruleScenario() const { return m_ruleText; }
    /// True while a rule evaluation runs or is queued.
    bool isEvaluatingRule() const;

    const ScenarioEvaluation& evaluation() const { return m_evaluation; }
    const MeasuredLookup& measured() const { return m_measured; }

signals:
    /// The entries were replaced: one waiting entry per technique (two on multi-VM data), no
    /// added ones.
    void trainingStarted();
    /// Entry `entry` was trained, or added, or got another model: its models changed.
    void entryChanged(int entry);
    /// Every technique of the current data is trained (some metrics may carry an error).
    void modelsReady();
    void evaluated(const iolens::ui::ScenarioEvaluation& evaluation);
    /// The cross-validation of entry `entry`'s model of `metric` ended (figures or an error).
    void crossValidationReady(int entry, iolens::core::Metric metric);
    /// Every model of the current entries is cross-validated (or failed to be).
    void evaluationsReady();
    /// The rule scenario of entry `entry`'s model of `metric` was evaluated (figures or error).
    void ruleEvaluated(int entry, iolens::core::Metric metric);
    /// Every rule evaluation of the current rule ended.
    void ruleEvaluationsReady();

private:
    void onTrained(int generation, int entry, const ModelSet& models);
    void startValidation(int entry, std::size_t metricIndex);
    void onValidated(
        std::uint64_t ticket, int entry, std::size_t metricIndex, const ValidationOutcome& outcome);
    void reportIfAllValidated();
    void startRuleEvaluation(int entry, std::size_t metricIndex);
    void onRuleEvaluated(std::uint64_t ticket, int entry, std::size_t metricIndex,
        const std::optional<core::ModelEvaluation>& result, const std::string& error);
    void evaluate();

    std::vector<std::string> m_techniques;
    core::RelativeErrorRule m_rule;
    std::vector<ModelEntry> m_entries;
    MeasuredLookup m_measured; ///< every configuration's measured values
    std::size_t m_sampleLimit = kTrainingSampleLimit;
    std::size_t m_trainingConfigurations = 0;
    /// The aggregated rows the models train on (all, or the sample), shared read-only with the
    /// cross-validation tasks.
    std::shared_ptr<const std::vector<core::AggregatedMeasurement>> m_rows;
    /// Those with vms = 1: what the one-VM entries are trained and cross-validated on.
    std::shared_ptr<const std::vector<core::AggregatedMeasurement>> m_oneVmRows;
    /// Set when the current generation's tasks are no longer wanted.
    std::shared_ptr<std::atomic<bool>> m_cancelled;
    core::Configuration m_scenario;
    bool m_hasMultiVm = false;
    QString m_ruleText;                     ///< the accepted rule scenario
    std::optional<std::string> m_ruleSplit; ///< its split=NAME clause
    std::string m_ruleFilter;               ///< its filter clauses
    bool m_hasScenario = false;
    int m_generation = 0;
    std::uint64_t m_nextTicket = 0;
    bool m_validationsReported = true;
    QElapsedTimer m_clock;
    double m_trainingSeconds = 0.0;
    ScenarioEvaluation m_evaluation;
};

} // namespace iolens::ui
