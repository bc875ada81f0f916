// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/core_metatypes.hpp"
#include "data/metric.hpp"

#include <QWidget>

#include <optional>
#include <vector>

class QComboBox;
class QCustomPlot;
class QCPGraph;
class QCPItemLine;
class QCPTextElement;

namespace iolens::core {
class TrainedModel;
}

namespace iolens::ui {

class ModelController;

/// Measured against predicted, one point per measured configuration, for the chosen model and
/// metric (the model's fit on its own training data): log-log axes, the identity line, the
/// configurations the table's filter shows drawn in colour over the others in grey, the selected
/// one ringed. The title gives the mean relative error of the points in the filter.
class MeasuredPredictedPlot : public QWidget {
    Q_OBJECT
public:
    explicit MeasuredPredictedPlot(ModelController* models, QWidget* parent = nullptr);

    /// The configurations the table's filter shows now: drawn highlighted.
    void setHighlighted(const std::vector<core::Configuration>& configs);
    /// The configuration selected in the table: ringed.
    void setSelected(const core::Configuration& config);
    void setMetric(core::Metric metric);
    /// Chooses the model by its entry index in ModelController::entries().
    void setEntry(int entry);

    QCustomPlot* plot() const { return m_plot; }
    /// The points drawn (in filter, then the others): x measured, y predicted.
    QCPGraph* highlightedGraph() const { return m_inFilter; }
    QCPGraph* otherGraph() const { return m_others; }
    /// The ring around the selected configuration's point (empty when none is selected).
    QCPGraph* selectedGraph() const { return m_selectedMark; }
    /// The title and the subtitle, as set (before the subtitle is wrapped to the width).
    QString titleText() const;
    /// The subtitle as drawn: broken into lines that fit the plot's width.
    QString drawnSubtitle() const;

private:
    /// The predictions of one entry's model for one metric, a value per
    /// ModelController::measured().all() row (NaN where the model refuses it), computed once
    /// per model and metric: selecting a row or changing the filter reuses them.
    struct PredictionCache {
        int entry = -1;
        core::Metric metric = core::Metric::RtReadMs;
        bool valid = false;
        std::vector<double> predicted;
    };

    void rebuildModelChoice();
    /// Sets the subtitle; wrapSubtitle() breaks it to the width at each layout.
    void setSubtitle(const QString& text);
    /// For fitAfterLayout: returns whether the lines changed.
    bool wrapSubtitle();
    void redraw();
    /// Per row of the lookup (as in all()): 1 if the table's filter shows it.
    std::vector<char> highlightedRows() const;
    const std::vector<double>& predictions(
        int entryIndex, core::Metric metric, const core::TrainedModel& model);
    /// Rings the selected configuration, given the predictions of the model shown (nullptr:
    /// none yet).
    void markSelected(const std::vector<double>* predicted, core::Metric metric);

    ModelController* m_models;
    QComboBox* m_model;
    QComboBox* m_metric;
    QCustomPlot* m_plot;
    QCPTextElement* m_title = nullptr;
    QCPTextElement* m_subtitle = nullptr;
    QString m_subtitleText; ///< unwrapped
    QCPGraph* m_others = nullptr;
    QCPGraph* m_inFilter = nullptr;
    QCPGraph* m_selectedMark = nullptr;
    QCPItemLine* m_identity = nullptr;
    std::vector<core::Configuration> m_highlighted; ///< sorted by configuration
    std::optional<core::Configuration> m_selected;
    PredictionCache m_cache;
};

} // namespace iolens::ui
