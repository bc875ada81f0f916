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

    void beyondMeasured_flagsRowsOutsideAnyRangeButNotItsEdges()
    {
        std::vector<Configuration> configs(3);
        const double fileset[] = {256, 1024, 4096}, request[] = {4, 16, 64};
        for (int i = 0; i < 3; ++i) {
            configs[i].filesetBytes = static_cast<std::int64_t>(fileset[i]) << 20;
            configs[i].requestBytes = static_cast<std::int64_t>(request[i]) << 10;
        }
        Dataset data;
        data.schema = FeatureSchema::fromConfigurations(configs);
        data.x = data.schema.encode(configs);
        QCOMPARE(data.schema.size(), std::size_t {2}); // every other factor is constant
        const Eigen::Index requestColumn = data.schema.numericColumn(Factor::RequestBytes);
        const std::vector<MeasuredRange> ranges = measuredRanges(data);
        QCOMPARE(ranges.size(), std::size_t {2});
        QCOMPARE(ranges[static_cast<std::size_t>(requestColumn)].low, 4.0);
        QCOMPARE(ranges[static_cast<std::size_t>(requestColumn)].high, 64.0);

        // Rows (file set MiB, request KiB) in the schema's column order.
        const auto row = [&](double mib, double kib) {
            Eigen::RowVector2d r;
            r(requestColumn) = kib;
            r(1 - requestColumn) = mib;
            return r;
        };
        Eigen::MatrixXd x(5, 2);
        x << row(512, 8),                // between measured levels
            row(4096 * (1 + 1e-12), 64), // an edge with its last bits changed
            row(8192, 16),               // beyond in the file set
            row(1024, 2),                // beyond in the request size
            row(256, 4);                 // the lower edges
        QCOMPARE(
            beyondMeasured(x, ranges), (std::vector<char> {0, 0, kAboveRange, kBelowRange, 0}));
        const Eigen::MatrixXd both = row(8192, 2);
        QCOMPARE(beyondMeasured(both, ranges), std::vector<char> {kAboveRange | kBelowRange});
        QCOMPARE(beyondMeasured(x, {}), std::vector<char>(5, 0));

        // How far beyond, in measured steps: both factors were measured two octaves apart.
        for (const MeasuredRange& range : ranges) {
            QVERIFY(range.log2);
            QCOMPARE(range.step, 2.0);
        }
        const std::vector<double> steps = stepsBeyondMeasured(x, ranges);
        QCOMPARE(steps.size(), std::size_t {5});
        QCOMPARE(steps[0], 0.0);
        QCOMPARE(steps[1], 0.0);
        QCOMPARE(steps[2], 0.5); // 8 GiB: one octave beyond 4 GiB
        QCOMPARE(steps[3], 0.5); // 2 KiB: one octave below 4 KiB
        QCOMPARE(steps[4], 0.0);
        // 64 GiB is two steps above 4 GiB, 0.5 KiB one and a half below 4 KiB: the larger counts.
        QCOMPARE(stepsBeyondMeasured(row(65536, 0.5), ranges), std::vector<double> {2.0});
        // A range without a step (a file from before it): any distance beyond is one step.
        std::vector<MeasuredRange> unknown = ranges;
        for (MeasuredRange& range : unknown)
            range.step = 0.0;
        QCOMPARE(stepsBeyondMeasured(x, unknown), (std::vector<double> {0, 0, 1, 1, 0}));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestAutoInterval)
#include "test_auto_interval.moc"
