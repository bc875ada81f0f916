// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "data/measurement_csv.hpp"
#include "models/linear_model.hpp"
#include "support/cancelling_regressor.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"
#include "validation/error_metrics.hpp"
#include "validation/k_fold.hpp"
#include "validation/validation_cancelled.hpp"

#include <QTest>

#include <omp.h>

#include <set>

using namespace iolens::core;

class TestKFold : public QObject {
    Q_OBJECT
private slots:
    void folds_partitionTheRows_data()
    {
        QTest::addColumn<int>("n");
        QTest::addColumn<int>("k");
        QTest::newRow("even") << 100 << 10;
        QTest::newRow("uneven") << 106 << 10;
        QTest::newRow("two") << 7 << 2;
        QTest::newRow("leave one out") << 5 << 5;
    }
    void folds_partitionTheRows()
    {
        QFETCH(int, n);
        QFETCH(int, k);
        const FoldAssignment folds(n, k, 42);
        std::multiset<Eigen::Index> seen;
        for (int f = 0; f < k; ++f) {
            const auto& test = folds.testRows(f);
            QVERIFY(test.size() == static_cast<std::size_t>(n / k)
                || test.size() == static_cast<std::size_t>(n / k + 1));
            seen.insert(test.begin(), test.end());
            QCOMPARE(folds.trainRows(f).size() + test.size(), static_cast<std::size_t>(n));
        }
        QCOMPARE(seen.size(), static_cast<std::size_t>(n));
        QCOMPARE(
            std::set<Eigen::Index>(seen.begin(), seen.end()).size(), static_cast<std::size_t>(n));
    }

    void folds_sameSeedSameFolds()
    {
        const FoldAssignment a(50, 10, 7), b(50, 10, 7), c(50, 10, 8);
        QCOMPARE(a.testRows(3), b.testRows(3));
        bool differs = false;
        for (int f = 0; f < 10; ++f)
            differs |= a.testRows(f) != c.testRows(f);
        QVERIFY(differs);
    }

    void folds_rejectTooFewRows()
    {
        QVERIFY_THROWS_EXCEPTION(ConfigError, FoldAssignment(3, 10, 1));
    }

    void crossValidate_agreesWithManualFolds()
    {
        const Dataset data
            = buildDataset(aggregateRepetitions(readMeasurementsCsv(iolens::test::localCsvPath())),
                Metric::RtReadMs);
        LinearModel prototype;
        const FoldAssignment folds(data.rows(), 10, 1);
        const CrossValidationResult cv = crossValidate(prototype, data, folds);
        QCOMPARE(cv.foldRmse.size(), std::size_t {10});
        // Fold 4 by hand.
        LinearModel manual;
        manual.fit(subset(data, folds.trainRows(4)));
        const Dataset test = subset(data, folds.testRows(4));
        QCOMPARE(cv.foldRmse[4], rootMeanSquaredError(manual.predict(test.x), test.y));
        double mean = 0.0;
        for (double r : cv.foldRmse)
            mean += r / 10.0;
        QVERIFY(std::fabs(cv.meanRmse - mean) < 1e-12);
    }

    // Set during the first fit, the flag stops the folds not yet started: at most one per thread
    // fits, and the result is an exception rather than predictions with holes.
    void crossValidate_stopsWhenCancelled()
    {
        const Dataset data
            = buildDataset(aggregateRepetitions(readMeasurementsCsv(iolens::test::localCsvPath())),
                Metric::RtReadMs);
        const FoldAssignment folds(data.rows(), 10, 1);
        auto fits = std::make_shared<std::atomic<int>>(0);
        std::atomic<bool> cancel {false};
        const iolens::test::CancellingRegressor uncancelled(fits, &cancel, 1000);
        QCOMPARE(
            crossValidate(uncancelled, data, folds, &cancel).foldRmse.size(), std::size_t {10});
        QCOMPARE(fits->load(), 10);
        fits->store(0);
        const iolens::test::CancellingRegressor cancelling(fits, &cancel, 1);
        QVERIFY_THROWS_EXCEPTION(
            ValidationCancelled, crossValidate(cancelling, data, folds, &cancel));
        QVERIFY2(fits->load() >= 1 && fits->load() <= std::min(omp_get_max_threads(), 9),
            qPrintable(QString::number(fits->load())));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestKFold)
#include "test_k_fold.moc"
