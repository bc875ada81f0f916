// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "harness/plan_field_reader.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::core;
using nlohmann::json;

namespace {

const PlanFieldReader kReader("plan.json");

// The message of calling `read`, empty if it does not throw.
template <typename Read> QString readerErrorOf(Read read)
{
    try {
        read();
    } catch (const ConfigError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

Configuration runnable()
{
    Configuration c;
    c.filesetBytes = 64LL * 1024 * 1024;
    c.requestBytes = 4096;
    c.threads = 4;
    c.vms = 2;
    return c;
}

} // namespace

class TestPlanFieldReader : public QObject {
    Q_OBJECT
private slots:
    void size_readsBytesAndFioSizeStrings_data()
    {
        QTest::addColumn<QString>("value"); // JSON text
        QTest::addColumn<qint64>("bytes");
        QTest::newRow("integer") << QStringLiteral("4096") << qint64(4096);
        QTest::newRow("4k") << QStringLiteral("\"4k\"") << qint64(4096);
        QTest::newRow("16M") << QStringLiteral("\"16M\"") << qint64(16 * 1024 * 1024);
        QTest::newRow("1G") << QStringLiteral("\"1G\"") << qint64(1024LL * 1024 * 1024);
    }

    void size_readsBytesAndFioSizeStrings()
    {
        QFETCH(QString, value);
        QFETCH(qint64, bytes);
        QCOMPARE(qint64(kReader.size(json::parse(value.toStdString()), "f")), bytes);
    }

    void errors_nameTheFileAndTheField_data()
    {
        QTest::addColumn<QString>("message");
        QTest::addColumn<QString>("expected");
        QTest::newRow("bad size") << readerErrorOf([] {
            kReader.size(json("4q"), "factors.request[1]");
        }) << QStringLiteral("plan.json: field 'factors.request[1]': '\"4q\"' is not a size");
        QTest::newRow("zero size") << readerErrorOf([] { kReader.size(json(0), "x"); })
                                   << QStringLiteral("plan.json: field 'x': '0' is not a size");
        QTest::newRow("fraction") << readerErrorOf([] {
            kReader.count(json(2.5), "w.rep", 1);
        }) << QStringLiteral("field 'w.rep': 2.5 is not a whole number >= 1");
        QTest::newRow("below minimum")
            << readerErrorOf([] { kReader.count(json(0), "threads", 1); })
            << QStringLiteral("0 is not a whole number >= 1");
        QTest::newRow("text not string") << readerErrorOf([] {
            kReader.text(json {{"ioengine", 3}}, "ioengine", "workload.", "");
        }) << QStringLiteral("field 'workload.ioengine': not a string");
        QTest::newRow("empty list") << readerErrorOf([] {
            kReader.array(json {{"hosts", json::array()}}, "hosts", "");
        }) << QStringLiteral("field 'hosts': expected a non-empty list");
        QTest::newRow("unknown factor") << readerErrorOf([] {
            Configuration c;
            kReader.setFactor(c, "colour", json("red"), "factors.colour");
        }) << QStringLiteral("field 'factors.colour': unknown factor");
        QTest::newRow("percentage") << readerErrorOf([] {
            Configuration c;
            kReader.setFactor(c, "read_pct", json(101), "f");
        }) << QStringLiteral("101 is not a percentage from 0 to 100");
    }

    void errors_nameTheFileAndTheField()
    {
        QFETCH(QString, message);
        QFETCH(QString, expected);
        QVERIFY2(message.startsWith(QStringLiteral("plan.json: field '")), qPrintable(message));
        QVERIFY2(message.contains(expected), qPrintable(message));
    }

    void text_andNumber_takeTheFallbackWhenAbsent()
    {
        const json object {{"name", "ssd"}, {"ramp", 3}};
        QCOMPARE(kReader.text(object, "name", "", "x"), std::string("ssd"));
        QCOMPARE(kReader.text(object, "other", "", "x"), std::string("x"));
        QCOMPARE(kReader.number(object, "ramp", "", 1.0), 3.0);
        QCOMPARE(kReader.number(object, "other", "", 1.0), 1.0);
    }

    void setFactor_setsEachFactor()
    {
        Configuration c;
        kReader.setFactor(c, "scheduler", json("bfq"), "f");
        kReader.setFactor(c, "fileset", json("256M"), "f");
        kReader.setFactor(c, "request", json("64k"), "f");
        kReader.setFactor(c, "pattern", json("sequential"), "f");
        kReader.setFactor(c, "read_pct", json(70), "f");
        kReader.setFactor(c, "threads", json(8), "f");
        kReader.setFactor(c, "vms", json(2), "f");
        QCOMPARE(c.scheduler, std::string("bfq"));
        QCOMPARE(c.filesetBytes, std::int64_t {256} * 1024 * 1024);
        QCOMPARE(c.requestBytes, std::int64_t {64} * 1024);
        QVERIFY(c.pattern == Pattern::Sequential);
        QCOMPARE(c.readPct, 70.0);
        QCOMPARE(c.threads, 8);
        QCOMPARE(c.vms, 2);
    }

    void check_acceptsRunnableAndRejectsUnrunnable()
    {
        QCOMPARE(readerErrorOf([] { kReader.check(runnable(), "configurations[0]"); }), QString());
        Configuration uneven = runnable();
        uneven.threads = 3;
        QVERIFY(readerErrorOf([&] {
            kReader.check(uneven, "c");
        }).contains(QStringLiteral("3 threads cannot be split evenly over 2 VMs")));
        Configuration partMiB = runnable();
        partMiB.filesetBytes += 1024 * 1024; // 65 MiB over 2 VMs
        QVERIFY(readerErrorOf([&] {
            kReader.check(partMiB, "c");
        }).contains(QStringLiteral("not a whole number of MiB per VM")));
        Configuration tiny = runnable();
        tiny.filesetBytes = 2 * 1024 * 1024;
        tiny.requestBytes = 2 * 1024 * 1024;
        QVERIFY(readerErrorOf([&] {
            kReader.check(tiny, "c");
        }).contains(QStringLiteral("smaller than one request")));
        Configuration noRequest = runnable();
        noRequest.requestBytes = 0;
        QVERIFY(readerErrorOf([&] {
            kReader.check(noRequest, "c");
        }).contains(QStringLiteral("no request size")));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestPlanFieldReader)
#include "test_plan_field_reader.moc"
