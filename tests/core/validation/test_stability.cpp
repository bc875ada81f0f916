// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "models/cart.hpp"
#include "models/resampling.hpp"
#include "models/sbcart.hpp"
#include "support/ensemble_test_data.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"
#include "validation/stability.hpp"

#include <QTest>

#include <cmath>
#include <random>

using namespace iolens::core;

namespace {

/// Five configurations with y = 1 2 3 4 10 (mean 4).
Dataset fivePoints(bool logResponse)
{
    std::vector<Configuration> configs(5);
    for (int i = 0; i < 5; ++i)
        configs[static_cast<std::size_t>(i)].requestBytes = 1024 * (i + 1);
    Eigen::VectorXd y(5);
    y << 1, 2, 3, 4, 10;
    if (logResponse)
        y = y.array().log();
    return iolens::test::datasetFromConfigurations(configs, y);
}

/// The row removed in each repeat when one row is removed: measureStability draws the removals
/// in repeat order from one std::mt19937_64 seeded with the seed.
std::vector<Eigen::Index> removedRows(Eigen::Index n, int repeats, std::uint64_t seed)
{
    std::mt19937_64 rng(seed);
    std::vector<Eigen::Index> rows;
    for (int r = 0; r < repeats; ++r)
        rows.push_back(sampleWithoutReplacement(n, 1, rng).front());
    return rows;
}

StabilityResult stabilityOf(const Regressor& model, const Dataset& data, int remove, int repeats)
{
    StabilityOptions options;
    options.removeRows = remove;
    options.repeats = repeats;
    options.seed = 3;
    options.logResponse = true;
    return measureStability(model, data, options);
}

} // namespace

class TestStability : public QObject {
    Q_OBJECT
private slots:
    // A CART that cannot split (minsplit > n) predicts the mean, 4. Without row r it predicts
    // (20 - y_r) / 4, on every row: a relative change of |4 - y_r| / 16 (3/16, 2/16, 1/16, 0,
    // 6/16 for y_r = 1, 2, 3, 4, 10).
    void measureStability_handComputedMeanModel()
    {
        const Dataset data = fivePoints(false);
        const Cart mean(CartParams {1000, 0.01});
        StabilityOptions options;
        options.removeRows = 1;
        options.repeats = 6;
        options.seed = 11;
        const StabilityResult result = measureStability(mean, data, options);
        const std::vector<double> y {1, 2, 3, 4, 10};
        double sum = 0.0;
        double largest = 0.0;
        const auto removed = removedRows(5, 6, 11);
        for (std::size_t r = 0; r < removed.size(); ++r) {
            const double change = std::abs(4.0 - y[static_cast<std::size_t>(removed[r])]) / 16.0;
            QCOMPARE(result.repeatMean[r], change);
            QCOMPARE(result.repeatMax[r], change);
            sum += change;
            largest = std::max(largest, change);
        }
        QCOMPARE(result.rows, 5);
        QCOMPARE(result.meanRelativeChange, sum / 6.0);
        QCOMPARE(result.maxRelativeChange, largest);
    }

    // With a log response the change is measured on the metric's scale: the mean model of
    // log(y) predicts the geometric mean.
    void measureStability_comparesOnMetricScaleForLogResponse()
    {
        const Dataset data = fivePoints(true);
        const Cart mean(CartParams {1000, 0.01});
        StabilityOptions options;
        options.removeRows = 1;
        options.repeats = 4;
        options.seed = 2;
        options.logResponse = true;
        const StabilityResult result = measureStability(mean, data, options);
        const std::vector<double> y {1, 2, 3, 4, 10};
        const double base = std::exp((std::log(240.0)) / 5.0); // geometric mean of 1 2 3 4 10
        const auto removed = removedRows(5, 4, 2);
        for (std::size_t r = 0; r < removed.size(); ++r) {
            const double without
                = std::exp(std::log(240.0 / y[static_cast<std::size_t>(removed[r])]) / 4.0);
            QVERIFY(std::abs(result.repeatMean[r] - std::abs(without - base) / base) < 1e-12);
        }
    }

    void measureStability_rejectsBadOptions()
    {
        const Dataset data = fivePoints(false);
        const Cart cart;
        StabilityOptions options;
        options.removeRows = 0;
        QVERIFY_THROWS_EXCEPTION(ConfigError, measureStability(cart, data, options));
        options.removeRows = 5;
        QVERIFY_THROWS_EXCEPTION(ConfigError, measureStability(cart, data, options));
        options.removeRows = 1;
        options.repeats = 0;
        QVERIFY_THROWS_EXCEPTION(ConfigError, measureStability(cart, data, options));
    }

    // The SBCART paper's Figure 5 on our data: remove 4 configurations (as its Figure 1 removes 4
    // of 60), 30 times, and see how far the predictions of every configuration move. Compared with
    // the CART its trees are made of (the paper's Nmin = 10: minsplit 10, cp 0), SBCART's largest
    // change is smaller on every grid and metric (the "radical changes" of a tree are averaged
    // out), by a factor of 1.9 to 3.4. For the mean change the paper's claim holds only on tiered
    // rt_read_ms, barely (0.132 vs 0.137): a refit without 4 rows draws new bootstrap samples,
    // and SBCART's mean change (0.012, 0.012, 0.13, 0.016 on the four cases below) is about what
    // a different seed alone gives on the full data (0.013, 0.013, 0.09, 0.019), while a tree on
    // a grid often does not change at all (CART's mean change 0.006, 0.003, 0.14, 0.012). So only
    // the largest change is asserted.
    void sbcartLargestChangeIsSmallerThanCart_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<int>("metric");
        for (const char* source : {"local", "tiered"})
            for (const Metric metric : {Metric::RtReadMs, Metric::TpWriteMbs})
                QTest::addRow("%s %s", source, metricName(metric).data())
                    << QString::fromLatin1(source) << static_cast<int>(metric);
    }
    void sbcartLargestChangeIsSmallerThanCart()
    {
        QFETCH(QString, source);
        QFETCH(int, metric);
        const Dataset data
            = iolens::test::gridDataset(source.toStdString(), static_cast<Metric>(metric));
        const StabilityResult cart = stabilityOf(Cart(CartParams {10, 0.0}), data, 4, 30);
        const StabilityResult defaultCart = stabilityOf(Cart(), data, 4, 30);
        const StabilityResult ensemble = stabilityOf(Sbcart(), data, 4, 30);
        qInfo("%s: mean / largest relative change: CART minsplit 10 cp 0 %.4f / %.3f, CART "
              "default %.4f / %.3f, SBCART %.4f / %.3f",
            QTest::currentDataTag(), cart.meanRelativeChange, cart.maxRelativeChange,
            defaultCart.meanRelativeChange, defaultCart.maxRelativeChange,
            ensemble.meanRelativeChange, ensemble.maxRelativeChange);
        QVERIFY(ensemble.maxRelativeChange < cart.maxRelativeChange);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestStability)
#include "test_stability.moc"
