// SPDX-License-Identifier: GPL-3.0-or-later
#include "appsim/simulation_runner.hpp"
#include "common/background_pool.hpp"

#include <QtConcurrent/QtConcurrentRun>

#include <exception>

namespace iolens::ui {

SimulationRunner::SimulationRunner(QObject* parent)
    : QObject(parent)
{
    connect(
        &m_watcher, &QFutureWatcher<WorkerResult>::finished, this, &SimulationRunner::onWorkerDone);
}

SimulationRunner::~SimulationRunner()
{
    if (m_cancel)
        m_cancel->store(true);
    m_watcher.waitForFinished();
}

void SimulationRunner::start(SweepRequest request)
{
    if (m_running) {
        m_pending = std::move(request);
        cancel();
        return;
    }
    launch(std::move(request));
}

void SimulationRunner::launch(SweepRequest request)
{
    m_running = true;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_watcher.setFuture(QtConcurrent::run(backgroundPool(),
        [this, cancel = m_cancel, request = std::move(request)] { return run(request, *cancel); }));
}

void SimulationRunner::cancel()
{
    if (m_running && m_cancel)
        m_cancel->store(true);
}

// Runs on the worker thread; no exception may leave it.
SimulationRunner::WorkerResult SimulationRunner::run(
    const SweepRequest& request, const std::atomic<bool>& cancel)
{
    WorkerResult result;
    try {
        std::unique_ptr<core::StorageLatency> storage;
        if (request.readModel || request.writeModel)
            storage = std::make_unique<core::ModelStorageLatency>(
                request.readModel ? *request.readModel : *request.writeModel,
                request.writeModel ? *request.writeModel : *request.readModel, request.base);
        else
            storage = std::make_unique<core::ConstantStorageLatency>(request.constantMs);
        core::SimulationOptions options = request.options;
        options.cancel = &cancel;
        const int total = static_cast<int>(request.clients.size());
        for (int i = 0; i < total; ++i) {
            options.clients = request.clients[static_cast<std::size_t>(i)];
            result.sweep.push_back(
                core::simulateApplication(request.application, *storage, options));
            QMetaObject::invokeMethod(
                this, [this, i, total] { emit progressed(i + 1, total); }, Qt::QueuedConnection);
        }
    } catch (const core::SimulationCancelled&) {
        result.cancelled = true;
    } catch (const std::exception& e) {
        result.error = QString::fromStdString(e.what());
    }
    return result;
}

void SimulationRunner::onWorkerDone()
{
    m_running = false;
    const WorkerResult result = m_watcher.result();
    if (m_pending) {
        SweepRequest next = std::move(*m_pending);
        m_pending.reset();
        launch(std::move(next));
        return; // the superseded sweep's result is of no use
    }
    if (result.cancelled)
        emit cancelled();
    else if (!result.error.isEmpty())
        emit failed(result.error);
    else
        emit finished(result.sweep);
}

} // namespace iolens::ui

#include "moc_simulation_runner.cpp"
