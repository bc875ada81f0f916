// SPDX-License-Identifier: GPL-3.0-or-later
// The measurement session against real fio on a scratch folder, with the I/O scheduler on a
// fake sysfs directory (switching a real one needs root and a real device).
#include "common/error.hpp"
#include "common/text_file.hpp"
#include "harness/measurement_session.hpp"
#include "store/measurement_database.hpp"
#include "support/fio_tool.hpp"
#include "support/test_registry.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <set>

using namespace iolens::core;
namespace fs = std::filesystem;

namespace {

constexpr const char* kOriginalScheduler = "[mq-deadline] none bfq";

MeasurementPlan tinyPlan(const QTemporaryDir& dir, const std::string& factors)
{
    const bool direct = iolens::test::supportsDirectIo(dir.path());
    MeasurementPlan plan = parsePlan(
        R"({"dataset": "tiny", "target": {"device": "fake0"},
            "workload": {"ramp_seconds": 0, "runtime_seconds": 1, "repetitions": 1,
                         "direct": )"
            + std::string(direct ? "true" : "false") + R"(},
            "factors": )"
            + factors + "}",
        "tiny.json");
    plan.target.directory = fs::path(dir.path().toStdString()) / "target";
    return plan;
}

struct Fixture {
    QTemporaryDir dir {iolens::test::measurementScratchParent() + "/session-XXXXXX"};
    fs::path sysfs;
    MeasureOptions options;

    Fixture()
    {
        sysfs = fs::path(dir.path().toStdString()) / "sys";
        fs::create_directories(sysfs / "block" / "fake0" / "queue");
        std::ofstream(sysfs / "block" / "fake0" / "queue" / "scheduler") << kOriginalScheduler;
        options.fioProgram = iolens::test::fioPath().toStdString();
        options.sysfsRoot = sysfs;
        options.sampleLowLevel = false; // the sampler has its own tests; keeps these fast
    }
    std::string scheduler() const
    {
        return readTextFile((sysfs / "block" / "fake0" / "queue" / "scheduler").string());
    }
};

} // namespace

class TestMeasurementSession : public QObject {
    Q_OBJECT
private slots:
    void init() { IOLENS_REQUIRE_TOOL(iolens::test::fioTool()); }

    void run_switchesSchedulerPerConfigurationAndRestoresIt()
    {
        Fixture f;
        const MeasurementPlan plan = tinyPlan(
            f.dir, R"({"scheduler": ["none", "bfq"], "fileset": ["16M"], "request": ["64k"]})");
        MeasurementDatabase db = MeasurementDatabase::inMemory();
        std::vector<std::string> seenWhileRunning;
        f.options.progress = [&](const MeasureProgress& p) {
            if (p.phase == MeasureProgress::Phase::Running)
                seenWhileRunning.push_back(f.scheduler());
        };
        MeasurementSession session(plan, db, f.options);
        QVERIFY2(session.estimate().schedulerNote.find("switching") != std::string::npos,
            session.estimate().schedulerNote.c_str());
        QCOMPARE(session.estimate().runsPending, 2);
        QCOMPARE(session.estimate().layoutBytes, std::int64_t {16 << 20});
        const MeasureReport report = session.run();
        QVERIFY(!report.cancelled);
        QCOMPARE(report.runsStored, 2);
        QCOMPARE(seenWhileRunning, (std::vector<std::string> {"none", "bfq"}));
        QCOMPARE(f.scheduler(), std::string("mq-deadline"));
        std::set<std::string> stored;
        for (const Measurement& m : db.measurements()) {
            stored.insert(m.config.scheduler);
            QVERIFY(m.value(Metric::TpReadMbs).value_or(0.0) > 0.0);
            QCOMPARE(m.config.filesetBytes, std::int64_t {16 << 20});
        }
        QCOMPARE(stored, (std::set<std::string> {"none", "bfq"}));
        // Nothing left to do: a second session resumes to an empty list. (A plain file keeps
        // only the name last written; real sysfs lists them all again.)
        std::ofstream(f.sysfs / "block" / "fake0" / "queue" / "scheduler") << kOriginalScheduler;
        MeasurementSession again(plan, db, f.options);
        QCOMPARE(again.estimate().runsAlreadyStored, 2);
        QCOMPARE(again.estimate().runsPending, 0);
    }

    void cancel_stopsFioStoresNothingAndRestoresScheduler()
    {
        Fixture f;
        MeasurementPlan plan
            = tinyPlan(f.dir, R"({"scheduler": ["bfq"], "fileset": ["16M"], "request": ["64k"]})");
        plan.workload.runtimeSeconds = 30; // cancelled long before
        MeasurementDatabase db = MeasurementDatabase::inMemory();
        std::atomic<bool> cancel {false};
        f.options.cancel = &cancel;
        f.options.progress = [&](const MeasureProgress& p) {
            if (p.phase == MeasureProgress::Phase::Running)
                cancel = true;
        };
        QElapsedTimer timer;
        timer.start();
        const MeasureReport report = MeasurementSession(plan, db, f.options).run();
        QVERIFY(report.cancelled);
        QVERIFY2(timer.elapsed() < 10000, qPrintable(QString::number(timer.elapsed())));
        QCOMPARE(report.runsStored, 0);
        QVERIFY(db.measurements().empty());
        QCOMPARE(f.scheduler(), std::string("mq-deadline"));
        for (const auto& entry : fs::directory_iterator(plan.target.directory / ".iolens" / "raw"))
            QVERIFY2(entry.path().extension() == ".log", entry.path().c_str()); // no JSON kept
    }

    void fioFailure_throwsWithFioMessageAndRestoresScheduler()
    {
        Fixture f;
        MeasurementPlan plan
            = tinyPlan(f.dir, R"({"scheduler": ["bfq"], "fileset": ["16M"], "request": ["64k"]})");
        plan.workload.ioengine = "no-such-engine";
        MeasurementDatabase db = MeasurementDatabase::inMemory();
        MeasurementSession session(plan, db, f.options);
        try {
            session.run();
            QFAIL("a failing fio was not reported");
        } catch (const Error& e) {
            QVERIFY2(QString(e.what()).contains("fio failed on"), e.what());
        }
        QCOMPARE(f.scheduler(), std::string("mq-deadline"));
        QVERIFY(db.measurements().empty());
    }

    void multiVm_oneRowWithVmsAndOneRawFilePerVm()
    {
        Fixture f;
        const MeasurementPlan plan = tinyPlan(
            f.dir, R"({"fileset": ["32M"], "request": ["64k"], "threads": [2], "vms": [2]})");
        MeasurementDatabase db = MeasurementDatabase::inMemory();
        MeasurementSession session(plan, db, f.options);
        // No scheduler values in the plan: the device's current one is recorded.
        QCOMPARE(session.configurations().front().scheduler, std::string("mq-deadline"));
        QCOMPARE(session.run().runsStored, 1);
        const auto rows = db.measurements();
        QCOMPARE(rows.size(), std::size_t {1});
        QCOMPARE(rows[0].config.vms, 2);
        QCOMPARE(rows[0].config.threads, 2);
        QCOMPARE(rows[0].config.filesetBytes, std::int64_t {32 << 20});
        const fs::path raw = plan.target.directory / ".iolens" / "raw";
        const std::string key = "mq-deadline_fs32M_bs65536_ran_r100_t2_v2-rep0";
        QVERIFY(fs::exists(raw / (key + ".vm0.json")));
        QVERIFY(fs::exists(raw / (key + ".vm1.json")));
        // Each VM read its own 16 MiB share in its own folder.
        const fs::path sets = plan.target.directory / "filesets" / "33554432-vms2";
        QCOMPARE(fs::file_size(sets / "vm0" / "f0000"), std::uintmax_t {16 << 20});
        QCOMPARE(fs::file_size(sets / "vm1" / "f0000"), std::uintmax_t {16 << 20});
    }

    void missingFio_isAConfigError()
    {
        Fixture f;
        const MeasurementPlan plan = tinyPlan(f.dir, R"({"fileset": ["16M"], "request": ["4k"]})");
        f.options.fioProgram = "/nonexistent/fio";
        MeasurementDatabase db = MeasurementDatabase::inMemory();
        MeasurementSession session(plan, db, f.options);
        QVERIFY_THROWS_EXCEPTION(ConfigError, session.run());
        QVERIFY(!fs::exists(plan.target.directory)); // nothing written
    }
};

IOLENS_TEST_GUILESS_MAIN(TestMeasurementSession)
#include "test_measurement_session.moc"
