// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/surface_fill.hpp"

#include <cmath>
#include <limits>

namespace iolens::ui {

namespace {

// Below this a minimum is too thin to be read as a surface.
constexpr std::size_t kMinimumSlicePoints = 3;
// Share of an axis (normalised) the plane's points must span on at least one axis.
constexpr double kMinimumSpan = 0.25;

// Squared distances closer than this are "the same place" (two points with equal drawn
// coordinates, e.g. cp = 0 and cp = 1e-9 both at a log axis's floor).
constexpr double kSamePlace = 1e-18;

} // namespace

SurfaceSlice sliceThroughBest(const std::vector<core::EvaluatedPoint>& points,
    const std::vector<double>& best, std::size_t xDim, std::size_t yDim,
    const ParameterScale& xScale, const ParameterScale& yScale)
{
    SurfaceSlice slice;
    double xLow = std::numeric_limits<double>::infinity(), xHigh = -xLow;
    double yLow = xLow, yHigh = -xLow;
    for (std::size_t i = 0; i < points.size(); ++i) {
        const std::vector<double>& v = points[i].values;
        bool inPlane = v.size() == best.size() && xDim < v.size() && yDim < v.size();
        // Exact comparison on purpose: valid values are rounded or generated identically, so a
        // point of the plane carries best's very doubles.
        for (std::size_t d = 0; inPlane && d < v.size(); ++d)
            inPlane = d == xDim || d == yDim || v[d] == best[d];
        if (!inPlane)
            continue;
        slice.indices.push_back(i);
        const double x = xScale.normalised(v[xDim]), y = yScale.normalised(v[yDim]);
        xLow = std::min(xLow, x);
        xHigh = std::max(xHigh, x);
        yLow = std::min(yLow, y);
        yHigh = std::max(yHigh, y);
    }
    if (slice.indices.size() < kMinimumSlicePoints)
        slice.kind = SliceKind::TooFew;
    else if (xHigh - xLow < kMinimumSpan && yHigh - yLow < kMinimumSpan)
        slice.kind = SliceKind::TooSmall;
    if (slice.fellBack()) {
        slice.indices.resize(points.size());
        for (std::size_t i = 0; i < points.size(); ++i)
            slice.indices[i] = i;
    }
    return slice;
}

std::vector<PlanePoint> planePoints(const std::vector<core::EvaluatedPoint>& points,
    const SurfaceSlice& slice, std::size_t xDim, std::size_t yDim, const ParameterScale& xScale,
    const ParameterScale& yScale)
{
    std::vector<PlanePoint> plane;
    plane.reserve(slice.indices.size());
    for (const std::size_t i : slice.indices) {
        const core::EvaluatedPoint& p = points[i];
        plane.push_back({xScale.normalised(p.values[xDim]),
            yDim < p.values.size() ? yScale.normalised(p.values[yDim]) : 0.0, p.cost});
    }
    return plane;
}

NearestCostSurface::NearestCostSurface(std::vector<PlanePoint> points)
    : m_points(std::move(points))
{
}

double NearestCostSurface::costAt(double x, double y) const
{
    double nearest = std::numeric_limits<double>::infinity();
    double cost = std::numeric_limits<double>::quiet_NaN();
    for (const PlanePoint& p : m_points) {
        const double d = (p.x - x) * (p.x - x) + (p.y - y) * (p.y - y);
        if (d < nearest - kSamePlace) {
            nearest = d;
            cost = p.cost;
        } else if (d <= nearest + kSamePlace && p.cost < cost) {
            cost = p.cost;
        }
    }
    return cost;
}

std::vector<double> NearestCostSurface::grid(int columns, int rows, double low, double high) const
{
    std::vector<double> costs(static_cast<std::size_t>(columns) * static_cast<std::size_t>(rows));
    const double width = (high - low) / columns;
    const double height = (high - low) / rows;
    for (int row = 0; row < rows; ++row) {
        const double y = low + (row + 0.5) * height;
        for (int column = 0; column < columns; ++column)
            costs[static_cast<std::size_t>(row) * static_cast<std::size_t>(columns)
                + static_cast<std::size_t>(column)]
                = costAt(low + (column + 0.5) * width, y);
    }
    return costs;
}

} // namespace iolens::ui
