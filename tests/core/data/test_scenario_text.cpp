// SPDX-License-Identifier: GPL-3.0-or-later
// The scenario text of `iolens-cli render --scenario`.
#include "common/error.hpp"
#include "data/scenario_text.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::core;

class TestScenarioText : public QObject {
    Q_OBJECT
private slots:
    void parse_readsEveryKey()
    {
        const Configuration c = parseScenarioText(
            "request=16KiB, read=70,fileset=4GiB,scheduler=bfq,pattern=sequential,vms=2,threads=8",
            Configuration {});
        QCOMPARE(c.requestBytes, std::int64_t(16 * 1024));
        QCOMPARE(c.readPct, 70.0);
        QCOMPARE(c.filesetBytes, std::int64_t(4) << 30);
        QCOMPARE(c.scheduler, std::string("bfq"));
        QCOMPARE(c.pattern, Pattern::Sequential);
        QCOMPARE(c.vms, 2);
        QCOMPARE(c.threads, 8);
    }

    void parse_keepsWhatItDoesNotName()
    {
        Configuration base;
        base.requestBytes = 4096;
        base.filesetBytes = 1 << 30;
        base.threads = 16;
        const Configuration c = parseScenarioText("read=30", base);
        QCOMPARE(c.readPct, 30.0);
        QCOMPARE(c.requestBytes, base.requestBytes);
        QCOMPARE(c.threads, 16);
        QVERIFY(parseScenarioText("", base) == base);
    }

    void parse_bareNumbersAreInTheModellingUnit()
    {
        const Configuration c = parseScenarioText("request=64,fileset=512", Configuration {});
        QCOMPARE(c.requestBytes, std::int64_t(64 * 1024));
        QCOMPARE(c.filesetBytes, std::int64_t(512) << 20);
    }

    void text_roundTrips()
    {
        const Configuration c = parseScenarioText(
            "request=16KiB,read=70,fileset=4GiB,scheduler=bfq,pattern=random,vms=2",
            Configuration {});
        QCOMPARE(scenarioText(c),
            std::string("request=16KiB,read=70,fileset=4GiB,scheduler=bfq,pattern=random,"
                        "threads=1,vms=2"));
        QVERIFY(parseScenarioText(scenarioText(c), Configuration {}) == c);
    }

    void parse_rejectsBadItems_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("named");
        QTest::newRow("unknown key") << "size=4k"
                                     << "size";
        QTest::newRow("mistyped key") << "requst=4k"
                                      << "unknown key 'requst' (did you mean 'request'? use ";
        QTest::newRow("no value") << "read="
                                  << "read=";
        QTest::newRow("no equals") << "bfq"
                                   << "bfq";
        QTest::newRow("read > 100") << "read=120"
                                    << "read=120";
        QTest::newRow("bad size") << "request=abc"
                                  << "request=abc";
        QTest::newRow("bad pattern") << "pattern=zigzag"
                                     << "pattern";
        QTest::newRow("zero vms") << "vms=0"
                                  << "vms=0";
        // Found by fuzz_scenario_text: a size beyond int64 was converted anyway (UB).
        QTest::newRow("huge size") << "request=16333333333777777777777777"
                                   << "below 4 EiB";
        QTest::newRow("huge fio size") << "request=163333333666GiB"
                                       << "request=163333333666GiB";
    }
    void parse_rejectsBadItems()
    {
        QFETCH(QString, text);
        QFETCH(QString, named);
        try {
            parseScenarioText(text.toStdString(), Configuration {});
            QFAIL("no ConfigError");
        } catch (const ConfigError& e) {
            QVERIFY2(QString::fromStdString(e.what()).contains(named), e.what());
        }
    }
};

IOLENS_TEST_GUILESS_MAIN(TestScenarioText)
#include "test_scenario_text.moc"
