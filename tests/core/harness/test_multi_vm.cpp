// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "harness/multi_vm.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::core;

class TestMultiVm : public QObject {
    Q_OBJECT
private slots:
    void combine_averagesResponseTimesAndSumsThroughputs()
    {
        Measurement a, b;
        a.setValue(Metric::RtReadMs, 1.0);
        b.setValue(Metric::RtReadMs, 3.0);
        a.setValue(Metric::RtReadP99Ms, 4.0);
        b.setValue(Metric::RtReadP99Ms, 8.0);
        a.setValue(Metric::TpReadMbs, 100.0);
        b.setValue(Metric::TpReadMbs, 50.0);
        a.setValue(Metric::IopsRead, 2000.0);
        b.setValue(Metric::IopsRead, 1000.0);
        b.setValue(Metric::TpWriteMbs, 7.0); // only one VM wrote
        a.measuredAt = "2026-11-22T10:00:01Z";
        b.measuredAt = "2026-11-22T10:00:00Z";
        Configuration config;
        config.threads = 8;
        config.vms = 2;
        const Measurement m = combineVmResults({a, b}, config);
        QCOMPARE(*m.value(Metric::RtReadMs), 2.0);
        QCOMPARE(*m.value(Metric::RtReadP99Ms), 6.0);
        QCOMPARE(*m.value(Metric::TpReadMbs), 150.0);
        QCOMPARE(*m.value(Metric::IopsRead), 3000.0);
        QCOMPARE(*m.value(Metric::TpWriteMbs), 7.0);
        QVERIFY(!m.value(Metric::RtWriteMs));
        QCOMPARE(m.config.vms, 2);
        QCOMPARE(m.config.threads, 8);
        QCOMPARE(m.measuredAt, std::string("2026-11-22T10:00:00Z"));
    }

    void combine_oneVmIsThatVm()
    {
        Measurement a;
        a.setValue(Metric::RtWriteMs, 0.25);
        a.setValue(Metric::TpWriteMbs, 12.5);
        const Measurement m = combineVmResults({a}, Configuration {});
        QCOMPARE(m.metrics, a.metrics);
        QVERIFY_THROWS_EXCEPTION(StateError, combineVmResults({}, Configuration {}));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestMultiVm)
#include "test_multi_vm.moc"
