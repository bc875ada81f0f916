// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/error_cdf_series.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::ui;
namespace core = iolens::core;

namespace {

core::EmpiricalCdf cdfOf(std::vector<double> errors)
{
    return core::empiricalCdf(
        Eigen::Map<Eigen::VectorXd>(errors.data(), static_cast<Eigen::Index>(errors.size())));
}

} // namespace

class TestErrorCdfSeries : public QObject {
    Q_OBJECT
private slots:
    void cdfSteps_startsAtZeroAndEndsAtHundredPercent()
    {
        const auto cdf = cdfOf({0.2, 0.05, 0.5, 0.1});
        const ErrorAxisRange range = errorAxisRange({&cdf});
        const StepSeries steps = cdfSteps(cdf, range);
        QCOMPARE(steps.xPct.size(), 6); // n + 2
        QCOMPARE(steps.xPct.front(), range.lowPct);
        QCOMPARE(steps.yPct.front(), 0.0);
        // The sorted errors in percent, each lifting the curve by 1/n.
        QCOMPARE(steps.xPct[1], 5.0);
        QCOMPARE(steps.yPct[1], 25.0);
        QCOMPARE(steps.xPct[4], 50.0);
        QCOMPARE(steps.yPct[4], 100.0);
        QCOMPARE(steps.xPct.back(), range.highPct);
        QCOMPARE(steps.yPct.back(), 100.0);
    }

    void cdfSteps_drawsZeroErrorsAtTheFloor()
    {
        const auto cdf = cdfOf({0.0, 0.0, 0.3});
        const ErrorAxisRange range = errorAxisRange({&cdf});
        QCOMPARE(range.lowPct, kErrorFloorPct);
        const StepSeries steps = cdfSteps(cdf, range);
        QCOMPARE(steps.xPct[1], kErrorFloorPct);
        QCOMPARE(steps.xPct[2], kErrorFloorPct);
        QVERIFY(qFuzzyCompare(steps.yPct[2], 200.0 / 3.0));
    }

    void errorAxisRange_coversWholeDecadesOfAllCurves()
    {
        const auto small = cdfOf({0.0023, 0.4});
        const auto large = cdfOf({0.01, 25.0}); // a 2500 % miss
        const ErrorAxisRange range = errorAxisRange({&small, &large});
        QVERIFY(qFuzzyCompare(range.lowPct, 0.1));
        QVERIFY(qFuzzyCompare(range.highPct, 5000.0)); // 1.2 x 2500 % -> 5000 %
        // Without curves: 1 % .. 100 %, the axis of an empty plot.
        const ErrorAxisRange empty = errorAxisRange({});
        QCOMPARE(empty.lowPct, 1.0);
        QCOMPARE(empty.highPct, 100.0);
    }

    void percentileMarks_sitAtTheEvaluationsPercentiles()
    {
        core::ModelEvaluation evaluation;
        evaluation.p50 = 0.041;
        evaluation.p90 = 0.19;
        evaluation.p99 = 0.61;
        const StepSeries marks = percentileMarks(evaluation);
        QCOMPARE(marks.xPct.size(), 3);
        QVERIFY(qFuzzyCompare(marks.xPct[0], 4.1));
        QVERIFY(qFuzzyCompare(marks.xPct[1], 19.0));
        QVERIFY(qFuzzyCompare(marks.xPct[2], 61.0));
        QCOMPARE(marks.yPct, (QVector<double> {50.0, 90.0, 99.0}));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestErrorCdfSeries)
#include "test_error_cdf_series.moc"
