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

    // Figure 5's check: the same test requests, the training part with more and more left out.
    void stability_leavesOutNestedSharesOfTheTrainingPart()
    {
        TraceFeatureExtractor extractor({3, 5, 1 << 20});
        std::mt19937_64 random(5);
        std::uniform_int_distribution<std::int64_t> block(0, 4095);
        std::lognormal_distribution<double> noise(0.0, 0.3);
        std::vector<TraceFeatures> rows;
        for (int i = 0; i < 1400; ++i) {
            TraceRequest r;
            r.arrivalMs = i;
            r.offset = block(random) * 4096;
            r.bytes = 4096 << (i % 3);
            TraceFeatures f = extractor.next(r);
            f.responseMs = (0.1 + static_cast<double>(r.bytes) / 65536.0) * noise(random);
            rows.push_back(f);
        }
        TraceEvaluationOptions options;
        const std::vector<std::size_t> missing {0, 200, 400};
        const auto points = traceStability(rows, extractor.header(), options, 800, 500, missing);
        QCOMPARE(points.size(), std::size_t {3});
        for (std::size_t i = 0; i < points.size(); ++i) {
            QCOMPARE(points[i].missing, missing[i]);
            QVERIFY(points[i].medianRelativeError > 0.0 && points[i].medianRelativeError < 1.0);
        }
        // Deterministic for a seed.
        QCOMPARE(traceStability(rows, extractor.header(), options, 800, 500, missing)[2]
                     .medianRelativeError,
            points[2].medianRelativeError);
        QVERIFY_THROWS_EXCEPTION(
            DataError, traceStability(rows, extractor.header(), options, 1000, 500, missing));
        QVERIFY_THROWS_EXCEPTION(
            ConfigError, traceStability(rows, extractor.header(), options, 800, 500, {795}));
    }

    void fit_keepsTheModelAndItsColumns()
    {
        TraceFeatureExtractor extractor({3, 5, 1 << 20});
        std::vector<TraceFeatures> rows;
        for (int i = 0; i < 200; ++i) {
            TraceRequest r;
            r.arrivalMs = i;
            r.offset = (i % 7) * 4096;
            r.bytes = 4096;
            TraceFeatures f = extractor.next(r);
            f.responseMs = 1.0 + (i % 7);
            rows.push_back(f);
        }
        TraceEvaluationOptions options;
        options.withHit = false;
        const TraceFit fit = fitTrace(rows, extractor.header(), options);
        QVERIFY(fit.model && fit.model->isFitted());
        QCOMPARE(fit.featureNames.size(), extractor.header().size() - 2); // no hit, no response
        QVERIFY(std::find(fit.featureNames.begin(), fit.featureNames.end(), "hit")
            == fit.featureNames.end());
        QCOMPARE(fit.evaluation.testRequests, std::size_t {98});
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
