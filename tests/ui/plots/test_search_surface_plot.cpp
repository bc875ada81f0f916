// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/search_surface_plot.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::ui;
namespace core = iolens::core;

namespace {

// CART's two searched parameters with a few points of three iterations.
SurfaceScene cartScene()
{
    SurfaceScene scene;
    scene.technique = QStringLiteral("cart");
    scene.metric = core::Metric::RtReadMs;
    scene.dimensions = {{"minsplit", 2, 400, true}, {"cp", 0.0, 0.999, false}};
    scene.logHints = {false, false};
    scene.points = {{{2, 0.0}, 0.40, 0}, {{134, 0.333}, 1.20, 1}, {{2, 0.333}, 1.10, 1},
        {{134, 0.0}, 0.55, 1}, {{2, 0.111}, 0.90, 2}, {{46, 0.0}, 0.31, 2},
        {{400, 0.999}, 1.90, 2}};
    scene.xDimension = 0;
    scene.yDimension = 1;
    return scene;
}

std::vector<double> valuesOf(const SurfaceScene& scene, std::size_t d)
{
    std::vector<double> values;
    for (const auto& p : scene.points)
        values.push_back(p.values[d]);
    return values;
}

} // namespace

class TestSearchSurfacePlot : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void twoParameters_fillTheHeatMapWithTheNearestEvaluatedCost()
    {
        SearchSurfacePlot plot;
        plot.resize(700, 500);
        const SurfaceScene scene = cartScene();
        plot.showScene(scene);
        QVERIFY(plot.showsSurface());
        QVERIFY(plot.colorScale()->visible());
        QCOMPARE(plot.xAxis->label(), QStringLiteral("minsplit"));
        QCOMPARE(plot.yAxis->label(), QStringLiteral("cp"));
        // minsplit 2..400 and cp from 0 span decades: both axes are logarithmic.
        QCOMPARE(plot.xAxis->scaleType(), QCPAxis::stLogarithmic);
        QCOMPARE(plot.yAxis->scaleType(), QCPAxis::stLogarithmic);
        QVERIFY(plot.colorScale()->axis()->label().startsWith(
            QStringLiteral("10-fold CV RMSE of log(")));

        const ParameterScale x = parameterScale(scene.dimensions[0], true, valuesOf(scene, 0));
        const ParameterScale y = parameterScale(scene.dimensions[1], true, valuesOf(scene, 1));
        QCPColorMapData* data = plot.heatMap()->data();
        for (const core::EvaluatedPoint& p : scene.points) {
            int column = 0, row = 0;
            data->coordToCell(x.normalised(p.values[0]), y.normalised(p.values[1]), &column, &row);
            QCOMPARE(data->cell(column, row), p.cost);
        }
        QCOMPARE(plot.heatMap()->dataRange().lower, 0.31);
        QCOMPARE(plot.heatMap()->dataRange().upper, 1.90);
    }

    void points_areGroupedByIterationAndTheBestIsMarkedAndLabelled()
    {
        SearchSurfacePlot plot;
        plot.showScene(cartScene());
        QCOMPARE(plot.iterationGraphs().size(), std::size_t {3});
        QCOMPARE(plot.iterationGraphs()[0]->name(), QStringLiteral("iteration 0"));
        QCOMPARE(plot.iterationGraphs()[2]->name(), QStringLiteral("2"));
        QCOMPARE(plot.iterationGraphs()[1]->dataCount(), 3);
        QVERIFY(plot.bestMark());
        QCOMPARE(plot.bestMark()->data()->at(0)->key, 46.0);
        const QString label = plot.bestLabelText();
        QVERIFY2(label.contains(QStringLiteral("minsplit = 46")), qPrintable(label));
        QVERIFY2(label.contains(QStringLiteral("cp = 0")), qPrintable(label));
        QVERIFY2(label.contains(QStringLiteral("0.31")), qPrintable(label));
    }

    void oneParameter_showsCostOverItInsteadOfAMap()
    {
        SurfaceScene scene;
        scene.technique = QStringLiteral("m5");
        scene.dimensions = {{"nsplits", 2, 400, true}};
        scene.logHints = {true};
        scene.points = {{{2}, 0.9, 0}, {{134}, 0.5, 1}, {{267}, 0.6, 1}, {{400}, 0.7, 1}};
        scene.xDimension = 0;
        scene.yDimension = 0;
        SearchSurfacePlot plot;
        plot.showScene(scene);
        QVERIFY(!plot.showsSurface());
        QCOMPARE(plot.xAxis->label(), QStringLiteral("nsplits"));
        QVERIFY(plot.yAxis->label().startsWith(QStringLiteral("10-fold CV RMSE")));
        QCOMPARE(plot.bestMark()->data()->at(0)->key, 134.0);
        QCOMPARE(plot.bestMark()->data()->at(0)->value, 0.5);
        QVERIFY(plot.yAxis->range().contains(0.9));
        QVERIFY(plot.yAxis->range().contains(0.5));
    }

    void noPoints_leaveEmptyAxesWithAHint()
    {
        SearchSurfacePlot plot;
        SurfaceScene scene = cartScene();
        scene.points.clear();
        plot.showScene(scene);
        QVERIFY(!plot.showsSurface());
        QVERIFY(!plot.bestMark());
        QVERIFY(plot.bestLabelText().isEmpty());
        // Before a search the empty axes take the plot's width and the hint fits between them.
        plot.resize(1000, 450);
        plot.show();
        plot.replot();
        const QRect axes = plot.axisRect()->rect();
        QVERIFY2(axes.width() > plot.viewport().width() * 0.8,
            qPrintable(QString::number(axes.width())));
        QVERIFY(plot.placeholder()->visible());
        const QPointF left = plot.placeholder()->left->pixelPosition();
        const QPointF right = plot.placeholder()->right->pixelPosition();
        QVERIFY2(axes.left() < left.x() && right.x() < axes.right(),
            qPrintable(QStringLiteral("%1..%2").arg(left.x()).arg(right.x())));
        // A search's first points bring the colour scale back beside the axes.
        plot.showScene(cartScene());
        QVERIFY(plot.colorScale()->visible());
        QVERIFY(plot.colorScale()->outerRect().left() >= plot.axisRect()->outerRect().right());
        QVERIFY(plot.colorScale()->outerRect().width() > 0);
    }
};

IOLENS_TEST_MAIN(TestSearchSurfacePlot)
#include "test_search_surface_plot.moc"
