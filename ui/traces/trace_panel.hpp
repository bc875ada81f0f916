// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "store/measurement_database.hpp"
#include "traces/trace_analysis.hpp"

#include <QFutureWatcher>
#include <QWidget>

#include <atomic>
#include <memory>
#include <optional>
#include <vector>

class QComboBox;
class QCustomPlot;
class QLabel;
class QSlider;
class QTimer;

namespace iolens::ui {

/// The Trace tab (SBCART, Wang et al.): a trace stored in the database (`iolens-cli
/// trace-import`) and its per-request model. The technique (CART or SBCART) is trained on the
/// first half of the trace without and with the cache-hit feature and tested on the rest, as
/// `trace-evaluate` does. Three views: the test part over time (measured and predicted response
/// time, every n-th request drawn), the distribution of the hit model's relative errors beside
/// the no-hit model's median, and each feature's permutation importance. The cache-size slider
/// re-derives the hit feature (exact LRU stack) and retrains; the work runs off the UI thread and
/// a new choice cancels the running one.
class TracePanel : public QWidget {
    Q_OBJECT
public:
    explicit TracePanel(QWidget* parent = nullptr);
    ~TracePanel() override;

    void setDatabase(std::shared_ptr<core::MeasurementDatabase> database);

    QComboBox* traceChoice() const { return m_trace; }
    QComboBox* techniqueChoice() const { return m_technique; }
    QSlider* cacheSlider() const { return m_cache; }
    QLabel* summaryLabel() const { return m_summary; }
    /// The three plots: shown while the database holds a trace.
    const QWidget* plotArea() const { return m_plotArea; }
    bool isAnalysing() const { return m_running; }
    const std::optional<core::TraceAnalysis>& analysis() const { return m_analysis; }
    /// Cache sizes the slider steps through, in MiB.
    static const std::vector<double>& cacheSizesMib();
    /// Analyses now instead of after the controls settle (tests, screenshots).
    void analyseNow();

signals:
    /// An analysis finished and is drawn (or failed, with the reason in the summary).
    void analysisShown();

private:
    struct Result {
        std::optional<core::TraceAnalysis> analysis;
        QString error;
        bool cancelled = false;
    };
    void loadTrace();
    void scheduleAnalysis();
    void launch();
    void onDone();
    void draw();

    std::shared_ptr<core::MeasurementDatabase> m_database;
    /// The chosen trace, read once per choice and shared with the running analysis (not copied).
    std::shared_ptr<const std::vector<core::TraceRequest>> m_requests;
    std::optional<core::TraceAnalysis> m_analysis;
    QComboBox* m_trace;
    QComboBox* m_technique;
    QSlider* m_cache;
    QLabel* m_cacheValue;
    QLabel* m_summary;
    QWidget* m_plotArea;
    QCustomPlot* m_timeline;
    QCustomPlot* m_errors;
    QCustomPlot* m_importance;
    QTimer* m_settle;
    QFutureWatcher<Result> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    bool m_running = false;
    bool m_pending = false;
};

} // namespace iolens::ui
