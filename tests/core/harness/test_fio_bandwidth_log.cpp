// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "common/text_file.hpp"
#include "harness/fio_bandwidth_log.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTemporaryDir>
#include <QTest>

using namespace iolens::core;

class TestFioBandwidthLog : public QObject {
    Q_OBJECT
private slots:
    void read_sumsDirectionsAndProcessesPerSecond()
    {
        QTemporaryDir dir;
        // fio 3.33 with log_avg_msec=1000, log_unix_epoch=1: time_ms, KiB/s, dir, bs, offset.
        const std::string a = iolens::test::writeFile(dir.path(), "a_bw.log",
            "1795375771146, 1024, 0, 0, 0\n1795375771148, 2048, 1, 0, 0\n"
            "1795375772147, 512, 0, 0, 0\n");
        const std::string b
            = iolens::test::writeFile(dir.path(), "b_bw.log", "1795375771390, 1024, 0, 0, 0\n");
        const auto samples = readBandwidthLogs({a, b, dir.filePath("missing").toStdString()});
        QCOMPARE(samples.size(), std::size_t {2});
        QCOMPARE(samples[0].timestamp, 1795375771.0);
        QCOMPARE(samples[0].mibPerSecond, 4.0); // (1024 + 2048 + 1024) KiB/s
        QCOMPARE(samples[1].mibPerSecond, 0.5);
        const std::string csv = dir.filePath("t.csv").toStdString();
        writeThroughputCsv(csv, samples);
        QCOMPARE(readTextFile(csv),
            std::string("timestamp,throughput_mbs\n1795375771,4\n1795375772,0.5\n"));
    }

    void read_malformedLineNamesFileAndLine()
    {
        QTemporaryDir dir;
        const std::string bad
            = iolens::test::writeFile(dir.path(), "bad_bw.log", "1, 2, 0\nnot a log line\n");
        try {
            readBandwidthLogs({bad});
            QFAIL("a malformed log was accepted");
        } catch (const DataError& e) {
            QVERIFY2(QString(e.what()).contains("bad_bw.log: line 2"), e.what());
        }
    }
};

IOLENS_TEST_GUILESS_MAIN(TestFioBandwidthLog)
#include "test_fio_bandwidth_log.moc"
