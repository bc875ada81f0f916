// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "models/cart.hpp"
#include "models/forest_growth.hpp"
#include "models/random_forest.hpp"
#include "models/regressor_registry.hpp"
#include "support/ensemble_test_data.hpp"
#include "support/sklearn_reference.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"
#include "validation/error_metrics.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

using namespace iolens::core;
using iolens::test::identical;

namespace {

/// Continuous data without ties that float32 holds exactly (scikit-learn's trees store x as
/// float32): x = 4k / 1024 for distinct k, so every midpoint between two training values is an
/// even multiple of 1/1024 and a probe at an odd multiple never lies on a cut.
struct TieFreeData {
    Eigen::MatrixXd x;
    Eigen::VectorXd y;
    Eigen::MatrixXd probe;
};

TieFreeData tieFreeData(unsigned seed, int rows, int cols)
{
    std::mt19937 rng(seed);
    TieFreeData data {
        Eigen::MatrixXd(rows, cols), Eigen::VectorXd(rows), Eigen::MatrixXd(rows, cols)};
    for (int j = 0; j < cols; ++j) {
        std::vector<int> ks(4096);
        std::iota(ks.begin(), ks.end(), 0);
        std::shuffle(ks.begin(), ks.end(), rng);
        for (int i = 0; i < rows; ++i) {
            data.x(i, j) = 4.0 * ks[static_cast<std::size_t>(i)] / 1024.0;
            data.probe(i, j) = (2.0 * static_cast<double>(rng() % 8192) + 1.0) / 1024.0;
        }
    }
    std::normal_distribution<double> noise(0.0, 0.3);
    for (int i = 0; i < rows; ++i)
        data.y(i) = std::sin(data.x(i, 0))
            + (cols > 1 ? 0.5 * data.x(i, 1) : 0.0) * (cols > 2 ? data.x(i, 2) : 1.0) + noise(rng);
    return data;
}

RandomForest forestWith(int trees, int mtry, int nodeSize, bool bootstrap, std::uint64_t seed = 1)
{
    return RandomForest(ForestParams {trees, mtry, nodeSize, bootstrap, seed});
}

/// Held-out RMSE and out-of-bag R^2 of R randomForest on train/test files (x0..x{p-1}, y as hex
/// floats), one line each per seed 1..seeds.
const char* kRandomForestScript = R"R(
args <- commandArgs(trailingOnly = TRUE)
numbers <- function(path) {
  d <- read.csv(path, colClasses = "character")
  d[] <- lapply(d, as.numeric)
  d
}
train <- numbers(args[1])
test <- numbers(args[2])
suppressPackageStartupMessages(library(randomForest))
for (seed in seq_len(as.integer(args[6]))) {
  set.seed(seed)
  fit <- randomForest(y ~ ., data = train, ntree = as.integer(args[5]),
                      mtry = as.integer(args[3]), nodesize = as.integer(args[4]))
  cat(sprintf("RMSE %a\n", sqrt(mean((predict(fit, test) - test$y)^2))))
  cat(sprintf("OOBR2 %a\n", tail(fit$rsq, 1)))
}
)R";

/// The same from scikit-learn's RandomForestRegressor: max_features = mtry (a count),
/// min_samples_split = nodesize + 1, min_samples_leaf = 1, bootstrap.
const char* kSklearnForestScript = R"PY(
import sys
import numpy as np
from sklearn.ensemble import RandomForestRegressor

def load(path):
    lines = open(path).read().split()
    return np.array([[float.fromhex(v) for v in line.split(',')] for line in lines[1:]])

train, test = load(sys.argv[1]), load(sys.argv[2])
mtry, nodesize, ntree, seeds = (int(a) for a in sys.argv[3:7])
for seed in range(1, seeds + 1):
    rf = RandomForestRegressor(n_estimators=ntree, max_features=mtry,
                               min_samples_split=nodesize + 1, min_samples_leaf=1,
                               bootstrap=True, oob_score=True, random_state=seed, n_jobs=1)
    rf.fit(train[:, :-1], train[:, -1])
    error = np.sqrt(np.mean((rf.predict(test[:, :-1]) - test[:, -1]) ** 2))
    print("RMSE", float(error).hex())
    print("OOBR2", float(rf.oob_score_).hex())
)PY";

/// A fully grown (min_samples_leaf 1, min_samples_split = nodesize + 1) DecisionTreeRegressor:
/// its predictions of the probe file, and every node's size and mean.
const char* kSklearnTreeScript = R"PY(
import sys
import numpy as np
from sklearn.tree import DecisionTreeRegressor

def load(path):
    lines = open(path).read().split()
    return np.array([[float.fromhex(v) for v in line.split(',')] for line in lines[1:]])

train, probe = load(sys.argv[1]), load(sys.argv[2])
tree = DecisionTreeRegressor(min_samples_split=int(sys.argv[3]) + 1, min_samples_leaf=1,
                             random_state=0)
tree.fit(train[:, :-1], train[:, -1])
print("PRED", " ".join(float(v).hex() for v in tree.predict(probe)))
for n, v in zip(tree.tree_.n_node_samples, tree.tree_.value[:, 0, 0]):
    print("NODE", float(n).hex(), float(v).hex())
)PY";

/// Held-out RMSE and OOB R^2 of one reference run, averaged over its seeds.
struct ForestFigures {
    double rmse = 0.0;
    double oobRSquared = 0.0;
};

ForestFigures averaged(const iolens::test::ToolRun& run)
{
    const std::vector<double> errors = iolens::test::taggedNumbers(run.output, "RMSE");
    const std::vector<double> oob = iolens::test::taggedNumbers(run.output, "OOBR2");
    const auto n = static_cast<double>(std::max<std::size_t>(errors.size(), 1));
    return {std::accumulate(errors.begin(), errors.end(), 0.0) / n,
        std::accumulate(oob.begin(), oob.end(), 0.0) / n};
}

/// Ours on the same split, averaged over seeds 1..seeds.
ForestFigures ourFigures(
    const Dataset& train, const Dataset& test, int mtry, int nodeSize, int seeds)
{
    ForestFigures figures;
    for (int seed = 1; seed <= seeds; ++seed) {
        RandomForest model
            = forestWith(500, mtry, nodeSize, true, static_cast<std::uint64_t>(seed));
        model.fit(train);
        figures.rmse += rootMeanSquaredError(model.predict(test.x), test.y) / seeds;
        figures.oobRSquared += model.outOfBagRSquared() / seeds;
    }
    return figures;
}

} // namespace

class TestRandomForest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // --- parameters ---------------------------------------------------------------------------

    void parameters_haveRandomForestDefaults()
    {
        const std::unique_ptr<Regressor> model = createRegressor("rf");
        QCOMPARE(model->technique(), std::string("rf"));
        const ParamValues values = model->parameters();
        QCOMPARE(values.at("ntrees"), 500.0);
        QCOMPARE(values.at("mtry"), 0.0);
        QCOMPARE(values.at("nodesize"), 5.0);
        QCOMPARE(values.at("bootstrap"), 1.0);
        QCOMPARE(values.at("seed"), 1.0);
        for (const ParamSpec& spec : model->paramSpecs()) {
            const bool searched = spec.name == "mtry" || spec.name == "nodesize";
            QCOMPARE(spec.tuned(), searched);
        }
    }

    void setParameters_validates_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<double>("value");
        QTest::addColumn<bool>("valid");
        QTest::newRow("ntrees 1") << "ntrees" << 1.0 << true;
        QTest::newRow("ntrees 0") << "ntrees" << 0.0 << false;
        QTest::newRow("mtry 0 (default)") << "mtry" << 0.0 << true;
        QTest::newRow("mtry -1") << "mtry" << -1.0 << false;
        QTest::newRow("nodesize 1") << "nodesize" << 1.0 << true;
        QTest::newRow("nodesize 0") << "nodesize" << 0.0 << false;
        QTest::newRow("bootstrap 2") << "bootstrap" << 2.0 << false;
        QTest::newRow("seed negative") << "seed" << -1.0 << false;
        QTest::newRow("unknown") << "cp" << 0.1 << false;
    }
    void setParameters_validates()
    {
        QFETCH(QString, name);
        QFETCH(double, value);
        QFETCH(bool, valid);
        RandomForest model;
        if (valid) {
            model.setParameters({{name.toStdString(), value}});
            QCOMPARE(model.parameters().at(name.toStdString()), value);
        } else {
            QVERIFY_THROWS_EXCEPTION(
                ConfigError, model.setParameters({{name.toStdString(), value}}));
        }
    }

    // R's default mtry for regression is max(floor(p / 3), 1); above p it is reset to p.
    void fit_resolvesMtryLikeR_data()
    {
        QTest::addColumn<int>("mtry");
        QTest::addColumn<int>("used");
        QTest::addColumn<bool>("warns");
        // noisyDataset has p = 6 columns.
        QTest::newRow("default, p = 6") << 0 << 2 << false;
        QTest::newRow("explicit 4") << 4 << 4 << false;
        QTest::newRow("9 > p") << 9 << 6 << true;
    }
    void fit_resolvesMtryLikeR()
    {
        QFETCH(int, mtry);
        QFETCH(int, used);
        QFETCH(bool, warns);
        const Dataset data = iolens::test::noisyDataset(3, 60);
        QCOMPARE(data.cols(), Eigen::Index {6});
        RandomForest model = forestWith(5, mtry, 5, true);
        const FitReport report = model.fit(data);
        QCOMPARE(model.mtryUsed(), used);
        QCOMPARE(!report.warnings.empty(), warns);
    }

    // --- the deterministic special case (ALGORITHMS.md 5.3) -------------------------------------

    // Without bootstrap and with every column searched, each tree is one fully grown regression
    // tree. Against scikit-learn's DecisionTreeRegressor on tie-free data with one column (with
    // several, scikit-learn breaks exact ties between columns that cut a node's rows the same way
    // by its own random order, so only the nodes can be compared, below): the same predictions,
    // up to the summation order of the leaf means, for nodesize 1 (leaves of one row), 3 and 7.
    void growForest_withoutBootstrapOneColumn_equalsSklearnTree_data()
    {
        QTest::addColumn<int>("nodeSize");
        for (const int size : {1, 3, 7})
            QTest::addRow("nodesize %d", size) << size;
    }
    void growForest_withoutBootstrapOneColumn_equalsSklearnTree()
    {
        QFETCH(int, nodeSize);
        const TieFreeData data = tieFreeData(7, 150, 1);
        ForestGrowthOptions options;
        options.trees = 2;
        options.featuresPerSplit = 1;
        options.nodeSize = nodeSize;
        options.bootstrap = false;
        const GrownForest forest = growForest(data.x, data.y, {0}, options);
        Eigen::MatrixXd probe(2 * data.x.rows(), 1);
        probe << data.x, data.probe;
        const iolens::test::ToolRun run = sklearnTree(data, probe, nodeSize);
        IOLENS_REQUIRE_TOOL(run);
        QVERIFY2(run.exitCode == 0, qPrintable(run.errors));
        const std::vector<double> expected = iolens::test::taggedNumbers(run.output, "PRED");
        QCOMPARE(expected.size(), static_cast<std::size_t>(probe.rows()));
        QCOMPARE(forest.trees[0].nodes.size(),
            iolens::test::taggedNumbers(run.output, "NODE").size() / 2);
        const Eigen::VectorXd ours = predictForest(forest.trees, probe);
        for (Eigen::Index i = 0; i < probe.rows(); ++i)
            QVERIFY2(std::abs(ours(i) - expected[static_cast<std::size_t>(i)])
                    <= 1e-12 * std::max(1.0, std::abs(ours(i))),
                qPrintable(QStringLiteral("probe %1: %2 vs sklearn %3")
                               .arg(i)
                               .arg(ours(i), 0, 'g', 17)
                               .arg(expected[static_cast<std::size_t>(i)], 0, 'g', 17)));
    }

    // With three columns the trees agree node for node: the same node sizes and means (as
    // multisets: scikit-learn puts x <= cut on the left, rpart the lower mean), whichever of
    // several columns that cut a node's rows the same way each of them names.
    void growForest_withoutBootstrapAllColumns_hasSklearnTreeNodes()
    {
        const TieFreeData data = tieFreeData(9, 150, 3);
        ForestGrowthOptions options;
        options.trees = 1;
        options.featuresPerSplit = 3;
        options.nodeSize = 4;
        options.bootstrap = false;
        const GrownForest forest = growForest(data.x, data.y, {0, 0, 0}, options);
        const iolens::test::ToolRun run = sklearnTree(data, data.probe, 4);
        IOLENS_REQUIRE_TOOL(run);
        QVERIFY2(run.exitCode == 0, qPrintable(run.errors));
        const std::vector<double> nodes = iolens::test::taggedNumbers(run.output, "NODE");
        std::vector<std::pair<double, double>> theirs;
        for (std::size_t i = 0; i + 1 < nodes.size(); i += 2)
            theirs.emplace_back(nodes[i], nodes[i + 1]);
        std::vector<std::pair<double, double>> ours;
        for (const CartNode& node : forest.trees[0].nodes)
            ours.emplace_back(node.rows, node.value);
        QCOMPARE(ours.size(), theirs.size());
        std::sort(ours.begin(), ours.end());
        std::sort(theirs.begin(), theirs.end());
        for (std::size_t i = 0; i < ours.size(); ++i) {
            QCOMPARE(ours[i].first, theirs[i].first);
            QVERIFY(std::abs(ours[i].second - theirs[i].second)
                <= 1e-12 * std::max(1.0, std::abs(ours[i].second)));
        }
    }

    // The same special case against our own rpart-exact CART at cp = 0, minsplit 2 (minbucket 1),
    // on data with tied x values and categorical columns: every node (size, mean, deviance) is
    // CART's, bit for bit and in CART's order, so the predictions of the training rows are too.
    // Only the column named at a split may differ, where columns cut the node's rows alike.
    void fit_withoutBootstrapAllColumns_hasCartNodes()
    {
        const Dataset data = iolens::test::noisyDataset(5, 200);
        RandomForest forest = forestWith(3, static_cast<int>(data.cols()), 1, false);
        forest.fit(data);
        Cart cart(CartParams {2, 0.0});
        cart.fit(data);
        for (const CartTree& tree : forest.trees()) {
            QVERIFY(identical(predictCartTree(tree, data.x), cart.predict(data.x)));
            QCOMPARE(tree.nodes.size(), cart.nodes().size());
            for (std::size_t i = 0; i < tree.nodes.size(); ++i) {
                QCOMPARE(tree.nodes[i].rows, cart.nodes()[i].rows);
                QCOMPARE(tree.nodes[i].value, cart.nodes()[i].value);
                QCOMPARE(tree.nodes[i].deviance, cart.nodes()[i].deviance);
                QCOMPARE(tree.nodes[i].left, cart.nodes()[i].left);
            }
        }
    }

    // --- R randomForest semantics ---------------------------------------------------------------

    // nodesize is the largest node left unsplit, not a minimum leaf size: on tie-free data every
    // split node has more than nodesize rows and every leaf at most nodesize (down to 1).
    void fit_nodeSizeIsLargestUnsplitNode()
    {
        const TieFreeData data = tieFreeData(11, 120, 3);
        ForestGrowthOptions options;
        options.trees = 20;
        options.featuresPerSplit = 1;
        options.nodeSize = 5;
        options.bootstrap = false;
        const GrownForest forest = growForest(data.x, data.y, {0, 0, 0}, options);
        int smallestLeaf = 1000;
        for (const CartTree& tree : forest.trees) {
            for (const CartNode& node : tree.nodes) {
                if (node.isLeaf()) {
                    QVERIFY(node.rows <= 5);
                    smallestLeaf = std::min(smallestLeaf, node.rows);
                } else {
                    QVERIFY(node.rows >= 6);
                }
            }
        }
        QCOMPARE(smallestLeaf, 1);
    }

    // The column searched at a node is drawn at random: with mtry = 1 the root splits on each of
    // 3 columns in about a third of the trees (binomial(300, 1/3): mean 100, sd 8.2), although
    // column 0 is by far the best; with mtry = 2 column 0 wins whenever it is drawn, in 2/3 of the
    // trees (mean 200, sd 8.2). Bounds are about 5 sd wide.
    void growForest_drawsColumnsUniformly()
    {
        const TieFreeData data = tieFreeData(13, 80, 3);
        Eigen::VectorXd y = 10.0 * data.x.col(0) + 0.01 * data.y;
        for (const int mtry : {1, 2}) {
            ForestGrowthOptions options;
            options.trees = 300;
            options.featuresPerSplit = mtry;
            options.nodeSize = 5;
            options.bootstrap = false;
            const GrownForest forest = growForest(data.x, y, {0, 0, 0}, options);
            std::vector<int> roots(3, 0);
            for (const CartTree& tree : forest.trees)
                ++roots[static_cast<std::size_t>(tree.nodes.front().feature)];
            if (mtry == 1) {
                for (const int count : roots)
                    QVERIFY2(count >= 60 && count <= 140, qPrintable(QString::number(count)));
            } else {
                QVERIFY2(roots[0] >= 160 && roots[0] <= 240, qPrintable(QString::number(roots[0])));
            }
        }
    }

    // --- against R randomForest and scikit-learn: held-out error on the shipped grids ----------

    // The random streams differ, so the comparison is statistical: the same training rows (every
    // 4th configuration held out), log(metric), 500 trees, each side averaged over 6 seeds, held-
    // out RMSE within 6 % and out-of-bag R^2 within 0.03 of R randomForest's (a single seed's RMSE
    // varies by up to 2.5 % in R). Grid columns are numbers or two-level factors, so level codes
    // are numbers for R. Cases: R's defaults (mtry = max(floor(5/3), 1) = 1, nodesize 5) and
    // every column per split (mtry 5).
    void fit_heldOutErrorMatchesRandomForest_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<int>("metric");
        QTest::addColumn<int>("mtry");
        for (const char* source : {"local", "tiered"})
            for (const Metric metric : {Metric::RtReadMs, Metric::TpWriteMbs})
                for (const int mtry : {1, 5})
                    QTest::addRow("%s %s mtry %d", source, metricName(metric).data(), mtry)
                        << QString::fromLatin1(source) << static_cast<int>(metric) << mtry;
    }
    void fit_heldOutErrorMatchesRandomForest()
    {
        QFETCH(QString, source);
        QFETCH(int, metric);
        QFETCH(int, mtry);
        const HeldOut split = heldOut(source, metric);
        const iolens::test::ToolRun run
            = iolens::test::runRscriptWithPackage("randomForest", kRandomForestScript,
                {split.trainFile, split.testFile, QString::number(mtry), "5", "500", "6"});
        IOLENS_REQUIRE_TOOL(run);
        QVERIFY2(run.exitCode == 0, qPrintable(run.errors));
        const ForestFigures reference = averaged(run);
        const ForestFigures ours = ourFigures(split.train, split.test, mtry, 5, 6);
        qInfo("%s: held-out RMSE iolens %.4f, randomForest %.4f; OOB R^2 %.4f vs %.4f",
            QTest::currentDataTag(), ours.rmse, reference.rmse, ours.oobRSquared,
            reference.oobRSquared);
        QVERIFY(std::abs(ours.rmse - reference.rmse) <= 0.06 * reference.rmse);
        QVERIFY(std::abs(ours.oobRSquared - reference.oobRSquared) <= 0.03);
    }

    // scikit-learn's forest follows other rules where R's and ours differ: it keeps drawing
    // columns past max_features while the drawn ones are constant in the node (R makes the node a
    // leaf), and with bootstrap it counts a node's distinct rows against min_samples_split (R
    // counts the drawn rows). Both rules are moot with every column per split and nodesize 1
    // (min_samples_split 2), where the held-out RMSE must agree within 6 %. (With R's defaults,
    // mtry 1 and nodesize 5, scikit-learn's RMSE on these grids is 8-33 % lower than R's and ours.)
    void fit_heldOutErrorMatchesSklearnWhereRulesAgree_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<int>("metric");
        for (const char* source : {"local", "tiered"})
            for (const Metric metric : {Metric::RtReadMs, Metric::TpWriteMbs})
                QTest::addRow("%s %s", source, metricName(metric).data())
                    << QString::fromLatin1(source) << static_cast<int>(metric);
    }
    void fit_heldOutErrorMatchesSklearnWhereRulesAgree()
    {
        QFETCH(QString, source);
        QFETCH(int, metric);
        const HeldOut split = heldOut(source, metric);
        const iolens::test::ToolRun run = iolens::test::runPythonWithSklearn(
            kSklearnForestScript, {split.trainFile, split.testFile, "5", "1", "500", "6"});
        IOLENS_REQUIRE_TOOL(run);
        QVERIFY2(run.exitCode == 0, qPrintable(run.errors));
        const ForestFigures reference = averaged(run);
        const ForestFigures ours = ourFigures(split.train, split.test, 5, 1, 6);
        qInfo("%s: held-out RMSE iolens %.4f, scikit-learn %.4f; OOB R^2 %.4f vs %.4f",
            QTest::currentDataTag(), ours.rmse, reference.rmse, ours.oobRSquared,
            reference.oobRSquared);
        QVERIFY(std::abs(ours.rmse - reference.rmse) <= 0.06 * reference.rmse);
        QVERIFY(std::abs(ours.oobRSquared - reference.oobRSquared) <= 0.03);
    }

    // --- reproducibility ------------------------------------------------------------------------

    void fit_sameSeedSameForestAnyThreadCount()
    {
        const Dataset data = iolens::test::noisyDataset(21, 150);
        const int threads = omp_get_max_threads();
        omp_set_num_threads(1);
        RandomForest serial = forestWith(40, 2, 5, true, 9);
        serial.fit(data);
        omp_set_num_threads(3);
        RandomForest parallel = forestWith(40, 2, 5, true, 9);
        parallel.fit(data);
        omp_set_num_threads(threads);
        QVERIFY(identical(serial.predict(data.x), parallel.predict(data.x)));
        QCOMPARE(serial.outOfBagRmse(), parallel.outOfBagRmse());
        RandomForest other = forestWith(40, 2, 5, true, 10);
        other.fit(data);
        QVERIFY(!identical(serial.predict(data.x), other.predict(data.x)));
    }

    void saveLoad_roundTripsBitIdentical()
    {
        const Dataset data = iolens::test::gridDataset("tiered", Metric::RtReadMs);
        RandomForest model = forestWith(60, 0, 5, true, 4);
        model.fit(data);
        const std::string text = model.saveState().dump();
        RandomForest loaded;
        loaded.setParameters(model.parameters());
        loaded.loadState(nlohmann::json::parse(text), data.schema);
        QVERIFY(identical(loaded.predict(data.x), model.predict(data.x)));
        QCOMPARE(loaded.describe(), model.describe());
        const std::unique_ptr<Regressor> copy = model.clone();
        QVERIFY(identical(copy->predict(data.x), model.predict(data.x)));
        QVERIFY(model.describe().find("Out of bag") != std::string::npos);
        QVERIFY(model.describe().find("request_kib") != std::string::npos);
    }

    void loadState_rejectsInconsistentState_data()
    {
        QTest::addColumn<QString>("damage");
        QTest::newRow("other seed in parameters") << "seed";
        QTest::newRow("child index out of range") << "child";
        QTest::newRow("split on a missing feature") << "feature";
        QTest::newRow("array lengths differ") << "lengths";
        QTest::newRow("missing field") << "field";
    }
    void loadState_rejectsInconsistentState()
    {
        QFETCH(QString, damage);
        const Dataset data = iolens::test::gridDataset("local", Metric::RtReadMs);
        RandomForest model = forestWith(3, 0, 5, true);
        model.fit(data);
        nlohmann::json state = model.saveState();
        RandomForest loaded = forestWith(3, 0, 5, true);
        if (damage == "seed")
            loaded = forestWith(3, 0, 5, true, 2);
        else if (damage == "child")
            state["trees"][0]["left"][0] = 100000;
        else if (damage == "feature")
            state["trees"][0]["feature"][0] = 17;
        else if (damage == "lengths")
            state["trees"][1]["value"].erase(0);
        else
            state.erase("importance");
        QVERIFY_THROWS_EXCEPTION(DataError, loaded.loadState(state, data.schema));
        QVERIFY(!loaded.isFitted());
    }

    // --- degenerate data and bad input ----------------------------------------------------------

    void fit_degenerateData_data()
    {
        iolens::test::addDegenerateDataRows("fewer rows than nodesize");
    }
    void fit_degenerateData()
    {
        QFETCH(QString, kind);
        const Dataset data = iolens::test::degenerateDataset(kind, 2.5, 3);
        RandomForest model = forestWith(50, 0, 5, true);
        const FitReport report = model.fit(data);
        const Eigen::VectorXd p = model.predict(data.x);
        QVERIFY(p.allFinite());
        if (kind == "constant") {
            QVERIFY(!report.warnings.empty());
            QVERIFY((p.array() == 2.5).all()); // dyadic: every mean is exact
        }
        if (kind == "few" || kind == "one" || kind == "constant")
            for (const CartTree& tree : model.trees())
                QCOMPARE(tree.nodes.size(), std::size_t {1});
        if (kind == "one")
            QCOMPARE(p(0), data.y(0));
        if (kind == "few")
            QVERIFY(p(0) >= data.y.minCoeff() && p(0) <= data.y.maxCoeff());
    }

    void fitPredict_rejectBadInput()
    {
        Dataset data = iolens::test::noisyDataset(8, 30);
        RandomForest model = forestWith(5, 0, 5, true);
        QVERIFY_THROWS_EXCEPTION(StateError, model.predict(data.x));
        Dataset nanResponse = data;
        nanResponse.y(3) = NAN;
        QVERIFY_THROWS_EXCEPTION(DataError, model.fit(nanResponse));
        Dataset nanPredictor = data;
        nanPredictor.x(2, 1) = NAN;
        QVERIFY_THROWS_EXCEPTION(DataError, model.fit(nanPredictor));
        Dataset empty = iolens::test::rowsOf(data, {});
        QVERIFY_THROWS_EXCEPTION(DataError, model.fit(empty));
        model.fit(data);
        QVERIFY_THROWS_EXCEPTION(DataError, model.predict(data.x.leftCols(3)));
        Eigen::MatrixXd badLevel = data.x.topRows(1);
        badLevel(0, 0) = 7.0; // scheduler has 4 levels
        QVERIFY_THROWS_EXCEPTION(DataError, model.predict(badLevel));
    }

private:
    /// A shipped grid for a metric (log scale), every 4th configuration held out, written as
    /// numeric CSV files for the reference scripts.
    struct HeldOut {
        Dataset train;
        Dataset test;
        QString trainFile;
        QString testFile;
    };
    HeldOut heldOut(const QString& source, int metric) const
    {
        const Dataset data
            = iolens::test::gridDataset(source.toStdString(), static_cast<Metric>(metric));
        HeldOut split;
        split.train = iolens::test::rowsOf(data, iolens::test::everyNth(data.rows(), 4, 0, false));
        split.test = iolens::test::rowsOf(data, iolens::test::everyNth(data.rows(), 4, 0, true));
        split.trainFile = QString::fromStdString(iolens::test::writeFile(
            m_dir.path(), "rf-train.csv", iolens::test::numericCsv(split.train.x, &split.train.y)));
        split.testFile = QString::fromStdString(iolens::test::writeFile(
            m_dir.path(), "rf-test.csv", iolens::test::numericCsv(split.test.x, &split.test.y)));
        return split;
    }

    iolens::test::ToolRun sklearnTree(
        const TieFreeData& data, const Eigen::MatrixXd& probe, int nodeSize) const
    {
        const QString train = QString::fromStdString(iolens::test::writeFile(
            m_dir.path(), "tree-train.csv", iolens::test::numericCsv(data.x, &data.y)));
        const QString probeFile = QString::fromStdString(iolens::test::writeFile(
            m_dir.path(), "tree-probe.csv", iolens::test::numericCsv(probe, nullptr)));
        return iolens::test::runPythonWithSklearn(
            kSklearnTreeScript, {train, probeFile, QString::number(nodeSize)});
    }

    QTemporaryDir m_dir;
};

IOLENS_TEST_GUILESS_MAIN(TestRandomForest)
#include "test_random_forest.moc"
