// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "profiler/defined_stretch.hpp"
#include "profiler/range_exits.hpp"
#include "whatif/data_distance.hpp"
#include "whatif/limit_regions.hpp"
#include "whatif/profile.hpp"

#include <QColor>
#include <QVector>
#include <qcustomplot.h>

#include <optional>
#include <vector>

namespace iolens::ui {

/// What one profile plot draws, prepared by the ProfilerView.
struct ProfileDrawing {
    const core::Profile* profile = nullptr; ///< the curves (one per model)
    /// min..max across the models, or the prediction interval of the model `bandColor` names
    const core::SpreadBand* band = nullptr;
    /// The band's fill: light grey for the spread, the model's colour, light, for its interval.
    std::optional<QColor> bandColor;
    const std::vector<core::FarStretch>* far = nullptr; ///< stretches far from data
    /// where the models keep the SLA limits; nullptr or no stretches: no shading
    const core::LimitRegions* limits = nullptr;
    /// the bounds of the limits on the metric shown, drawn as horizontal lines
    std::vector<double> limitBounds;
    std::vector<QColor> colors;  ///< one per curve
    std::vector<QString> labels; ///< one per curve (the legend is the view's)
    /// Per curve, per grid point: true where the point lies outside that curve's model's own
    /// training domain (a stored model trained on another selection), drawn dashed there; an
    /// empty vector (or none at all) for a curve judged by the open data's hatching alone.
    std::vector<std::vector<bool>> outsideOwnDomain;
    QVector<double> measuredX, measuredY; ///< measurements on the sweep line
    /// The grid points the x axis spans (definedStretch); the whole grid when unset.
    std::optional<GridStretch> shown;
};

/// One small plot of the profiler: a factor on x (log with KiB/MiB/GiB labels for sizes, level
/// names for scheduler and pattern), the predicted metric on y, one curve per model, the model
/// disagreement band (light fill), the stretches far from measured data (hatched), the measured
/// points on the sweep line (black dots), the scenario's value (dashed vertical line) and, behind
/// everything, where the models keep the SLA limits (green: all models, amber: they disagree,
/// light red: none).
/// A click in the plot emits valuePicked() with the x coordinate there.
class ProfilePlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit ProfilePlot(core::Factor factor, QWidget* parent = nullptr);

    core::Factor factor() const { return m_factor; }
    /// Redraws with `drawing` (rebuilds the graphs only when the number of curves changes) and
    /// `yLabel` ("Read RT (ms)"), or `yBriefLabel` ("ms") where the panel is too short for it
    /// (then the tooltip names the full one). Does not replot.
    void show(const ProfileDrawing& drawing, const QString& yLabel, const QString& yBriefLabel);
    /// The shared y range of every plot of the view, log when it spans more than a decade.
    /// A curve that leaves it is clipped at the edge, where a small arrow in its colour (▲ above,
    /// ▼ below) marks each stretch outside (rangeExits).
    void setValueRange(double low, double high);
    /// The arrows drawn, in curve order: curve index, x and edge.
    struct ExitMark {
        int curve = 0;
        RangeExit exit;
    };
    const std::vector<ExitMark>& exitMarks() const { return m_exitMarks; }

    /// For tests: the graph of curve `index`, the measured points, the scenario line's x.
    QCPGraph* curve(int index) const { return m_curves.at(static_cast<std::size_t>(index)); }
    int curveCount() const { return static_cast<int>(m_curves.size()); }
    /// The dashed part of curve `index`: where it leaves its model's own training domain
    /// (ProfileDrawing::outsideOwnDomain); no points when it does not.
    QCPGraph* outsideCurve(int index) const
    {
        return m_outsideCurves.at(static_cast<std::size_t>(index));
    }
    /// The earlier curve that curve `index` lies on exactly (drawn dashed over it), or -1.
    int coincidingWith(int index) const
    {
        const auto at = static_cast<std::size_t>(index);
        return at < m_coincidesWith.size() ? m_coincidesWith[at] : -1;
    }
    QCPGraph* measuredGraph() const { return m_measured; }
    /// The band's lower and upper edge (the upper one carries the fill).
    QCPGraph* bandLowGraph() const { return m_bandLow; }
    QCPGraph* bandHighGraph() const { return m_bandHigh; }
    double scenarioX() const;
    int farStretchCount() const;
    /// The SLA shading as drawn (visible bands, ascending), read back from the plot's items.
    std::vector<core::LimitStretch> limitBands() const;
    /// The fill of bands of `verdict` (the view's legend uses the same colours).
    static QColor limitColor(core::LimitVerdict verdict);
    /// The pen colour of the limit lines.
    static QColor limitLineColor();
    /// The y values of the limit lines shown.
    std::vector<double> limitLines() const;

signals:
    /// The user clicked at grid coordinate `x` (a size in its modelling unit, a share in %, a
    /// count, or a level index).
    void valuePicked(iolens::core::Factor factor, double x);

protected:
    void mousePressEvent(QMouseEvent* event) override;

private:
    /// The y label that fits the laid-out panel, and the tooltip; whether anything changed.
    bool fitYLabel();
    /// The x range that leaves a marker's radius beyond the first and last point shown, for the
    /// laid-out axis length; whether it changed.
    bool fitXRange();
    void setUpXAxis(const core::SweepGrid& grid, const std::optional<GridStretch>& shown);
    void showCurves(const ProfileDrawing& drawing);
    void showOutside(std::size_t curve, const ProfileDrawing& drawing, bool levels);
    void showBand(const ProfileDrawing& drawing);
    void showFar(const std::vector<core::FarStretch>& far);
    void showLimits(const core::LimitRegions* regions);
    void showLimitLines(const std::vector<double>& bounds);
    void showExitMarks(double low, double high);

    core::Factor m_factor;
    std::vector<QCPGraph*> m_curves;
    std::vector<QCPGraph*> m_outsideCurves; ///< one per curve, dashed
    std::vector<int> m_coincidesWith;       ///< per curve: coincidingCurves()
    QVector<double> m_outsideY;
    QCPGraph* m_bandLow;
    QCPGraph* m_bandHigh;
    QCPGraph* m_measured;
    QCPItemStraightLine* m_scenarioLine;
    std::vector<QCPItemRect*> m_far;                 ///< pooled: the unused ones are hidden
    std::vector<QCPItemRect*> m_limitBands;          ///< pooled likewise
    std::vector<core::LimitVerdict> m_limitVerdicts; ///< of each used band
    std::vector<QCPItemStraightLine*> m_limitLines;  ///< pooled likewise
    QString m_yLabel, m_yBriefLabel;
    /// The x values of the first and last point shown, padded by fitXRange (not for levels).
    double m_xFirst = 0.0, m_xLast = 1.0;
    bool m_xPadded = false;
    /// What the arrows are found from: the grid, each curve's values and colour as drawn.
    std::vector<double> m_gridX;
    std::vector<std::vector<double>> m_curveY;
    std::vector<QColor> m_curveColors;
    bool m_levels = false;
    std::vector<ExitMark> m_exitMarks;
    std::vector<QCPItemText*> m_exitArrows; ///< pooled: the unused ones are hidden
    QVector<double> m_x;                    ///< scratch, kept to avoid an allocation per redraw
    QVector<double> m_y;
};

} // namespace iolens::ui
