// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/optimization_runner.hpp"
#include "common/background_pool.hpp"

#include <QtConcurrent/QtConcurrentRun>

#include <exception>

namespace iolens::ui {

OptimizationRunner::OptimizationRunner(QObject* parent)
    : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<WorkerResult>::finished, this,
        &OptimizationRunner::onWorkerDone);
}

OptimizationRunner::~OptimizationRunner()
{
    if (m_cancel)
        m_cancel->store(true);
    // The worker posts progress to this object: it must be done before the object goes.
    // Progress it posted meanwhile is discarded with the object's pending events.
    m_watcher.waitForFinished();
}

bool OptimizationRunner::start(std::vector<core::AggregatedMeasurement> rows,
    core::SearchRequest request, std::vector<core::EvaluatedPoint> previous)
{
    if (m_running)
        return false;
    m_running = true;
    // A fresh flag per search: a cancel aimed at the previous search cannot stop this one.
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_watcher.setFuture(QtConcurrent::run(backgroundPool(),
        [this, cancel = m_cancel, rows = std::move(rows), request = std::move(request),
            previous = std::move(previous)] {
            return runSearch(rows, request, previous, *cancel);
        }));
    return true;
}

void OptimizationRunner::cancel()
{
    if (m_running && m_cancel)
        m_cancel->store(true);
}

// Runs on the worker thread. No exception may leave it: QtConcurrent would rethrow it on the
// UI thread from result(), inside the event loop.
OptimizationRunner::WorkerResult OptimizationRunner::runSearch(
    const std::vector<core::AggregatedMeasurement>& rows, const core::SearchRequest& request,
    const std::vector<core::EvaluatedPoint>& previous, const std::atomic<bool>& cancel)
{
    const auto forward = [this](const core::OptimizerProgress& state) {
        SearchProgress progress {state.iteration, state.evaluated, state.plannedThisIteration,
            state.bestCost, state.points ? *state.points : std::vector<core::EvaluatedPoint> {}};
        // Queued to this object's thread: the copy travels with the call.
        QMetaObject::invokeMethod(
            this, [this, progress = std::move(progress)] { emit progressed(progress); },
            Qt::QueuedConnection);
    };
    WorkerResult result;
    try {
        result.outcome = core::searchParameters(rows, request, cancel, forward, previous);
    } catch (const std::exception& error) {
        result.error = QString::fromStdString(error.what());
    }
    return result;
}

void OptimizationRunner::onWorkerDone()
{
    m_running = false;
    WorkerResult result = m_watcher.result();
    if (!result.outcome)
        emit failed(result.error);
    else if (result.outcome->search.cancelled)
        emit cancelled();
    else
        emit finished(*result.outcome);
}

} // namespace iolens::ui

#include "moc_optimization_runner.cpp"
