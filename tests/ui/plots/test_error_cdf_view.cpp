// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/error_cdf_view.hpp"
#include "plots/evaluation_text.hpp"
#include "plots/presentation_scale.hpp"
#include "support/test_registry.hpp"

#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <qcustomplot.h>

using namespace iolens::ui;
namespace core = iolens::core;
using core::Metric;

namespace {

// An evaluation with the given relative errors, its figures computed as core computes them.
core::ModelEvaluation evaluationOf(std::vector<double> errors)
{
    core::ModelEvaluation e;
    e.scenario = "cv";
    e.relativeError
        = Eigen::Map<Eigen::VectorXd>(errors.data(), static_cast<Eigen::Index>(errors.size()));
    e.meanRelativeError = e.relativeError.mean();
    e.p50 = core::quantile(e.relativeError, 0.5);
    e.p90 = core::quantile(e.relativeError, 0.9);
    e.p99 = core::quantile(e.relativeError, 0.99);
    e.cdf = core::empiricalCdf(e.relativeError);
    return e;
}

std::vector<CdfCurve> threeCurves()
{
    std::vector<double> lm, cart, cubist;
    for (int i = 1; i <= 40; ++i) {
        lm.push_back(0.02 * i);
        cart.push_back(0.01 * i * i / 40.0);
    }
    for (int i = 0; i < 25; ++i)
        cubist.push_back(i == 0 ? 0.0 : 0.003 * i); // one exact hit
    return {{QStringLiteral("lm"), evaluationOf(lm)}, {QStringLiteral("cart"), evaluationOf(cart)},
        {QStringLiteral("cubist"), evaluationOf(cubist)}};
}

std::vector<CdfCurve> fiveCurves()
{
    std::vector<CdfCurve> curves = threeCurves();
    curves.push_back({QStringLiteral("m5"), curves[1].evaluation});
    curves.push_back({QStringLiteral("mars"), curves[0].evaluation});
    return curves;
}

// The pixel rows of the right axis' percentile labels, top to bottom.
std::vector<double> percentileLabelRows(const ErrorCdfView& view)
{
    QCPAxis* right = view.plot()->yAxis2;
    const auto ticker = right->ticker().dynamicCast<QCPAxisTickerText>();
    std::vector<double> rows;
    for (auto it = ticker->ticks().constBegin(); it != ticker->ticks().constEnd(); ++it)
        rows.push_back(right->coordToPixel(it.key()));
    std::sort(rows.begin(), rows.end());
    return rows;
}

} // namespace

class TestErrorCdfView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void setCurves_drawsOneStepGraphPerCurve()
    {
        ErrorCdfView view;
        const auto curves = threeCurves();
        view.setCurves(Metric::RtReadMs, curves);
        QCOMPARE(view.curveCount(), 3);
        for (int i = 0; i < 3; ++i) {
            const core::ModelEvaluation& e = curves[static_cast<std::size_t>(i)].evaluation;
            QCPGraph* graph = view.curveGraph(i);
            QCOMPARE(graph->name(), curves[static_cast<std::size_t>(i)].label);
            QCOMPARE(graph->lineStyle(), QCPGraph::lsStepLeft);
            // One point per configuration plus the two ends on the axis borders.
            QCOMPARE(graph->dataCount(), static_cast<int>(e.cdf.values.size()) + 2);
            QCOMPARE((graph->data()->constEnd() - 1)->value, 100.0);
        }
        // Curves, and one graph of percentile marks each.
        QCOMPARE(view.plot()->graphCount(), 6);
        QCOMPARE(view.plot()->xAxis->scaleType(), QCPAxis::stLogarithmic);
        // cubist's exact hit is drawn at the floor, which is also the axis start.
        QCOMPARE(view.plot()->xAxis->range().lower, 0.01);
        QVERIFY(view.curveGraph(0)->pen().color() != view.curveGraph(1)->pen().color());
    }

    void aCurveOnAnEarlierOne_isDashed()
    {
        ErrorCdfView view;
        view.setCurves(Metric::RtReadMs, fiveCurves()); // m5 = cart, mars = lm
        QCOMPARE(view.curveCount(), 5);
        for (int i = 0; i < 3; ++i)
            QCOMPARE(view.curveGraph(i)->pen().style(), Qt::SolidLine);
        QCOMPARE(view.curveGraph(3)->pen().style(), Qt::CustomDashLine);
        QCOMPARE(view.curveGraph(4)->pen().style(), Qt::CustomDashLine);
    }

    void percentiles_areMarkedOnTheCurvesAndListedInTheTable()
    {
        ErrorCdfView view;
        const auto curves = threeCurves();
        view.setCurves(Metric::RtReadMs, curves);
        const QTableWidget* table = view.percentileTable();
        QCOMPARE(table->rowCount(), 3);
        for (int i = 0; i < 3; ++i) {
            const core::ModelEvaluation& e = curves[static_cast<std::size_t>(i)].evaluation;
            QCOMPARE(table->item(i, 0)->text(), curves[static_cast<std::size_t>(i)].label);
            QCOMPARE(table->item(i, 1)->text(), relativeErrorText(e.p50));
            QCOMPARE(table->item(i, 2)->text(), relativeErrorText(e.p90));
            QCOMPARE(table->item(i, 3)->text(), relativeErrorText(e.p99));
            QCOMPARE(table->item(i, 0)->toolTip(),
                percentileSummary(curves[static_cast<std::size_t>(i)].label, e));
            QCPGraph* marks = view.percentileGraph(i);
            QCOMPARE(marks->dataCount(), 3);
            QCOMPARE(marks->data()->at(0)->key, std::max(100.0 * e.p50, 0.01));
            QCOMPARE(marks->data()->at(0)->value, 50.0);
            QCOMPARE(marks->data()->at(1)->key, 100.0 * e.p90);
            QCOMPARE(marks->data()->at(2)->key, 100.0 * e.p99);
            QCOMPARE(marks->data()->at(2)->value, 99.0);
        }
        QCOMPARE(table->item(0, 1)->text(),
            QStringLiteral("41.0 %")); // lm: 0.02 .. 0.8, as the Models table prints it
    }

    void untickingATableRow_hidesThatCurveOnEveryMetric()
    {
        ErrorCdfView view;
        view.setCurves(Metric::RtReadMs, threeCurves());
        view.setCurves(Metric::TpWriteMbs, threeCurves());
        QTableWidget* table = const_cast<QTableWidget*>(view.percentileTable());
        table->item(1, 0)->setCheckState(Qt::Unchecked);
        QVERIFY(!view.curveGraph(1)->visible());
        QVERIFY(!view.percentileGraph(1)->visible());
        QVERIFY(view.curveGraph(0)->visible());
        QVERIFY(!view.isCurveVisible(QStringLiteral("cart")));
        view.setMetric(Metric::TpWriteMbs);
        QVERIFY(!view.curveGraph(1)->visible());
        QCOMPARE(view.percentileTable()->item(1, 0)->checkState(), Qt::Unchecked);
        view.setCurveVisible(QStringLiteral("cart"), true);
        QVERIFY(view.curveGraph(1)->visible());
    }

    void clickingALegendEntry_togglesItsCurve()
    {
        ErrorCdfView view;
        view.resize(900, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setCurves(Metric::RtReadMs, threeCurves());
        view.plot()->replot();
        QCPPlottableLegendItem* entry = view.plot()->legend->itemWithPlottable(view.curveGraph(2));
        QVERIFY(entry);
        const QPoint at = entry->rect().center();
        QTest::mouseClick(view.plot(), Qt::LeftButton, {}, at);
        QVERIFY(!view.curveGraph(2)->visible());
        QCOMPARE(view.percentileTable()->item(2, 0)->checkState(), Qt::Unchecked);
        QTest::mouseClick(view.plot(), Qt::LeftButton, {}, at);
        QVERIFY(view.curveGraph(2)->visible());
    }

    void choosingAMetric_showsItsCurvesAndAsksForMissingOnes()
    {
        ErrorCdfView view;
        QSignalSpy asked(&view, &ErrorCdfView::metricChanged);
        view.setCurves(Metric::RtReadMs, threeCurves());
        view.setMetric(Metric::TpReadMbs);
        QCOMPARE(asked.count(), 1);
        QCOMPARE(asked.takeFirst().at(0).value<Metric>(), Metric::TpReadMbs);
        QCOMPARE(view.curveCount(), 0);
        QVERIFY(!view.percentileTable()->isVisibleTo(&view));
        auto curves = threeCurves();
        curves.pop_back();
        view.setCurves(Metric::TpReadMbs, curves);
        QCOMPARE(view.curveCount(), 2);
        // Colours follow the label, not the position.
        view.setCurves(Metric::TpReadMbs, {threeCurves()[2]});
        const QColor cubist = view.curveGraph(0)->pen().color();
        view.setMetric(Metric::RtReadMs);
        QCOMPARE(view.curveGraph(2)->pen().color(), cubist);
    }

    // A wide, short view (1280x800, presentation fonts) puts the table beside the plot, so the
    // plot keeps the height its legend and axis label need; a taller one puts it underneath.
    void table_standsBesideAShortWidePlot()
    {
        ErrorCdfView view;
        view.setCurves(Metric::RtReadMs, threeCurves());
        view.resize(1300, 420);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(view.tableBesidePlot());
        const QTableWidget* table = view.percentileTable();
        QVERIFY(table->isVisible());
        QVERIFY2(table->width() < view.width() / 2, qPrintable(QString::number(table->width())));
        // Every column is whole: no horizontal cut of the numbers.
        int columns = 0;
        for (int c = 0; c < table->columnCount(); ++c)
            columns += table->columnWidth(c);
        QVERIFY(columns <= table->viewport()->width());
        QVERIFY(table->geometry().right() <= view.width());
        const QWidget* plot = view.findChild<QCustomPlot*>();
        QVERIFY2(plot->height() > 300, qPrintable(QString::number(plot->height())));
        view.resize(900, 700);
        QVERIFY(!view.tableBesidePlot());
        QTRY_VERIFY(table->geometry().top() > plot->geometry().bottom());
    }

    // On a plot too short for the legend to sit in a corner of the axes without covering the
    // curves (presentation mode at 1280x800), the legend stands right of the axes; on a tall
    // one it goes back into the corner.
    void legend_leavesTheAxesOfAShortPlot()
    {
        ErrorCdfView view;
        view.setCurves(Metric::RtReadMs, fiveCurves());
        view.setScenarioText(QStringLiteral("10-fold cross-validation"));
        installPresentationScale(*view.plot(), 1.5);
        view.resize(1300, 440);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.plot()->replot();
        const QRect axes = view.plot()->axisRect()->rect();
        QVERIFY2(view.legendBesideAxes(), qPrintable(QString::number(axes.height())));
        const QRect legend = view.plot()->legend->outerRect();
        QVERIFY(!legend.intersects(axes));
        QVERIFY(legend.right() <= view.plot()->width());
        // Every entry is in one column beside the axes, not cut at the bottom.
        QVERIFY(legend.bottom() <= view.plot()->height());
        QCOMPARE(view.plot()->legend->columnCount(), 1);

        view.resize(1000, 900);
        view.plot()->replot();
        QTRY_VERIFY(!view.legendBesideAxes());
        view.plot()->replot();
        QVERIFY(view.plot()->axisRect()->rect().contains(view.plot()->legend->outerRect()));
    }

    // Inside the axes the legend's columns are of equal length: six models in two columns of
    // three, not one of five and one of one.
    void legend_balancesItsColumns()
    {
        ErrorCdfView view;
        std::vector<CdfCurve> six = fiveCurves();
        six.push_back({QStringLiteral("auto"), six[2].evaluation});
        view.setCurves(Metric::RtReadMs, six);
        view.resize(1300, 900);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.plot()->replot();
        QTRY_VERIFY(!view.legendBesideAxes());
        QCOMPARE(view.plot()->legend->itemCount(), 6);
        QCOMPARE(view.plot()->legend->wrap(), 3);
        // A curve at 100 % is drawn inside the axes, not on their top edge.
        QVERIFY(view.plot()->yAxis->range().upper > 100.0);
        QVERIFY(view.plot()->yAxis->range().lower < 0.0);
    }

    // p90 and p99 are 9 % apart: on a short plot their labels would overprint, so the lower one
    // moves down just enough; on a tall plot each label stands at its level.
    void percentileLabels_neverOverlap()
    {
        ErrorCdfView view;
        view.setCurves(Metric::RtReadMs, threeCurves());
        installPresentationScale(*view.plot(), 2.0);
        view.resize(1300, 440);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.plot()->replot();
        QCPAxis* right = view.plot()->yAxis2;
        const double labelHeight = QFontMetrics(right->tickLabelFont()).height();
        // The case in question: at their levels, p90 and p99 would overprint.
        QVERIFY2(right->coordToPixel(90.0) - right->coordToPixel(99.0) < labelHeight,
            qPrintable(QString::number(view.plot()->axisRect()->height())));
        std::vector<double> rows = percentileLabelRows(view);
        QCOMPARE(rows.size(), std::size_t {3});
        for (std::size_t i = 1; i < rows.size(); ++i)
            QVERIFY2(rows[i] - rows[i - 1] >= labelHeight - 1.0,
                qPrintable(QStringLiteral("%1 -> %2").arg(rows[i - 1]).arg(rows[i])));
        // p99 keeps its place: only the lower labels move.
        QCOMPARE(rows.front(), right->coordToPixel(99.0));

        view.resize(1000, 900);
        view.plot()->replot();
        const auto ticker = right->ticker().dynamicCast<QCPAxisTickerText>();
        QCOMPARE(ticker->ticks().keys(), (QList<double> {50.0, 90.0, 99.0}));
    }

    void scenarioText_isShownUnderTheTitle()
    {
        ErrorCdfView view;
        view.resize(900, 600);
        // Shown: the caption is fitted to the plot's laid-out width, which a hidden plot lacks.
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setScenarioText(QStringLiteral("10-fold cross-validation · read rule"));
        bool found = false;
        for (int i = 0; i < view.plot()->plotLayout()->elementCount(); ++i)
            if (auto* text = qobject_cast<QCPTextElement*>(view.plot()->plotLayout()->elementAt(i)))
                found = found
                    || text->text() == QStringLiteral("10-fold cross-validation · read rule");
        QVERIFY(found);
    }
};

IOLENS_TEST_MAIN(TestErrorCdfView)
#include "test_error_cdf_view.moc"
