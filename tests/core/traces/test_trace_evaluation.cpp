// SPDX-License-Identifier: GPL-3.0-or-later
// The CART-nocache vs CART-cache comparison on a synthetic trace whose response time is set by
// the cache: only the model that sees the hit feature can tell a 0.05 ms hit from a 5 ms miss.
#include "common/error.hpp"
#include "support/test_registry.hpp"
#include "traces/trace_evaluation.hpp"

#include <QTest>

#include <random>

using namespace iolens::core;

class TestTraceEvaluation : public QObject {
    Q_OBJECT
private slots:
    void hitFeature_explainsACachedTrace()
    {
        TraceFeatureOptions features;
        features.cacheBytes = 64 * 4096; // 64 units of a 256-unit working set
        TraceFeatureExtractor extractor(features);
        std::mt19937_64 random(3);
        std::uniform_int_distribution<std::int64_t> block(0, 255);
        std::vector<TraceFeatures> rows;
        double now = 0.0;
        for (int i = 0; i < 4000; ++i) {
            TraceRequest r;
            now += 1.0;
            r.arrivalMs = now;
            r.offset = block(random) * 4096;
            r.bytes = 4096;
            TraceFeatures f = extractor.next(r);
            f.responseMs = f.hit > 0.5 ? 0.05 : 5.0; // the cache decides
            rows.push_back(f);
        }
        TraceEvaluationOptions options;
        options.withHit = false;
        const TraceEvaluation blind = evaluateTrace(rows, extractor.header(), options);
        options.withHit = true;
        const TraceEvaluation seeing = evaluateTrace(rows, extractor.header(), options);
        QCOMPARE(seeing.trainRequests, std::size_t {1997}); // the first 5 lack LBNDiff(5); half
        QVERIFY2(seeing.medianRelativeError < 0.01,
            qPrintable(QString::number(seeing.medianRelativeError)));
        QVERIFY2(blind.medianRelativeError > 0.5,
            qPrintable(QString::number(blind.medianRelativeError)));
        // The hit feature is the one that matters.
        const auto hit = std::find_if(seeing.importance.begin(), seeing.importance.end(),
            [](const auto& f) { return f.first == "hit"; });
        QVERIFY(hit != seeing.importance.end());
        for (const auto& [name, rise] : seeing.importance)
            QVERIFY(name == "hit" || rise <= hit->second);
        QCOMPARE(seeing.measuredPercentilesMs.size(), std::size_t {3});
        QVERIFY(seeing.predictMicrosPerRequest > 0.0);
        // SBCART goes through the same contract.
        options.technique = "sbcart";
        QVERIFY(evaluateTrace(rows, extractor.header(), options).medianRelativeError < 0.05);
    }

    void tooShortATrace_isRefused()
    {
        TraceFeatureExtractor extractor({3, 5, 1 << 20});
        std::vector<TraceFeatures> rows;
        for (int i = 0; i < 15; ++i) {
            TraceRequest r;
            r.arrivalMs = i;
            r.responseMs = 1.0;
            rows.push_back(extractor.next(r));
        }
        QVERIFY_THROWS_EXCEPTION(DataError, evaluateTrace(rows, extractor.header(), {}));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestTraceEvaluation)
#include "test_trace_evaluation.moc"
