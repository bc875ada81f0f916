// SPDX-License-Identifier: GPL-3.0-or-later
// Exact MVA against published results: the CBSE'14 issue's network, Jain's Example 34.2
// (Table 34.1) and Lazowska et al.'s p. 117 example (QSP chapter 6).
#include "appsim/mean_value_analysis.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::core;

namespace {

bool near(double value, double expected, double tolerance)
{
    return std::abs(value - expected) <= tolerance;
}

} // namespace

class TestMeanValueAnalysis : public QObject {
    Q_OBJECT
private slots:
    // CPU 5 ms on one core; a 10 ms delay, two constant 3 ms I/Os and 20 ms think time all act
    // as delay: 36 ms in all.
    void applicationNetwork_matchesTheIssuesThroughputs()
    {
        const auto results = meanValueAnalysis({{"cpu", 5.0, 1}, {"delay", 16.0, 0}}, 20.0, 16);
        const std::pair<int, double> expected[] {{1, 24.39}, {4, 92.49}, {8, 161.94}, {16, 199.63}};
        for (const auto& [clients, throughput] : expected)
            QVERIFY2(near(results[static_cast<std::size_t>(clients - 1)].throughputPerS, throughput,
                         0.005),
                qPrintable(QString::number(clients)));
    }

    // Jain (1991) Example 34.2: D = 2, 3, 1 s at CPU, disk A, disk B; Z = 4 s. Table 34.1 prints
    // R and X to three decimals.
    void jainExample34_2_matchesTable34_1()
    {
        const auto results = meanValueAnalysis(
            {{"cpu", 2000.0, 1}, {"disk A", 3000.0, 1}, {"disk B", 1000.0, 1}}, 4000.0, 20);
        struct Row {
            int n;
            double responseS;
            double throughputPerS;
            double queueA;
        };
        const Row table[] {{1, 6.000, 0.100, 0.300}, {2, 7.400, 0.175, 0.684},
            {3, 9.088, 0.229, 1.158}, {4, 11.051, 0.266, 1.721}, {5, 13.256, 0.290, 2.365},
            {17, 47.045, 0.333, 13.195}, {20, 56.016, 0.333, 16.177}};
        for (const Row& row : table) {
            const MvaResult& r = results[static_cast<std::size_t>(row.n - 1)];
            QVERIFY2(near(r.responseTimeMs / 1000.0, row.responseS, 0.0005),
                qPrintable(QString::number(row.n)));
            QVERIFY2(near(r.throughputPerS, row.throughputPerS, 0.0005),
                qPrintable(QString::number(row.n)));
            QVERIFY2(
                near(r.queueLength[1], row.queueA, 0.0005), qPrintable(QString::number(row.n)));
        }
    }

    // Lazowska et al. (1984) p. 117: D = 0.605, 2.1, 1.35 s; Z = 15 s; N = 3. Queue lengths
    // 0.0976, 0.3947, 0.2350 (as layeredqueuing's regression test of that example holds them).
    void lazowskaPage117_matchesQueueLengths()
    {
        const auto results = meanValueAnalysis(
            {{"cpu", 605.0, 1}, {"disk 1", 2100.0, 1}, {"disk 2", 1350.0, 1}}, 15000.0, 3);
        const MvaResult& r = results.back();
        QVERIFY(near(r.queueLength[0], 0.0976, 0.00005));
        QVERIFY(near(r.queueLength[1], 0.3947, 0.00005));
        QVERIFY(near(r.queueLength[2], 0.2350, 0.00005));
        QVERIFY(near(r.throughputPerS, 0.1515, 0.00005));
        QVERIFY(near(r.responseTimeMs / 1000.0, 4.80, 0.005));
    }

    // A station with as many servers as clients never queues: it is a delay station. One with a
    // single server through the load-dependent recursion is the plain one.
    void multiServerStation_agreesWithItsLimits()
    {
        const auto delay = meanValueAnalysis({{"cpu", 5.0, 0}, {"disk", 3.0, 1}}, 10.0, 6);
        const auto wide = meanValueAnalysis({{"cpu", 5.0, 6}, {"disk", 3.0, 1}}, 10.0, 6);
        for (std::size_t n = 0; n < 6; ++n)
            QVERIFY(near(wide[n].throughputPerS, delay[n].throughputPerS, 1e-9));
        const auto two = meanValueAnalysis({{"cpu", 5.0, 2}}, 0.0, 2);
        QVERIFY(near(two[1].responseTimeMs, 5.0, 1e-12)); // two clients, two cores: no wait
        const auto twoBusy = meanValueAnalysis({{"cpu", 5.0, 2}}, 0.0, 3);
        QVERIFY(near(twoBusy[2].throughputPerS, 400.0, 1e-9)); // saturated: 2 cores / 5 ms
    }

    void noClients_isRefused()
    {
        QVERIFY_THROWS_EXCEPTION(std::exception, meanValueAnalysis({{"cpu", 1.0, 1}}, 0.0, 0));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestMeanValueAnalysis)
#include "test_mean_value_analysis.moc"
