// SPDX-License-Identifier: GPL-3.0-or-later
#include "prediction/model_controller.hpp"

#include <QDebug>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

namespace iolens::ui {

ModelController::ModelController(const QString& technique, QObject* parent)
    : QObject(parent)
    , m_technique(technique)
{
}

void ModelController::setMeasurements(const std::vector<core::Measurement>& runs)
{
    const int generation = ++m_generation;
    m_models.reset();
    m_measured = MeasuredLookup(runs);
    m_training = true;
    emit trainingStarted();
    evaluate();

    // The worker gets its own copy of the runs, so nothing it reads can change under it.
    auto* watcher = new QFutureWatcher<ModelSet>(this);
    connect(watcher, &QFutureWatcher<ModelSet>::finished, this, [this, watcher, generation] {
        onTrained(generation, watcher->result());
        watcher->deleteLater();
    });
    watcher->setFuture(QtConcurrent::run(
        [runs, technique = m_technique.toStdString()] { return trainModelSet(runs, technique); }));
}

void ModelController::onTrained(int generation, const ModelSet& models)
{
    if (generation != m_generation)
        return; // a newer dataset was opened meanwhile
    for (const MetricModel& entry : models.models)
        if (!entry.model)
            qWarning().noquote() << "cannot train" << m_technique << "for"
                                 << QString::fromStdString(
                                        std::string(core::metricName(entry.metric)))
                                 << ":" << QString::fromStdString(entry.error);
    m_models = std::make_shared<const ModelSet>(models);
    m_training = false;
    emit modelsReady();
    evaluate();
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
    m_evaluation = evaluateScenario(m_scenario, m_measured, m_models.get());
    emit evaluated(m_evaluation);
}

} // namespace iolens::ui
