// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "models/bagged_cart.hpp"
#include "models/regressor_registry.hpp"
#include "models/resampling.hpp"
#include "support/ensemble_test_data.hpp"
#include "support/test_registry.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <omp.h>

#include <cmath>
#include <random>

using namespace iolens::core;
using iolens::test::identical;

namespace {

BaggedCart bagging(int trees, int minSplit, double cp, std::uint64_t seed = 1)
{
    return BaggedCart(BaggingParams {trees, CartParams {minSplit, cp}, seed});
}

/// The bootstrap samples BaggedCart draws: n rows with replacement per tree, in tree order from
/// one std::mt19937_64 seeded with the model's seed.
std::vector<std::vector<Eigen::Index>> baggingSamples(Eigen::Index n, int trees, std::uint64_t seed)
{
    std::mt19937_64 rng(seed);
    std::vector<std::vector<Eigen::Index>> samples;
    for (int b = 0; b < trees; ++b)
        samples.push_back(bootstrapRows(n, rng));
    return samples;
}

double heldOutRmse(Regressor& model, const Dataset& train, const Dataset& test)
{
    model.fit(train);
    return std::sqrt(
        (model.predict(test.x) - test.y).squaredNorm() / static_cast<double>(test.rows()));
}

} // namespace

class TestBaggedCart : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void parameters_haveIpredDefaults()
    {
        const std::unique_ptr<Regressor> model = createRegressor("bagging");
        QCOMPARE(model->technique(), std::string("bagging"));
        const ParamValues values = model->parameters();
        QCOMPARE(values.at("ntrees"), 25.0);
        QCOMPARE(values.at("minsplit"), 2.0);
        QCOMPARE(values.at("cp"), 0.0);
        QCOMPARE(values.at("seed"), 1.0);
        for (const ParamSpec& spec : model->paramSpecs())
            QCOMPARE(spec.tuned(), spec.name == "minsplit" || spec.name == "cp");
        QVERIFY_THROWS_EXCEPTION(ConfigError, model->setParameters({{"ntrees", 0.0}}));
        QVERIFY_THROWS_EXCEPTION(ConfigError, model->setParameters({{"minsplit", 1.0}}));
        QVERIFY_THROWS_EXCEPTION(ConfigError, model->setParameters({{"mtry", 2.0}}));
    }

    // The whole ensemble against an independent implementation in R: rpart on each of the same
    // bootstrap samples (rows repeated as drawn), predictions averaged. Equal to 1e-12.
    void fit_matchesMeanOfRpartTreesOnTheSameSamples_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<int>("minSplit");
        QTest::addColumn<double>("cp");
        QTest::newRow("synthetic, ipred defaults") << "synthetic" << 2 << 0.0;
        QTest::newRow("synthetic, minsplit 10 cp 0.005") << "synthetic" << 10 << 0.005;
        QTest::newRow("tiered grid, log rt_read_ms") << "tiered" << 2 << 0.0;
        QTest::newRow("local grid, log rt_read_ms, rpart defaults") << "local" << 20 << 0.01;
    }
    void fit_matchesMeanOfRpartTreesOnTheSameSamples()
    {
        QFETCH(QString, source);
        QFETCH(int, minSplit);
        QFETCH(double, cp);
        const Dataset data = source == "synthetic"
            ? iolens::test::noisyDataset(4, 120)
            : iolens::test::gridDataset(source.toStdString(), Metric::RtReadMs);
        Eigen::MatrixXd probe = data.x;
        if (source == "synthetic")
            probe = data.schema.encode(iolens::test::noisyDataset(40, 60).configs);
        BaggedCart model = bagging(12, minSplit, cp, 3);
        model.fit(data);
        iolens::test::ToolRun run;
        const auto reference = iolens::test::runRpartEnsemble(data, probe,
            baggingSamples(data.rows(), 12, 3), minSplit, cp, "bagging", 1.0, 1, m_dir.path(), run);
        IOLENS_REQUIRE_TOOL(run);
        QVERIFY2(run.exitCode == 0, qPrintable(run.errors));
        QCOMPARE(reference.predictions.size(), static_cast<std::size_t>(probe.rows()));
        const Eigen::VectorXd ours = model.predict(probe);
        for (Eigen::Index i = 0; i < probe.rows(); ++i)
            QVERIFY2(std::abs(ours(i) - reference.predictions[static_cast<std::size_t>(i)])
                    <= 1e-12 * std::max(1.0, std::abs(ours(i))),
                qPrintable(
                    QStringLiteral("row %1: %2 vs R %3")
                        .arg(i)
                        .arg(ours(i), 0, 'g', 17)
                        .arg(reference.predictions[static_cast<std::size_t>(i)], 0, 'g', 17)));
    }

    // The prediction is the mean of the members, each a CART fitted on its bootstrap sample.
    void predict_isMeanOfTheTrees()
    {
        const Dataset data = iolens::test::noisyDataset(9, 80);
        BaggedCart model = bagging(7, 2, 0.0, 5);
        model.fit(data);
        QCOMPARE(model.trees().size(), std::size_t {7});
        Eigen::VectorXd sum = Eigen::VectorXd::Zero(data.rows());
        const auto samples = baggingSamples(data.rows(), 7, 5);
        for (std::size_t b = 0; b < 7; ++b) {
            Cart alone(CartParams {2, 0.0});
            alone.fit(iolens::test::rowsOf(data, samples[b]));
            QVERIFY(identical(alone.predict(data.x), model.trees()[b].predict(data.x)));
            sum += alone.predict(data.x);
        }
        const Eigen::VectorXd mean = sum / 7.0;
        QVERIFY((model.predict(data.x) - mean).cwiseAbs().maxCoeff() < 1e-12);
    }

    // Bagging's point (Breiman 1996): on noisy data the average of large trees predicts held-out
    // rows better than one large tree. Five splits of 300 noisy rows (sd 2): each must show it,
    // and on average by more than 10 % (measured: 0.71..0.91 of CART's RMSE over ten seeds).
    void fit_beatsSingleLargeTreeOnNoisyData()
    {
        double ratios = 0.0;
        for (unsigned seed = 1; seed <= 5; ++seed) {
            const Dataset data = iolens::test::noisyDataset(seed, 300, 2.0);
            const Dataset train
                = iolens::test::rowsOf(data, iolens::test::everyNth(data.rows(), 3, 0, false));
            const Dataset test
                = iolens::test::rowsOf(data, iolens::test::everyNth(data.rows(), 3, 0, true));
            Cart single(CartParams {2, 0.0});
            BaggedCart bagged = bagging(25, 2, 0.0, seed);
            const double ratio
                = heldOutRmse(bagged, train, test) / heldOutRmse(single, train, test);
            QVERIFY2(ratio < 0.95, qPrintable(QStringLiteral("seed %1: %2").arg(seed).arg(ratio)));
            ratios += ratio / 5.0;
        }
        QVERIFY2(ratios < 0.9, qPrintable(QString::number(ratios)));
    }

    void fit_sameSeedSameModelAnyThreadCount()
    {
        const Dataset data = iolens::test::noisyDataset(12, 100);
        const int threads = omp_get_max_threads();
        omp_set_num_threads(1);
        BaggedCart serial = bagging(10, 2, 0.0, 8);
        serial.fit(data);
        omp_set_num_threads(3);
        BaggedCart parallel = bagging(10, 2, 0.0, 8);
        parallel.fit(data);
        omp_set_num_threads(threads);
        QVERIFY(identical(serial.predict(data.x), parallel.predict(data.x)));
        BaggedCart other = bagging(10, 2, 0.0, 9);
        other.fit(data);
        QVERIFY(!identical(serial.predict(data.x), other.predict(data.x)));
    }

    void saveLoad_roundTripsBitIdentical()
    {
        const Dataset data = iolens::test::gridDataset("local", Metric::TpReadMbs);
        BaggedCart model = bagging(9, 4, 0.001, 2);
        model.fit(data);
        BaggedCart loaded;
        loaded.setParameters(model.parameters());
        loaded.loadState(nlohmann::json::parse(model.saveState().dump()), data.schema);
        QVERIFY(identical(loaded.predict(data.x), model.predict(data.x)));
        QCOMPARE(loaded.describe(), model.describe());
        QVERIFY(model.describe().find("9 trees") != std::string::npos);
        const std::unique_ptr<Regressor> copy = model.clone();
        QVERIFY(identical(copy->predict(data.x), model.predict(data.x)));

        BaggedCart otherTrees = bagging(8, 4, 0.001, 2);
        QVERIFY_THROWS_EXCEPTION(DataError, otherTrees.loadState(model.saveState(), data.schema));
        BaggedCart otherCp = bagging(9, 4, 0.01, 2);
        QVERIFY_THROWS_EXCEPTION(DataError, otherCp.loadState(model.saveState(), data.schema));
        nlohmann::json broken = model.saveState();
        broken["trees"][2].erase("nodes");
        QVERIFY_THROWS_EXCEPTION(DataError, loaded.loadState(broken, data.schema));
    }

    void fit_degenerateData_data()
    {
        iolens::test::addDegenerateDataRows("fewer rows than minsplit");
    }
    void fit_degenerateData()
    {
        QFETCH(QString, kind);
        const Dataset data = iolens::test::degenerateDataset(kind, 0.75, 4);
        BaggedCart model = bagging(10, kind == "few" ? 20 : 2, 0.0);
        const FitReport report = model.fit(data);
        const Eigen::VectorXd p = model.predict(data.x);
        QVERIFY(p.allFinite());
        if (kind == "constant" || kind == "few" || kind == "one") {
            QVERIFY(!report.warnings.empty());
            QVERIFY(report.warnings.front().find("10 of 10 trees") == 0);
        }
        if (kind == "constant")
            QVERIFY((p.array() == 0.75).all()); // dyadic: every mean is exact
        if (kind == "one")
            QCOMPARE(p(0), data.y(0));
        if (kind == "duplicated") { // a copy of a row is the row: nothing degenerate to report
            QVERIFY(report.warnings.empty());
            QVERIFY(report.rSquared > 0.5);
        }
    }

    void fitPredict_rejectBadInput()
    {
        Dataset data = iolens::test::noisyDataset(8, 30);
        BaggedCart model = bagging(3, 2, 0.0);
        QVERIFY_THROWS_EXCEPTION(StateError, model.predict(data.x));
        QVERIFY_THROWS_EXCEPTION(StateError, model.saveState());
        Dataset nanResponse = data;
        nanResponse.y(3) = NAN;
        QVERIFY_THROWS_EXCEPTION(DataError, model.fit(nanResponse));
        Dataset badLevel = data;
        badLevel.x(5, 0) = 1.5;
        QVERIFY_THROWS_EXCEPTION(DataError, model.fit(badLevel));
        model.fit(data);
        QVERIFY_THROWS_EXCEPTION(DataError, model.predict(data.x.leftCols(2)));
    }

private:
    QTemporaryDir m_dir;
};

IOLENS_TEST_GUILESS_MAIN(TestBaggedCart)
#include "test_bagged_cart.moc"
