// SPDX-License-Identifier: GPL-3.0-or-later
// A trace written as fio's iolog version 3: every line of a hand-made SPC trace checked, offsets
// wrapped onto the replay file and aligned to 4 KiB, timestamps in microseconds from 1 on, and
// what the writer refuses.
#include "common/error.hpp"
#include "support/test_registry.hpp"
#include "traces/fio_iolog.hpp"
#include "traces/trace_reader.hpp"

#include <QTest>

#include <sstream>

using namespace iolens::core;

namespace {

constexpr std::int64_t kIologTestFileBytes = std::int64_t {64} << 20;

std::vector<TraceRequest> iologTestRequests(const std::string& spcText)
{
    std::istringstream in(spcText);
    std::vector<TraceRequest> requests;
    readTrace(in, TraceFormat::Spc, "hand.spc",
        [&requests](const TraceRequest& r) { requests.push_back(r); });
    return requests;
}

} // namespace

class TestFioIolog : public QObject {
    Q_OBJECT
private slots:
    // ASU,LBA,Size,Opcode,Timestamp (s), starting at 100 s: the third arrives before the second
    // (it keeps the second's timestamp), the fourth would run past the end of the 64 MiB file
    // (moved back), the fifth's LBA lies beyond it (wrapped).
    void handMadeSpcTrace_everyLine()
    {
        const auto requests = iologTestRequests("0,303567,3584,w,100.000000\n"
                                                "1,55590,3072,r,100.026214\n"
                                                "0,131071,1000,r,100.010000\n"
                                                "0,131064,65536,w,100.500000\n"
                                                "3,262145,512,r,101.250000\n");
        std::ostringstream out;
        FioIologWriter writer(out, "replay.dat", kIologTestFileBytes, "hand.spc");
        std::vector<ReplayedRequest> placed;
        for (const TraceRequest& r : requests)
            placed.push_back(writer.add(r));
        writer.finish();
        QCOMPARE(QString::fromStdString(out.str()),
            QStringLiteral("fio version 3 iolog\n"
                           "0 replay.dat add\n"
                           "0 replay.dat open\n"
                           "1 replay.dat write 21204992 3584\n"
                           "26215 replay.dat read 28459008 3072\n"
                           "26215 replay.dat read 67104768 1024\n"
                           "500001 replay.dat write 67043328 65536\n"
                           "1250001 replay.dat read 0 512\n"
                           "1250001 replay.dat close\n"));
        QCOMPARE(writer.requests(), std::size_t {5});
        QCOMPARE(writer.lastTimestampUs(), std::int64_t {1250001});
        // What add() returned is what it wrote.
        QCOMPARE(placed[2].offset, std::int64_t {67104768});
        QCOMPARE(placed[2].bytes, std::int64_t {1024});
        QVERIFY(placed[2].read && !placed[3].read);
        QCOMPARE(placed[4].timestampUs, std::int64_t {1250001});
    }

    void placement_data()
    {
        QTest::addColumn<qint64>("offset");
        QTest::addColumn<qint64>("bytes");
        QTest::addColumn<qint64>("fileBytes");
        QTest::addColumn<qint64>("placedOffset");
        QTest::addColumn<qint64>("placedBytes");
        const qint64 mib64 = kIologTestFileBytes;
        QTest::newRow("aligned inside")
            << qint64 {8192} << qint64 {4096} << mib64 << qint64 {8192} << qint64 {4096};
        QTest::newRow("unaligned down to 4 KiB")
            << qint64 {8192 + 512} << qint64 {512} << mib64 << qint64 {8192} << qint64 {512};
        QTest::newRow("size up to whole sectors")
            << qint64 {0} << qint64 {1} << mib64 << qint64 {0} << qint64 {512};
        QTest::newRow("wraps modulo the file")
            << mib64 * 3 + 12288 << qint64 {4096} << mib64 << qint64 {12288} << qint64 {4096};
        QTest::newRow("moved back from the end")
            << mib64 - 4096 << qint64 {16384} << mib64 << mib64 - 16384 << qint64 {16384};
        QTest::newRow("the largest request fills the file")
            << qint64 {4096} << mib64 << mib64 << qint64 {0} << mib64;
        QTest::newRow("larger file") << qint64 {5} * mib64 + 4096 << qint64 {4096} << 8 * mib64
                                     << qint64 {5} * mib64 + 4096 << qint64 {4096};
    }

    void placement()
    {
        QFETCH(qint64, offset);
        QFETCH(qint64, bytes);
        QFETCH(qint64, fileBytes);
        QFETCH(qint64, placedOffset);
        QFETCH(qint64, placedBytes);
        TraceRequest request;
        request.offset = offset;
        request.bytes = bytes;
        const ReplayedRequest placed = replayPlacement(request, fileBytes);
        QCOMPARE(placed.offset, std::int64_t {placedOffset});
        QCOMPARE(placed.bytes, std::int64_t {placedBytes});
        QCOMPARE(placed.offset % kReplayAlignBytes, std::int64_t {0});
        QVERIFY(placed.offset + placed.bytes <= fileBytes);
    }

    void refused_data()
    {
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<qint64>("fileBytes");
        QTest::addColumn<QString>("message");
        const qint64 mib64 = kIologTestFileBytes;
        QTest::newRow("file smaller than the largest request")
            << "replay.dat" << mib64 - 4096 << "at least 64 MiB";
        QTest::newRow("file not whole 4 KiB") << "replay.dat" << mib64 + 512 << "multiple of 4 KiB";
        QTest::newRow("name with a space") << "my replay.dat" << mib64 << "without whitespace";
        QTest::newRow("empty name") << "" << mib64 << "without whitespace";
        QTest::newRow("name too long for fio")
            << QString(257, QLatin1Char('x')) << mib64 << "1 to 256 characters";
    }

    void refused()
    {
        QFETCH(QString, fileName);
        QFETCH(qint64, fileBytes);
        QFETCH(QString, message);
        std::ostringstream out;
        try {
            FioIologWriter writer(out, fileName.toStdString(), fileBytes);
            QFAIL("the writer accepted it");
        } catch (const ConfigError& e) {
            QVERIFY2(QString::fromStdString(e.what()).contains(message), e.what());
        }
        QVERIFY(out.str().empty()); // nothing written before the refusal
    }

    void arrivalBeyondWhatFioWaits_namesRequestAndField()
    {
        std::ostringstream out;
        FioIologWriter writer(out, "replay.dat", kIologTestFileBytes, "far.spc");
        TraceRequest first;
        writer.add(first);
        TraceRequest far;
        far.arrivalMs = 2e12;
        try {
            writer.add(far);
            QFAIL("an arrival 2e12 ms later was accepted");
        } catch (const DataError& e) {
            QVERIFY2(
                QString::fromStdString(e.what()).startsWith("far.spc: request 2: field 'arrival'"),
                e.what());
        }
    }

    void finished_refusesMore()
    {
        std::ostringstream out;
        FioIologWriter writer(out, "replay.dat", kIologTestFileBytes);
        writer.finish();
        QVERIFY_THROWS_EXCEPTION(StateError, writer.add(TraceRequest {}));
        QVERIFY_THROWS_EXCEPTION(StateError, writer.finish());
        QCOMPARE(QString::fromStdString(out.str()),
            QStringLiteral("fio version 3 iolog\n0 replay.dat add\n0 replay.dat open\n"
                           "0 replay.dat close\n"));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestFioIolog)
#include "test_fio_iolog.moc"
