// SPDX-License-Identifier: GPL-3.0-or-later
// The auto model's interval calibrations: residuals kept sorted, levels widened and narrowed
// (the runs' noise counted), the stored form read back, held-out points split by kind, and which
// configurations lie beyond the measured ranges.
#include "common/error.hpp"
#include "models/auto_interval.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::core;

namespace {

/// A factor with levels 0..levels-1, the outer two extrapolations, `perLevel` points each with
/// measured 0 and the given residual pattern (measured - predicted = residual(level, k)).
GroupedCvResult heldOut(int levels, int perLevel, double (*residual)(int, int))
{
    GroupedCvResult cv;
    for (int level = 0; level < levels; ++level) {
        HeldOutLevel held;
        held.factor = Factor::RequestBytes;
        held.level = level;
        held.levelHigh = level;
        held.extrapolation = level == 0 || level == levels - 1;
        cv.levels.push_back(held);
        for (int k = 0; k < perLevel; ++k) {
            HeldOutPoint p;
            p.row = level * perLevel + k;
            p.level = level;
            p.measured = 0.0;
            p.predicted = -residual(level, k);
            cv.points.push_back(p);
        }
    }
    summarizeGroupedCv(cv, true);
    return cv;
}

} // namespace

class TestAutoInterval : public QObject {
    Q_OBJECT
private slots:
    void pointsOfKind_keepsTheLevelsAndSplitsThePoints()
    {
        const GroupedCvResult cv = heldOut(5, 4, [](int level, int) { return 0.1 * level; });
        const GroupedCvResult inner = pointsOfKind(cv, false);
        const GroupedCvResult outer = pointsOfKind(cv, true);
        QCOMPARE(inner.levels.size(), cv.levels.size());
        QCOMPARE(inner.points.size(), std::size_t {12});
        QCOMPARE(outer.points.size(), std::size_t {8});
        for (const HeldOutPoint& p : inner.points)
            QVERIFY(p.level >= 1 && p.level <= 3);
        for (const HeldOutPoint& p : outer.points)
            QVERIFY(p.level == 0 || p.level == 4);
        QVERIFY(std::isnan(inner.extrapolationError));
        QVERIFY(std::isnan(outer.interpolationError));
    }

    // Every level is biased by its own offset (0, 1, ..., 5): the outer two lie beyond the
    // quantiles of the others, so plain 80 % intervals cover 4 levels of 6 and the calibration
    // widens the level used; it never narrows one below half the level asked for.
    void calibration_widensWhereLevelsShift()
    {
        const GroupedCvResult cv
            = heldOut(6, 20, [](int level, int k) { return level + 0.01 * (k - 9.5); });
        const LevelCalibration calibration = LevelCalibration::fromGroupedCv(cv);
        QCOMPARE(calibration.size(), std::size_t {120});
        QVERIFY(calibration.coverage() < 0.8);
        QVERIFY(calibration.calibratedLevel(0.8) > 0.8);
        for (double level : {0.1, 0.5, 0.8, 0.95, 0.99})
            QVERIFY(calibration.calibratedLevel(level) >= kMinCalibratedShare * level);
        QVERIFY_THROWS_EXCEPTION(ConfigError, calibration.calibratedLevel(0.0));
        const ConformalBounds b = calibration.bounds(0.8);
        QVERIFY(b.lower < 0.0 && b.upper > 0.0);
        QVERIFY_THROWS_EXCEPTION(DataError, LevelCalibration::fromGroupedCv(GroupedCvResult {}));
    }

    // Residuals alike at every level (-0.095 .. 0.095). A band is never narrower than the runs'
    // own noise; where that noise covers points anyway, the quantiles are narrowed, and where it
    // covers them all, down to half the level asked for.
    void calibration_narrowsWhereTheRunsNoiseCovers()
    {
        const GroupedCvResult cv = heldOut(6, 20, [](int, int k) { return 0.01 * (k - 9.5); });
        const LevelCalibration plain = LevelCalibration::fromGroupedCv(cv);

        // 10 configurations run 3 times each, runs' log sd 0.1: the 80 % floor is +/-0.13.
        const std::vector<RunSpread> wide(10, RunSpread {3, 0.01});
        const LevelCalibration covered = LevelCalibration::fromGroupedCv(cv, RepeatNoise::of(wide));
        QCOMPARE(covered.coverage(), 1.0);
        QCOMPARE(covered.calibratedLevel(0.8), kMinCalibratedShare * 0.8);

        // Runs' log sd 0.03: the 80 % floor is +/-0.04, x4 at the first three levels, whose
        // points' scales are 0.25 (a scaled residual's floor is the noise over its scale). It
        // holds all of their residuals and 8 of 20 at the others, so the quantiles need hold
        // only 12 of 20 there for 80 % in all, where plainly they need 16.
        GroupedCvResult scaled = cv;
        for (HeldOutPoint& p : scaled.points)
            p.scale = p.level < 3 ? 0.25 : 1.0;
        const std::vector<RunSpread> part(10, RunSpread {3, 0.0009});
        const LevelCalibration partly
            = LevelCalibration::fromGroupedCv(scaled, RepeatNoise::of(part));
        QVERIFY(partly.coverage() > plain.coverage());
        QVERIFY2(partly.calibratedLevel(0.8) < plain.calibratedLevel(0.8) - 0.1,
            qPrintable(QString("%1 vs %2")
                           .arg(partly.calibratedLevel(0.8))
                           .arg(plain.calibratedLevel(0.8))));
        QVERIFY(partly.calibratedLevel(0.8) > kMinCalibratedShare * 0.8);
    }

    void json_roundTripsAndSortsAStoredFile()
    {
        const GroupedCvResult cv
            = heldOut(4, 10, [](int level, int k) { return 0.01 * (k - 5) * (level + 1); });
        const LevelCalibration calibration = LevelCalibration::fromGroupedCv(cv);
        const LevelCalibration back = LevelCalibration::fromJson(calibration.toJson());
        QCOMPARE(back.toJson().dump(), calibration.toJson().dump());
        QCOMPARE(back.bounds(0.7).lower, calibration.bounds(0.7).lower);

        const LevelCalibration stored = LevelCalibration::fromStored({0.3, -0.2, 0.1}, 0.5, {});
        QVERIFY(stored.toJson().at("residuals") == nlohmann::json({-0.2, 0.1, 0.3}));
        QVERIFY(std::isnan(LevelCalibration::fromJson(nlohmann::json::parse(R"({"residuals": [0.1],
                "coverage": null, "level_map": []})"))
                               .coverage()));
        QCOMPARE(stored.calibratedLevel(0.8), 0.8); // no level map: as asked
        QVERIFY_THROWS_EXCEPTION(DataError, LevelCalibration::fromStored({}, 0.5, {}));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestAutoInterval)
#include "test_auto_interval.moc"
