// SPDX-License-Identifier: GPL-3.0-or-later
// The measurement session's multi-host case (fio client/server) against two real
// `fio --server` processes on loopback ports: the paper's multi-VM case with two "VMs".
#include "common/error.hpp"
#include "harness/measurement_session.hpp"
#include "harness/multi_vm.hpp"
#include "store/measurement_database.hpp"
#include "support/fio_server.hpp"
#include "support/fio_tool.hpp"
#include "support/test_registry.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <cmath>
#include <map>
#include <set>

using namespace iolens::core;
namespace fs = std::filesystem;

namespace {

// Two fio servers and a plan of two configurations (two request sizes) on them.
struct TwoHosts {
    QTemporaryDir dir {iolens::test::measurementScratchParent() + "/hosts-XXXXXX"};
    int port1 = 0;
    int port2 = 0;
    std::unique_ptr<ChildProcess> server1;
    std::unique_ptr<ChildProcess> server2;
    fs::path dbPath;

    TwoHosts()
    {
        server1 = iolens::test::startFioServer(iolens::test::fioPath(), dir.path(), port1);
        server2 = iolens::test::startFioServer(iolens::test::fioPath(), dir.path(), port2);
        dbPath = fs::path(dir.path().toStdString()) / "hosts.sqlite";
    }

    MeasurementPlan plan(int repetitions) const
    {
        const bool direct = iolens::test::supportsDirectIo(dir.path());
        const std::string json = R"({"dataset": "two-vms", "split": "multivm",
            "hosts": [{"name": "vm1", "address": "127.0.0.1,)"
            + std::to_string(port1) + R"("},
                      {"name": "vm2", "address": "127.0.0.1,)"
            + std::to_string(port2) + R"("}],
            "workload": {"ramp_seconds": 0, "runtime_seconds": 1, "repetitions": )"
            + std::to_string(repetitions) + R"(, "direct": )" + (direct ? "true" : "false") + R"(},
            "factors": {"fileset": ["32M"], "request": ["16k", "64k"], "threads": [2],
                        "read_pct": [50]}})";
        MeasurementPlan p = parsePlan(json, "hosts.json");
        p.target.directory = fs::path(dir.path().toStdString()) / "target";
        return p;
    }

    MeasureOptions options() const
    {
        MeasureOptions o;
        o.fioProgram = iolens::test::fioPath().toStdString();
        o.sampleLowLevel = false;
        return o;
    }
};

void compareClose(std::optional<double> actual, double expected, const char* what)
{
    QVERIFY2(actual.has_value(), what);
    QVERIFY2(std::abs(*actual - expected) <= 1e-9 * std::max(1.0, std::abs(expected)), what);
}

} // namespace

class TestMeasurementSessionHosts : public QObject {
    Q_OBJECT
private slots:
    void init() { IOLENS_REQUIRE_TOOL(iolens::test::fioTool()); }

    void run_storesAggregateAndPerHostRowsAndResumes()
    {
        TwoHosts h;
        QVERIFY2(h.server1 && h.server2, "fio --server did not start on loopback");
        std::atomic<bool> cancel {false};
        {
            // First session: stopped after its first stored run, as by Ctrl-C.
            MeasurementDatabase db = MeasurementDatabase::openOrCreate(h.dbPath.string());
            MeasureOptions options = h.options();
            options.cancel = &cancel;
            options.progress = [&](const MeasureProgress& p) {
                if (p.phase == MeasureProgress::Phase::Stored)
                    cancel = true;
            };
            MeasurementSession session(h.plan(2), db, options);
            QCOMPARE(session.estimate().hosts, 2);
            QCOMPARE(session.estimate().runsPending, 4);
            QCOMPARE(session.estimate().layoutBytes, std::int64_t {0});
            const MeasureReport report = session.run();
            QVERIFY(report.cancelled);
            QCOMPARE(report.runsStored, 1);
            QCOMPARE(db.hostMeasurements().size(), std::size_t {2});
        }
        // Second session on the reopened file: the stored run is skipped.
        MeasurementDatabase db = MeasurementDatabase::open(h.dbPath.string(), false);
        MeasurementSession session(h.plan(2), db, h.options());
        QCOMPARE(session.estimate().runsAlreadyStored, 1);
        QCOMPARE(session.estimate().runsPending, 3);
        const MeasureReport report = session.run();
        QVERIFY(!report.cancelled);
        QCOMPARE(report.runsStored, 3);

        const std::vector<Measurement> rows = db.measurements({"two-vms", std::nullopt});
        QCOMPARE(rows.size(), std::size_t {4});
        std::set<std::pair<std::int64_t, int>> runs;
        for (const Measurement& m : rows) {
            QCOMPARE(m.config.vms, 2);
            QCOMPARE(m.config.threads, 2);
            QCOMPARE(m.config.filesetBytes, std::int64_t {32} << 20);
            QCOMPARE(m.split, std::string("multivm"));
            QVERIFY(m.value(Metric::TpReadMbs).value_or(0.0) > 0.0);
            runs.insert({m.config.requestBytes, m.rep});
        }
        QCOMPARE(runs.size(), std::size_t {4}); // no run stored twice

        const std::vector<StoredHostMeasurement> hosts = db.hostMeasurements({"two-vms", {}});
        QCOMPARE(hosts.size(), std::size_t {8});
        for (std::size_t r = 0; r < rows.size(); ++r) {
            const StoredHostMeasurement& a = hosts[2 * r];
            const StoredHostMeasurement& b = hosts[2 * r + 1];
            QCOMPARE(a.run.config, rows[r].config);
            QCOMPARE(a.run.rep, rows[r].rep);
            QCOMPARE(b.run.config, rows[r].config);
            QCOMPARE(a.hostIndex, 0);
            QCOMPARE(b.hostIndex, 1);
            QCOMPARE(a.host.host, std::string("vm1"));
            QCOMPARE(b.host.host, std::string("vm2"));
            QCOMPARE(a.host.address, "127.0.0.1," + std::to_string(h.port1));
            QCOMPARE(b.host.address, "127.0.0.1," + std::to_string(h.port2));
            for (const StoredHostMeasurement* host : {&a, &b}) {
                QCOMPARE(host->host.measurement.config.threads, 1);
                QCOMPARE(host->host.measurement.config.filesetBytes, std::int64_t {16} << 20);
                QVERIFY(host->host.measurement.value(Metric::IopsRead).value_or(0.0) > 0.0);
            }
            // The aggregate is the hosts combined: response times averaged, throughputs summed.
            const Measurement& x = a.host.measurement;
            const Measurement& y = b.host.measurement;
            compareClose(rows[r].value(Metric::RtReadMs),
                (*x.value(Metric::RtReadMs) + *y.value(Metric::RtReadMs)) / 2.0,
                "rt_read_ms is the mean of the hosts'");
            compareClose(rows[r].value(Metric::RtWriteMs),
                (*x.value(Metric::RtWriteMs) + *y.value(Metric::RtWriteMs)) / 2.0,
                "rt_write_ms is the mean of the hosts'");
            compareClose(rows[r].value(Metric::TpReadMbs),
                *x.value(Metric::TpReadMbs) + *y.value(Metric::TpReadMbs),
                "tp_read_mbs is the sum of the hosts'");
            compareClose(rows[r].value(Metric::IopsWrite),
                *x.value(Metric::IopsWrite) + *y.value(Metric::IopsWrite),
                "iops_write is the sum of the hosts'");
        }
        // fio's client JSON of every run is kept.
        const fs::path raw = h.plan(2).target.directory / ".iolens" / "raw";
        int kept = 0;
        for (const auto& entry : fs::directory_iterator(raw))
            kept += fs::exists(entry.path() / "client.json") ? 1 : 0;
        QCOMPARE(kept, 4);
    }

    void run_failsWithFiosMessageWhenAHostDoesNotListen()
    {
        TwoHosts h;
        QVERIFY(h.server1 && h.server2);
        MeasurementPlan plan = h.plan(1);
        h.server2.reset(); // stops the second server
        MeasurementDatabase db = MeasurementDatabase::inMemory();
        MeasurementSession session(plan, db, h.options());
        QVERIFY_THROWS_EXCEPTION(Error, session.run());
        QVERIFY(db.measurements().empty());
        QVERIFY(db.hostMeasurements().empty());
    }
};

IOLENS_TEST_GUILESS_MAIN(TestMeasurementSessionHosts)
#include "test_measurement_session_hosts.moc"
