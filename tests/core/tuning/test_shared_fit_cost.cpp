// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/regressor_registry.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"
#include "tuning/cross_validation_cost.hpp"
#include "tuning/grouped_cv_cost.hpp"
#include "tuning/search_space.hpp"
#include "tuning/shared_fit_cost.hpp"
#include "tuning/technique_cost.hpp"

#include <QTest>

#include <cmath>

#include <omp.h>

#include <mutex>
#include <set>

using namespace iolens::core;

namespace {

Dataset tieredLogReadTime()
{
    Dataset data = buildDataset(iolens::test::tieredRows(), Metric::RtReadMs);
    data.y = data.y.array().log();
    return data;
}

// Every combination of the given values, in the search space's parameter order.
std::vector<std::vector<double>> grid(const std::vector<SearchDimension>& space,
    const std::map<std::string, std::vector<double>>& values)
{
    std::vector<std::vector<double>> points {{}};
    for (const SearchDimension& d : space) {
        std::vector<std::vector<double>> next;
        for (const auto& p : points)
            for (double v : values.at(d.name)) {
                auto q = p;
                q.push_back(v);
                next.push_back(q);
            }
        points = next;
    }
    return points;
}

SharedFitPlan planFor(const QString& technique)
{
    return technique == "cart"  ? cartSharedFitPlan()
        : technique == "cubist" ? cubistSharedFitPlan()
        : technique == "m5"     ? m5SharedFitPlan()
                                : marsSharedFitPlan();
}

// The costs of two batches (the second reusing the first's kept fits) on `threads` threads.
std::vector<std::optional<double>> costsOnThreads(const QString& technique, int threads)
{
    const Dataset data = tieredLogReadTime();
    const auto prototype = createRegressor(technique.toStdString());
    const auto space = searchSpace(*prototype);
    const std::vector<std::map<std::string, std::vector<double>>> batches {
        {{"minsplit", {2, 20}}, {"cp", {0.0, 0.01}}, {"nsplits", {3, 400}}, {"ntrees", {1, 5}},
            {"ninstances", {0, 3}}, {"nk", {21}}, {"thresh", {0.0, 0.01}}, {"nprune", {5, 800}}},
        {{"minsplit", {7}}, {"cp", {0.001, 0.3}}, {"nsplits", {2, 30, 100}}, {"ntrees", {2, 4}},
            {"ninstances", {0, 9}}, {"nk", {3, 60}}, {"thresh", {0.05}}, {"nprune", {2, 800}}}};
    const FoldAssignment folds(data.rows(), 10, 3);
    const int before = omp_get_max_threads();
    omp_set_num_threads(threads);
    std::atomic<bool> cancel {false};
    const BatchCost cost = sharedFitCost(*prototype, space, data, folds, planFor(technique));
    std::vector<std::optional<double>> all;
    for (const auto& batch : batches) {
        const auto costs = cost(grid(space, batch), cancel);
        all.insert(all.end(), costs.begin(), costs.end());
    }
    omp_set_num_threads(before);
    return all;
}

} // namespace

class TestSharedFitCost : public QObject {
    Q_OBJECT
private slots:
    void sharedFits_giveTheSameCostsAsPlainCrossValidation_data()
    {
        QTest::addColumn<QString>("technique");
        QTest::newRow("cart") << "cart";
        QTest::newRow("cubist") << "cubist";
        QTest::newRow("m5") << "m5";
        QTest::newRow("mars") << "mars";
    }
    void sharedFits_giveTheSameCostsAsPlainCrossValidation()
    {
        QFETCH(QString, technique);
        const Dataset data = tieredLogReadTime();
        const auto prototype = createRegressor(technique.toStdString());
        const auto space = searchSpace(*prototype);
        const std::map<std::string, std::vector<double>> values {{"minsplit", {2, 7, 20}},
            {"cp", {0.0, 0.001, 0.01, 0.05, 0.3}}, {"nsplits", {2, 3, 8, 100}},
            {"ntrees", {1, 3, 5}}, {"ninstances", {0, 2, 9}}, {"nk", {3, 21, 60}},
            {"thresh", {0.0, 0.001, 0.05}}, {"nprune", {2, 5, 800}}};
        const auto points = grid(space, values);
        const FoldAssignment folds(data.rows(), 10, 3);
        const SharedFitPlan plan = technique == "cart" ? cartSharedFitPlan()
            : technique == "cubist"                    ? cubistSharedFitPlan()
            : technique == "m5"                        ? m5SharedFitPlan()
                                                       : marsSharedFitPlan();
        std::atomic<bool> cancel {false};
        const auto fast = sharedFitCost(*prototype, space, data, folds, plan)(points, cancel);
        const auto plain = crossValidationCost(*prototype, space, data, folds)(points, cancel);
        QCOMPARE(fast.size(), points.size());
        for (std::size_t i = 0; i < points.size(); ++i) {
            QVERIFY(fast[i] && plain[i]);
            QCOMPARE(*fast[i], *plain[i]); // bit-identical, not just close
        }
    }

    // The optimizer calls one cost function once per iteration; fits kept from earlier batches
    // (a larger committee or nk, another rules limit with the same members) must still give
    // the plain costs.
    void keptFits_laterBatchesGiveTheSameCostsAsPlainCrossValidation_data()
    {
        QTest::addColumn<QString>("technique");
        QTest::newRow("cart") << "cart";
        QTest::newRow("cubist") << "cubist";
        QTest::newRow("m5") << "m5";
        QTest::newRow("mars") << "mars";
    }
    void keptFits_laterBatchesGiveTheSameCostsAsPlainCrossValidation()
    {
        QFETCH(QString, technique);
        const Dataset data = tieredLogReadTime();
        const auto prototype = createRegressor(technique.toStdString());
        const auto space = searchSpace(*prototype);
        const std::vector<std::map<std::string, std::vector<double>>> batches {
            {{"minsplit", {7}}, {"cp", {0.0, 0.01}}, {"nsplits", {400}}, {"ntrees", {1, 3}},
                {"ninstances", {0, 2}}, {"nk", {21}}, {"thresh", {0.0, 0.01}},
                {"nprune", {5, 800}}},
            {{"minsplit", {7, 20}}, {"cp", {0.001, 0.3}}, {"nsplits", {2, 3, 30, 100, 400}},
                {"ntrees", {2, 5}}, {"ninstances", {0, 9}}, {"nk", {3, 15, 60}},
                {"thresh", {0.0, 0.05}}, {"nprune", {2, 800}}},
            {{"minsplit", {2, 7}}, {"cp", {0.0, 0.05}}, {"nsplits", {4, 30, 250}},
                {"ntrees", {1, 4}}, {"ninstances", {0, 3}}, {"nk", {10, 21}}, {"thresh", {0.001}},
                {"nprune", {3, 800}}}};
        const FoldAssignment folds(data.rows(), 10, 3);
        const SharedFitPlan plan = technique == "cart" ? cartSharedFitPlan()
            : technique == "cubist"                    ? cubistSharedFitPlan()
            : technique == "m5"                        ? m5SharedFitPlan()
                                                       : marsSharedFitPlan();
        std::atomic<bool> cancel {false};
        const BatchCost fast = sharedFitCost(*prototype, space, data, folds, plan);
        const BatchCost plain = crossValidationCost(*prototype, space, data, folds);
        for (std::size_t b = 0; b < batches.size(); ++b) {
            const auto points = grid(space, batches[b]);
            const auto fastCosts = fast(points, cancel);
            const auto plainCosts = plain(points, cancel);
            QCOMPARE(fastCosts.size(), points.size());
            for (std::size_t i = 0; i < points.size(); ++i) {
                QVERIFY(fastCosts[i] && plainCosts[i]);
                QVERIFY2(*fastCosts[i] == *plainCosts[i],
                    qPrintable(QString("batch %1, point %2").arg(b).arg(i)));
            }
        }
    }

    // The grouped cost of `optimize --cv grouped` shares the same fits over held-out levels.
    void groupedSharedFits_giveTheCostsOfPlainGroupedCv_data()
    {
        QTest::addColumn<QString>("technique");
        QTest::newRow("cart") << "cart";
        QTest::newRow("cubist") << "cubist";
        QTest::newRow("m5") << "m5";
        QTest::newRow("mars") << "mars";
    }
    void groupedSharedFits_giveTheCostsOfPlainGroupedCv()
    {
        QFETCH(QString, technique);
        const Dataset data = tieredLogReadTime();
        const auto prototype = createRegressor(technique.toStdString());
        const auto space = searchSpace(*prototype);
        const std::vector<std::map<std::string, std::vector<double>>> batches {
            {{"minsplit", {7}}, {"cp", {0.0, 0.01}}, {"nsplits", {400, 3}}, {"ntrees", {1, 3}},
                {"ninstances", {0, 2}}, {"nk", {21}}, {"thresh", {0.0, 0.01}},
                {"nprune", {5, 800}}},
            {{"minsplit", {2, 20}}, {"cp", {0.001, 0.3}}, {"nsplits", {2, 30, 400}},
                {"ntrees", {2, 5}}, {"ninstances", {0, 9}}, {"nk", {3, 60}}, {"thresh", {0.05}},
                {"nprune", {2, 800}}}};
        GroupedCvOptions options;
        options.metric = Metric::RtReadMs;
        options.logResponse = true;
        std::atomic<bool> cancel {false};
        const BatchCost shared = techniqueGroupedCost(*prototype, space, data, options);
        const BatchCost plain = groupedCrossValidationCost(*prototype, space, data, options);
        int finite = 0;
        for (std::size_t b = 0; b < batches.size(); ++b) {
            const auto points = grid(space, batches[b]);
            const auto sharedCosts = shared(points, cancel);
            const auto plainCosts = plain(points, cancel);
            QCOMPARE(sharedCosts.size(), points.size());
            for (std::size_t i = 0; i < points.size(); ++i) {
                QVERIFY(sharedCosts[i] && plainCosts[i]);
                QVERIFY2(*sharedCosts[i] == *plainCosts[i],
                    qPrintable(QString("batch %1, point %2: %3 vs %4")
                                   .arg(b)
                                   .arg(i)
                                   .arg(*sharedCosts[i], 0, 'g', 17)
                                   .arg(*plainCosts[i], 0, 'g', 17)));
                finite += std::isfinite(*sharedCosts[i]) ? 1 : 0;
            }
        }
        QVERIFY(finite > 0);
    }

    // Groups served by one fit (other rules limits with the same Cubist members, M5's limits)
    // are predicted together: each fit is asked once per batch, for all their members.
    void sharedFits_predictEachFitOncePerBatch_data()
    {
        QTest::addColumn<QString>("technique");
        QTest::newRow("cubist") << "cubist";
        QTest::newRow("m5") << "m5";
    }
    void sharedFits_predictEachFitOncePerBatch()
    {
        QFETCH(QString, technique);
        const Dataset data = tieredLogReadTime();
        const auto prototype = createRegressor(technique.toStdString());
        const auto space = searchSpace(*prototype);
        const auto points = grid(
            space, {{"nsplits", {30, 60, 100, 400}}, {"ntrees", {1, 3}}, {"ninstances", {0, 2}}});
        std::mutex mutex;
        std::size_t calls = 0;
        std::set<const Regressor*> fits;
        SharedFitPlan plan = planFor(technique);
        plan.predictMembers
            = [&mutex, &calls, &fits, inner = plan.predictMembers](const Regressor& fitted,
                  const std::vector<ParamValues>& members, const Eigen::MatrixXd& x) {
                  {
                      const std::lock_guard<std::mutex> lock(mutex);
                      ++calls;
                      fits.insert(&fitted);
                  }
                  return inner(fitted, members, x);
              };
        const FoldAssignment folds(data.rows(), 10, 3);
        std::atomic<bool> cancel {false};
        const auto fast = sharedFitCost(*prototype, space, data, folds, plan)(points, cancel);
        const auto plain = crossValidationCost(*prototype, space, data, folds)(points, cancel);
        for (std::size_t i = 0; i < points.size(); ++i) {
            QVERIFY(fast[i] && plain[i]);
            QCOMPARE(*fast[i], *plain[i]);
        }
        QCOMPARE(calls, fits.size());          // once per fit (and fold: a fit serves one fold)
        QVERIFY(calls < 4 * std::size_t {10}); // the four limits do share fits
    }

    // Cubist's plan fits the largest rules limit of every MINITEMS class in one round (a fit
    // serves only limits with its MINITEMS), each with the most committees its class asks for.
    // MINITEMS at 1,000 rows: 10 for 50 and 80 rules, 5 for 200, 3 for 400.
    void cubistPlan_fitsOneLimitPerMinItemsClassPerRound()
    {
        const SharedFitPlan plan = cubistSharedFitPlan();
        const std::vector<ParamValues> unserved {
            {{"nsplits", 50.0}, {"ntrees", 10.0}, {"ninstances", 0.0}},
            {{"nsplits", 400.0}, {"ntrees", 5.0}, {"ninstances", 0.0}},
            {{"nsplits", 80.0}, {"ntrees", 100.0}, {"ninstances", 0.0}},
            {{"nsplits", 200.0}, {"ntrees", 20.0}, {"ninstances", 0.0}}};
        const auto fits = plan.chooseFits(unserved, {1000});
        QCOMPARE(fits.size(), std::size_t {3});
        QCOMPARE(fits[0].first, std::size_t {1});
        QCOMPARE(fits[0].second.at("ntrees"), 5.0);
        QCOMPARE(fits[1].first, std::size_t {3});
        QCOMPARE(fits[1].second.at("ntrees"), 20.0);
        QCOMPARE(fits[2].first, std::size_t {2}); // serves 50 rules too if it cuts no tree
        QCOMPARE(fits[2].second.at("ntrees"), 100.0);
        // A fold where 200 and 400 rules share MINITEMS (3 at 700 rows): one round each.
        const auto twoFolds = plan.chooseFits(unserved, {1000, 700});
        QCOMPARE(twoFolds.size(), std::size_t {2});
        QCOMPARE(twoFolds[0].first, std::size_t {1});
        QCOMPARE(twoFolds[0].second.at("ntrees"), 20.0);
        QCOMPARE(twoFolds[1].first, std::size_t {2});
        // M5 has no committees: the limits alone.
        const auto m5 = m5SharedFitPlan().chooseFits(
            {{{"nsplits", 50.0}}, {{"nsplits", 400.0}}, {{"nsplits", 80.0}}}, {1000});
        QCOMPARE(m5.size(), std::size_t {2});
        QCOMPARE(m5[0].first, std::size_t {1});
        QCOMPARE(m5[1].first, std::size_t {2});
    }

    // Folds and groups run on OpenMP threads; which thread fits what must not change a cost.
    void sharedFits_sameCostsOnOneAndTwoThreads_data()
    {
        QTest::addColumn<QString>("technique");
        QTest::newRow("cart") << "cart";
        QTest::newRow("cubist") << "cubist";
        QTest::newRow("m5") << "m5";
        QTest::newRow("mars") << "mars";
    }
    void sharedFits_sameCostsOnOneAndTwoThreads()
    {
        QFETCH(QString, technique);
        const auto one = costsOnThreads(technique, 1);
        const auto two = costsOnThreads(technique, 2);
        QCOMPARE(one.size(), two.size());
        for (std::size_t i = 0; i < one.size(); ++i) {
            QVERIFY(one[i] && two[i]);
            QVERIFY2(*one[i] == *two[i], qPrintable(QString("point %1").arg(i))); // bit for bit
        }
    }
};

IOLENS_TEST_GUILESS_MAIN(TestSharedFitCost)
#include "test_shared_fit_cost.moc"
