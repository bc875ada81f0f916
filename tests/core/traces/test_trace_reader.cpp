// SPDX-License-Identifier: GPL-3.0-or-later
// Each trace format read into the same units, and a malformed line named by file, line and
// field.
#include "common/error.hpp"
#include "support/test_registry.hpp"
#include "traces/trace_reader.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <sstream>

using namespace iolens::core;

namespace {

std::vector<TraceRequest> read(const std::string& text, TraceFormat format)
{
    std::istringstream in(text);
    std::vector<TraceRequest> out;
    readTrace(in, format, "trace.txt", [&out](const TraceRequest& r) { out.push_back(r); });
    return out;
}

QString errorOf(const std::string& text, TraceFormat format)
{
    try {
        read(text, format);
    } catch (const DataError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace

class TestTraceReader : public QObject {
    Q_OBJECT
private slots:
    void spc()
    {
        const auto r
            = read("0,303567,3584,w,0.000000\n1,55590,3072,r,0.026214\n", TraceFormat::Spc);
        QCOMPARE(r.size(), std::size_t {2});
        QCOMPARE(r[0].offset, std::int64_t {303567} * 512);
        QCOMPARE(r[0].bytes, std::int64_t {3584});
        QVERIFY(!r[0].read && r[1].read);
        QCOMPARE(r[1].device, 1);
        QCOMPARE(r[1].arrivalMs, 26.214);
        QVERIFY(!r[0].responseMs);
    }

    void msr()
    {
        const auto r = read("128166372003061629,hm,1,Read,3154152448,4096,19942\n"
                            "128166372003461629,hm,1,Write,3154156544,8192,30000\n",
            TraceFormat::Msr);
        QCOMPARE(r.size(), std::size_t {2});
        QCOMPARE(r[0].arrivalMs, 0.0);
        QCOMPARE(r[1].arrivalMs, 40.0); // 400,000 filetime units of 100 ns
        QCOMPARE(*r[0].responseMs, 1.9942);
        QCOMPARE(r[1].offset, std::int64_t {3154156544});
        QVERIFY(r[0].read && !r[1].read);
    }

    void blkparse_matchesIssueAndCompletion()
    {
        const auto r = read("  8,0    1        1     0.000000000  4162  Q   R 2048 + 8 [dd]\n"
                            "  8,0    1        2     0.000010000  4162  D   R 2048 + 8 [dd]\n"
                            "  8,0    0        3     0.000020000     0  D  WS 4096 + 16 [kw]\n"
                            "  8,0    1        4     0.000510000     0  C   R 2048 + 8 [0]\n"
                            "  8,0    0        5     0.001020000     0  C  WS 4096 + 16 [0]\n"
                            "CPU0 (8,0):\n",
            TraceFormat::Blkparse);
        QCOMPARE(r.size(), std::size_t {2});
        QCOMPARE(r[0].offset, std::int64_t {2048} * 512);
        QCOMPARE(r[0].bytes, std::int64_t {4096});
        QVERIFY(std::abs(*r[0].responseMs - 0.5) < 1e-9); // D2C
        QVERIFY(std::abs(r[0].arrivalMs - 0.01) < 1e-9);
        QVERIFY(!r[1].read);
        QCOMPARE(r[1].bytes, std::int64_t {8192});
        QVERIFY(std::abs(*r[1].responseMs - 1.0) < 1e-9);
    }

    void fioLat_arrivalIsCompletionMinusLatency()
    {
        const auto r = read("10, 250000, 0, 4096, 8192, 0\n12, 1000000, 1, 65536, 0, 0\n"
                            "13, 5000, 2, 4096, 0, 0\n",
            TraceFormat::FioLat);
        QCOMPARE(r.size(), std::size_t {2}); // the trim is skipped
        QCOMPARE(*r[0].responseMs, 0.25);
        QCOMPARE(r[0].arrivalMs, 9.75);
        QCOMPARE(r[0].offset, std::int64_t {8192});
        QVERIFY(r[0].read && !r[1].read);
        QCOMPARE(r[1].arrivalMs, 11.0);
    }

    void disksim()
    {
        const auto r = read("0.000 0 1024 8 1\n3.5 1 2048 16 0\n", TraceFormat::Disksim);
        QCOMPARE(r.size(), std::size_t {2});
        QCOMPARE(r[0].offset, std::int64_t {1024} * 512);
        QCOMPARE(r[0].bytes, std::int64_t {4096});
        QVERIFY(r[0].read && !r[1].read);
        QCOMPARE(r[1].device, 1);
        QCOMPARE(r[1].arrivalMs, 3.5);
    }

    void malformedLines_nameLineAndField_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("format");
        QTest::addColumn<QString>("message");
        QTest::newRow("spc opcode") << "0,1,512,r,0\n0,1,512,x,0.1\n"
                                    << int(TraceFormat::Spc) << "trace.txt: line 2: field 'Opcode'";
        QTest::newRow("spc fields") << "0,1,512\n"
                                    << int(TraceFormat::Spc) << "trace.txt: line 1: field '(line)'";
        QTest::newRow("msr size") << "1,h,0,Read,0,-4,10\n"
                                  << int(TraceFormat::Msr) << "trace.txt: line 1: field 'Size'";
        QTest::newRow("msr type") << "1,h,0,Trim,0,4,10\n"
                                  << int(TraceFormat::Msr) << "trace.txt: line 1: field 'Type'";
        QTest::newRow("blkparse sector")
            << "  8,0 1 2 0.00001 1 D R x + 8 [dd]\n"
            << int(TraceFormat::Blkparse) << "trace.txt: line 1: field 'SECTOR'";
        QTest::newRow("blkparse plus")
            << "  8,0 1 2 0.00001 1 D R 8 - 8 [dd]\n"
            << int(TraceFormat::Blkparse) << "trace.txt: line 1: field 'SECTOR + COUNT'";
        QTest::newRow("fio ddir") << "10, 250, 7, 4096, 0\n"
                                  << int(TraceFormat::FioLat) << "trace.txt: line 1: field 'ddir'";
        QTest::newRow("fio latency")
            << "10, abc, 0, 4096, 0\n"
            << int(TraceFormat::FioLat) << "trace.txt: line 1: field 'latency'";
        // Found by fuzz_trace: an LBA whose byte offset overflows int64 (UB), and a request of
        // 3.6e18 bytes, whose 4 KiB units the LRU stack then visited until memory ran out.
        QTest::newRow("spc lba overflow")
            << "0,3035444444444403072,512,r,0\n"
            << int(TraceFormat::Spc) << "trace.txt: line 1: field 'LBA'";
        QTest::newRow("spc huge size")
            << "0,303567,3584444444444444442,r,0.026214\n"
            << int(TraceFormat::Spc) << "trace.txt: line 1: field 'Size'";
        QTest::newRow("disksim huge bcount")
            << "0.0 0 1 999999999999 1\n"
            << int(TraceFormat::Disksim) << "trace.txt: line 1: field 'bcount'";
        QTest::newRow("disksim bcount")
            << "# comment\n0.0 0 1 0 1\n"
            << int(TraceFormat::Disksim) << "trace.txt: line 2: field 'bcount'";
    }

    void malformedLines_nameLineAndField()
    {
        QFETCH(QString, text);
        QFETCH(int, format);
        QFETCH(QString, message);
        const QString error = errorOf(text.toStdString(), static_cast<TraceFormat>(format));
        QVERIFY2(error.startsWith(message), qPrintable(error));
    }

    // A file without a request is refused, naming it; one request is a trace.
    void file_withoutRequestsIsRefused()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath("empty.spc").toStdString();
        for (const char* text : {"", "# comment only\n\n"}) {
            std::ofstream(path) << text;
            try {
                readTraceFile(path, TraceFormat::Spc, [](const TraceRequest&) {});
                QFAIL("no error");
            } catch (const DataError& e) {
                QVERIFY2(QString(e.what()).startsWith(
                             QString::fromStdString(path + ": no requests in the trace")),
                    e.what());
            }
        }
        std::ofstream(path) << "0,20941264,8192,w,0.551706\n";
        QCOMPARE(
            readTraceFile(path, TraceFormat::Spc, [](const TraceRequest&) {}), std::size_t {1});
    }

    void formatNames_roundTrip()
    {
        for (TraceFormat f : {TraceFormat::Spc, TraceFormat::Msr, TraceFormat::Blkparse,
                 TraceFormat::FioLat, TraceFormat::Disksim}) {
            TraceFormat back {};
            QVERIFY(parseTraceFormat(traceFormatName(f), back));
            QVERIFY(back == f);
        }
        TraceFormat ignored {};
        QVERIFY(!parseTraceFormat("csv", ignored));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestTraceReader)
#include "test_trace_reader.moc"
