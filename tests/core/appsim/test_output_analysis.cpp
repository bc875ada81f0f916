// SPDX-License-Identifier: GPL-3.0-or-later
// MSER-5 warm-up removal and Student-t batch-means intervals.
#include "appsim/output_analysis.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>
#include <random>

using namespace iolens::core;

class TestOutputAnalysis : public QObject {
    Q_OBJECT
private slots:
    // A transient of 40 high groups before a noisy steady state around 10: MSER-5 cuts it.
    void mser5_dropsTheTransient()
    {
        std::mt19937_64 random(5);
        std::normal_distribution<double> noise(10.0, 1.0);
        std::vector<double> groups;
        for (int i = 0; i < 40; ++i)
            groups.push_back(50.0 - i);
        for (int i = 0; i < 400; ++i)
            groups.push_back(noise(random));
        const std::size_t cut = mser5Truncation(groups);
        QVERIFY2(cut >= 38 && cut <= 60, qPrintable(QString::number(cut)));
    }

    void mser5_keepsAStationarySeries()
    {
        std::mt19937_64 random(6);
        std::normal_distribution<double> noise(10.0, 1.0);
        std::vector<double> groups;
        for (int i = 0; i < 400; ++i)
            groups.push_back(noise(random));
        QVERIFY(mser5Truncation(groups) < 40);
        QCOMPARE(mser5Truncation({1.0, 2.0, 3.0}), std::size_t {0}); // too short to judge
    }

    // Means 1..20: mean 10.5, standard deviation sqrt(35), t(0.995, 19) = 2.860935 (R:
    // qt(0.995, 19)).
    void batchMeans_studentInterval()
    {
        std::vector<double> means;
        for (int i = 1; i <= 20; ++i)
            means.push_back(i);
        const Estimate e = batchMeansInterval(means, 0.99);
        QCOMPARE(e.mean, 10.5);
        QVERIFY(std::abs(e.halfWidth - 2.860935 * std::sqrt(35.0 / 20.0)) < 1e-5);
        QVERIFY(std::abs(e.relativeHalfWidth() - e.halfWidth / 10.5) < 1e-15);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestOutputAnalysis)
#include "test_output_analysis.moc"
