// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "prediction/scenario_evaluation.hpp"

#include <QGroupBox>

#include <array>

class QLabel;

namespace iolens::ui {

/// The answer to the scenario: for read/write response time and throughput, the model's
/// prediction (labelled with the model) and, when exactly this configuration was measured, the
/// measured mean ± relative standard error, all with units; "n/a" where a metric does not apply
/// (read metrics at 0 % reads). Below, a warning when the scenario leaves the measured range of
/// a factor, because there the model extrapolates and nothing in the data backs it.
class PredictionPanel : public QGroupBox {
    Q_OBJECT
public:
    explicit PredictionPanel(QWidget* parent = nullptr);

    /// Names the models in the column header: "Linear model (lm)".
    void setModelName(const QString& name);
    void showEvaluation(const ScenarioEvaluation& evaluation);

    /// The texts shown, for tests and accessibility: row `metric` of kCoreMetrics.
    QString predictedText(core::Metric metric) const;
    QString measuredText(core::Metric metric) const;
    QString predictedHeader() const;
    QString statusText() const;
    QString extrapolationText() const;

private:
    struct Row {
        QLabel* title = nullptr;
        QLabel* predicted = nullptr;
        QLabel* measured = nullptr;
    };
    void showRow(Row& row, const MetricEvaluation& metric, bool modelsReady);
    QString describeNote(const ExtrapolationNote& note, int modelCount) const;

    std::array<Row, 4> m_rows{};
    QLabel* m_predictedHeader;
    QLabel* m_measuredHeader;
    QLabel* m_status;
    QLabel* m_extrapolation;
};

/// A factor value in its unit for a person ("8 KiB", "2 GiB", "30 %", "2").
QString factorValueText(core::Factor factor, double modellingValue);

} // namespace iolens::ui
