// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "support/test_registry.hpp"
#include "validation/error_metrics.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::core;

namespace {
Eigen::VectorXd vec(std::initializer_list<double> values)
{
    Eigen::VectorXd v(static_cast<Eigen::Index>(values.size()));
    Eigen::Index i = 0;
    for (double x : values)
        v(i++) = x;
    return v;
}
} // namespace

class TestErrorMetrics : public QObject {
    Q_OBJECT
private slots:
    void relativeErrors_handComputed()
    {
        const Eigen::VectorXd e = relativeErrors(vec({1.1, 0.5, 4.0}), vec({1.0, 1.0, 2.0}));
        QVERIFY(std::fabs(e(0) - 0.1) < 1e-12);
        QCOMPARE(e(1), 0.5);
        QCOMPARE(e(2), 1.0);
        QVERIFY_THROWS_EXCEPTION(DataError, relativeErrors(vec({1.0}), vec({0.0})));
        QVERIFY_THROWS_EXCEPTION(DataError, relativeErrors(vec({1.0, 2.0}), vec({1.0})));
    }

    void rmseAndR2_handComputed()
    {
        QCOMPARE(rootMeanSquaredError(vec({1, 2, 3}), vec({1, 2, 5})), std::sqrt(4.0 / 3.0));
        // measured mean 3, TSS = 8, RSS = 2 -> R^2 = 0.75
        QCOMPARE(rSquared(vec({1, 3, 4}), vec({1, 3, 5})), 1.0 - 1.0 / 8.0);
        QVERIFY(std::isnan(rSquared(vec({1, 2}), vec({3, 3}))));
    }

    void empiricalCdf_stepsAtSortedValues()
    {
        const EmpiricalCdf cdf = empiricalCdf(vec({0.3, 0.1, 0.2, 0.4}));
        QCOMPARE(cdf.values, (std::vector<double> {0.1, 0.2, 0.3, 0.4}));
        QCOMPARE(cdf.fractions, (std::vector<double> {0.25, 0.5, 0.75, 1.0}));
    }

    void quantile_matchesRType7_data()
    {
        QTest::addColumn<double>("p");
        QTest::addColumn<double>("expected");
        // R: quantile(c(4, 1, 3, 2), p)
        QTest::newRow("p90") << 0.9 << 3.7;
        QTest::newRow("median") << 0.5 << 2.5;
        QTest::newRow("min") << 0.0 << 1.0;
        QTest::newRow("max") << 1.0 << 4.0;
    }
    void quantile_matchesRType7()
    {
        QFETCH(double, p);
        QFETCH(double, expected);
        QVERIFY(std::fabs(quantile(vec({4, 1, 3, 2}), p) - expected) < 1e-12);
    }

    void pairedTTest_matchesKnownValue()
    {
        // R: t.test(c(1,2,3,4,5), c(2,2,4,5,7), paired = TRUE): t = -3.16227766017,
        // df = 4, p-value = 0.0341094231674
        const PairedTTest t = pairedTTest(vec({1, 2, 3, 4, 5}), vec({2, 2, 4, 5, 7}));
        QCOMPARE(t.degreesOfFreedom, 4);
        QVERIFY(std::fabs(t.t - (-3.16227766017)) < 1e-10);
        QVERIFY(std::fabs(t.pValue - 0.0341094231674) < 1e-10);
        QCOMPARE(t.meanDifference, -1.0);
    }

    void pairedTTest_identicalSamplesGivePOne()
    {
        const PairedTTest t = pairedTTest(vec({1, 2, 3}), vec({1, 2, 3}));
        QCOMPARE(t.pValue, 1.0);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestErrorMetrics)
#include "test_error_metrics.moc"
