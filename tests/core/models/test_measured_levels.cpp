// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/measured_levels.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::core;

class TestMeasuredLevels : public QObject {
    Q_OBJECT
private slots:
    // A step is the median gap between distinct levels, rounding aside; one level has none.
    void medianLevelGap_ofDistinctLevels()
    {
        QCOMPARE(medianLevelGap({2.0, 4.0, 6.0, 6.0 * (1 + 1e-12), 4.0}), 2.0);
        QCOMPARE(medianLevelGap({0.0, 25.0, 50.0, 100.0}), 25.0);
        QCOMPARE(medianLevelGap({5.0, 5.0}), 1.0);
        QCOMPARE(stepScaleValue(Factor::RequestBytes, 64.0), 6.0);
        QCOMPARE(stepScaleValue(Factor::ReadPct, 64.0), 64.0);
    }

    // Above the top by more than rounding, in that column only, in row order.
    void rowsAbove_skipsTheTopAndItsRounding()
    {
        Eigen::MatrixXd x(5, 2);
        x << 64, 999, 64 * (1 + 1e-12), 999, 65, 1, 32, 999, 128, 1;
        QCOMPARE(rowsAbove(x, 0, 64.0), (std::vector<Eigen::Index> {2, 4}));
        QCOMPARE(rowsAbove(x, 1, 64.0), (std::vector<Eigen::Index> {0, 1, 3}));
        QVERIFY(rowsAbove(x, 0, 128.0).empty());
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

IOLENS_TEST_GUILESS_MAIN(TestMeasuredLevels)
#include "test_measured_levels.moc"
