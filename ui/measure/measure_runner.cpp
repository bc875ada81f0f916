// SPDX-License-Identifier: GPL-3.0-or-later
#include "measure/measure_runner.hpp"

#include "store/measurement_database.hpp"

#include <QtConcurrent/QtConcurrentRun>

#include <exception>

namespace iolens::ui {

MeasureRunner::MeasureRunner(QObject* parent)
    : QObject(parent)
{
}

MeasureRunner::~MeasureRunner()
{
    m_cancel = true;
    m_future.waitForFinished();
}

void MeasureRunner::start(
    core::MeasurementPlan plan, const QString& databasePath, core::MeasureOptions options)
{
    if (m_running)
        return;
    m_cancel = false;
    m_running = true;
    m_future = QtConcurrent::run([this, plan = std::move(plan), path = databasePath.toStdString(),
                                     options = std::move(options)]() mutable {
        work(std::move(plan), std::move(path), std::move(options));
    });
}

void MeasureRunner::cancel()
{
    m_cancel = true;
}

void MeasureRunner::work(
    core::MeasurementPlan plan, std::string databasePath, core::MeasureOptions options)
{
    // Runs on the worker. Every report is queued to the runner's thread with the runner as
    // context, so nothing is delivered after it is gone (the destructor waits for this function).
    options.cancel = &m_cancel;
    options.progress = [this](const core::MeasureProgress& p) {
        if (p.phase == core::MeasureProgress::Phase::Running)
            return; // the Stored line follows; one line per run keeps the log readable
        const QString message = QString::fromStdString(p.message);
        const int done = p.runsDone;
        const int pending = p.runsPending;
        const double remaining = p.remainingSeconds;
        QMetaObject::invokeMethod(
            this,
            [this, done, pending, remaining, message] {
                emit progressed(done, pending, remaining, message);
            },
            Qt::QueuedConnection);
        if (p.phase == core::MeasureProgress::Phase::Stored && p.stored) {
            const core::Measurement row = *p.stored;
            QMetaObject::invokeMethod(
                this, [this, row] { emit rowStored(row); }, Qt::QueuedConnection);
        }
    };
    bool cancelled = false;
    int stored = 0;
    QString error;
    try {
        core::MeasurementDatabase db = core::MeasurementDatabase::openOrCreate(databasePath);
        core::MeasurementSession session(std::move(plan), db, std::move(options));
        const core::MeasureReport report = session.run();
        cancelled = report.cancelled;
        stored = report.runsStored;
    } catch (const std::exception& e) {
        error = QString::fromUtf8(e.what());
        cancelled = m_cancel;
    }
    QMetaObject::invokeMethod(
        this,
        [this, cancelled, stored, error] {
            m_running = false;
            emit finished(cancelled, stored, error);
        },
        Qt::QueuedConnection);
}

} // namespace iolens::ui

#include "moc_measure_runner.cpp"
