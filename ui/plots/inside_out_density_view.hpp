// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "validation/run_accuracy.hpp"

#include <QFutureWatcher>
#include <QString>
#include <QWidget>

#include <atomic>
#include <memory>
#include <vector>

class QCPTextElement;
class QCustomPlot;
class QLabel;
class QProgressBar;
class QPushButton;

namespace iolens::ui {

/// What the background evaluation hands back: every run's result, or the error that stopped it.
struct RunAccuracyBatch {
    std::vector<core::RunAccuracy> runs;
    std::vector<std::string> unpaired;
    QString error; ///< non-empty: a run's CSV was malformed (names file, row, column)
};

/// Hsu et al. (seed 002) Fig. 9 for iolens' own measurements: the kernel density of the
/// Inside-Out accuracy max(1 - MAPE, 0) across runs, one curve per method (Inside-Out, Auto-DTL,
/// Auto-RFL, Lasso, Ridge, Elastic net), x = accuracy from 0 to 1, y = density, each run's
/// accuracy as a tick of a rug under the curves. Every run of a lowlevel directory is scored
/// off the UI thread (QtConcurrent), with a progress bar and Cancel; the plot has the export
/// menu (right click).
class InsideOutDensityView : public QWidget {
    Q_OBJECT
public:
    explicit InsideOutDensityView(QWidget* parent = nullptr);
    /// Cancels and waits for a running evaluation (no thread outlives the view).
    ~InsideOutDensityView() override;

    /// Scores every run in `directory` in the background and then draws the densities; a
    /// running evaluation is cancelled first.
    void evaluate(const QString& directory, const core::RunAccuracyOptions& options = {});
    /// Draws precomputed results (the background evaluation ends here too).
    void setResults(const std::vector<core::RunAccuracy>& runs,
        const std::vector<core::AccuracyMethod>& methods);
    /// Stops the running evaluation; the runs scored so far are drawn.
    void cancel();

    bool isRunning() const { return m_watcher.isRunning(); }
    /// True once the last evaluate() has ended and its result (or error) is drawn.
    bool hasResults() const { return m_finished; }
    QCustomPlot* plot() const { return m_plot; }
    /// The summary under the plot (runs scored and skipped, mean accuracy per method) or the error.
    QString statusText() const;
    /// The methods drawn, one density curve each (graphs 0..n-1; the rugs follow).
    int curveCount() const { return m_curves; }

signals:
    /// The evaluation ended (finished, cancelled or failed) and the plot shows its result.
    void evaluationFinished();

private:
    void onFinished();
    void showStatus();

    QCustomPlot* m_plot;
    QLabel* m_status;
    QProgressBar* m_progress;
    QPushButton* m_cancel;
    QFutureWatcher<RunAccuracyBatch> m_watcher;
    /// Set to stop the running evaluation between methods; a new flag per evaluate().
    std::shared_ptr<std::atomic<bool>> m_stop = std::make_shared<std::atomic<bool>>(false);
    std::vector<core::AccuracyMethod> m_methods;
    QString m_directory;
    QString m_summary;
    int m_curves = 0;
    int m_folds = 0;
    bool m_finished = false;
    QCPTextElement* m_subtitle = nullptr;
};

} // namespace iolens::ui
