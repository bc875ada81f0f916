// SPDX-License-Identifier: GPL-3.0-or-later
#include "plots/parameter_scale.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::ui;
namespace core = iolens::core;

class TestParameterScale : public QObject {
    Q_OBJECT
private slots:
    void prefersLogAxis_forRangesOverTwoDecadesAndContinuousRangesFromZero_data()
    {
        QTest::addColumn<double>("low");
        QTest::addColumn<double>("high");
        QTest::addColumn<bool>("integer");
        QTest::addColumn<bool>("log");
        QTest::newRow("mars nk 3..800") << 3.0 << 800.0 << true << true;
        QTest::newRow("cart minsplit 2..400") << 2.0 << 400.0 << true << true;
        QTest::newRow("cart cp 0..0.999") << 0.0 << 0.999 << false << true;
        QTest::newRow("cubist ntrees 1..100") << 1.0 << 100.0 << true << false;
        QTest::newRow("cubist ninstances 0..9") << 0.0 << 9.0 << true << false;
    }
    void prefersLogAxis_forRangesOverTwoDecadesAndContinuousRangesFromZero()
    {
        QFETCH(double, low);
        QFETCH(double, high);
        QFETCH(bool, integer);
        QFETCH(bool, log);
        QCOMPARE(prefersLogAxis({"p", low, high, integer}, false), log);
    }

    void parameterScale_drawsZeroOneDecadeBelowTheSmallestPositiveValue()
    {
        const core::SearchDimension cp {"cp", 0.0, 0.999, false};
        const ParameterScale scale = parameterScale(cp, true, {0.0, 0.999, 0.0016, 0.2});
        QVERIFY(scale.log);
        QVERIFY(scale.zeroAt);
        QVERIFY(qFuzzyCompare(scale.low, 1e-4));
        QCOMPARE(*scale.zeroAt, scale.low);
        QCOMPARE(scale.drawn(0.0), scale.low);
        QCOMPARE(scale.normalised(0.0), 0.0);
        QVERIFY(qFuzzyCompare(scale.normalised(0.999), 1.0));
        // Log spacing: each decade takes the same share of the axis.
        const double decade = scale.normalised(0.01) - scale.normalised(0.001);
        QVERIFY(qFuzzyCompare(scale.normalised(0.1) - scale.normalised(0.01), decade));
        QVERIFY(qFuzzyCompare(scale.fromNormalised(scale.normalised(0.037)), 0.037));
    }

    void parameterScale_isLinearAcrossTheSearchRangeOtherwise()
    {
        const ParameterScale scale = parameterScale({"ntrees", 1.0, 100.0, true}, false, {});
        QVERIFY(!scale.log);
        QVERIFY(!scale.zeroAt);
        QCOMPARE(scale.normalised(1.0), 0.0);
        QCOMPARE(scale.normalised(100.0), 1.0);
        QCOMPARE(scale.normalised(50.5), 0.5);
        QCOMPARE(scale.fromNormalised(-0.5), 1.0 - 49.5);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestParameterScale)
#include "test_parameter_scale.moc"
