// SPDX-License-Identifier: GPL-3.0-or-later
#include "validation/local_evaluation.hpp"

#include "common/error.hpp"
#include "support/test_registry.hpp"
#include "whatif/data_distance.hpp"

#include <QTest>

using namespace iolens::core;

namespace {

Configuration sized(std::int64_t requestKib, double readPct = 100.0)
{
    Configuration config;
    config.filesetBytes = std::int64_t {1} << 30;
    config.requestBytes = requestKib * 1024;
    config.readPct = readPct;
    return config;
}

// An evaluation of five request sizes whose relative error grows with the size: 1 %, 2 %, ...
ModelEvaluation growingErrors()
{
    const std::vector<Configuration> configs {sized(4), sized(8), sized(16), sized(32), sized(64)};
    Eigen::VectorXd measured(5), predicted(5);
    for (int i = 0; i < 5; ++i) {
        measured(i) = 100.0;
        predicted(i) = 100.0 * (1.0 + 0.01 * (i + 1));
    }
    return scorePredictions(
        Metric::RtReadMs, configs, measured, predicted, RelativeErrorRule {}, "test");
}

} // namespace

class TestLocalEvaluation : public QObject {
    Q_OBJECT
private slots:
    void nearest_picksTheClosestInSteps()
    {
        const std::vector<Configuration> configs {
            sized(4), sized(8), sized(16), sized(32), sized(64)};
        // 20 KiB is 0.32 steps from 16, 0.68 from 32, 1.32 from 8: the two nearest are 16 and 32.
        QCOMPARE(nearestConfigurations(configs, sized(20), 2), (std::vector<std::size_t> {2, 3}));
        QCOMPARE(nearestConfigurations(configs, sized(4), 1), (std::vector<std::size_t> {0}));
        QCOMPARE(
            nearestConfigurations(configs, sized(64), 3), (std::vector<std::size_t> {2, 3, 4}));
        // Every one kept, in data order, when asked for more than there are.
        QCOMPARE(nearestConfigurations(configs, sized(20), 9),
            (std::vector<std::size_t> {0, 1, 2, 3, 4}));
        QVERIFY(nearestConfigurations({}, sized(20), 3).empty());
    }

    void nearest_breaksTiesByDataOrder()
    {
        // 8 and 32 KiB are both one step from 16: the earlier one wins, whatever the order.
        const std::vector<Configuration> forward {sized(32), sized(8), sized(16)};
        QCOMPARE(nearestConfigurations(forward, sized(16), 2), (std::vector<std::size_t> {0, 2}));
        const std::vector<Configuration> backward {sized(8), sized(32), sized(16)};
        QCOMPARE(nearestConfigurations(backward, sized(16), 2), (std::vector<std::size_t> {0, 2}));
    }

    void nearest_countsEveryFactor()
    {
        // All writes is one full step from all reads, as is a 2x larger request: a tie that data
        // order decides; half the reads (0.5 steps) is nearer than either.
        const std::vector<Configuration> configs {
            sized(16, 0.0), sized(32, 100.0), sized(16, 50.0)};
        QCOMPARE(dataSteps(configs[0], sized(16)), 1.0);
        QCOMPARE(nearestConfigurations(configs, sized(16), 1), (std::vector<std::size_t> {2}));
        QCOMPARE(nearestConfigurations(configs, sized(16), 2), (std::vector<std::size_t> {0, 2}));
    }

    void local_keepsTheErrorsOfTheNearestPoints()
    {
        const ModelEvaluation all = growingErrors();
        QCOMPARE(all.cdf.values.size(), std::size_t {5});
        const ModelEvaluation small = localEvaluation(all, sized(4), 2);
        QCOMPARE(small.cdf.values.size(), std::size_t {2});
        QCOMPARE(small.configs.size(), std::size_t {2});
        QCOMPARE(small.configs[0], sized(4));
        QCOMPARE(small.configs[1], sized(8));
        QVERIFY(qAbs(small.meanRelativeError - 0.015) < 1e-12);
        const ModelEvaluation large = localEvaluation(all, sized(64), 2);
        QVERIFY(qAbs(large.meanRelativeError - 0.045) < 1e-12);
        QVERIFY(large.p50 > small.p50);
        // The whole evaluation again when N covers it.
        const ModelEvaluation every = localEvaluation(all, sized(64), 10);
        QCOMPARE(every.cdf.values.size(), std::size_t {5});
        QVERIFY(qAbs(every.meanRelativeError - all.meanRelativeError) < 1e-12);
        QVERIFY(qAbs(every.p90 - all.p90) < 1e-12);
    }

    void local_needsAPoint()
    {
        QVERIFY_THROWS_EXCEPTION(ConfigError, localEvaluation(growingErrors(), sized(4), 0));
    }
};

IOLENS_TEST_APPLESS_MAIN(TestLocalEvaluation)
#include "test_local_evaluation.moc"
