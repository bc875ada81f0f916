// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/core_metatypes.hpp"
#include "prediction/scenario_evaluation.hpp"

#include <QObject>

#include <memory>
#include <vector>

namespace iolens::ui {

/// Keeps the models of the open dataset and answers for the current scenario. Training runs on
/// a worker thread (QtConcurrent), since a slower technique may take seconds; prediction is
/// microseconds, so every scenario change is evaluated at once on the UI thread. A dataset
/// change while a training runs makes that training's result stale: it is dropped when it
/// arrives (a generation counter), and only the newest training's models are ever shown.
class ModelController : public QObject {
    Q_OBJECT
public:
    /// `technique`: registry key of the models to train ("lm" for the linear model).
    explicit ModelController(const QString& technique = QStringLiteral("lm"),
                             QObject* parent = nullptr);

    QString technique() const { return m_technique; }
    /// Forgets the current models, indexes the measurements and starts training on `runs`.
    /// Emits trainingStarted(), an evaluation without predictions, and later modelsReady().
    void setMeasurements(const std::vector<core::Measurement>& runs);
    /// Evaluates `scenario` now and emits evaluated().
    void setScenario(const core::Configuration& scenario);

    bool isTraining() const { return m_training; }
    /// The trained models; nullptr while training or before any data.
    const ModelSet* models() const { return m_models.get(); }
    const ScenarioEvaluation& evaluation() const { return m_evaluation; }
    const MeasuredLookup& measured() const { return m_measured; }

signals:
    void trainingStarted();
    /// The models of the current data are trained (some metrics may carry an error instead).
    void modelsReady();
    void evaluated(const iolens::ui::ScenarioEvaluation& evaluation);

private:
    void evaluate();
    void onTrained(int generation, const ModelSet& models);

    QString m_technique;
    MeasuredLookup m_measured;
    std::shared_ptr<const ModelSet> m_models;
    core::Configuration m_scenario;
    bool m_hasScenario = false;
    bool m_training = false;
    int m_generation = 0;
    ScenarioEvaluation m_evaluation;
};

} // namespace iolens::ui
