// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/measurement.hpp"
#include "harness/measurement_session.hpp"

#include <QDialog>

class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;

namespace iolens::ui {

class MeasureRunner;
class PlanForm;
class StoredRunsTable;

/// File ▸ Measure…: edit a measurement plan, see what it costs, run it with fio into
/// a measurement database and watch the runs arrive. The plan is the JSON file
/// `iolens-cli measure --plan` reads, judged by the same core code, so a plan the dialog accepts
/// runs the same from the command line and the other way round. The session runs on a worker
/// thread (MeasureRunner) with its own connection to `databasePath`.
class MeasureDialog : public QDialog {
    Q_OBJECT
public:
    /// Measures into `databasePath` (created at the first run if missing).
    explicit MeasureDialog(const QString& databasePath, QWidget* parent = nullptr);
    ~MeasureDialog() override;

    PlanForm* form() const { return m_form; }
    const QString& databasePath() const { return m_databasePath; }
    /// fio, sysfs and sampling settings for the sessions (tests: a fake sysfs, no sampling).
    void setOptions(const core::MeasureOptions& options);
    /// The form's plan as core parses it; nullopt (and the message shown) if it is not runnable.
    std::optional<core::MeasurementPlan> plan() const;
    /// Core's message about the current plan; empty if it is runnable.
    QString planError() const;
    bool isRunning() const;
    /// The dataset of the session running or last run; empty before the first start().
    QString runningDataset() const { return QString::fromStdString(m_runningDataset); }

    /// Reads a plan file into the form. Returns false (and shows core's message) if core
    /// rejects it.
    bool loadPlan(const QString& path);
    /// Writes the form's plan as JSON. Returns false (and shows why) if the file is not writable.
    bool savePlan(const QString& path);

public slots:
    /// Starts the plan if it is runnable and nothing runs.
    void start();
    /// Stops a running session; the runs stored so far stay.
    void cancel();

signals:
    /// A run's row is in the database (live, one per run).
    void rowStored(const iolens::core::Measurement& row);
    /// The session ended; `runsStored` rows of `dataset` are in the database.
    void measurementFinished(const QString& dataset, int runsStored, bool cancelled);

protected:
    void reject() override;

private:
    QWidget* buildProgress();
    void refreshEstimate();
    void promptLoad();
    void promptSave();
    void onProgress(int runsDone, int runsPending, double remainingSeconds, const QString& message);
    void onRowStored(const core::Measurement& row);
    void onFinished(bool cancelled, int runsStored, const QString& error);
    void setRunning(bool running);
    void log(const QString& line);

    QString m_databasePath;
    QString m_planSource = QStringLiteral("plan");
    core::MeasureOptions m_options;
    PlanForm* m_form;
    QLabel* m_estimate;
    QPushButton* m_run;
    QPushButton* m_cancel;
    QPushButton* m_load;
    QPushButton* m_save;
    QProgressBar* m_progress;
    QLabel* m_timeLeft;
    QPlainTextEdit* m_log;
    StoredRunsTable* m_runs;
    MeasureRunner* m_runner;
    std::optional<core::MeasurementPlan> m_plan;
    QString m_error;
    std::string m_runningDataset;
    int m_storedThisSession = 0;
    bool m_closeWhenDone = false;
    bool m_started = false; ///< a session was started: the bar shows its progress
};

/// "1:02:03" or "4:05" for a duration in seconds (the CLI's format).
QString clockText(double seconds);

} // namespace iolens::ui
