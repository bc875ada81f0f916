// SPDX-License-Identifier: GPL-3.0-or-later
#include "prediction/prediction_panel.hpp"
#include "support/test_registry.hpp"

#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QTest>

using namespace iolens::ui;
using iolens::core::Factor;
using iolens::core::Metric;

namespace {

ModelColumn column(const char* technique, bool trained, ModelOrigin origin = ModelOrigin::Default)
{
    ModelColumn model;
    model.label = QString::fromLatin1(technique);
    model.technique = technique;
    model.trained = trained;
    model.origin = origin;
    return model;
}

// 0 % reads, three models: lm and mars trained, cubist still training.
ScenarioEvaluation mixedEvaluation()
{
    ScenarioEvaluation result;
    result.scenario.readPct = 0.0;
    result.repetitions = 3;
    result.models = {column("lm", true), column("mars", true), column("cubist", false)};
    result.models[1].parameters = QStringLiteral("nk=0 thresh=0.001 nprune=800 degree=2");
    for (std::size_t i = 0; i < 4; ++i) {
        result.metrics[i].metric = iolens::core::kCoreMetrics[i];
        result.metrics[i].predictions.resize(3);
    }
    result.metrics[0].applies = false; // 0 % reads
    result.metrics[2].applies = false;
    result.metrics[1].predictions[0].value = 10.4567;
    result.metrics[1].predictions[1].value = 9.87;
    result.metrics[1].measured = 10.3;
    result.metrics[1].rse = 0.019;
    result.metrics[3].predictions[0].value = 96.12;
    result.metrics[3].predictions[1].error = "level 'kyber' of scheduler never seen";
    result.metrics[3].measured = 96.3;
    return result;
}

} // namespace

class TestPredictionPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void showEvaluation_oneColumnPerModelBesideTheMeasurement()
    {
        PredictionPanel panel;
        panel.showEvaluation(mixedEvaluation());
        QCOMPARE(panel.modelColumnCount(), 3);
        QCOMPARE(panel.modelHeader(0), QStringLiteral("lm"));
        QCOMPARE(panel.modelHeader(2), QStringLiteral("cubist"));
        // The unit is in the row title, the cells are bare numbers.
        QCOMPARE(panel.rowTitle(Metric::RtWriteMs), QStringLiteral("Write response time (ms)"));
        QCOMPARE(panel.rowTitle(Metric::TpReadMbs), QStringLiteral("Read throughput (MiB/s)"));
        QCOMPARE(panel.predictedText(Metric::RtWriteMs, 0), QStringLiteral("10.5"));
        QCOMPARE(panel.predictedText(Metric::RtWriteMs, 1), QStringLiteral("9.87"));
        QCOMPARE(panel.predictedText(Metric::RtWriteMs, 2), QStringLiteral("…"));
        QCOMPARE(panel.measuredText(Metric::RtWriteMs), QStringLiteral("10.3 ± 1.9 %"));
        QCOMPARE(panel.predictedText(Metric::TpWriteMbs, 0), QStringLiteral("96.1"));
        QCOMPARE(panel.predictedText(Metric::TpWriteMbs, 1), QStringLiteral("—"));
        QVERIFY(panel.predictedToolTip(Metric::TpWriteMbs, 1).contains(QStringLiteral("kyber")));
        QCOMPARE(panel.measuredText(Metric::TpWriteMbs), QStringLiteral("96.3")); // one run
        for (int c = 0; c < 3; ++c)
            QCOMPARE(panel.predictedText(Metric::RtReadMs, c), QStringLiteral("n/a"));
        QCOMPARE(panel.measuredText(Metric::TpReadMbs), QStringLiteral("n/a"));
        QCOMPARE(panel.statusText(), QStringLiteral("Measured 3 times. Training cubist…"));
        QVERIFY(panel.extrapolationText().isEmpty());
    }

    void showEvaluation_headerToolTipNamesTechniqueAndParameters()
    {
        PredictionPanel panel;
        panel.showEvaluation(mixedEvaluation());
        const QString tip = panel.modelHeaderToolTip(1);
        QVERIFY2(tip.startsWith(QStringLiteral("MARS")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("default parameters")), qPrintable(tip));
        QVERIFY2(
            tip.contains(QStringLiteral("nk=0 thresh=0.001 nprune=800 degree=2")), qPrintable(tip));
    }

    void showEvaluation_addsAndRemovesColumnsAsModelsChange()
    {
        PredictionPanel panel;
        ScenarioEvaluation result = mixedEvaluation();
        panel.showEvaluation(result);
        ModelColumn added = column("cart", true, ModelOrigin::Optimized);
        added.label = QStringLiteral("cart (optimized)");
        added.covers = {false, false, false, true};
        result.models.push_back(added);
        for (auto& metric : result.metrics)
            metric.predictions.emplace_back();
        result.metrics[3].predictions[3].value = 95.0;
        panel.showEvaluation(result);
        QCOMPARE(panel.modelColumnCount(), 4);
        QCOMPARE(panel.modelHeader(3), QStringLiteral("cart (optimized)"));
        QVERIFY(panel.modelHeaderToolTip(3).contains(QStringLiteral("optimized parameters")));
        QCOMPARE(panel.predictedText(Metric::TpWriteMbs, 3), QStringLiteral("95.0"));
        QCOMPARE(panel.predictedText(Metric::RtWriteMs, 3), QStringLiteral("—"));
        QVERIFY(panel.predictedToolTip(Metric::RtWriteMs, 3).contains(QStringLiteral("no model")));
        // The earlier columns keep their values.
        QCOMPARE(panel.predictedText(Metric::RtWriteMs, 1), QStringLiteral("9.87"));

        result.models.resize(1);
        for (auto& metric : result.metrics)
            metric.predictions.resize(1);
        panel.showEvaluation(result);
        QCOMPARE(panel.modelColumnCount(), 1);
        QCOMPARE(panel.statusText(), QStringLiteral("Measured 3 times."));
    }

    void showEvaluation_notMeasured()
    {
        PredictionPanel panel;
        ScenarioEvaluation result = mixedEvaluation();
        result.repetitions = 0;
        for (auto& metric : result.metrics)
            metric.measured.reset();
        panel.showEvaluation(result);
        QCOMPARE(panel.measuredText(Metric::RtWriteMs), QStringLiteral("not measured"));
        QVERIFY(panel.statusText().contains(QStringLiteral("not measured")));
        QVERIFY(panel.statusText().contains(QStringLiteral("Training cubist")));
    }

    void showEvaluation_saysHowFarTheNearestMeasurementIs()
    {
        PredictionPanel panel;
        ScenarioEvaluation result = mixedEvaluation();
        panel.showEvaluation(result);
        QVERIFY(panel.nearestText().isEmpty()); // no data: nothing to say
        result.nearest = iolens::core::NearestMeasurement {0, 1.0, {Factor::RequestBytes}};
        panel.showEvaluation(result);
        QCOMPARE(panel.nearestText(),
            QStringLiteral("Nearest measurement: 1 step away (Request size)."));
        result.nearest
            = iolens::core::NearestMeasurement {0, 1.5, {Factor::RequestBytes, Factor::ReadPct}};
        panel.showEvaluation(result);
        QCOMPARE(panel.nearestText(),
            QStringLiteral("Nearest measurement: 1.5 steps away (Request size, Read share)."));
        result.nearest = iolens::core::NearestMeasurement {0, 0.0, {}};
        panel.showEvaluation(result);
        QCOMPARE(panel.nearestText(), QStringLiteral("Nearest measurement: this configuration."));
    }

    void showEvaluation_warnsAboutExtrapolation()
    {
        PredictionPanel panel;
        ScenarioEvaluation result = mixedEvaluation();
        result.extrapolation.push_back(
            {Factor::Vms, 2.0, 1.0, 1.0, {Metric::RtWriteMs, Metric::TpWriteMbs}, {}, {}, {}});
        result.extrapolation.push_back(
            {Factor::RequestBytes, 256.0, 4.0, 64.0, {Metric::RtWriteMs}, {}, {}, {}});
        panel.showEvaluation(result);
        const QString text = panel.extrapolationText();
        QVERIFY2(
            text.contains(QStringLiteral("VMs 2 was never measured (only 1)")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral(
                     "Request size 256 KiB is outside the measured range 4 KiB – 64 KiB")),
            qPrintable(text));
        // The request note concerns only one of the two applicable metrics: it says which.
        QVERIFY2(text.contains(QStringLiteral("(Write response time)")), qPrintable(text));
    }

    // A stored model leaving its own training domain is named, with that domain, not the
    // measured one; a level it never saw is named too.
    void showEvaluation_namesTheStoredModelsLeavingTheirOwnDomain()
    {
        PredictionPanel panel;
        ScenarioEvaluation result = mixedEvaluation();
        result.extrapolation.push_back({Factor::RequestBytes, 64.0, 4.0, 16.0,
            {Metric::RtWriteMs, Metric::TpWriteMbs}, {}, {}, {QStringLiteral("cart-small")}});
        result.extrapolation.push_back(
            {Factor::Scheduler, 0.0, 0.0, 0.0, {Metric::RtWriteMs, Metric::TpWriteMbs}, "cfq",
                "bfq", {QStringLiteral("a"), QStringLiteral("b")}});
        panel.showEvaluation(result);
        const QString text = panel.extrapolationText();
        QVERIFY2(text.contains(QStringLiteral("Request size 64 KiB is outside the range 4 KiB – "
                                              "16 KiB that cart-small was trained on")),
            qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("measured range")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral(
                     "cfq is not in the data a, b were trained on (only bfq): they ignore")),
            qPrintable(text));
    }

    // Presentation mode enlarges the font of a running window: the rows and the two-line
    // headers grow with it instead of cutting their text.
    void fontChange_resizesTheRows()
    {
        PredictionPanel panel;
        panel.showEvaluation(mixedEvaluation());
        QFont large = panel.font();
        large.setPointSizeF(large.pointSizeF() * 1.5);
        panel.setFont(large);
        const QFontMetrics metrics(large);
        for (QLabel* label : panel.findChildren<QLabel*>()) {
            if (label->text().contains(QLatin1Char('\n')))
                QVERIFY2(label->height() >= 2 * metrics.lineSpacing(), qPrintable(label->text()));
            else if (label->maximumHeight() < QWIDGETSIZE_MAX) // a fixed-height row
                QVERIFY2(label->height() >= metrics.height(), qPrintable(label->text()));
        }
    }

    void showEvaluation_fiveModelsFitInHalfTheWindow()
    {
        // At 1280 x 800 the panel gets about half the width: the five techniques of the paper
        // must all be in view, with typical values of the examples.
        ScenarioEvaluation result;
        result.scenario.readPct = 50.0;
        result.repetitions = 4;
        for (const char* technique : {"lm", "mars", "cart", "m5", "cubist"})
            result.models.push_back(column(technique, true));
        const std::array<double, 4> values {0.00433, 10.7, 11435.0, 146.0};
        for (std::size_t i = 0; i < 4; ++i) {
            result.metrics[i].metric = iolens::core::kCoreMetrics[i];
            result.metrics[i].predictions.resize(5);
            for (auto& prediction : result.metrics[i].predictions)
                prediction.value = values[i];
            result.metrics[i].measured = values[i];
            result.metrics[i].rse = 0.171;
        }
        PredictionPanel panel;
        panel.showEvaluation(result);
        panel.resize(630, 300);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto* scroll = panel.findChild<QScrollArea*>();
        QVERIFY(scroll);
        QCOMPARE(scroll->horizontalScrollBar()->maximum(), 0); // nothing hidden
        QVERIFY(panel.minimumSizeHint().width() <= 630);
    }
};

IOLENS_TEST_MAIN(TestPredictionPanel)
#include "test_prediction_panel.moc"
