// SPDX-License-Identifier: GPL-3.0-or-later
#include "harness/noise_summary.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::core;

class TestNoiseSummary : public QObject {
    Q_OBJECT
private slots:
    void quantile_linearInterpolationLikeR()
    {
        // R: quantile(c(1, 2, 3, 4, 10), c(0, .5, .9, 1)) = 1, 3, 7.6, 10
        const std::vector<double> v {10, 2, 4, 1, 3};
        QCOMPARE(quantile(v, 0.0), 1.0);
        QCOMPARE(quantile(v, 0.5), 3.0);
        QVERIFY(std::fabs(quantile(v, 0.9) - 7.6) < 1e-12);
        QCOMPARE(quantile(v, 1.0), 10.0);
    }

    void summary_rseOfEachCoreMetricOverConfigurations()
    {
        // Two configurations, two runs each: read throughput 90/110 (RSE 0.1) and 100/100 (0).
        std::vector<Measurement> runs(4);
        for (int i = 0; i < 4; ++i) {
            runs[std::size_t(i)].config.requestBytes = i < 2 ? 4096 : 8192;
            runs[std::size_t(i)].config.filesetBytes = 1 << 24;
        }
        runs[0].setValue(Metric::TpReadMbs, 90.0);
        runs[1].setValue(Metric::TpReadMbs, 110.0);
        runs[2].setValue(Metric::TpReadMbs, 100.0);
        runs[3].setValue(Metric::TpReadMbs, 100.0);
        const auto summary = summarizeNoise(aggregateRepetitions(runs));
        QCOMPARE(summary.size(), std::size_t {1}); // only read throughput was measured
        QCOMPARE(summary[0].metric, Metric::TpReadMbs);
        QCOMPARE(summary[0].configurations, 2);
        // sd of {90, 110} = 14.14, se = 10, mean 100: RSE 0.1.
        QVERIFY(std::fabs(summary[0].max - 0.1) < 1e-12);
        QCOMPARE(summary[0].min, 0.0);
        QVERIFY(std::fabs(summary[0].median - 0.05) < 1e-12);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestNoiseSummary)
#include "test_noise_summary.moc"
