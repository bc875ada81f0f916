// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "plots/cdf_curve.hpp"

#include <QSharedPointer>
#include <QString>
#include <QWidget>

#include <map>
#include <set>
#include <vector>

class QBoxLayout;
class QComboBox;
class QCPAxisTickerText;
class QCPGraph;
class QCPItemText;
class QCPLayoutGrid;
class QCPTextElement;
class QCustomPlot;
class QTableWidget;

namespace iolens::ui {

class ErrorCdfTable;
struct ErrorAxisRange;

/// ICPE'13 Figure 8 for one metric at a time: the empirical CDF of each model's relative error
/// (log x axis in %, share of configurations in % up), with the 50th, 90th and 99th percentiles
/// marked on every curve and listed in a table beneath. Clicking a legend entry or unticking a
/// row of the table hides that model's curve (on every metric, so a comparison stays the same
/// while one flips through the metrics).
///
/// The view draws what it is given and computes nothing: the owner evaluates the models (for
/// instance with core::crossValidatedEvaluation) and hands the curves in per metric. When the
/// user picks a metric that has none yet, metricChanged() asks for them.
class ErrorCdfView : public QWidget {
    Q_OBJECT
public:
    explicit ErrorCdfView(QWidget* parent = nullptr);

    /// Replaces the curves of `metric`; shown at once if `metric` is the selected one. A curve
    /// keeps its colour by label, so "cart" has the same colour on every metric.
    void setCurves(core::Metric metric, std::vector<CdfCurve> curves);
    /// Forgets the curves of every metric (another dataset was opened).
    void clearCurves();
    /// The scenario and the relative-error rule, shown under the title; scenarioCaption() builds
    /// it ("10-fold cross-validation · read metrics where ...").
    void setScenarioText(const QString& text);
    const QString& scenarioText() const { return m_scenarioText; }

    core::Metric metric() const;

protected:
    // QWidget's metric(PaintDeviceMetric) stays visible beside it (clang warns when a name hides
    // a base class's virtual overload).
    using QWidget::metric;

public:
    /// Selects the metric shown (one of core::kCoreMetrics), as the combo box does.
    void setMetric(core::Metric metric);

    void setCurveVisible(const QString& label, bool visible);
    bool isCurveVisible(const QString& label) const;

    /// What is drawn for the selected metric, for tests and for saving a picture.
    int curveCount() const { return static_cast<int>(m_graphs.size()); }
    QCPGraph* curveGraph(int index) const { return m_graphs.at(static_cast<std::size_t>(index)); }
    QCPGraph* percentileGraph(int index) const
    {
        return m_marks.at(static_cast<std::size_t>(index));
    }
    QCustomPlot* plot() const { return m_plot; }
    const QTableWidget* percentileTable() const;
    /// Whether the percentile table stands beside the plot (wide, short views) or under it.
    bool tableBesidePlot() const;
    /// Whether the legend stands outside the axes, right of them (a plot too short for the
    /// legend to sit in a corner of the axes without covering the curves).
    bool legendBesideAxes() const;

signals:
    /// The user selected `metric`; emitted whether or not it has curves.
    void metricChanged(iolens::core::Metric metric);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void buildPlot();
    void rebuild();
    void addCurve(const CdfCurve& curve, const ErrorAxisRange& range, bool dashed);
    void fillTable();
    void arrangeBody();
    void applyVisibility();
    bool fitToPlotSize();
    bool fitTitles(int width);
    bool fitLegend();
    bool placePercentileLabels();
    QColor colorOf(const QString& label);

    QComboBox* m_metricBox;
    QCustomPlot* m_plot;
    ErrorCdfTable* m_table;
    QBoxLayout* m_body = nullptr; ///< the plot and the table, in a row or a column
    QCPTextElement* m_title = nullptr;
    QCPTextElement* m_subtitle = nullptr;
    QCPItemText* m_placeholder = nullptr;
    QCPLayoutGrid* m_axesRow = nullptr;    ///< the axes, and the legend's slot beside them
    QCPLayoutGrid* m_legendSlot = nullptr; ///< right of the axes, while it holds the legend
    QSharedPointer<QCPAxisTickerText> m_percentileLabels; ///< "p50" .. "p99" on the right axis
    QString m_scenarioText;
    std::map<core::Metric, std::vector<CdfCurve>> m_curves;
    std::vector<QCPGraph*> m_graphs; ///< one per curve of the selected metric
    std::vector<QCPGraph*> m_marks;  ///< its percentile marks, same order
    std::vector<QString> m_labels;   ///< same order
    std::map<QString, int> m_colorIndex;
    std::set<QString> m_hidden;
};

} // namespace iolens::ui
