// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "common/units.hpp"
#include "harness/measurement_plan.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <fstream>
#include <iterator>
#include <set>

using namespace iolens::core;

namespace {

// The error message of parsing `text`, empty if it parses.
QString errorOf(const std::string& text)
{
    try {
        parsePlan(text, "plan.json");
    } catch (const ConfigError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace

class TestMeasurementPlan : public QObject {
    Q_OBJECT
private slots:
    void factorial_everyCombinationWithSizesAndDefaults()
    {
        const MeasurementPlan plan = parsePlan(R"({"dataset": "ssd",
            "target": {"directory": "/mnt/x", "device": "sdb"},
            "workload": {"ramp_seconds": 1, "runtime_seconds": 3, "repetitions": 2,
                         "direct": false, "ioengine": "libaio"},
            "factors": {"fileset": ["256M", 1073741824], "request": ["4k", "64KiB"],
                        "pattern": ["random", "sequential"], "read_pct": [0, 50, 100]}})",
            "plan.json");
        QCOMPARE(plan.dataset, std::string("ssd"));
        QCOMPARE(plan.design, std::string("full_factorial"));
        QCOMPARE(plan.configurations.size(), std::size_t {2 * 2 * 2 * 3});
        QCOMPARE(plan.workload.repetitions, 2);
        QCOMPARE(plan.workload.rampSeconds, 1.0);
        QCOMPARE(plan.workload.runtimeSeconds, 3.0);
        QVERIFY(!plan.workload.direct);
        QCOMPARE(plan.workload.ioengine, std::string("libaio"));
        QCOMPARE(plan.target.directory.string(), std::string("/mnt/x"));
        QCOMPARE(plan.target.device, std::string("sdb"));
        std::set<std::int64_t> filesets, requests;
        for (const Configuration& c : plan.configurations) {
            filesets.insert(c.filesetBytes);
            requests.insert(c.requestBytes);
            QCOMPARE(c.scheduler, std::string(kCurrentScheduler));
            QCOMPARE(c.threads, 1);
            QCOMPARE(c.vms, 1);
        }
        QCOMPARE(filesets, (std::set<std::int64_t> {256 * kMiB, 1024 * kMiB}));
        QCOMPARE(requests, (std::set<std::int64_t> {4096, 65536}));
    }

    void defaults_oDirectOnAndThreeRepetitions()
    {
        const MeasurementPlan plan = parsePlan(
            R"({"dataset": "d", "factors": {"fileset": ["16M"], "request": ["4k"]}})", "p");
        QVERIFY(plan.workload.direct);
        QCOMPARE(plan.workload.repetitions, 3);
        QCOMPARE(plan.configurations.size(), std::size_t {1});
        QCOMPARE(plan.configurations[0].readPct, 100.0);
        QCOMPARE(plan.configurations[0].pattern, Pattern::Random);
    }

    void list_keepsOrderAndDropsDuplicates()
    {
        const MeasurementPlan plan = parsePlan(R"({"dataset": "d", "design": "list",
            "configurations": [
              {"fileset": "64M", "request": "8k", "threads": 4, "vms": 2, "scheduler": "bfq"},
              {"fileset": "32M", "request": "4k", "read_pct": 25, "pattern": "sequential"},
              {"fileset": "64M", "request": "8k", "threads": 4, "vms": 2, "scheduler": "bfq"}]})",
            "p");
        QCOMPARE(plan.configurations.size(), std::size_t {2});
        QCOMPARE(plan.configurations[0].vms, 2);
        QCOMPARE(plan.configurations[0].scheduler, std::string("bfq"));
        QCOMPARE(plan.configurations[1].readPct, 25.0);
        QCOMPARE(plan.configurations[1].pattern, Pattern::Sequential);
    }

    void random_seededSampleInsideRangesAndRounded()
    {
        const std::string text = R"({"dataset": "d", "design": "random",
            "random": {"count": 40, "seed": 7, "ranges": {"fileset": ["64M", "1G"],
                "request": ["4k", "256k"], "read_pct": [20, 80], "threads": [2, 16],
                "vms": [1, 2]}},
            "factors": {"pattern": ["random", "sequential"]}})";
        const MeasurementPlan a = parsePlan(text, "p");
        const MeasurementPlan b = parsePlan(text, "p");
        QCOMPARE(a.configurations, b.configurations); // the same seed, the same sample
        QVERIFY(a.configurations.size() >= 35);       // duplicates merged, few at these ranges
        std::set<Pattern> patterns;
        for (const Configuration& c : a.configurations) {
            QVERIFY(c.filesetBytes >= 48 * kMiB && c.filesetBytes <= 1056 * kMiB);
            QCOMPARE(c.filesetBytes % (16 * kMiB * c.vms), std::int64_t {0});
            QVERIFY(c.requestBytes >= 4096 && c.requestBytes <= 256 * 1024);
            QCOMPARE(c.requestBytes % 4096, std::int64_t {0});
            QVERIFY(c.readPct >= 20.0 && c.readPct <= 80.0);
            QCOMPARE(c.readPct, std::round(c.readPct));
            QCOMPARE(c.threads % c.vms, 0);
            patterns.insert(c.pattern);
        }
        QCOMPARE(patterns.size(), std::size_t {2});
        const MeasurementPlan other
            = parsePlan(std::string(text).replace(text.find("\"seed\": 7"), 9, "\"seed\": 8"), "p");
        QVERIFY(other.configurations != a.configurations);
    }

    void hosts_fioSyntaxAndOneVmPerHost()
    {
        const MeasurementPlan plan = parsePlan(
            R"({"dataset": "d", "hosts": [{"name": "vm1", "address": "10.0.0.5"},
                                          {"address": "ip6:fe80::1,9000"}],
                "factors": {"fileset": ["32M"], "request": ["4k"], "threads": [2, 4]}})",
            "plan.json");
        QCOMPARE(plan.hosts.size(), std::size_t {2});
        QCOMPARE(plan.hosts[0].name, std::string("vm1"));
        QCOMPARE(plan.hosts[0].address, std::string("10.0.0.5"));
        QCOMPARE(plan.hosts[0].port, 0);
        QCOMPARE(plan.hosts[1].name, std::string("ip6:fe80::1,9000")); // default: the address
        QCOMPARE(plan.hosts[1].address, std::string("ip6:fe80::1"));
        QCOMPARE(plan.hosts[1].port, 9000);
        QCOMPARE(plan.configurations.size(), std::size_t {2});
        for (const Configuration& c : plan.configurations)
            QCOMPARE(c.vms, 2);
        QVERIFY(parsePlan(
            R"({"dataset": "d", "factors": {"fileset": ["16M"], "request": ["4k"]}})", "p")
                    .hosts.empty());
    }

    void errors_nameFileAndField_data()
    {
        QTest::addColumn<QString>("plan");
        QTest::addColumn<QString>("message");
        const QString sizes = R"("factors": {"fileset": ["16M"], "request": ["4k"]})";
        QTest::newRow("not json") << "{"
                                  << "plan.json: not valid JSON";
        QTest::newRow("no dataset") << "{" + sizes + "}"
                                    << "plan.json: field 'dataset': missing";
        QTest::newRow("bad size")
            << R"({"dataset": "d", "factors": {"fileset": ["16M"], "request": ["4k", "4q"]}})"
            << "plan.json: field 'factors.request[1]': '\"4q\"' is not a size";
        QTest::newRow("bad pattern")
            << R"({"dataset": "d", "factors": {"fileset": ["16M"], "request": ["4k"],
                  "pattern": ["zigzag"]}})"
            << "field 'factors.pattern[0]'";
        QTest::newRow("read pct")
            << R"({"dataset": "d", "factors": {"fileset": ["16M"], "request": ["4k"],
                  "read_pct": [150]}})"
            << "field 'factors.read_pct[0]': 150 is not a percentage";
        QTest::newRow("unknown factor")
            << R"({"dataset": "d", "factors": {"fileset": ["16M"], "request": ["4k"], "qd": [1]}})"
            << "field 'factors.qd[0]': unknown factor";
        QTest::newRow("runtime") << "{\"dataset\": \"d\", \"workload\": {\"runtime_seconds\": 0}, "
                + sizes + "}"
                                 << "field 'workload.runtime_seconds'";
        QTest::newRow("direct") << "{\"dataset\": \"d\", \"workload\": {\"direct\": 1}, " + sizes
                + "}"
                                << "field 'workload.direct': expected true or false";
        QTest::newRow("design") << "{\"dataset\": \"d\", \"design\": \"taguchi\", " + sizes + "}"
                                << "field 'design': 'taguchi' is not";
        QTest::newRow("uneven vms")
            << R"({"dataset": "d", "design": "list", "configurations": [
                  {"fileset": "64M", "request": "4k", "threads": 3, "vms": 2}]})"
            << "field 'configurations[0]': 3 threads cannot be split evenly over 2 VMs";
        QTest::newRow("fileset per vm")
            << R"({"dataset": "d", "design": "list", "configurations": [
                  {"fileset": "4k", "request": "8k"}]})"
            << "configurations[0]': the file set of 4096 bytes is not a whole number of MiB";
        QTest::newRow("random without ranges")
            << R"({"dataset": "d", "design": "random", "random": {"count": 3}})"
            << "field 'random.ranges'";
        QTest::newRow("device path")
            << "{\"dataset\": \"d\", \"target\": {\"device\": \"/dev/sda\"}, " + sizes + "}"
            << "field 'target.device'";
        const QString twoHosts
            = R"("hosts": [{"name": "a", "address": "10.0.0.1"}, {"address": "10.0.0.2,9000"}], )";
        QTest::newRow("host port")
            << R"({"dataset": "d", "hosts": [{"address": "10.0.0.1,99999"}], )" + sizes + "}"
            << "field 'hosts[0].address': port '99999' is not a number from 1 to 65535";
        QTest::newRow("host twice")
            << R"({"dataset": "d", "hosts": [{"address": "h,8765"}, {"name": "b",
                  "address": "h,8765"}], )"
                + sizes + "}"
            << "field 'hosts[1]': host 'b' (h,8765) is listed twice";
        QTest::newRow("host vms")
            << "{\"dataset\": \"d\", " + twoHosts
                + R"("factors": {"fileset": ["16M"], "request": ["4k"], "vms": [3]}})"
            << "field 'hosts': with 2 hosts every configuration runs on 2 VMs";
        QTest::newRow("host device")
            << "{\"dataset\": \"d\", \"target\": {\"device\": \"sda\"}, " + twoHosts + sizes + "}"
            << "field 'target.device': not with hosts";
        // Misspelt keys: runtime was ignored and the default 10 s measured.
        QTest::newRow("runtime misspelt")
            << "{\"dataset\": \"d\", \"workload\": {\"runtime\": 30}, " + sizes + "}"
            << "plan.json: field 'workload.runtime': unknown key; did you mean "
               "'runtime_seconds'? (workload's keys: ramp_seconds, runtime_seconds, repetitions, "
               "direct, ioengine)";
        QTest::newRow("top-level key misspelt")
            << "{\"dataset\": \"d\", \"desing\": \"list\", " + sizes + "}"
            << "field 'desing': unknown key; did you mean 'design'?";
        QTest::newRow("target key misspelt")
            << "{\"dataset\": \"d\", \"target\": {\"directroy\": \"/x\"}, " + sizes + "}"
            << "field 'target.directroy': unknown key; did you mean 'directory'?";
        QTest::newRow("range key misspelt")
            << R"({"dataset": "d", "design": "random", "random": {"count": 3, "ranges": {
                  "fileset": ["64M", "1G"], "request": ["4k", "8k"], "thread": [1, 4]}}})"
            << "field 'random.ranges.thread': unknown key; did you mean 'threads'?";
        QTest::newRow("random factor from ranges")
            << R"({"dataset": "d", "design": "random", "random": {"count": 3, "ranges": {
                  "fileset": ["64M", "1G"], "request": ["4k", "8k"]}},
                  "factors": {"threads": [8]}})"
            << "field 'factors.threads': the random design takes only scheduler and pattern "
               "from factors";
        QTest::newRow("host key misspelt")
            << R"({"dataset": "d", "hosts": [{"adress": "10.0.0.1"}], )" + sizes + "}"
            << "field 'hosts[0].adress': unknown key; did you mean 'address'?";
        QTest::newRow("host schedulers")
            << "{\"dataset\": \"d\", " + twoHosts
                + R"("factors": {"fileset": ["16M"], "request": ["4k"],
                        "scheduler": ["none", "bfq"]}})"
            << "field 'factors.scheduler': with hosts at most one scheduler";
    }

    // The example plans shipped in packaging/examples (and the fuzz seed) use only known keys.
    void shippedPlans_useOnlyKnownKeys()
    {
        for (const char* file :
            {"packaging/examples/plan-small.json", "packaging/examples/plan-fileserver.json",
                "tests/fuzz/corpus/measurement_plan/plan-small.json"}) {
            std::ifstream in(iolens::test::sourcePath(file));
            const std::string text((std::istreambuf_iterator<char>(in)), {});
            QVERIFY2(!text.empty(), file);
            QCOMPARE(errorOf(text), QString());
        }
    }

    void errors_nameFileAndField()
    {
        QFETCH(QString, plan);
        QFETCH(QString, message);
        const QString error = errorOf(plan.toStdString());
        QVERIFY2(error.contains(message), qPrintable(error));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestMeasurementPlan)
#include "test_measurement_plan.moc"
