// SPDX-License-Identifier: GPL-3.0-or-later
// Every feature of Wang et al.'s vector on a hand-made trace.
#include "support/test_registry.hpp"
#include "traces/trace_features.hpp"

#include <QTest>

using namespace iolens::core;

namespace {

TraceRequest request(double arrivalMs, std::int64_t offset, std::int64_t bytes, bool read)
{
    TraceRequest r;
    r.arrivalMs = arrivalMs;
    r.offset = offset;
    r.bytes = bytes;
    r.read = read;
    r.responseMs = 0.5;
    return r;
}

} // namespace

class TestTraceFeatures : public QObject {
    Q_OBJECT
private slots:
    void handMadeTrace_everyFeature()
    {
        TraceFeatureOptions options;
        options.k = 3;
        options.m = 2;
        options.cacheBytes = 2 * 4096; // two 4 KiB units
        TraceFeatureExtractor x(options);
        // A reads units 0-1, B unit 1 again, C writes units 2-3 from where B ended, D reads
        // unit 0, E unit 1 from where D ended.
        const TraceFeatures a = x.next(request(10.0, 0, 8192, true));
        const TraceFeatures b = x.next(request(12.0, 4096, 4096, true));
        const TraceFeatures c = x.next(request(15.0, 8192, 8192, false));
        const TraceFeatures d = x.next(request(21.0, 0, 4096, true));
        const TraceFeatures e = x.next(request(30.0, 4096, 4096, true));

        // TimeDiff(j) = Arrival_i - Arrival_{i - 2^(j-1)}: look back 1, 2 and 4 requests.
        QVERIFY(!a.timeDiffMs[0] && !a.timeDiffMs[1] && !a.timeDiffMs[2]);
        QCOMPARE(*b.timeDiffMs[0], 2.0);
        QVERIFY(!b.timeDiffMs[1]);
        QCOMPARE(*c.timeDiffMs[0], 3.0);
        QCOMPARE(*c.timeDiffMs[1], 5.0);
        QVERIFY(!c.timeDiffMs[2]);
        QCOMPARE(*e.timeDiffMs[0], 9.0);  // 30 - 21
        QCOMPARE(*e.timeDiffMs[1], 15.0); // 30 - 15
        QCOMPARE(*e.timeDiffMs[2], 20.0); // 30 - 10, four back
        // LBN in 512-byte blocks, LBNDiff(j) = LBN_i - LBN_{i-j}.
        QCOMPARE(c.lbn, std::int64_t {16});
        QCOMPARE(*c.lbnDiff[0], std::int64_t {8});  // 16 - 8
        QCOMPARE(*c.lbnDiff[1], std::int64_t {16}); // 16 - 0
        QVERIFY(!a.lbnDiff[0] && !b.lbnDiff[1]);
        QCOMPARE(*d.lbnDiff[0], std::int64_t {-16});
        // Size, direction, sequentiality: C starts where B ended.
        QCOMPARE(c.size, std::int64_t {8192});
        QVERIFY(!c.read && d.read);
        QVERIFY(!a.sequential && !b.sequential && c.sequential && !d.sequential);
        QVERIFY(e.sequential); // D ended at 4096
        // Hit, in an LRU cache of two units: A misses both, B hits unit 1, C misses 2 and 3
        // (pushing 0 and 1 out), D misses unit 0, E finds unit 1 at distance 3: a miss.
        QCOMPARE(a.hit, 0.0);
        QCOMPARE(b.hit, 1.0);
        QCOMPARE(c.hit, 0.0);
        QCOMPARE(d.hit, 0.0);
        QCOMPARE(e.hit, 0.0);
        QCOMPARE(*e.responseMs, 0.5);
    }

    void partialHit_isTheShareOfUnits()
    {
        TraceFeatureOptions options;
        options.cacheBytes = 64 * 4096;
        TraceFeatureExtractor x(options);
        x.next(request(0.0, 0, 4096, true));
        const TraceFeatures f = x.next(request(1.0, 0, 4 * 4096, true));
        QCOMPARE(f.hit, 0.25);
    }

    void header_andFields_lineUp()
    {
        TraceFeatureExtractor x({3, 5, 256LL << 20});
        const auto header = x.header();
        QCOMPARE(header.size(), std::size_t {3 + 1 + 5 + 5});
        QCOMPARE(header.front(), std::string("timediff_1"));
        QCOMPARE(header[3], std::string("lbn"));
        QCOMPARE(header.back(), std::string("response_time_ms"));
        TraceRequest r = request(1.0, 4096, 4096, false);
        r.responseMs.reset();
        const auto fields = x.fields(x.next(r));
        QCOMPARE(fields.size(), header.size());
        QCOMPARE(fields[0], std::string());     // no history yet
        QCOMPARE(fields[3], std::string("8"));  // lbn
        QCOMPARE(fields[10], std::string("0")); // rw: a write
        QCOMPARE(fields.back(), std::string()); // no response time
    }
};

IOLENS_TEST_GUILESS_MAIN(TestTraceFeatures)
#include "test_trace_features.moc"
