// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "workflow/parameter_search.hpp"

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

namespace iolens::ui {

/// Where a running parameter search stands: OptimizerProgress with its own copy of the points,
/// because the optimizer's vector keeps growing on the worker thread.
struct SearchProgress {
    int iteration = 0;                        ///< 0 = the initial corner
    int evaluated = 0;                        ///< points evaluated so far, all iterations
    int plannedThisIteration = 0;             ///< points this iteration evaluates
    double bestCost = 0.0;                    ///< lowest CV RMSE so far
    std::vector<core::EvaluatedPoint> points; ///< every evaluated point, in evaluation order
};

/// Runs Algorithm 1 (core::searchParameters, ICPE'13 section 5) on a worker thread, so the
/// window stays responsive through a search of seconds to minutes. One search at a time. The
/// optimizer's progress callback runs on the worker after each batch; the runner copies the
/// points and hands them to its own (UI) thread through a queued call, so every signal below is
/// emitted on the thread the runner lives in, in the order the search made progress, and
/// progressed() never arrives after the final finished(), failed() or cancelled().
class OptimizationRunner : public QObject {
    Q_OBJECT
public:
    explicit OptimizationRunner(QObject* parent = nullptr);
    /// Cancels a running search and waits for the batch in flight (a fraction of a second for
    /// most techniques), because the worker reports to this object.
    ~OptimizationRunner() override;

    /// Starts searching `request` on `rows` (averaged repetitions); the worker keeps its own
    /// copy of both. `previous`: the points of a stored run this search resumes (they are not
    /// evaluated again). Returns false, and changes nothing, while a search runs.
    bool start(std::vector<core::AggregatedMeasurement> rows, core::SearchRequest request,
        std::vector<core::EvaluatedPoint> previous = {});
    /// Asks the running search to stop after the batch in flight; it then emits cancelled().
    void cancel();
    bool isRunning() const { return m_running; }

signals:
    void progressed(const iolens::ui::SearchProgress& progress);
    /// The search ran to its end; outcome.model is fitted on all rows at the best point.
    void finished(const iolens::core::SearchOutcome& outcome);
    /// The search could not run (unknown technique, too few rows, a metric with zeros on a log
    /// scale): the message is for a person.
    void failed(const QString& message);
    void cancelled();

private:
    /// What the worker hands back: an outcome, or the error that stopped it.
    struct WorkerResult {
        std::optional<core::SearchOutcome> outcome;
        QString error;
    };
    WorkerResult runSearch(const std::vector<core::AggregatedMeasurement>& rows,
        const core::SearchRequest& request, const std::vector<core::EvaluatedPoint>& previous,
        const std::atomic<bool>& cancel);
    void onWorkerDone();

    QFutureWatcher<WorkerResult> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    bool m_running = false;
};

} // namespace iolens::ui
