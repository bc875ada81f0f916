// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/training_sample.hpp"

#include "common/error.hpp"
#include "data/aggregation.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <set>

using namespace iolens::core;

namespace {

// `configurations` distinct configurations (request sizes 1, 2, ... KiB), `repetitions` runs of
// each, interleaved as a database holds repeated measurements.
std::vector<Measurement> runs(int configurations, int repetitions)
{
    std::vector<Measurement> result;
    for (int rep = 0; rep < repetitions; ++rep)
        for (int i = 0; i < configurations; ++i) {
            Measurement run;
            run.config.requestBytes = 1024 * (i + 1);
            run.config.filesetBytes = 1 << 30;
            run.setValue(Metric::RtReadMs, 1.0 + i + 0.1 * rep);
            result.push_back(run);
        }
    return result;
}

std::set<std::int64_t> requestSizes(const std::vector<Measurement>& sample)
{
    std::set<std::int64_t> sizes;
    for (const Measurement& run : sample)
        sizes.insert(run.config.requestBytes);
    return sizes;
}

} // namespace

class TestTrainingSample : public QObject {
    Q_OBJECT
private slots:
    void sample_belowTheLimitKeepsEveryRun()
    {
        const auto all = runs(10, 3);
        const ConfigurationSample sample = sampleConfigurations(all, 10, 1);
        QVERIFY(!sample.sampled());
        QCOMPARE(sample.runs.size(), all.size());
        QCOMPARE(sample.configurations, std::size_t {10});
        QCOMPARE(sample.totalConfigurations, std::size_t {10});
    }

    void sample_keepsWholeConfigurationsWithEveryRepetition()
    {
        const ConfigurationSample sample = sampleConfigurations(runs(1000, 3), 100, 7);
        QVERIFY(sample.sampled());
        QCOMPARE(sample.configurations, std::size_t {100});
        QCOMPARE(sample.totalConfigurations, std::size_t {1000});
        QCOMPARE(sample.runs.size(), std::size_t {300});
        QCOMPARE(requestSizes(sample.runs).size(), std::size_t {100});
        for (const AggregatedMeasurement& row : aggregateRepetitions(sample.runs))
            QCOMPARE(row.repetitions, 3);
    }

    void sample_sameSeedSameSampleOtherSeedAnother()
    {
        const auto all = runs(1000, 1);
        const auto a = requestSizes(sampleConfigurations(all, 50, 3).runs);
        QCOMPARE(requestSizes(sampleConfigurations(all, 50, 3).runs), a);
        QVERIFY(requestSizes(sampleConfigurations(all, 50, 4).runs) != a);
    }

    void sample_spreadsOverTheWholeInput()
    {
        // A sample that took the first configurations would have no size above 500 KiB.
        const auto sizes = requestSizes(sampleConfigurations(runs(1000, 1), 200, 1).runs);
        int upperHalf = 0;
        for (std::int64_t size : sizes)
            upperHalf += size > 500 * 1024 ? 1 : 0;
        QVERIFY2(upperHalf > 60 && upperHalf < 140, qPrintable(QString::number(upperHalf)));
    }

    void sample_zeroLimitIsAnError()
    {
        QVERIFY_THROWS_EXCEPTION(ConfigError, sampleConfigurations(runs(3, 1), 0, 1));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestTrainingSample)
#include "test_training_sample.moc"
