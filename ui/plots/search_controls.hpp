// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "plots/optimization_runner.hpp"
#include "workflow/parameter_search.hpp"

#include <QWidget>

#include <string>
#include <vector>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace iolens::ui {

/// The knobs of a parameter search (ICPE'13 Algorithm 1): technique and metric, k splits,
/// n explorations and the number of iterations (the paper's 4, 5 and 10 by default), Start and
/// Cancel, the progress of a running search, and which two searched parameters the surface plot
/// puts on its axes. It holds no search state beyond what is typed in: SearchSurfaceView runs
/// the search and tells it what to show.
class SearchControls : public QWidget {
    Q_OBJECT
public:
    explicit SearchControls(QWidget* parent = nullptr);

    /// The search the controls describe (technique defaults for the parameters not searched).
    core::SearchRequest request() const;
    std::string technique() const;
    core::Metric metric() const;

protected:
    // QWidget's metric(PaintDeviceMetric) stays visible beside it (clang warns when a name hides
    // a base class's virtual overload).
    using QWidget::metric;

public:
    /// The searched parameters of the selected technique, in the optimizer's point order.
    const std::vector<core::SearchDimension>& dimensions() const { return m_dimensions; }
    /// Their log-scale hints (core::ParamSpec::logScale), same order.
    const std::vector<bool>& logHints() const { return m_logHints; }
    /// Indices into dimensions() of the parameters on the x and y axes; y equals x for a
    /// technique with one searched parameter.
    std::size_t xDimension() const;
    std::size_t yDimension() const;

    void setTechnique(const std::string& technique);
    /// The cost a search is scored by, as a stored run records it.
    void setCv(core::SearchCv cv);
    void setMetric(core::Metric metric);
    void setSettings(const core::OptimizerSettings& settings);
    void setAxes(std::size_t x, std::size_t y);

    /// Start or Cancel enabled, the search knobs locked while a search runs.
    void setRunning(bool running);
    /// Whether there are measurements to search on.
    void setStartEnabled(bool enabled);
    /// The name of the running search's cost in the progress texts (searchCostName): a resumed
    /// grouped run's best cost is not a CV RMSE. The paper's 10-fold CV RMSE until set.
    void setCostName(const QString& name) { m_costName = name; }
    void showProgress(const SearchProgress& progress);
    /// The search ran to its end: a full bar and the iterations it took (it stops early when
    /// the grids around the best points hold nothing new).
    void showFinished(const core::OptimizerResult& result);
    /// A line under the progress bar: the outcome, an error, "cancelled".
    void showStatus(const QString& text);
    QString statusText() const;
    QString progressText() const;
    /// What the parameters on the axes mean, one line each (the techniques' descriptions).
    QString axisHelpText() const;

    QPushButton* startButton() const { return m_start; }
    QPushButton* cancelButton() const { return m_cancel; }

signals:
    void startRequested();
    void cancelRequested();
    /// The technique (and with it dimensions()), the metric or the axes were changed.
    void choiceChanged();

private:
    void arrangeLayout();
    void onTechniqueChanged();
    void onAxisChosen(QComboBox* chosen, QComboBox* other, int previous);
    void fillAxisBoxes();
    void updateAxisHelp();
    QString costName() const;

    QComboBox* m_technique;
    QComboBox* m_metric;
    QComboBox* m_cost; ///< the cross-validation that scores a point: core::SearchCv
    QSpinBox* m_splits;
    QSpinBox* m_explorations;
    QSpinBox* m_iterations;
    QPushButton* m_start;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QLabel* m_progressText;
    QLabel* m_status;
    QComboBox* m_xAxis;
    QComboBox* m_yAxis;
    QLabel* m_yLabel;
    QLabel* m_axisHelp;
    std::vector<core::SearchDimension> m_dimensions;
    std::vector<bool> m_logHints;
    QStringList m_descriptions; ///< per dimension, the ParamSpec's description
    int m_previousX = 0;
    int m_previousY = 1;
    bool m_running = false;
    QString m_costName;
    bool m_startEnabled = true;
};

} // namespace iolens::ui
