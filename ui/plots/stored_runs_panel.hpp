// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "store/optimizer_runs.hpp"

#include <QWidget>

#include <cstdint>
#include <optional>
#include <vector>

class QComboBox;
class QLabel;
class QPushButton;

namespace iolens::ui {

/// The optimizer runs the open database keeps for the open dataset (from `iolens-cli optimize`
/// or an earlier search in the window): pick one to redraw its points on the search surface,
/// and resume one that did not finish, as `optimize --resume` does. SearchSurfaceView does the
/// work; this panel only lists and asks.
class StoredRunsPanel : public QWidget {
    Q_OBJECT
public:
    explicit StoredRunsPanel(QWidget* parent = nullptr);

    /// The runs to list, newest first in the box; `writable`: whether a run can be resumed here
    /// (a resumed run records into the database).
    void setRuns(const std::vector<core::StoredOptimizerRun>& runs, bool writable);
    /// Selects a run by id without asking to show it (after a search in the window recorded it).
    void selectRun(std::int64_t id);
    /// The run selected, if any.
    std::optional<std::int64_t> selectedRun() const;
    /// While a search runs, the runs can be neither shown nor resumed.
    void setBusy(bool busy);

    QComboBox* runBox() const { return m_runs; }
    QPushButton* showButton() const { return m_show; }
    QPushButton* resumeButton() const { return m_resume; }

signals:
    void showRequested(std::int64_t runId);
    void resumeRequested(std::int64_t runId);

private:
    void updateButtons();
    const core::StoredOptimizerRun* selected() const;

    QComboBox* m_runs;
    QPushButton* m_show;
    QPushButton* m_resume;
    QLabel* m_note;
    std::vector<core::StoredOptimizerRun> m_list;
    bool m_writable = false;
    bool m_busy = false;
};

/// A run's status for people: finished, cancelled, failed, or "running or stopped" (a run killed
/// with its process stays "running" in the database).
QString storedRunStatusText(const std::string& status);

/// "Run 3 · cart · Read response time · cancelled · 41 points": a run as the box lists it.
QString storedRunText(const core::StoredOptimizerRun& run);

} // namespace iolens::ui
