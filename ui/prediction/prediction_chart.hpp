// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "prediction/model_entry.hpp"
#include "prediction/scenario_evaluation.hpp"

#include <QWidget>

#include <array>
#include <optional>
#include <vector>

class QCPAxisRect;
class QCPGraph;
class QCPItemLine;
class QCPItemText;
class QCPTextElement;
class QCustomPlot;

namespace iolens::ui {

class ModelController;

/// The measured values a prediction is consistent with, given a relative error e: every m > 0
/// with |p - m| / m <= e, i.e. p / (1 + e) <= m <= p / (1 - e). `high` is +infinity for e >= 1
/// (a model that is off by 100 % or more bounds the measurement from below only).
struct ErrorBand {
    double low = 0.0;
    double high = 0.0;
};

/// The band of `predicted` (> 0) for relative error `relativeError` (a fraction, >= 0), as
/// ErrorBand describes. The relative error is measured against the measurement (core's
/// relativeErrors), which is why the band is asymmetric around the prediction. O(1).
ErrorBand consistentMeasuredRange(double predicted, double relativeError);

/// One model's mark in the chart of one metric.
struct PredictionMark {
    QString label;               ///< the entry's label ("cart", "cart (1 VM, projected)")
    QString tick;                ///< its category axis text, the panel's header ("cart\n1 VM→N")
    int colorIndex = 0;          ///< the entry's index: a model keeps its colour in every plot
    std::optional<double> value; ///< the prediction; none while training or without an answer
    /// The relative errors of the model's 10-fold cross-validation of this metric (p50, p90,
    /// fractions) and the bands they give; none while it is cross-validated or if it failed.
    std::optional<double> p50, p90;
    std::optional<ErrorBand> typical; ///< consistentMeasuredRange(value, p50)
    std::optional<ErrorBand> wide;    ///< consistentMeasuredRange(value, p90)
    /// The model's own prediction interval at kPredictionIntervalLevel (the recommended model):
    /// drawn instead of the p50 and p90 bars, and there as soon as the model is trained.
    std::optional<ErrorBand> interval;
};

/// What the chart shows for one core metric.
struct MetricChart {
    core::Metric metric = core::Metric::RtReadMs;
    bool applies = true;               ///< false: a read metric at 0 % reads, a write at 100 %
    std::vector<PredictionMark> marks; ///< one per model, in the panel's column order
    std::optional<double> measured;    ///< mean of the runs of exactly this configuration
    std::optional<double> rse;         ///< its relative standard error (a fraction)
};

/// The chart's content: the evaluation's predictions with the bands from the cross-validation
/// results of `entries` (matched by label; an entry missing there gets no band). kCoreMetrics
/// order. O(models).
std::array<MetricChart, 4> predictionChartData(
    const ScenarioEvaluation& evaluation, const std::vector<ModelEntry>& entries);

/// The Predictions tab: the prediction panel's numbers as a dot chart, one small plot
/// per core metric (2 x 2), the models on the x axis. A dot is a model's prediction; around it
/// the measured values the prediction is consistent with given the model's cross-validated
/// relative error (a thick bar for its median, p50; a thin bar with caps for its p90), so a
/// model that predicts well elsewhere shows a tight bar. When exactly this configuration was
/// measured, its mean is a dashed line with a grey band of ± one relative standard error. A
/// model still training has no dot, one still cross-validating no bar; the caption says so.
/// The y axis is logarithmic when the values span more than a decade. The plot has the export
/// menu (PNG/SVG/PDF/CSV) of every plot of the window.
///
/// It follows the ModelController (a new scenario, a model trained, a cross-validation done)
/// and draws only while visible; showEvaluation() draws given content directly (tests).
class PredictionChart : public QWidget {
    Q_OBJECT
public:
    /// `models` may be null: the chart then shows only what showEvaluation() hands it.
    explicit PredictionChart(const ModelController* models, QWidget* parent = nullptr);

    /// Shows `evaluation` with the bands of `entries` (drawn at once if visible, else on show).
    void showEvaluation(
        const ScenarioEvaluation& evaluation, const std::vector<ModelEntry>& entries);

    /// What is shown, for tests and for rendering. `metricIndex` counts kCoreMetrics.
    const std::array<MetricChart, 4>& content() const { return m_content; }
    QCustomPlot* plot() const { return m_plot; }
    QCPAxisRect* axisRect(std::size_t metricIndex) const;
    /// The graphs drawn for the model `label` of metric `metricIndex` (nullptr if none): its
    /// dot, its p50 bar and its p90 bar (two points each: the band's low and high end).
    QCPGraph* predictionGraph(std::size_t metricIndex, const QString& label) const;
    QCPGraph* typicalBandGraph(std::size_t metricIndex, const QString& label) const;
    QCPGraph* wideBandGraph(std::size_t metricIndex, const QString& label) const;
    /// The bar of a model's prediction interval (two points: its low and high end).
    QCPGraph* intervalGraph(std::size_t metricIndex, const QString& label) const;
    /// The p90 bars open above (p90 >= 100 %) of metric `metricIndex`, drawn as arrows.
    const std::vector<QCPItemLine*>& openBands(std::size_t metricIndex) const
    {
        return m_panels.at(metricIndex).openBands;
    }
    /// The measured mean's line and the ends of its ± RSE band (nullptr when not measured).
    QCPGraph* measuredGraph(std::size_t metricIndex) const;
    QCPGraph* measuredLowGraph(std::size_t metricIndex) const;
    QCPGraph* measuredHighGraph(std::size_t metricIndex) const;
    QString captionText() const;
    QString titleText() const;

protected:
    void showEvent(QShowEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    struct Panel {
        QCPAxisRect* rect = nullptr;
        QCPItemText* note = nullptr;         ///< "n/a at 0 % reads", "training the models…"
        std::vector<QCPGraph*> graphs;       ///< this redraw's, removed by the next
        std::vector<QCPItemLine*> openBands; ///< p90 bars open above, drawn as arrows
    };
    void buildPlot();
    void follow();
    void redraw();
    void drawPanel(std::size_t metricIndex);
    void drawMeasured(std::size_t metricIndex, double right);
    void drawOpenBand(
        std::size_t metricIndex, double key, double low, double top, const QColor& color);
    void setValueAxis(std::size_t metricIndex);
    QCPGraph* findGraph(std::size_t metricIndex, const QString& name) const;
    QCPGraph* addGraph(std::size_t metricIndex, const QString& name);
    void updateCaption();
    void updateAxisLabels(int captionLines);
    /// The height left to each of the four panels under a caption of `captionLines` lines.
    int panelHeight(int captionLines) const;
    /// The height an axis title needs: the longest of the four short ones ("Write TP (MiB/s)").
    int axisTitleRoom() const;

    const ModelController* m_models;
    QCustomPlot* m_plot;
    QCPTextElement* m_title = nullptr;
    QCPTextElement* m_caption = nullptr;
    std::array<Panel, 4> m_panels {};
    std::array<MetricChart, 4> m_content {};
    QString m_scenario;
    QStringList m_waiting;     ///< models without a band yet (training or cross-validating)
    QStringList m_unvalidated; ///< models whose cross-validation failed: never a band
    QStringList m_intervals;   ///< models drawn with their prediction interval
    bool m_dirty = true;       ///< content changed while hidden
};

} // namespace iolens::ui
