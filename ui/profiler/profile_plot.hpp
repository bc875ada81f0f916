// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "whatif/data_distance.hpp"
#include "whatif/profile.hpp"

#include <QColor>
#include <QVector>
#include <qcustomplot.h>

#include <vector>

namespace iolens::ui {

/// What one profile plot draws, prepared by the ProfilerView.
struct ProfileDrawing {
    const core::Profile* profile = nullptr;             ///< the curves (one per model)
    const core::SpreadBand* band = nullptr;             ///< min..max across the models
    const std::vector<core::FarStretch>* far = nullptr; ///< stretches far from data
    std::vector<QColor> colors;                         ///< one per curve
    std::vector<QString> labels;          ///< one per curve (the legend is the view's)
    QVector<double> measuredX, measuredY; ///< measurements on the sweep line
};

/// One small plot of the profiler: a factor on x (log with KiB/MiB/GiB labels for sizes, level
/// names for scheduler and pattern), the predicted metric on y, one curve per model, the model
/// disagreement band (light fill), the stretches far from measured data (hatched), the measured
/// points on the sweep line (black dots) and the scenario's value (dashed vertical line).
/// A click in the plot emits valuePicked() with the x coordinate there.
class ProfilePlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit ProfilePlot(core::Factor factor, QWidget* parent = nullptr);

    core::Factor factor() const { return m_factor; }
    /// Redraws with `drawing` (rebuilds the graphs only when the number of curves changes) and
    /// `yLabel` ("Read response time (ms)"). Does not replot.
    void show(const ProfileDrawing& drawing, const QString& yLabel);
    /// The shared y range of every plot of the view, log when it spans more than a decade.
    void setValueRange(double low, double high);

    /// For tests: the graph of curve `index`, the measured points, the scenario line's x.
    QCPGraph* curve(int index) const { return m_curves.at(static_cast<std::size_t>(index)); }
    int curveCount() const { return static_cast<int>(m_curves.size()); }
    QCPGraph* measuredGraph() const { return m_measured; }
    double scenarioX() const;
    int farStretchCount() const;

signals:
    /// The user clicked at grid coordinate `x` (a size in its modelling unit, a share in %, a
    /// count, or a level index).
    void valuePicked(iolens::core::Factor factor, double x);

protected:
    void mousePressEvent(QMouseEvent* event) override;

private:
    void setUpXAxis(const core::SweepGrid& grid);
    void showCurves(const ProfileDrawing& drawing);
    void showBand(const ProfileDrawing& drawing);
    void showFar(const std::vector<core::FarStretch>& far);

    core::Factor m_factor;
    std::vector<QCPGraph*> m_curves;
    QCPGraph* m_bandLow;
    QCPGraph* m_bandHigh;
    QCPGraph* m_measured;
    QCPItemStraightLine* m_scenarioLine;
    std::vector<QCPItemRect*> m_far; ///< pooled: the unused ones are hidden
    QVector<double> m_x;             ///< scratch, kept to avoid an allocation per redraw
    QVector<double> m_y;
};

} // namespace iolens::ui
