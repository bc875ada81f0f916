// SPDX-License-Identifier: GPL-3.0-or-later
// The window's names of metrics, factors and counts: one wording wherever they appear.
#include "common/metric_text.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::ui;
using iolens::core::Factor;
using iolens::core::Metric;

class TestMetricText : public QObject {
    Q_OBJECT
private slots:
    void metricsAndFactors_haveLongShortAndUnitNames()
    {
        QCOMPARE(metricTitle(Metric::RtReadMs), QStringLiteral("Read response time"));
        QCOMPARE(metricShortTitle(Metric::RtReadMs), QStringLiteral("Read RT"));
        QCOMPARE(metricUnitText(Metric::TpWriteMbs), QStringLiteral("MiB/s"));
        QCOMPARE(factorTitle(Factor::FilesetBytes), QStringLiteral("File-set size"));
    }

    // The scenario summary, the capacity answers and the measurement table's note count threads
    // and VMs alike.
    void counts_takeTheSingularForOne()
    {
        QCOMPARE(threadCountText(1), QStringLiteral("1 thread"));
        QCOMPARE(threadCountText(16), QStringLiteral("16 threads"));
        QCOMPARE(vmCountText(1), QStringLiteral("1 VM"));
        QCOMPARE(vmCountText(3), QStringLiteral("3 VMs"));
        QCOMPARE(vmCountText(0), QStringLiteral("0 VMs"));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestMetricText)
#include "test_metric_text.moc"
