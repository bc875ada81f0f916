// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/example_database.hpp"
#include "plots/plot_data_csv.hpp"
#include "prediction/model_controller.hpp"
#include "prediction/prediction_chart.hpp"
#include "support/signal_wait.hpp"
#include "support/test_registry.hpp"

#include <QTest>
#include <qcustomplot.h>

#include <cmath>
#include <limits>

using namespace iolens::ui;
using iolens::core::Metric;

namespace {

constexpr int kChartTimeoutMs = 240000;
constexpr std::size_t kReadRt = 0; // kCoreMetrics order
constexpr std::size_t kWriteRt = 1;

ModelColumn chartColumn(const char* technique, bool trained)
{
    ModelColumn model;
    model.label = QString::fromLatin1(technique);
    model.technique = technique;
    model.trained = trained;
    return model;
}

// A finished cross-validation whose relative errors have the given median and 90th percentile.
MetricValidation validated(double p50, double p90)
{
    MetricValidation validation;
    validation.state = MetricValidation::State::Done;
    iolens::core::CrossValidatedEvaluation result;
    result.evaluation.p50 = p50;
    result.evaluation.p90 = p90;
    validation.result = result;
    return validation;
}

ModelEntry entry(const char* technique, bool trained)
{
    ModelEntry e;
    e.label = QString::fromLatin1(technique);
    e.technique = technique;
    e.trained = trained;
    return e;
}

// 50 % reads, measured 4 times: lm trained and cross-validated (read RT: p50 25 %, p90 50 %),
// mars trained but still cross-validating, cubist still training.
ScenarioEvaluation threeModels()
{
    ScenarioEvaluation result;
    result.scenario.readPct = 50.0;
    result.repetitions = 4;
    result.models
        = {chartColumn("lm", true), chartColumn("mars", true), chartColumn("cubist", false)};
    for (std::size_t i = 0; i < 4; ++i) {
        result.metrics[i].metric = iolens::core::kCoreMetrics[i];
        result.metrics[i].predictions.resize(3);
        result.metrics[i].predictions[0].value = 10.0 * static_cast<double>(i + 1);
        result.metrics[i].predictions[1].value = 12.0 * static_cast<double>(i + 1);
    }
    result.metrics[kReadRt].measured = 11.0;
    result.metrics[kReadRt].rse = 0.1;
    return result;
}

std::vector<ModelEntry> threeEntries()
{
    std::vector<ModelEntry> entries {
        entry("lm", true), entry("mars", true), entry("cubist", false)};
    for (MetricValidation& v : entries[0].validation)
        v = validated(0.25, 0.5);
    return entries;
}

QVector<double> values(const QCPGraph* graph)
{
    QVector<double> out;
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
        out << it->value;
    return out;
}

QVector<double> keys(const QCPGraph* graph)
{
    QVector<double> out;
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
        out << it->key;
    return out;
}

bool near(double a, double b)
{
    return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::fabs(b));
}

} // namespace

class TestPredictionChart : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void consistentMeasuredRange_data()
    {
        QTest::addColumn<double>("predicted");
        QTest::addColumn<double>("error");
        QTest::addColumn<double>("low");
        QTest::addColumn<double>("high");
        const double inf = std::numeric_limits<double>::infinity();
        QTest::newRow("exact") << 10.0 << 0.0 << 10.0 << 10.0;
        QTest::newRow("25 %") << 10.0 << 0.25 << 8.0 << 10.0 / 0.75;
        QTest::newRow("50 %") << 10.0 << 0.5 << 10.0 / 1.5 << 20.0;
        QTest::newRow("100 % is open above") << 10.0 << 1.0 << 5.0 << inf;
        QTest::newRow("300 %") << 8.0 << 3.0 << 2.0 << inf;
    }
    void consistentMeasuredRange()
    {
        QFETCH(double, predicted);
        QFETCH(double, error);
        QFETCH(double, low);
        QFETCH(double, high);
        const ErrorBand band = iolens::ui::consistentMeasuredRange(predicted, error);
        QVERIFY(near(band.low, low));
        if (std::isinf(high))
            QVERIFY(std::isinf(band.high));
        else
            QVERIFY(near(band.high, high));
        // Both ends are measurements the prediction misses by exactly `error`, relatively.
        QVERIFY(near(std::fabs(predicted - band.low) / band.low, error));
        if (std::isfinite(band.high))
            QVERIFY(near(std::fabs(predicted - band.high) / band.high, error));
    }

    void showEvaluation_dotPerPredictionBandsFromCrossValidation()
    {
        PredictionChart chart(nullptr);
        chart.resize(1000, 700);
        chart.show();
        chart.showEvaluation(threeModels(), threeEntries());

        const QCPGraph* lm = chart.predictionGraph(kReadRt, QStringLiteral("lm"));
        QVERIFY(lm);
        QCOMPARE(keys(lm), QVector<double> {0.0});
        QCOMPARE(values(lm), QVector<double> {10.0});
        const QCPGraph* mars = chart.predictionGraph(kReadRt, QStringLiteral("mars"));
        QVERIFY(mars);
        QCOMPARE(keys(mars), QVector<double> {1.0});
        QCOMPARE(values(mars), QVector<double> {12.0});
        // Write RT: the predictions of that metric, on that panel's axes.
        const QCPGraph* lmWrite = chart.predictionGraph(kWriteRt, QStringLiteral("lm"));
        QVERIFY(lmWrite);
        QCOMPARE(values(lmWrite), QVector<double> {20.0});
        QCOMPARE(lmWrite->valueAxis(), chart.axisRect(kWriteRt)->axis(QCPAxis::atLeft));

        // lm: p50 25 % -> 10/1.25 .. 10/0.75; p90 50 % -> 10/1.5 .. 10/0.5, at its category.
        const QCPGraph* typical = chart.typicalBandGraph(kReadRt, QStringLiteral("lm"));
        const QCPGraph* wide = chart.wideBandGraph(kReadRt, QStringLiteral("lm"));
        QVERIFY(typical && wide);
        QCOMPARE(keys(typical), (QVector<double> {0.0, 0.0}));
        QVERIFY(near(values(typical)[0], 8.0));
        QVERIFY(near(values(typical)[1], 10.0 / 0.75));
        QVERIFY(near(values(wide)[0], 10.0 / 1.5));
        QVERIFY(near(values(wide)[1], 20.0));
        QVERIFY(near(values(chart.wideBandGraph(kWriteRt, QStringLiteral("lm")))[1], 40.0));

        // mars waits for its cross-validation: a dot, no band; cubist trains: nothing at all.
        QVERIFY(!chart.typicalBandGraph(kReadRt, QStringLiteral("mars")));
        QVERIFY(!chart.wideBandGraph(kReadRt, QStringLiteral("mars")));
        QVERIFY(!chart.content()[kReadRt].marks[1].typical);
        QVERIFY(!chart.predictionGraph(kReadRt, QStringLiteral("cubist")));
        QCOMPARE(chart.content()[kReadRt].marks.size(), std::size_t {3}); // its category stays
        QVERIFY(chart.captionText().contains(QStringLiteral("mars, cubist")));

        // Measured read RT 11 ± 10 %: the dashed line and the band's ends across the panel.
        const QCPGraph* measured = chart.measuredGraph(kReadRt);
        QVERIFY(measured);
        QCOMPARE(values(measured), (QVector<double> {11.0, 11.0}));
        QCOMPARE(keys(measured), (QVector<double> {-0.5, 2.5}));
        QVERIFY(near(values(chart.measuredLowGraph(kReadRt))[0], 9.9));
        QVERIFY(near(values(chart.measuredHighGraph(kReadRt))[1], 12.1));
        QVERIFY(!chart.measuredGraph(kWriteRt)); // write RT has no measurement here

        // The y axis shows every band whole; linear from zero (the values span < a decade).
        const QCPAxis* y = chart.axisRect(kReadRt)->axis(QCPAxis::atLeft);
        QCOMPARE(y->scaleType(), QCPAxis::stLinear);
        QCOMPARE(y->range().lower, 0.0);
        QVERIFY(y->range().upper >= 20.0);
        QVERIFY(y->label().contains(QStringLiteral("(ms)")));
        // The CSV export carries the bands, so a figure can be redrawn elsewhere.
        QVERIFY(plotDataCsv(*chart.plot()).contains(QStringLiteral("lm: p90 band")));
    }

    // A model with calibrated intervals (the recommended one) is drawn with its interval at
    // once, without waiting for its cross-validation, and not with the p50 and p90 bars.
    void showEvaluation_intervalOfTheRecommendedModelReplacesTheBands()
    {
        ScenarioEvaluation evaluation = threeModels();
        evaluation.models.insert(evaluation.models.begin(), chartColumn("auto", true));
        for (MetricEvaluation& metric : evaluation.metrics) {
            ModelPrediction recommended;
            recommended.value = 11.0;
            recommended.lower = 6.0;
            recommended.upper = 20.0;
            metric.predictions.insert(metric.predictions.begin(), recommended);
        }
        std::vector<ModelEntry> entries = threeEntries();
        entries.insert(entries.begin(), entry("auto", true)); // cross-validation still waits
        PredictionChart chart(nullptr);
        chart.resize(1000, 700);
        chart.show();
        chart.showEvaluation(evaluation, entries);

        const QCPGraph* interval = chart.intervalGraph(kReadRt, QStringLiteral("auto"));
        QVERIFY(interval);
        QCOMPARE(keys(interval), (QVector<double> {0.0, 0.0}));
        QCOMPARE(values(interval), (QVector<double> {6.0, 20.0}));
        QVERIFY(!chart.typicalBandGraph(kReadRt, QStringLiteral("auto")));
        QVERIFY(!chart.wideBandGraph(kReadRt, QStringLiteral("auto")));
        // lm keeps its cross-validated bars; auto is not listed as waiting for a bar.
        QVERIFY(chart.wideBandGraph(kReadRt, QStringLiteral("lm")));
        QVERIFY(chart.captionText().contains(QStringLiteral("bar with caps for auto: the 80 %")));
        QVERIFY(chart.captionText().contains(QStringLiteral("mars, cubist")));
        QVERIFY(!chart.captionText().contains(QStringLiteral("auto, mars")));
        QVERIFY(plotDataCsv(*chart.plot()).contains(QStringLiteral("auto: 80 % interval")));
    }

    // A window too short for the key (presentation fonts on a laptop, the panels open) gives
    // the plots the height: the key is the tooltip, the caption says only which models have no
    // bar.
    void shortChart_keepsThePanelsAndMovesTheKeyToTheTooltip()
    {
        PredictionChart tall(nullptr);
        tall.resize(1000, 700);
        tall.show();
        tall.showEvaluation(threeModels(), threeEntries());
        QVERIFY(tall.captionText().contains(QStringLiteral("thick bar: e = median (p50)")));
        QVERIFY(tall.captionText().contains(QStringLiteral("mars, cubist")));
        QVERIFY(!tall.plot()->toolTip().contains(QStringLiteral("thick bar")));

        PredictionChart short_(nullptr);
        short_.resize(1000, 300);
        short_.show();
        short_.showEvaluation(threeModels(), threeEntries());
        QCOMPARE(short_.captionText(),
            QStringLiteral("no bar yet (training or cross-validating): mars, cubist"));
        QVERIFY(short_.plot()->toolTip().contains(QStringLiteral("thick bar: e = median (p50)")));
        QVERIFY(short_.plot()->toolTip().contains(QStringLiteral("Right-click to save")));
    }

    void showEvaluation_failedCrossValidationHasNoBand()
    {
        auto entries = threeEntries();
        for (MetricValidation& v : entries[1].validation) {
            v.state = MetricValidation::State::Failed;
            v.error = "too few rows";
        }
        PredictionChart chart(nullptr);
        chart.show();
        chart.showEvaluation(threeModels(), entries);
        QVERIFY(chart.predictionGraph(kReadRt, QStringLiteral("mars")));
        QVERIFY(!chart.typicalBandGraph(kReadRt, QStringLiteral("mars")));
        QVERIFY(chart.captionText().contains(QStringLiteral("failed): mars")));
    }

    void showEvaluation_openBandReachesTheTopEdge()
    {
        auto entries = threeEntries();
        entries[0].validation[kReadRt] = validated(0.5, 1.2); // p90 > 100 %: no upper bound
        PredictionChart chart(nullptr);
        chart.show();
        chart.showEvaluation(threeModels(), entries);
        const QCPGraph* wide = chart.wideBandGraph(kReadRt, QStringLiteral("lm"));
        QVERIFY(near(values(wide)[0], 10.0 / 2.2));
        const double top = chart.axisRect(kReadRt)->axis(QCPAxis::atLeft)->range().upper;
        QCOMPARE(values(wide)[1], top);
        QVERIFY(std::isinf(chart.content()[kReadRt].marks[0].wide->high));
        // Drawn as an arrow to the top edge, not as a bar with a cap there: one arrow, lm's.
        QCOMPARE(chart.openBands(kReadRt).size(), std::size_t {1});
        const QCPItemLine* arrow = chart.openBands(kReadRt).front();
        QCOMPARE(arrow->head().style(), QCPLineEnding::esSpikeArrow);
        QCOMPARE(arrow->end->coords().y(), top);
        QVERIFY(near(arrow->start->coords().y(), 10.0 / 2.2));
        QCOMPARE(wide->pen().style(), Qt::NoPen);
        // A redraw with a closed band leaves no arrow behind.
        const int itemsWithArrow = chart.plot()->itemCount();
        chart.showEvaluation(threeModels(), threeEntries());
        QVERIFY(chart.openBands(kReadRt).empty());
        QCOMPARE(chart.plot()->itemCount(), itemsWithArrow - 1);
    }

    void showEvaluation_logAxisWhenValuesSpanDecades()
    {
        auto evaluation = threeModels();
        evaluation.metrics[kReadRt].predictions[1].value = 500.0; // 10 vs 500 ms
        PredictionChart chart(nullptr);
        chart.show();
        chart.showEvaluation(evaluation, threeEntries());
        const QCPAxis* y = chart.axisRect(kReadRt)->axis(QCPAxis::atLeft);
        QCOMPARE(y->scaleType(), QCPAxis::stLogarithmic);
        QVERIFY(y->range().lower < 10.0 / 1.5 && y->range().upper > 500.0);
    }

    void showEvaluation_metricThatDoesNotApplyIsEmpty()
    {
        auto evaluation = threeModels();
        evaluation.scenario.readPct = 0.0;
        evaluation.metrics[kReadRt].applies = false;
        PredictionChart chart(nullptr);
        chart.show();
        chart.showEvaluation(evaluation, threeEntries());
        QVERIFY(!chart.predictionGraph(kReadRt, QStringLiteral("lm")));
        QVERIFY(!chart.measuredGraph(kReadRt));
        QVERIFY(chart.predictionGraph(kWriteRt, QStringLiteral("lm")));
    }

    void showEvaluation_whileHiddenDrawsOnShow()
    {
        PredictionChart chart(nullptr);
        chart.showEvaluation(threeModels(), threeEntries());
        QVERIFY(!chart.predictionGraph(kReadRt, QStringLiteral("lm"))); // nothing drawn hidden
        chart.show();
        QVERIFY(chart.predictionGraph(kReadRt, QStringLiteral("lm")));
    }

    // The window's wiring: the chart follows the controller's evaluation as the scenario moves
    // and gets its bands as the cross-validations arrive.
    void followsController_scenarioAndCrossValidation()
    {
        const auto runs = loadExampleDatabase(Example::Tiered).measurements();
        ModelController controller(std::vector<std::string> {"lm"});
        PredictionChart chart(&controller);
        chart.show();
        QSignalSpy done(&controller, &ModelController::evaluationsReady);
        controller.setMeasurements(runs);
        const auto first = controller.measured().all().front().config;
        controller.setScenario(first);
        QVERIFY(iolens::test::waitForEmission(done, kChartTimeoutMs));

        const ModelEntry& lm = controller.entries().front();
        int checked = 0;
        for (std::size_t m = 0; m < 4; ++m) {
            const MetricEvaluation& metric = controller.evaluation().metrics[m];
            if (!metric.applies || !metric.predictions[0].value)
                continue;
            const double predicted = *metric.predictions[0].value;
            QCOMPARE(values(chart.predictionGraph(m, QStringLiteral("lm"))),
                QVector<double> {predicted});
            QVERIFY(lm.validation[m].result);
            const ErrorBand expected = iolens::ui::consistentMeasuredRange(
                predicted, lm.validation[m].result->evaluation.p50);
            const QCPGraph* typical = chart.typicalBandGraph(m, QStringLiteral("lm"));
            QVERIFY(typical);
            QVERIFY(near(values(typical)[0], expected.low));
            ++checked;
        }
        QVERIFY(checked >= 2); // at least one read and one write metric at any read share

        // A slider step: the dots move to the new evaluation at once.
        auto next = first;
        next.vms = first.vms == 1 ? 2 : 1;
        controller.setScenario(next);
        for (std::size_t m = 0; m < 4; ++m) {
            const MetricEvaluation& metric = controller.evaluation().metrics[m];
            if (metric.applies && metric.predictions[0].value)
                QCOMPARE(values(chart.predictionGraph(m, QStringLiteral("lm"))),
                    QVector<double> {*metric.predictions[0].value});
        }
    }
};

IOLENS_TEST_MAIN(TestPredictionChart)
#include "test_prediction_chart.moc"
