// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "support/low_level_run_data.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"
#include "validation/run_accuracy.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace iolens::core;

namespace {

using iolens::test::writeLowLevelRun;

RunAccuracyOptions options()
{
    RunAccuracyOptions o;
    o.features.windowSeconds = 1.0; // no smoothing: each sample is its own second
    o.folds = 5;
    o.minSamples = 10;
    return o;
}

} // namespace

class TestRunAccuracy : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        writeLowLevelRun(m_dir.path(), "linear-rep1", 30, true, 1);
        writeLowLevelRun(m_dir.path(), "noise-rep1", 30, false, 2);
        writeLowLevelRun(m_dir.path(), "short-rep1", 6, true, 3);
        iolens::test::writeFile(m_dir.path(), "orphan-rep1.nodes.csv", "node,timestamp,x\n");
        iolens::test::writeFile(m_dir.path(), "notes.txt", "not a run\n");
    }

    void findRuns_pairsFilesByKey()
    {
        std::vector<std::string> unpaired;
        const auto runs = findLowLevelRuns(m_dir.path().toStdString(), &unpaired);
        QCOMPARE(runs.size(), std::size_t(3));
        QCOMPARE(runs[0].key, std::string("linear-rep1"));
        QCOMPARE(runs[1].key, std::string("noise-rep1"));
        QCOMPARE(runs[2].key, std::string("short-rep1"));
        QCOMPARE(unpaired.size(), std::size_t(1));
        QCOMPARE(unpaired[0], std::string("orphan-rep1: no target CSV"));
        QVERIFY_THROWS_EXCEPTION(
            DataError, findLowLevelRuns(m_dir.filePath("nowhere").toStdString()));
    }

    void linearRun_isPredictedAlmostExactly_noiseRunIsNot()
    {
        const auto runs = findLowLevelRuns(m_dir.path().toStdString());
        const RunAccuracyOptions o = options();
        const RunAccuracy linear = evaluateRunAccuracy(runs[0], o);
        const RunAccuracy noise = evaluateRunAccuracy(runs[1], o);
        QVERIFY2(linear.skipped.empty(), linear.skipped.c_str());
        QCOMPARE(linear.samples, 30);
        QCOMPARE(linear.features, 12); // 3 metrics x mean, sum, std, top5
        QCOMPARE(linear.accuracy.size(), o.methods.size());
        for (std::size_t m = 0; m < o.methods.size(); ++m) {
            const QString name = QString::fromStdString(accuracyMethodName(o.methods[m]));
            QVERIFY2(linear.accuracy[m] > 0.97,
                qPrintable(name + QStringLiteral(" linear: %1").arg(linear.accuracy[m])));
            QVERIFY2(noise.accuracy[m] < 0.5,
                qPrintable(name + QStringLiteral(" noise: %1").arg(noise.accuracy[m])));
            QVERIFY(noise.accuracy[m] >= 0.0);
        }
    }

    void shortRun_isSkippedWithTheReason()
    {
        const auto runs = findLowLevelRuns(m_dir.path().toStdString());
        const RunAccuracy shortRun = evaluateRunAccuracy(runs[2], options());
        QCOMPARE(shortRun.samples, 6);
        QCOMPARE(shortRun.skipped, std::string("too short: 6 samples, needs at least 10"));
        QVERIFY(shortRun.accuracy.empty());
    }

    void cancelled_stopsBeforeTheNextMethod()
    {
        const auto runs = findLowLevelRuns(m_dir.path().toStdString());
        const RunAccuracy run = evaluateRunAccuracy(runs[0], options(), [] { return true; });
        QCOMPARE(run.skipped, std::string("cancelled"));
        QVERIFY(run.accuracy.empty());
    }

    void densities_coverScoredRunsOnly()
    {
        RunAccuracy a;
        a.accuracy = {0.9, 0.5};
        RunAccuracy b;
        b.accuracy = {0.8, 0.3};
        RunAccuracy skipped;
        skipped.skipped = "too short";
        const std::vector<AccuracyMethod> methods {
            AccuracyMethod::InsideOut, AccuracyMethod::Lasso};
        const auto densities = accuracyDensities({a, skipped, b}, methods, 11);
        QCOMPARE(densities.size(), std::size_t(2));
        QCOMPARE(densities[0].accuracies, (std::vector<double> {0.9, 0.8}));
        QVERIFY(std::fabs(densities[0].mean - 0.85) < 1e-15);
        QVERIFY(std::fabs(densities[1].median - 0.4) < 1e-15);
        QCOMPARE(densities[1].density.grid.size(), std::size_t(11));
        QCOMPARE(densities[1].density.density[4],
            gaussianDensityAt({0.5, 0.3}, densities[1].density.bandwidth, 0.4));
        QVERIFY(accuracyDensities({skipped}, methods).empty());
    }

    void malformedCsv_namesFileRowAndColumn()
    {
        QTemporaryDir dir;
        writeLowLevelRun(dir.path(), "bad-rep1", 20, true, 4);
        iolens::test::writeFile(
            dir.path(), "bad-rep1.target.csv", "timestamp,throughput_mbs\n1000,5\n1001,fast\n");
        const auto runs = findLowLevelRuns(dir.path().toStdString());
        try {
            evaluateRunAccuracy(runs[0], options());
            QFAIL("no DataError");
        } catch (const DataError& error) {
            const QString message = QString::fromUtf8(error.what());
            QVERIFY2(message.contains(QStringLiteral("bad-rep1.target.csv"))
                    && message.contains(QStringLiteral("3"))
                    && message.contains(QStringLiteral("throughput_mbs")),
                qPrintable(message));
        }
    }

    void methodKeys_roundTrip()
    {
        for (AccuracyMethod method : allAccuracyMethods())
            QVERIFY(parseAccuracyMethod(accuracyMethodKey(method)) == method);
        QVERIFY_THROWS_EXCEPTION(ConfigError, parseAccuracyMethod("svm"));
    }

private:
    QTemporaryDir m_dir;
};

IOLENS_TEST_GUILESS_MAIN(TestRunAccuracy)
#include "test_run_accuracy.moc"
