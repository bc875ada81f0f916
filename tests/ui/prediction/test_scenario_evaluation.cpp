// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/example_database.hpp"
#include "prediction/scenario_evaluation.hpp"

#include <QTest>

using namespace iolens::ui;
using iolens::core::Configuration;
using iolens::core::Factor;
using iolens::core::Metric;

class TestScenarioEvaluation : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        m_runs = loadExampleDatabase(Example::Tiered).measurements();
        m_measured = MeasuredLookup(m_runs);
        m_models = trainModelSet(m_runs, "lm");
    }

    void evaluate_measuredConfigurationShowsMeanAndRse()
    {
        const iolens::core::AggregatedMeasurement* repeated = nullptr;
        for (const auto& row : m_measured.all())
            if (row.repetitions > 1 && row.config.readPct == 100.0)
                repeated = &row;
        QVERIFY(repeated);
        const ScenarioEvaluation result = evaluateScenario(repeated->config, m_measured, &m_models);
        QVERIFY(result.modelsReady);
        QCOMPARE(result.repetitions, repeated->repetitions);
        const MetricEvaluation& read = result.metrics[0];
        QCOMPARE(read.metric, Metric::RtReadMs);
        QCOMPARE(read.measured, repeated->value(Metric::RtReadMs));
        QCOMPARE(read.rse, repeated->rse(Metric::RtReadMs));
        QVERIFY(read.rse.has_value());
        QCOMPARE(*read.predicted,
                 m_models.find(Metric::RtReadMs)->model->predict(repeated->config));
        // 100 % reads: no writes, so the write metrics do not apply and are not predicted.
        QVERIFY(!result.metrics[1].applies);
        QVERIFY(!result.metrics[1].predicted);
        QVERIFY(result.extrapolation.empty());
    }

    void evaluate_withoutModelsStillShowsTheMeasurement()
    {
        const Configuration config = m_measured.all().front().config;
        const ScenarioEvaluation result = evaluateScenario(config, m_measured, nullptr);
        QVERIFY(!result.modelsReady);
        QVERIFY(result.repetitions >= 1);
        for (const MetricEvaluation& metric : result.metrics)
            QVERIFY(!metric.predicted);
    }

    void evaluate_flagsFactorsOutsideTheTrainingData()
    {
        Configuration config = m_measured.all().front().config;
        config.readPct = 50.0;
        config.vms = 2;                   // only 1 VM was measured: the model ignores it
        config.requestBytes = 256 * 1024; // measured 4..64 KiB
        const ScenarioEvaluation result = evaluateScenario(config, m_measured, &m_models);
        QCOMPARE(result.repetitions, 0);
        bool vms = false;
        bool request = false;
        for (const ExtrapolationNote& note : result.extrapolation) {
            if (note.factor == Factor::Vms) {
                vms = true;
                QCOMPARE(note.min, 1.0);
                QCOMPARE(note.max, 1.0);
                QCOMPARE(note.value, 2.0);
                QCOMPARE(note.metrics.size(), std::size_t{4});
            }
            if (note.factor == Factor::RequestBytes) {
                request = true;
                QCOMPARE(note.value, 256.0); // KiB, the modelling unit
                QCOMPARE(note.max, 64.0);
            }
        }
        QVERIFY(vms);
        QVERIFY(request);
        for (const MetricEvaluation& metric : result.metrics)
            QVERIFY(metric.predicted.has_value());
    }

    void metricApplies_readsAndWrites()
    {
        QVERIFY(!metricApplies(Metric::RtReadMs, 0.0));
        QVERIFY(metricApplies(Metric::RtReadMs, 1.0));
        QVERIFY(!metricApplies(Metric::TpWriteMbs, 100.0));
        QVERIFY(metricApplies(Metric::TpWriteMbs, 99.0));
    }

private:
    std::vector<iolens::core::Measurement> m_runs;
    MeasuredLookup m_measured;
    ModelSet m_models;
};

QTEST_GUILESS_MAIN(TestScenarioEvaluation)
#include "test_scenario_evaluation.moc"
