// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/measurement.hpp"
#include "harness/measurement_session.hpp"

#include <QFuture>
#include <QObject>
#include <QString>

#include <atomic>

namespace iolens::ui {

/// Runs one core::MeasurementSession on a worker thread (QtConcurrent) and reports on the
/// thread that owns the runner. The session gets its own database connection, opened on the
/// worker from `databasePath`: an SQLite connection must stay on the thread that uses it, so the
/// window's connection is never touched. This is a controller boundary: no exception leaves it,
/// errors arrive in finished(). Destroying a running runner cancels it and waits (fio stops
/// within ~0.1 s), so no thread outlives it.
class MeasureRunner : public QObject {
    Q_OBJECT
public:
    explicit MeasureRunner(QObject* parent = nullptr);
    ~MeasureRunner() override;

    /// Starts measuring `plan` into `databasePath` (created if missing). `options.progress` and
    /// `options.cancel` are the runner's own. Precondition: !isRunning().
    void start(
        core::MeasurementPlan plan, const QString& databasePath, core::MeasureOptions options);
    /// Asks the session to stop; finished() follows with cancelled = true.
    void cancel();
    bool isRunning() const { return m_running; }

signals:
    /// One line per step: laying out a file set, a run stored. `remainingSeconds` is the
    /// session's estimate, refined by the measured run times.
    void progressed(int runsDone, int runsPending, double remainingSeconds, const QString& message);
    /// A run's row is committed to the database.
    void rowStored(const iolens::core::Measurement& row);
    /// The session ended: stopped by cancel(), failed (`error` is core's message), or done.
    void finished(bool cancelled, int runsStored, const QString& error);

private:
    void work(core::MeasurementPlan plan, std::string databasePath, core::MeasureOptions options);

    std::atomic<bool> m_cancel {false};
    bool m_running = false;
    QFuture<void> m_future;
};

} // namespace iolens::ui
