// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/metric.hpp"
#include "plots/parameter_scale.hpp"
#include "tuning/heuristic_optimizer.hpp"
#include "workflow/parameter_search.hpp"

#include <qcustomplot.h>

#include <QString>

#include <optional>
#include <vector>

namespace iolens::ui {

struct SurfaceSlice;

/// What SearchSurfacePlot draws: the searched parameters, the points evaluated so far and the
/// two parameters on the axes.
struct SurfaceScene {
    QString technique;
    core::Metric metric = core::Metric::RtReadMs;
    std::vector<core::SearchDimension> dimensions;
    std::vector<bool> logHints;               ///< core::ParamSpec::logScale per dimension
    std::vector<core::EvaluatedPoint> points; ///< in evaluation order
    /// The best point; the lowest-cost point (first of equals) if not given.
    std::optional<core::EvaluatedPoint> best;
    std::size_t xDimension = 0;
    std::size_t yDimension = 1; ///< == xDimension: cost over one parameter
    /// The cost the points carry: the run's cross-validation (SearchRequest::cv; a stored run's
    /// settings record it as "cv") and, for random k-fold, its k.
    core::SearchCv cv = core::SearchCv::Random;
    int folds = 10;
};

/// The name of a search's cost for a person: "10-fold CV RMSE" for the paper's random k-fold
/// cost, "grouped-CV mean |log ratio|" for the leave-level-out one; never a random-fold name
/// for a grouped run.
QString searchCostName(core::SearchCv cv, int folds);
/// The cost axis' label: "10-fold CV RMSE of log(Read RT)", "grouped-CV mean |log ratio| of
/// Read RT".
QString searchCostLabel(core::SearchCv cv, int folds, core::Metric metric);

/// The cross-validation cost over the searched parameters of ICPE'13 Algorithm 1. With two
/// parameters on the axes: a heat map of the CV RMSE, each cell showing the nearest evaluated
/// point's cost (a Voronoi picture of evaluated costs, not new evaluations; see surface_fill.hpp)
/// in the plane through the best point, under the evaluated points marked by iteration and the
/// best point as a star labelled with its values and cost. With one parameter: the cost over it.
/// Axes are logarithmic where the parameter spans decades (see ParameterScale).
class SearchSurfacePlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit SearchSurfacePlot(QWidget* parent = nullptr);

    /// Redraws everything from `scene`; cheap enough for every progress report (a few ms for
    /// hundreds of points).
    void showScene(const SurfaceScene& scene);
    /// Forgets the points (another dataset or technique): axes and a hint remain.
    void clearScene(const SurfaceScene& emptyScene);

    /// For tests and pictures.
    QCPColorMap* heatMap() const { return m_map; }
    QCPColorScale* colorScale() const { return m_scale; }
    QCPGraph* bestMark() const { return m_best; }
    QString bestLabelText() const;
    /// The hint shown on empty axes, before a search has evaluated a point.
    QCPItemText* placeholder() const { return m_placeholder; }
    /// One graph of points per iteration present, in iteration order.
    const std::vector<QCPGraph*>& iterationGraphs() const { return m_iterations; }
    bool showsSurface() const { return m_map->visible(); }

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void arrangeLayout();
    void addLabels();
    void showColorScale(bool show);
    void setUpAxes(
        const SurfaceScene& scene, const ParameterScale& x, const std::optional<ParameterScale>& y);
    void drawSurface(const SurfaceScene& scene, const ParameterScale& x, const ParameterScale& y);
    void drawProfile(const SurfaceScene& scene, const ParameterScale& x);
    QString sliceCaption(const SurfaceScene& scene, const SurfaceSlice& slice) const;
    void drawPoints(const SurfaceScene& scene, const std::vector<std::size_t>& shown,
        const std::vector<std::size_t>& others, const ParameterScale& x,
        const std::optional<ParameterScale>& y);
    void drawBest(const SurfaceScene& scene, const core::EvaluatedPoint& best,
        const ParameterScale& x, const std::optional<ParameterScale>& y);
    void resetPlottables();
    /// The subtitle, broken before its parenthesis when the plot is too narrow for one line.
    void setCaption(const QString& caption);

    QCPTextElement* m_title;
    QCPTextElement* m_subtitle;
    QCPColorMap* m_map;
    QCPColorScale* m_scale;
    QCPMarginGroup* m_margins;
    QCPLayoutGrid* m_middle = nullptr; ///< the axes and, while a map is shown, its colour scale
    QCPGraph* m_profile = nullptr;
    QCPGraph* m_others = nullptr;
    QCPGraph* m_best = nullptr;
    QCPItemText* m_bestLabel = nullptr;
    QCPItemTracer* m_bestAnchor = nullptr;
    QCPItemText* m_placeholder = nullptr;
    std::vector<QCPGraph*> m_iterations;
    QString m_caption;
};

} // namespace iolens::ui
