// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "prediction/scenario_evaluation.hpp"

#include <QGroupBox>
#include <QStringList>

#include <array>
#include <vector>

class QGridLayout;
class QLabel;
class QScrollArea;

namespace iolens::ui {

/// The answer to the scenario, every model side by side: one row per core metric (read/write
/// response time and throughput, the unit in the row title), one column per model (headed by
/// its short name; the tooltip names the technique and its parameters), and the measured mean ±
/// relative standard error when exactly this configuration was measured. "…" marks a model still
/// training, "n/a" a metric that does not apply (read metrics at 0 % reads), "—" a model without
/// an answer (the tooltip says why). The model columns scroll sideways when there are more than
/// fit, while the row titles and the measured column stay in view. Below, a warning when the
/// scenario leaves the measured range of a factor, because there the models extrapolate and
/// nothing in the data backs them.
class PredictionPanel : public QGroupBox {
    Q_OBJECT
public:
    explicit PredictionPanel(QWidget* parent = nullptr);

    /// Shows `evaluation`; adds or removes model columns when its models differ from the last.
    void showEvaluation(const ScenarioEvaluation& evaluation);

    /// What is shown, for tests and accessibility. `column` counts the model columns from 0.
    int modelColumnCount() const { return static_cast<int>(m_columns.size()); }
    QString modelHeader(int column) const;
    QString modelHeaderToolTip(int column) const;
    QString rowTitle(core::Metric metric) const;
    QString predictedText(core::Metric metric, int column) const;
    QString predictedToolTip(core::Metric metric, int column) const;
    QString measuredText(core::Metric metric) const;
    QString statusText() const;
    QString extrapolationText() const;
    /// "Nearest measurement: 1 step away (Request size)."; empty without data.
    QString nearestText() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void fitRowHeights();
    struct ModelCells {
        QLabel* header = nullptr;
        std::array<QLabel*, 4> values {}; ///< kCoreMetrics order
    };
    void rebuildColumns(const std::vector<ModelColumn>& models);
    void showPrediction(QLabel* cell, const MetricEvaluation& metric, const ModelColumn& model,
        std::size_t column, std::size_t metricIndex) const;
    void showMeasured(QLabel* cell, const MetricEvaluation& metric) const;
    QString statusFor(const ScenarioEvaluation& evaluation) const;
    QString nearestFor(const ScenarioEvaluation& evaluation) const;
    QString describeNote(const ExtrapolationNote& note, int modelCount) const;

    QGridLayout* m_grid; ///< the model columns, inside m_scroll
    QScrollArea* m_scroll;
    QLabel* m_measuredHeader;
    std::array<QLabel*, 4> m_titles {};
    std::array<QLabel*, 4> m_measured {};
    std::vector<ModelCells> m_columns;
    QStringList m_labels; ///< the models the columns were built for
    QLabel* m_status;
    QLabel* m_extrapolation;
    QLabel* m_nearest;
};

/// A factor value in its unit for a person ("8 KiB", "2 GiB", "30 %", "2").
QString factorValueText(core::Factor factor, double modellingValue);

} // namespace iolens::ui
