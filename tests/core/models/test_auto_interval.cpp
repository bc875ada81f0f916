// SPDX-License-Identifier: GPL-3.0-or-later
// The auto model's interval calibrations: residuals kept sorted, levels never narrowed, the
// stored form read back, held-out points split by kind, and which configurations lie beyond
// the measured ranges.
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
    // widens the level used; it never narrows one.
    void calibration_widensWhereLevelsShiftAndNeverNarrows()
    {
        const GroupedCvResult cv
            = heldOut(6, 20, [](int level, int k) { return level + 0.01 * (k - 9.5); });
        const LevelCalibration calibration = LevelCalibration::fromGroupedCv(cv);
        QCOMPARE(calibration.size(), std::size_t {120});
        QVERIFY(calibration.coverage() < 0.8);
        QVERIFY(calibration.calibratedLevel(0.8) > 0.8);
        for (double level : {0.1, 0.5, 0.8, 0.95, 0.99})
            QVERIFY(calibration.calibratedLevel(level) >= level);
        QVERIFY_THROWS_EXCEPTION(ConfigError, calibration.calibratedLevel(0.0));
        const ConformalBounds b = calibration.bounds(0.8);
        QVERIFY(b.lower < 0.0 && b.upper > 0.0);
        QVERIFY_THROWS_EXCEPTION(DataError, LevelCalibration::fromGroupedCv(GroupedCvResult {}));
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
