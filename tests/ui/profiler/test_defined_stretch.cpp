// SPDX-License-Identifier: GPL-3.0-or-later
// The grid points the profiler shows: along the read share only where the metric has a value.
#include "profiler/defined_stretch.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::ui;
using iolens::core::Factor;
using iolens::core::Metric;

namespace {

iolens::core::SweepGrid readShares()
{
    iolens::core::SweepGrid grid;
    grid.factor = Factor::ReadPct;
    grid.spacing = iolens::core::SweepSpacing::Linear;
    grid.x = {0.0, 0.5, 50.0, 99.5, 100.0};
    return grid;
}

} // namespace

class TestDefinedStretch : public QObject {
    Q_OBJECT
private slots:
    // No reads at 0 %: the read response time starts at the first share above it.
    void readMetric_startsAboveZeroReads()
    {
        for (const Metric metric : {Metric::RtReadMs, Metric::TpReadMbs}) {
            const auto stretch = definedStretch(readShares(), metric);
            QVERIFY(stretch);
            QCOMPARE(stretch->first, std::size_t {1});
            QCOMPARE(stretch->last, std::size_t {4});
        }
    }

    void writeMetric_endsBelowAllReads()
    {
        const auto stretch = definedStretch(readShares(), Metric::RtWriteMs);
        QVERIFY(stretch);
        QCOMPARE(stretch->first, std::size_t {0});
        QCOMPARE(stretch->last, std::size_t {3});
    }

    void otherFactors_showTheWholeSweep()
    {
        iolens::core::SweepGrid grid = readShares();
        grid.factor = Factor::Vms;
        const auto stretch = definedStretch(grid, Metric::RtReadMs);
        QVERIFY(stretch);
        QCOMPARE(stretch->first, std::size_t {0});
        QCOMPARE(stretch->last, std::size_t {4});
    }

    void noPointWithAValue_isNone()
    {
        iolens::core::SweepGrid grid = readShares();
        grid.x = {0.0};
        QVERIFY(!definedStretch(grid, Metric::RtReadMs));
        grid.x.clear();
        QVERIFY(!definedStretch(grid, Metric::RtReadMs));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestDefinedStretch)
#include "test_defined_stretch.moc"
