// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "appsim/application_simulation.hpp"
#include "models/trained_model.hpp"

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

namespace iolens::ui {

/// One curve of the Application tab: the application simulated at each client count, its
/// storage delayed by the models (or a constant when there are none).
struct SweepRequest {
    core::Application application;
    std::vector<int> clients;
    core::SimulationOptions options;
    std::optional<core::TrainedModel> readModel;  ///< rt_read_ms model
    std::optional<core::TrainedModel> writeModel; ///< rt_write_ms model
    core::Configuration base;                     ///< the storage configuration asked about
    double constantMs = 1.0;                      ///< without models: every request's delay
};

/// Runs a sweep (core::simulateApplication per client count) on a worker thread with progress
/// and cancel. A start() while one runs cancels it and runs the new request when it has
/// stopped, so a slider dragged across many values simulates only where it comes to rest.
/// Signals are emitted on the runner's thread; progressed() never follows finished().
class SimulationRunner : public QObject {
    Q_OBJECT
public:
    explicit SimulationRunner(QObject* parent = nullptr);
    /// Cancels and waits: the worker reports to this object.
    ~SimulationRunner() override;

    void start(SweepRequest request);
    void cancel();
    bool isRunning() const { return m_running; }

signals:
    void progressed(int done, int total);
    void finished(const std::vector<iolens::core::SimulationResult>& sweep);
    void failed(const QString& message);
    void cancelled();

private:
    struct WorkerResult {
        std::vector<core::SimulationResult> sweep;
        QString error;
        bool cancelled = false;
    };
    WorkerResult run(const SweepRequest& request, const std::atomic<bool>& cancel);
    void onWorkerDone();
    void launch(SweepRequest request);

    QFutureWatcher<WorkerResult> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::optional<SweepRequest> m_pending;
    bool m_running = false;
};

} // namespace iolens::ui

// The sweep travels through finished() (and QSignalSpy in the tests).
Q_DECLARE_METATYPE(std::vector<iolens::core::SimulationResult>)
