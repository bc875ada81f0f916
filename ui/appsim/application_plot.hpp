// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "appsim/client_sweep.hpp"
#include "store/app_runs.hpp"

#include <qcustomplot.h>

#include <optional>
#include <vector>

namespace iolens::ui {

/// The application what-if as one chart: the loop's response time (left axis, ms) and the
/// throughput (right axis, loops/s) against the client count, each simulated point with its
/// confidence interval as an error bar, the measured runs as open markers, and the SLA limit as
/// a dashed line with the largest client count that keeps it. Draws what it is given.
class ApplicationPlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit ApplicationPlot(QWidget* parent = nullptr);

    void showSweep(const QString& title, const QString& subtitle,
        const std::vector<core::SimulationResult>& sweep,
        const std::vector<core::AppRunRecord>& measured, std::optional<double> limitMs,
        const core::ClientHeadroom& headroom);
    /// An empty chart with a message under the title (no models yet, simulating, an error).
    void showMessage(const QString& title, const QString& message);

    QCPGraph* responseGraph() const { return m_response; }
    QCPGraph* throughputGraph() const { return m_throughput; }
    QCPGraph* measuredResponseGraph() const { return m_measuredResponse; }
    /// The subtitle on one line, as it was given.
    const QString& subtitleText() const { return m_subtitleText; }
    /// Small: the subtitle wraps and the legend folds to the width (fitToSize), so the tab does
    /// not widen the window.
    QSize minimumSizeHint() const override { return {360, 280}; }

private:
    bool fitToSize();

    QCPTextElement* m_title;
    QCPTextElement* m_subtitle;
    QString m_subtitleText; ///< on one line; m_subtitle shows it wrapped to the width
    QCPGraph* m_response;
    QCPGraph* m_throughput;
    QCPGraph* m_measuredResponse;
    QCPGraph* m_measuredThroughput;
    QCPErrorBars* m_responseBars;
    QCPErrorBars* m_throughputBars;
    QCPItemStraightLine* m_limit;
    QCPItemText* m_headroomLabel;
};

} // namespace iolens::ui
