// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "models/regressor_registry.hpp"
#include "models/resampling.hpp"
#include "models/sbcart.hpp"
#include "support/ensemble_test_data.hpp"
#include "support/test_registry.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <omp.h>

#include <cmath>
#include <numeric>
#include <random>

using namespace iolens::core;
using iolens::test::identical;

namespace {

Sbcart sbcart(
    int trees, double keep, int minSplit, double cp, SbcartError error, std::uint64_t seed = 1)
{
    return Sbcart(SbcartParams {trees, keep, CartParams {minSplit, cp}, error, seed});
}

/// The samples Sbcart draws: per tree, the distinct rows of n draws with replacement, in tree
/// order from one std::mt19937_64 seeded with the model's seed.
std::vector<std::vector<Eigen::Index>> sbcartSamples(Eigen::Index n, int trees, std::uint64_t seed)
{
    std::mt19937_64 rng(seed);
    std::vector<std::vector<Eigen::Index>> samples;
    for (int b = 0; b < trees; ++b)
        samples.push_back(distinctBootstrapRows(n, rng));
    return samples;
}

bool close(double a, double b)
{
    return std::abs(a - b) <= 1e-12 * std::max(1.0, std::abs(a));
}

} // namespace

class TestSbcart : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void parameters_havePaperDefaultsAndSearchRanges()
    {
        const std::unique_ptr<Regressor> model = createRegressor("sbcart");
        QCOMPARE(model->technique(), std::string("sbcart"));
        const ParamValues values = model->parameters();
        QCOMPARE(values.at("ntrees"), 20.0);
        QCOMPARE(values.at("keep"), 0.5);
        QCOMPARE(values.at("minsplit"), 10.0);
        QCOMPARE(values.at("cp"), 0.0);
        QCOMPARE(values.at("error"), 1.0);
        QCOMPARE(values.at("seed"), 1.0);
        for (const ParamSpec& spec : model->paramSpecs()) {
            QCOMPARE(spec.tuned(), spec.name == "keep" || spec.name == "minsplit");
            if (spec.name == "keep") {
                QCOMPARE(spec.searchLow, 0.2); // the paper's "first 20%-50%"
                QCOMPARE(spec.searchHigh, 0.5);
            }
        }
        QVERIFY_THROWS_EXCEPTION(ConfigError, model->setParameters({{"keep", 0.0}}));
        QVERIFY_THROWS_EXCEPTION(ConfigError, model->setParameters({{"keep", 1.5}}));
        QVERIFY_THROWS_EXCEPTION(ConfigError, model->setParameters({{"error", 2.0}}));
    }

    // The whole algorithm against an independent R implementation on rpart, given the same
    // samples: errors of all k trees, the kept trees and their weights, and the predictions.
    void fit_matchesRImplementation_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<int>("trees");
        QTest::addColumn<double>("keep");
        QTest::addColumn<int>("error");
        QTest::newRow("synthetic, paper defaults, mean relative") << "synthetic" << 20 << 0.5 << 0;
        QTest::newRow("synthetic, k 30, keep 0.2, relative absolute")
            << "synthetic" << 30 << 0.2 << 1;
        QTest::newRow("tiered log rt_read_ms, relative absolute") << "tiered" << 20 << 0.5 << 1;
        QTest::newRow("local raw tp_read_mbs, mean relative") << "local-raw" << 15 << 0.35 << 0;
    }
    void fit_matchesRImplementation()
    {
        QFETCH(QString, source);
        QFETCH(int, trees);
        QFETCH(double, keep);
        QFETCH(int, error);
        Dataset data = source == "synthetic" ? iolens::test::noisyDataset(14, 150)
            : source == "tiered"             ? iolens::test::gridDataset("tiered", Metric::RtReadMs)
                                 : iolens::test::gridDataset("local", Metric::TpReadMbs, false);
        Sbcart model = sbcart(trees, keep, 10, 0.0, static_cast<SbcartError>(error), 6);
        model.fit(data);
        iolens::test::ToolRun run;
        const auto reference
            = iolens::test::runRpartEnsemble(data, data.x, sbcartSamples(data.rows(), trees, 6), 10,
                0.0, "sbcart", keep, error, m_dir.path(), run);
        IOLENS_REQUIRE_TOOL(run);
        QVERIFY2(run.exitCode == 0, qPrintable(run.errors));
        QCOMPARE(reference.errors.size(), static_cast<std::size_t>(trees));
        for (int b = 0; b < trees; ++b)
            QVERIFY(close(model.sampleErrors()[static_cast<std::size_t>(b)],
                reference.errors[static_cast<std::size_t>(b)]));
        QCOMPARE(model.kept().size(), reference.kept.size());
        for (std::size_t i = 0; i < reference.kept.size(); ++i) {
            QCOMPARE(model.kept()[i].sample, reference.kept[i]);
            QVERIFY(close(model.kept()[i].weight, reference.weights[i]));
        }
        const Eigen::VectorXd ours = model.predict(data.x);
        for (Eigen::Index i = 0; i < data.rows(); ++i)
            QVERIFY(close(ours(i), reference.predictions[static_cast<std::size_t>(i)]));
    }

    // m = max(1, ceil(keep k)), by hand; keep x k computed in floating point must not round up
    // (0.3 x 10 = 3.0000000000000004).
    void fit_keepsCeilingOfKeepTimesK_data()
    {
        QTest::addColumn<int>("trees");
        QTest::addColumn<double>("keep");
        QTest::addColumn<int>("kept");
        QTest::newRow("20 x 0.5") << 20 << 0.5 << 10;
        QTest::newRow("10 x 0.3") << 10 << 0.3 << 3;
        QTest::newRow("7 x 0.5 rounds up") << 7 << 0.5 << 4;
        QTest::newRow("20 x 0.01 keeps one") << 20 << 0.01 << 1;
        QTest::newRow("5 x 1 keeps all") << 5 << 1.0 << 5;
    }
    void fit_keepsCeilingOfKeepTimesK()
    {
        QFETCH(int, trees);
        QFETCH(double, keep);
        QFETCH(int, kept);
        Sbcart model = sbcart(trees, keep, 10, 0.0, SbcartError::RelativeAbsolute);
        model.fit(iolens::test::noisyDataset(2, 100));
        QCOMPARE(static_cast<int>(model.kept().size()), kept);
        QCOMPARE(model.saveState().at("trees").size(), static_cast<std::size_t>(kept));
    }

    // Every kept tree's error is its relative absolute error on the training rows, recomputed
    // here from its own predictions; the kept trees are the lowest errors, ascending; weights are
    // log((1 - e) / e + 1) = -log(e), normalised.
    void fit_scoresOrdersAndWeightsByHand()
    {
        const Dataset data = iolens::test::noisyDataset(31, 120);
        Sbcart model = sbcart(12, 0.5, 10, 0.0, SbcartError::RelativeAbsolute, 4);
        model.fit(data);
        const double spread = (data.y.array() - data.y.mean()).abs().sum();
        std::vector<double> sorted = model.sampleErrors();
        std::sort(sorted.begin(), sorted.end());
        double total = 0.0;
        for (const auto& k : model.kept())
            total += -std::log(k.error);
        for (std::size_t i = 0; i < model.kept().size(); ++i) {
            const auto& k = model.kept()[i];
            const double error
                = (model.keptTrees()[i].predict(data.x) - data.y).cwiseAbs().sum() / spread;
            QVERIFY(close(k.error, error));
            QCOMPARE(k.error, sorted[i]);
            QVERIFY(std::abs(k.weight - (-std::log(k.error) / total)) < 1e-14);
        }
        Eigen::VectorXd weighted = Eigen::VectorXd::Zero(data.rows());
        for (std::size_t i = 0; i < model.kept().size(); ++i)
            weighted += model.kept()[i].weight * model.keptTrees()[i].predict(data.x);
        QVERIFY(identical(model.predict(data.x), weighted));
    }

    // Step 1 of the algorithm: duplicated draws are removed, so each tree's root holds as many
    // rows as the sample has distinct rows, about 63.2 % of n.
    void fit_treesSeeDistinctRowsOfTheirSample()
    {
        const Dataset data = iolens::test::noisyDataset(5, 400);
        Sbcart model = sbcart(10, 1.0, 10, 0.0, SbcartError::RelativeAbsolute, 7);
        model.fit(data);
        const auto samples = sbcartSamples(data.rows(), 10, 7);
        for (std::size_t i = 0; i < model.kept().size(); ++i) {
            const auto& sample = samples[static_cast<std::size_t>(model.kept()[i].sample)];
            QCOMPARE(model.keptTrees()[i].nodes().front().rows, static_cast<int>(sample.size()));
            QVERIFY(sample.size() > 0.55 * 400 && sample.size() < 0.71 * 400);
        }
    }

    // k = 1, keep 1: the model is that one CART on the distinct rows, with weight exactly 1.
    void fit_singleTreeIsCartOnItsSample()
    {
        const Dataset data = iolens::test::noisyDataset(10, 90);
        Sbcart model = sbcart(1, 1.0, 10, 0.0, SbcartError::RelativeAbsolute, 3);
        model.fit(data);
        Cart alone(CartParams {10, 0.0});
        alone.fit(iolens::test::rowsOf(data, sbcartSamples(data.rows(), 1, 3).front()));
        QCOMPARE(model.kept().front().weight, 1.0);
        QVERIFY(identical(model.predict(data.x), alone.predict(data.x)));
    }

    // The paper's error divides by y: a response <= 0 (log of a latency below 1 ms) is refused
    // with a message that names the way out.
    void fit_meanRelativeErrorNeedsPositiveResponse()
    {
        const Dataset data = iolens::test::gridDataset("local", Metric::RtReadMs); // log < 0
        Sbcart model = sbcart(5, 0.5, 10, 0.0, SbcartError::MeanRelative);
        try {
            model.fit(data);
            QFAIL("no DataError");
        } catch (const DataError& e) {
            QVERIFY(std::string(e.what()).find("error = 1") != std::string::npos);
        }
        model.setParameters({{"ntrees", 5}, {"error", 1}});
        QVERIFY(model.fit(data).rSquared > 0.5);
    }

    // With y alternating 1 and 100 and single-leaf trees (minsplit > n) every tree predicts a
    // sample mean between 1 and 100, so its mean relative error is far above 1 (about 24 near
    // c = 50): no tree can be weighted, the selection is averaged with equal weights, and a
    // warning says so.
    void fit_noWeightableTreeFallsBackToEqualWeights()
    {
        Dataset data = iolens::test::noisyDataset(3, 40);
        for (Eigen::Index i = 0; i < data.rows(); ++i)
            data.y(i) = i % 2 ? 100.0 : 1.0;
        Sbcart model = sbcart(8, 0.5, 100, 0.0, SbcartError::MeanRelative);
        const FitReport report = model.fit(data);
        QCOMPARE(model.kept().size(), std::size_t {4});
        for (const auto& k : model.kept()) {
            QVERIFY(k.error > 1.0);
            QCOMPARE(k.weight, 0.25);
        }
        const auto has = [&](const char* text) {
            return std::any_of(report.warnings.begin(), report.warnings.end(),
                [&](const std::string& w) { return w.find(text) != std::string::npos; });
        };
        QVERIFY(has("equal weights"));
        QVERIFY(has("4 of the 4 selected trees"));
    }

    void fit_degenerateData_data()
    {
        iolens::test::addDegenerateDataRows("fewer rows than minsplit");
    }
    void fit_degenerateData()
    {
        QFETCH(QString, kind);
        const Dataset data = iolens::test::degenerateDataset(kind, 0.375, 4);
        Sbcart model = sbcart(10, 0.5, 10, 0.0, SbcartError::RelativeAbsolute);
        const FitReport report = model.fit(data);
        const Eigen::VectorXd p = model.predict(data.x);
        QVERIFY(p.allFinite());
        // Single-leaf trees (4 rows < minsplit) can score >= 1: they are dropped from the five
        // selected, and a warning says so.
        const bool dropped = std::any_of(report.warnings.begin(), report.warnings.end(),
            [](const std::string& w) { return w.find("get no weight") != std::string::npos; });
        QVERIFY(!model.kept().empty());
        QCOMPARE(model.kept().size() < 5, dropped);
        QCOMPARE(dropped, kind == "few" && dropped);
        if (kind == "constant") {
            // Errors are 0 by definition; clamped to 1e-12 they weigh the same.
            for (const auto& k : model.kept())
                QVERIFY(std::abs(k.weight - 0.2) < 1e-15);
            QVERIFY((p.array() - 0.375).abs().maxCoeff() < 1e-14);
        }
        if (kind == "one")
            QVERIFY(std::abs(p(0) - data.y(0)) < 1e-12 * std::abs(data.y(0)));
        if (kind != "duplicated")
            QVERIFY(!report.warnings.empty());
    }

    void fit_sameSeedSameModelAnyThreadCount()
    {
        const Dataset data = iolens::test::noisyDataset(12, 100);
        const int threads = omp_get_max_threads();
        omp_set_num_threads(1);
        Sbcart serial = sbcart(16, 0.25, 10, 0.0, SbcartError::RelativeAbsolute, 8);
        serial.fit(data);
        omp_set_num_threads(3);
        Sbcart parallel = sbcart(16, 0.25, 10, 0.0, SbcartError::RelativeAbsolute, 8);
        parallel.fit(data);
        omp_set_num_threads(threads);
        QVERIFY(identical(serial.predict(data.x), parallel.predict(data.x)));
        Sbcart other = sbcart(16, 0.25, 10, 0.0, SbcartError::RelativeAbsolute, 9);
        other.fit(data);
        QVERIFY(!identical(serial.predict(data.x), other.predict(data.x)));
    }

    void saveLoad_roundTripsBitIdentical()
    {
        const Dataset data = iolens::test::gridDataset("tiered", Metric::TpReadMbs);
        Sbcart model = sbcart(20, 0.3, 6, 0.001, SbcartError::RelativeAbsolute, 2);
        model.fit(data);
        Sbcart loaded;
        loaded.setParameters(model.parameters());
        loaded.loadState(nlohmann::json::parse(model.saveState().dump()), data.schema);
        QVERIFY(identical(loaded.predict(data.x), model.predict(data.x)));
        QCOMPARE(loaded.describe(), model.describe());
        QVERIFY(model.describe().find("6 of 20 trees kept") != std::string::npos);
        const std::unique_ptr<Regressor> copy = model.clone();
        QVERIFY(identical(copy->predict(data.x), model.predict(data.x)));

        Sbcart otherKeep = sbcart(20, 0.4, 6, 0.001, SbcartError::RelativeAbsolute, 2);
        QVERIFY_THROWS_EXCEPTION(DataError, otherKeep.loadState(model.saveState(), data.schema));
        nlohmann::json broken = model.saveState();
        broken["kept"].erase(0);
        QVERIFY_THROWS_EXCEPTION(DataError, loaded.loadState(broken, data.schema));
    }

    void fitPredict_rejectBadInput()
    {
        Dataset data = iolens::test::noisyDataset(8, 30);
        Sbcart model;
        QVERIFY_THROWS_EXCEPTION(StateError, model.predict(data.x));
        Dataset infinite = data;
        infinite.y(1) = INFINITY;
        QVERIFY_THROWS_EXCEPTION(DataError, model.fit(infinite));
        model.fit(data);
        QVERIFY_THROWS_EXCEPTION(DataError, model.predict(data.x.leftCols(2)));
    }

private:
    QTemporaryDir m_dir;
};

IOLENS_TEST_GUILESS_MAIN(TestSbcart)
#include "test_sbcart.moc"
