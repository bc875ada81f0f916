// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "plots/parameter_scale.hpp"
#include "tuning/heuristic_optimizer.hpp"

#include <cstddef>
#include <vector>

namespace iolens::ui {

/// The picture behind SearchSurfaceView's heat map, without any widget.
///
/// Algorithm 1 evaluates scattered points, not a grid, so there is no surface to draw, and the
/// view must not invent costs it never computed (an interpolation would show valleys no model
/// was fitted in). Each cell therefore shows the cost of the nearest evaluated point: a Voronoi
/// picture of the evaluated costs. "Nearest" is measured along the axes as drawn, normalised to
/// their ranges (log(cp) on a log axis), so the cells are the regions one sees around the marks.

/// Which points a heat map is drawn from.
enum class SliceKind {
    Plane,    ///< the points in the plane through the best point
    TooFew,   ///< all points: fewer than three lie in the plane
    TooSmall, ///< all points: those in the plane crowd a small patch of it
};

/// The evaluated points that lie in the plane of parameters `xDim` and `yDim` through `best`:
/// all other coordinates equal best's. All points are used instead if fewer than three qualify
/// (too few to say anything), or if the plane's points span less than a quarter of both axes:
/// late iterations zoom in around the best point, and the plane through it then holds only that
/// patch, whose cells would stretch over the whole map and show nothing of the search. With all
/// points, a cell shows the lowest cost among the nearest points, the best over the other
/// parameters there.
struct SurfaceSlice {
    std::vector<std::size_t> indices; ///< into the points, in evaluation order
    SliceKind kind = SliceKind::Plane;

    bool fellBack() const { return kind != SliceKind::Plane; }
};
SurfaceSlice sliceThroughBest(const std::vector<core::EvaluatedPoint>& points,
    const std::vector<double>& best, std::size_t xDim, std::size_t yDim,
    const ParameterScale& xScale, const ParameterScale& yScale);

/// A point in the plane, in normalised axis coordinates (ParameterScale::normalised).
struct PlanePoint {
    double x = 0.0;
    double y = 0.0;
    double cost = 0.0;
};

/// The slice's points placed on the two scales.
std::vector<PlanePoint> planePoints(const std::vector<core::EvaluatedPoint>& points,
    const SurfaceSlice& slice, std::size_t xDim, std::size_t yDim, const ParameterScale& xScale,
    const ParameterScale& yScale);

/// Nearest-point costs over the plane. Ties (points drawn at the same place) go to the lower
/// cost, the first evaluated among equal costs, so the picture does not depend on thread timing.
class NearestCostSurface {
public:
    explicit NearestCostSurface(std::vector<PlanePoint> points);

    /// The cost of the point nearest to (x, y); NaN without points. O(points).
    double costAt(double x, double y) const;

    /// Costs at the centres of a columns x rows grid of cells tiling [low, high] in both
    /// normalised coordinates, row-major from the bottom row (index = row * columns + column),
    /// as QCPColorMapData takes them. O(columns x rows x points).
    std::vector<double> grid(int columns, int rows, double low, double high) const;

private:
    std::vector<PlanePoint> m_points;
};

} // namespace iolens::ui
