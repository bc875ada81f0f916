// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "harness/scheduler_factor.hpp"
#include "support/test_registry.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>

using namespace iolens::core;
namespace fs = std::filesystem;

namespace {

// A directory laid out like /sys with one device "fake0" whose scheduler file holds `line`.
fs::path fakeSysfs(const QTemporaryDir& dir, const std::string& line)
{
    const fs::path root = fs::path(dir.path().toStdString()) / "sys";
    fs::create_directories(root / "block" / "fake0" / "queue");
    std::ofstream(root / "block" / "fake0" / "queue" / "scheduler") << line << "\n";
    return root;
}

Configuration schedulerConfig(const std::string& scheduler, std::int64_t requestBytes)
{
    Configuration c;
    c.scheduler = scheduler;
    c.filesetBytes = 16 * 1024 * 1024;
    c.requestBytes = requestBytes;
    return c;
}

// Two request sizes under each of `schedulers`, in that order.
MeasurementPlan plan(const std::vector<std::string>& schedulers, const fs::path& directory)
{
    MeasurementPlan p;
    p.dataset = "d";
    p.target.directory = directory;
    for (const std::string& s : schedulers)
        for (std::int64_t request : {4096, 65536})
            p.configurations.push_back(schedulerConfig(s, request));
    return p;
}

bool contains(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

} // namespace

class TestSchedulerFactor : public QObject {
    Q_OBJECT
private slots:
    void writableDevice_switchesAndKeepsEverySchedulerValue()
    {
        QTemporaryDir dir;
        const fs::path sysfs = fakeSysfs(dir, "[mq-deadline] none bfq");
        MeasurementPlan p
            = plan({"none", "bfq", std::string(kCurrentScheduler)}, dir.path().toStdString());
        p.target.device = "fake0";
        const SchedulerFactor factor = resolveSchedulerFactor(p, sysfs);
        QVERIFY(factor.switching);
        QVERIFY(factor.device);
        QCOMPARE(factor.device->device(), std::string("fake0"));
        QVERIFY2(contains(factor.note,
                     "switching the I/O scheduler of fake0 per configuration "
                     "(now mq-deadline"),
            factor.note.c_str());
        QCOMPARE(factor.configurations.size(), std::size_t {6});
        // "current" is the scheduler in use; the order of the plan is kept.
        QCOMPARE(factor.configurations[0].scheduler, std::string("none"));
        QCOMPARE(factor.configurations[2].scheduler, std::string("bfq"));
        QCOMPARE(factor.configurations[4].scheduler, std::string("mq-deadline"));
        QCOMPARE(factor.configurations[5].requestBytes, std::int64_t {65536});
    }

    void deviceWithoutTheScheduler_isAnError()
    {
        QTemporaryDir dir;
        const fs::path sysfs = fakeSysfs(dir, "[mq-deadline] none");
        MeasurementPlan p = plan({"kyber"}, dir.path().toStdString());
        p.target.device = "fake0";
        try {
            resolveSchedulerFactor(p, sysfs);
            QFAIL("a scheduler the device does not offer was accepted");
        } catch (const ConfigError& e) {
            QVERIFY2(contains(e.what(), "device fake0 has no I/O scheduler 'kyber'"), e.what());
        }
    }

    void deviceWithoutSchedulerValues_recordsTheCurrentOne()
    {
        QTemporaryDir dir;
        const fs::path sysfs = fakeSysfs(dir, "none [bfq]");
        MeasurementPlan p = plan({std::string(kCurrentScheduler)}, dir.path().toStdString());
        p.target.device = "fake0";
        const SchedulerFactor factor = resolveSchedulerFactor(p, sysfs);
        QVERIFY(!factor.switching);
        QVERIFY2(contains(factor.note, "fixed at 'bfq': the plan lists no scheduler values"),
            factor.note.c_str());
        QCOMPARE(factor.configurations.size(), std::size_t {2});
        for (const Configuration& c : factor.configurations)
            QCOMPARE(c.scheduler, std::string("bfq"));
    }

    void noDevice_fixesTheFactorAndMergesWhatBecomesTheSame()
    {
        QTemporaryDir dir;
        const fs::path sysfs = fs::path(dir.path().toStdString()) / "empty-sys";
        fs::create_directories(sysfs);
        const SchedulerFactor factor
            = resolveSchedulerFactor(plan({"none", "bfq"}, dir.path().toStdString()), sysfs);
        QVERIFY(!factor.switching);
        QVERIFY(!factor.device);
        QVERIFY2(contains(factor.note, "fixed at 'unknown'"), factor.note.c_str());
        QVERIFY2(contains(factor.note, "the plan's scheduler values are measured as 'unknown'"),
            factor.note.c_str());
        // none and bfq both become "unknown": four configurations, two distinct.
        QCOMPARE(factor.configurations.size(), std::size_t {2});
        QCOMPARE(factor.configurations[0].requestBytes, std::int64_t {4096});
        QCOMPARE(factor.configurations[1].requestBytes, std::int64_t {65536});
    }

    void hosts_takeTheSchedulerValueAsALabel()
    {
        QTemporaryDir dir;
        MeasurementPlan p = plan({"bfq"}, dir.path().toStdString());
        p.hosts = {{"vm1", "10.0.0.1", 0}, {"vm2", "10.0.0.2", 0}};
        const SchedulerFactor factor = resolveSchedulerFactor(p, "/nonexistent-sys");
        QVERIFY(!factor.switching);
        QVERIFY(!factor.device);
        QVERIFY2(contains(factor.note, "remote hosts"), factor.note.c_str());
        QCOMPARE(factor.configurations.size(), std::size_t {2});
        for (const Configuration& c : factor.configurations)
            QCOMPARE(c.scheduler, std::string("bfq"));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestSchedulerFactor)
#include "test_scheduler_factor.moc"
