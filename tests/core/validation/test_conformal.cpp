// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "support/test_registry.hpp"
#include "validation/conformal.hpp"

#include <QTest>

#include <random>

using namespace iolens::core;

class TestConformal : public QObject {
    Q_OBJECT
private slots:
    void conformalBounds_takeTheFiniteSampleOrderStatistics()
    {
        std::vector<double> residuals;
        for (int i = 99; i >= 1; --i)
            residuals.push_back(i);
        const ConformalBounds b = conformalBounds(residuals, 0.8);
        QCOMPARE(b.lower, 10.0); // floor(100 * 0.1) = 10th smallest
        QCOMPARE(b.upper, 90.0); // ceil(100 * 0.9) = 90th smallest
        QVERIFY_THROWS_EXCEPTION(ConfigError, conformalBounds(residuals, 1.0));
        QVERIFY_THROWS_EXCEPTION(DataError, conformalBounds({}, 0.8));
        // The sorted form reads the same order statistics without sorting (or copying).
        std::vector<double> sorted(residuals.rbegin(), residuals.rend());
        const ConformalBounds s = conformalBoundsOfSorted(sorted, 0.8);
        QCOMPARE(s.lower, 10.0);
        QCOMPARE(s.upper, 90.0);
        QVERIFY_THROWS_EXCEPTION(ConfigError, conformalBoundsOfSorted(sorted, 0.0));
        QVERIFY_THROWS_EXCEPTION(DataError, conformalBoundsOfSorted({}, 0.8));
    }

    void bounds_coverFreshDrawsAtTheirLevel()
    {
        std::mt19937_64 rng(3);
        std::normal_distribution<double> noise(0.0, 1.0);
        std::vector<double> calibration(400);
        for (double& r : calibration)
            r = noise(rng);
        const ConformalBounds b = conformalBounds(calibration, 0.8);
        int covered = 0;
        for (int i = 0; i < 4000; ++i) {
            const double r = noise(rng);
            covered += r >= b.lower && r <= b.upper ? 1 : 0;
        }
        QVERIFY(std::abs(covered / 4000.0 - 0.8) < 0.04);
        QVERIFY(b.lower < 0.0 && b.upper > 0.0);
    }

    void fewResiduals_takeTheWidestObserved()
    {
        const ConformalBounds b = conformalBounds({-1.0, 2.0, 0.5}, 0.9);
        QCOMPARE(b.lower, -1.0);
        QCOMPARE(b.upper, 2.0);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestConformal)
#include "test_conformal.moc"
