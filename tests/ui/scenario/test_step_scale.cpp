// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/step_scale.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::ui;

class TestStepScale : public QObject {
    Q_OBJECT
private slots:
    void halfOctaves_roundValuesPlusEveryMeasuredOne()
    {
        // 10 KiB and 100 KiB are not half-octave points; a slider must still stop on them.
        const std::vector<double> measured {4096, 10240, 102400};
        const StepScale scale = StepScale::halfOctaves(1024, 262144, measured);
        QCOMPARE(scale.front(), 1024.0);
        QCOMPARE(scale.back(), 262144.0);
        for (double value : measured)
            QVERIFY(scale.indexOf(value) >= 0);
        QVERIFY(scale.indexOf(1536) >= 0); // 1.5 KiB: the half octave
        QVERIFY(scale.indexOf(65536) >= 0);
        for (int i = 1; i < scale.size(); ++i)
            QVERIFY(scale.value(i - 1) < scale.value(i));
        // 1 KiB .. 256 KiB is 8 octaves: 9 powers of two, 8 half steps, 10 KiB and 100 KiB.
        QCOMPARE(scale.size(), 9 + 8 + 2);
    }

    void linear_includesEndsAndMeasuredShares()
    {
        const StepScale scale = StepScale::linear(0, 100, 1, {33.3});
        QCOMPARE(scale.size(), 102);
        QCOMPARE(scale.front(), 0.0);
        QCOMPARE(scale.back(), 100.0);
        QVERIFY(scale.indexOf(33.3) >= 0);
    }

    void nearestIndex_logarithmicOrLinear_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<bool>("logarithmic");
        QTest::addColumn<double>("expected");
        // Between 4 and 8: 5.5 is nearer to 4 linearly (1.5 vs 2.5) and on a log scale (ratio
        // 1.375 vs 1.45); 5.8 is nearer to 4 linearly but to 8 on a log scale (1.45 vs 1.38).
        QTest::newRow("log below middle") << 5.5 << true << 4.0;
        QTest::newRow("log above geometric middle") << 5.8 << true << 8.0;
        QTest::newRow("linear") << 5.8 << false << 4.0;
        QTest::newRow("below range") << 1.0 << true << 4.0;
        QTest::newRow("above range") << 99.0 << true << 16.0;
        QTest::newRow("exact") << 8.0 << false << 8.0;
    }
    void nearestIndex_logarithmicOrLinear()
    {
        QFETCH(double, value);
        QFETCH(bool, logarithmic);
        QFETCH(double, expected);
        const StepScale scale(std::vector<double> {16, 4, 8, 8});
        QCOMPARE(scale.size(), 3);
        QCOMPARE(scale.value(scale.nearestIndex(value, logarithmic)), expected);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestStepScale)
#include "test_step_scale.moc"
