// SPDX-License-Identifier: GPL-3.0-or-later
#include "prediction/prediction_panel.hpp"

#include <QTest>

using namespace iolens::ui;
using iolens::core::Factor;
using iolens::core::Metric;

namespace {

ScenarioEvaluation mixedEvaluation()
{
    ScenarioEvaluation result;
    result.scenario.readPct = 0.0;
    result.modelsReady = true;
    result.repetitions = 3;
    for (std::size_t i = 0; i < 4; ++i)
        result.metrics[i].metric = iolens::core::kCoreMetrics[i];
    result.metrics[0].applies = false; // 0 % reads
    result.metrics[2].applies = false;
    result.metrics[1].predicted = 10.4567;
    result.metrics[1].measured = 10.3;
    result.metrics[1].rse = 0.019;
    result.metrics[3].predicted = 96.12;
    result.metrics[3].measured = 96.3;
    return result;
}

} // namespace

class TestPredictionPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void showEvaluation_predictedMeasuredAndNotApplicable()
    {
        PredictionPanel panel;
        panel.showEvaluation(mixedEvaluation());
        QVERIFY(panel.predictedHeader().contains(QStringLiteral("(lm)")));
        QCOMPARE(panel.predictedText(Metric::RtWriteMs), QStringLiteral("10.5 ms"));
        QCOMPARE(panel.measuredText(Metric::RtWriteMs), QStringLiteral("10.3 ms ± 1.9 %"));
        QCOMPARE(panel.predictedText(Metric::TpWriteMbs), QStringLiteral("96.1 MiB/s"));
        QCOMPARE(panel.measuredText(Metric::TpWriteMbs), QStringLiteral("96.3 MiB/s")); // one run
        QCOMPARE(panel.predictedText(Metric::RtReadMs), QStringLiteral("n/a"));
        QCOMPARE(panel.measuredText(Metric::TpReadMbs), QStringLiteral("n/a"));
        QCOMPARE(panel.statusText(), QStringLiteral("Measured 3 times."));
        QVERIFY(panel.extrapolationText().isEmpty());
    }

    void showEvaluation_notMeasuredAndTraining()
    {
        PredictionPanel panel;
        ScenarioEvaluation result = mixedEvaluation();
        result.repetitions = 0;
        for (auto& metric : result.metrics)
            metric.measured.reset();
        panel.showEvaluation(result);
        QCOMPARE(panel.measuredText(Metric::RtWriteMs), QStringLiteral("not measured"));
        QVERIFY(panel.statusText().contains(QStringLiteral("not measured")));

        result.modelsReady = false;
        result.metrics[1].predicted.reset();
        panel.showEvaluation(result);
        QVERIFY(panel.statusText().contains(QStringLiteral("Training")));
        QCOMPARE(panel.predictedText(Metric::RtWriteMs), QStringLiteral("…"));
    }

    void showEvaluation_warnsAboutExtrapolation()
    {
        PredictionPanel panel;
        ScenarioEvaluation result = mixedEvaluation();
        result.extrapolation.push_back(
            {Factor::Vms, 2.0, 1.0, 1.0, {Metric::RtWriteMs, Metric::TpWriteMbs}});
        result.extrapolation.push_back(
            {Factor::RequestBytes, 256.0, 4.0, 64.0, {Metric::RtWriteMs}});
        panel.showEvaluation(result);
        const QString text = panel.extrapolationText();
        QVERIFY2(text.contains(QStringLiteral("VMs 2 was never measured (only 1)")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral(
                     "Request size 256 KiB is outside the measured range 4 KiB – 64 KiB")),
                 qPrintable(text));
        // The request note concerns only one of the two applicable models: it says which.
        QVERIFY2(text.contains(QStringLiteral("(Write response time)")), qPrintable(text));
    }
};

QTEST_MAIN(TestPredictionPanel)
#include "test_prediction_panel.moc"
