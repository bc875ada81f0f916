// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/surface_fill.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::ui;
namespace core = iolens::core;

class TestSurfaceFill : public QObject {
    Q_OBJECT
private slots:
    void costAt_isTheNearestPointsCost()
    {
        const NearestCostSurface surface({{0.1, 0.1, 5.0}, {0.9, 0.1, 2.0}, {0.5, 0.9, 1.0}});
        // At the points themselves and anywhere closer to one than to the others.
        QCOMPARE(surface.costAt(0.1, 0.1), 5.0);
        QCOMPARE(surface.costAt(0.9, 0.1), 2.0);
        QCOMPARE(surface.costAt(0.5, 0.9), 1.0);
        QCOMPARE(surface.costAt(0.0, 0.0), 5.0);
        QCOMPARE(surface.costAt(1.0, 0.3), 2.0);
        QCOMPARE(surface.costAt(0.5, 1.0), 1.0);
        QVERIFY(std::isnan(NearestCostSurface({}).costAt(0.5, 0.5)));
    }

    void costAt_takesTheLowerCostOfPointsAtOnePlace()
    {
        const NearestCostSurface surface({{0.5, 0.5, 3.0}, {0.5, 0.5, 1.5}, {0.0, 0.0, 9.0}});
        QCOMPARE(surface.costAt(0.6, 0.6), 1.5);
    }

    void grid_givesEachCellItsNearestCost_rowMajorFromTheBottom()
    {
        // Left half cost 1, right half cost 2; bottom-right corner point cost 3.
        const NearestCostSurface surface({{0.25, 0.5, 1.0}, {0.75, 0.75, 2.0}, {0.9, 0.1, 3.0}});
        const std::vector<double> cells = surface.grid(4, 4, 0.0, 1.0);
        QCOMPARE(cells.size(), std::size_t {16});
        QCOMPARE(cells[0 * 4 + 0], 1.0); // bottom-left cell, centre (0.125, 0.125)
        QCOMPARE(cells[0 * 4 + 3], 3.0); // bottom-right, centre (0.875, 0.125)
        QCOMPARE(cells[3 * 4 + 3], 2.0); // top-right, centre (0.875, 0.875)
        QCOMPARE(cells[3 * 4 + 0], 1.0); // top-left
    }

    void sliceThroughBest_keepsPointsWhoseOtherParametersEqualTheBests()
    {
        // Three parameters; the plane is (0, 2) through best (x, 25, y).
        std::vector<core::EvaluatedPoint> points {{{1, 25, 1}, 4.0, 0}, {{2, 25, 3}, 3.0, 1},
            {{3, 50, 1}, 2.5, 1}, {{4, 25, 2}, 1.0, 2}, {{5, 10, 5}, 7.0, 2}};
        const ParameterScale x = parameterScale({"a", 1, 5, true}, false, {});
        const ParameterScale y = parameterScale({"c", 1, 5, true}, false, {});
        const SurfaceSlice slice = sliceThroughBest(points, points[3].values, 0, 2, x, y);
        QCOMPARE(slice.kind, SliceKind::Plane);
        QCOMPARE(slice.indices, (std::vector<std::size_t> {0, 1, 3}));

        const auto plane = planePoints(points, slice, 0, 2, x, y);
        QCOMPARE(plane.size(), std::size_t {3});
        QCOMPARE(plane[2].x, 0.75);
        QCOMPARE(plane[2].y, 0.25);
        QCOMPARE(plane[2].cost, 1.0);
    }

    void sliceThroughBest_fallsBackToAllPointsWhenFewerThanThreeQualify()
    {
        std::vector<core::EvaluatedPoint> points {
            {{1, 25, 1}, 4.0, 0}, {{2, 30, 3}, 3.0, 1}, {{4, 25, 2}, 1.0, 2}, {{5, 10, 5}, 7.0, 2}};
        const ParameterScale scale = parameterScale({"a", 1, 5, true}, false, {});
        const SurfaceSlice slice = sliceThroughBest(points, points[2].values, 0, 2, scale, scale);
        QCOMPARE(slice.kind, SliceKind::TooFew);
        QCOMPARE(slice.indices.size(), points.size());
    }

    void sliceThroughBest_fallsBackToAllPointsWhenThePlanesPointsCrowdAPatch()
    {
        // Late iterations: the plane through the best holds only a zoomed-in cluster.
        std::vector<core::EvaluatedPoint> points {{{1, 9, 1}, 4.0, 0}, {{100, 50, 100}, 3.0, 1},
            {{40, 8, 40}, 1.2, 3}, {{41, 8, 40}, 1.1, 3}, {{41, 8, 41}, 1.0, 3}};
        const ParameterScale scale = parameterScale({"a", 1, 100, true}, false, {});
        const SurfaceSlice slice = sliceThroughBest(points, points[4].values, 0, 2, scale, scale);
        QCOMPARE(slice.kind, SliceKind::TooSmall);
        QVERIFY(slice.fellBack());
        QCOMPARE(slice.indices.size(), points.size());
    }
};

IOLENS_TEST_GUILESS_MAIN(TestSurfaceFill)
#include "test_surface_fill.moc"
