// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "harness/fio_client.hpp"
#include "support/fio_server.hpp"
#include "support/fio_tool.hpp"
#include "support/test_registry.hpp"

#include <QDir>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace iolens::core;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

json direction(double ios, double mib, double iops, double meanMs, double p99Ms)
{
    return {{"total_ios", ios}, {"bw_bytes", mib * 1048576.0}, {"iops", iops},
        {"clat_ns", {{"mean", meanMs * 1e6}, {"percentile", {{"99.000000", p99Ms * 1e6}}}}}};
}

json entry(const std::string& host, int port, const json& read, const json& write)
{
    return {{"jobname", "job"}, {"error", 0}, {"job options", {{"filename", "/data/f"}}},
        {"read", read}, {"write", write}, {"hostname", host}, {"port", port}};
}

// Client output of two hosts: 10.0.0.1 with two jobs (no group_reporting), 10.0.0.2 with one,
// the workload in the shared [global] section, and fio's own "All clients" entry.
json twoHostOutput()
{
    json all = entry("10.0.0.1", 8765, direction(1, 1, 1, 1, 1), direction(1, 1, 1, 1, 1));
    all["jobname"] = "All clients";
    return {{"fio version", "fio-3.33"}, {"timestamp", 1795375775},
        {"global options", {{"size", "8m"}, {"bs", "4k"}, {"rw", "randrw"}, {"rwmixread", "50"}}},
        {"client_stats",
            {entry("10.0.0.1", 8765, direction(100, 1, 256, 2, 4), direction(100, 2, 512, 1, 3)),
                entry("10.0.0.2", 9000, direction(200, 2, 512, 3, 7), direction(200, 1, 256, 4, 8)),
                entry("10.0.0.1", 8765, direction(300, 3, 768, 1, 5), direction(100, 2, 512, 3, 6)),
                all}}};
}

std::string tinyJob(const QString& dir, const std::string& file, bool direct)
{
    return "[tiny]\nfilename=" + (dir + "/").toStdString() + file
        + "\nsize=2m\nrw=randrw\nrwmixread=50\nbs=4k\nioengine=psync\nruntime=1\ntime_based=1\n"
          "direct="
        + (direct ? "1" : "0") + "\n";
}

} // namespace

class TestFioClient : public QObject {
    Q_OBJECT
private slots:
    void fioClientArguments_givesOneClientAndJobFilePerHost()
    {
        const std::vector<FioClientHost> hosts {{"vm1", 0, ""}, {"127.0.0.1", 8766, ""}};
        const std::vector<std::string> expected {"fio", "--client=vm1", "a.fio",
            "--client=127.0.0.1,8766", "b.fio", "--output-format=json"};
        QCOMPARE(fioClientArguments("fio", hosts, {"a.fio", "b.fio"}), expected);
    }

    void fioClientArguments_rejectsBadHosts_data()
    {
        QTest::addColumn<QString>("address");
        QTest::addColumn<int>("port");
        QTest::newRow("same host twice (8765 is the default)") << "vm1" << 8765;
        QTest::newRow("empty address") << "" << 1;
        QTest::newRow("comma in the address") << "vm2,9000" << 0;
        QTest::newRow("port too large") << "vm2" << 70000;
    }

    void fioClientArguments_rejectsBadHosts()
    {
        QFETCH(QString, address);
        QFETCH(int, port);
        const std::vector<FioClientHost> hosts {{"vm1", 0, ""}, {address.toStdString(), port, ""}};
        QVERIFY_THROWS_EXCEPTION(ConfigError, fioClientArguments("fio", hosts, {"a", "b"}));
    }

    void parseFioClientJson_combinesEachHostsJobs()
    {
        const auto hosts = parseFioClientJson("\n" + twoHostOutput().dump(2), "client.json");
        QCOMPARE(hosts.size(), std::size_t {2});
        const FioHostResult& a = hosts[0];
        QCOMPARE(a.host, std::string("10.0.0.1"));
        QCOMPARE(a.port, 8765);
        QCOMPARE(a.jobs, 2);
        QCOMPARE(a.measurement.config.filesetBytes, std::int64_t {8 << 20}); // from [global]
        QCOMPARE(a.measurement.config.readPct, 50.0);
        QCOMPARE(*a.measurement.value(Metric::TpReadMbs), 4.0);
        QCOMPARE(*a.measurement.value(Metric::IopsRead), 1024.0);
        QCOMPARE(*a.measurement.value(Metric::RtReadMs), 1.25); // (100 x 2 + 300 x 1) / 400
        QCOMPARE(*a.measurement.value(Metric::RtWriteMs), 2.0); // (100 x 1 + 100 x 3) / 200
        QCOMPARE(hosts[1].host, std::string("10.0.0.2"));
        QCOMPARE(hosts[1].port, 9000);
        QCOMPARE(*hosts[1].measurement.value(Metric::RtReadMs), 3.0);
    }

    void aggregateOverHosts_sumsThroughputAndAveragesResponseTimes()
    {
        const Measurement m
            = aggregateOverHosts(parseFioClientJson(twoHostOutput().dump(), "client.json"));
        QCOMPARE(m.config.vms, 2);
        QCOMPARE(m.config.threads, 3); // 2 jobs + 1 job
        QCOMPARE(m.config.filesetBytes, std::int64_t {16 << 20});
        QCOMPARE(m.config.requestBytes, std::int64_t {4096});
        QCOMPARE(m.split, std::string("multivm"));
        QCOMPARE(*m.value(Metric::TpReadMbs), 6.0);
        QCOMPARE(*m.value(Metric::TpWriteMbs), 5.0);
        QCOMPARE(*m.value(Metric::IopsRead), 1536.0);
        QCOMPARE(*m.value(Metric::IopsWrite), 1280.0);
        QCOMPARE(*m.value(Metric::RtReadMs), 2.125);   // (1.25 + 3) / 2, each host once
        QCOMPARE(*m.value(Metric::RtWriteMs), 3.0);    // (2 + 4) / 2
        QCOMPARE(*m.value(Metric::RtReadP99Ms), 6.0);  // (max(4, 5) + 7) / 2
        QCOMPARE(*m.value(Metric::RtWriteP99Ms), 7.0); // (6 + 8) / 2
    }

    void parseFioClientJson_rejectsFailedJobsAndDifferentWorkloads()
    {
        json failed = twoHostOutput();
        failed["client_stats"][1]["error"] = 5;
        try {
            parseFioClientJson(failed.dump(), "client.json");
            QFAIL("no exception");
        } catch (const DataError& e) {
            QVERIFY2(std::string(e.what()).find("10.0.0.2,9000") != std::string::npos, e.what());
        }
        json different = twoHostOutput();
        different["client_stats"][1]["job options"]["bs"] = "8k";
        const auto hosts = parseFioClientJson(different.dump(), "client.json");
        QVERIFY_THROWS_EXCEPTION(ConfigError, aggregateOverHosts(hosts));
        QVERIFY_THROWS_EXCEPTION(DataError, parseFioClientJson("fio: connect failed", "c.json"));
    }

    void runFioClient_rejectsDifferentGlobalSections()
    {
        QTemporaryDir dir;
        FioClientOptions options;
        options.workDirectory = dir.path().toStdString();
        const std::vector<FioClientHost> hosts {{"127.0.0.1", 1, "[global]\nbs=4k\n[a]\nsize=1m\n"},
            {"127.0.0.1", 2, "[a]\nsize=1m\n"}};
        QVERIFY_THROWS_EXCEPTION(ConfigError, runFioClient(hosts, options));
    }

    void runFioClient_serverNotListeningFailsWithFiosMessage()
    {
        IOLENS_REQUIRE_TOOL(iolens::test::fioTool());
        QTemporaryDir dir;
        FioClientOptions options;
        options.workDirectory = dir.path().toStdString();
        options.timeoutSeconds = 10.0;
        const int port = iolens::test::freeLoopbackPort(); // nothing listens there
        try {
            runFioClient({{"127.0.0.1", port, tinyJob(dir.path(), "a", false)}}, options);
            QFAIL("no exception");
        } catch (const ConfigError&) {
            throw;
        } catch (const Error& e) {
            QVERIFY2(std::string(e.what()).find("fio client: exit status") != std::string::npos
                    && std::string(e.what()).find(std::to_string(port)) != std::string::npos,
                e.what());
        }
    }

    // Two fio servers on loopback, one 1-second job each, driven by one fio client.
    void runFioClient_twoLoopbackServers()
    {
        IOLENS_REQUIRE_TOOL(iolens::test::fioTool());
        QTemporaryDir dir(
            iolens::test::measurementScratchParent() + QStringLiteral("/fio-client-XXXXXX"));
        QVERIFY(dir.isValid());
        QElapsedTimer clock;
        clock.start();
        int ports[2] = {};
        const QString fio = iolens::test::fioPath();
        const auto first = iolens::test::startFioServer(fio, dir.path(), ports[0]);
        const auto second = iolens::test::startFioServer(fio, dir.path(), ports[1]);
        QVERIFY2(first && second, "a fio server did not start listening on loopback");
        const bool direct = iolens::test::supportsDirectIo(dir.path());
        FioClientOptions options;
        options.workDirectory = (dir.path() + QStringLiteral("/client")).toStdString();
        options.timeoutSeconds = 30.0;
        const FioClientResult result
            = runFioClient({{"127.0.0.1", ports[0], tinyJob(dir.path(), "a", direct)},
                               {"127.0.0.1", ports[1], tinyJob(dir.path(), "b", direct)}},
                options);
        qInfo("two loopback servers, direct=%d: %.1f s in all", direct ? 1 : 0,
            static_cast<double>(clock.elapsed()) / 1000.0);

        QCOMPARE(result.hosts.size(), std::size_t {2});
        QVERIFY(fs::file_size(result.jsonFile) > 1000);
        double readSum = 0.0, writeSum = 0.0, iopsSum = 0.0, lowest = 1e300, highest = 0.0;
        for (std::size_t i = 0; i < 2; ++i) {
            const FioHostResult& host = result.hosts[i];
            QCOMPARE(host.host, std::string("127.0.0.1"));
            QCOMPARE(host.port, ports[i]);
            const Measurement& m = host.measurement;
            QCOMPARE(m.config.readPct, 50.0);
            QCOMPARE(m.config.requestBytes, std::int64_t {4096});
            QCOMPARE(m.config.filesetBytes, std::int64_t {2 << 20});
            QVERIFY(*m.value(Metric::TpReadMbs) > 0.0 && *m.value(Metric::TpWriteMbs) > 0.0);
            QVERIFY(*m.value(Metric::RtReadMs) > 0.0);
            readSum += *m.value(Metric::TpReadMbs);
            writeSum += *m.value(Metric::TpWriteMbs);
            iopsSum += *m.value(Metric::IopsRead);
            lowest = std::min(lowest, *m.value(Metric::RtReadMs));
            highest = std::max(highest, *m.value(Metric::RtReadMs));
        }
        const Measurement& all = result.aggregate;
        QCOMPARE(all.config.vms, 2);
        QCOMPARE(all.config.threads, 2);
        QCOMPARE(all.config.filesetBytes, std::int64_t {4 << 20});
        QCOMPARE(*all.value(Metric::TpReadMbs), readSum);
        QCOMPARE(*all.value(Metric::TpWriteMbs), writeSum);
        QCOMPARE(*all.value(Metric::IopsRead), iopsSum);
        QVERIFY(*all.value(Metric::RtReadMs) >= lowest && *all.value(Metric::RtReadMs) <= highest);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestFioClient)
#include "test_fio_client.moc"
