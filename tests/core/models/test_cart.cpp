// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "data/dataset.hpp"
#include "data/measurement_csv.hpp"
#include "models/cart.hpp"
#include "models/regressor_registry.hpp"
#include "support/cart_test_data.hpp"
#include "support/ensemble_test_data.hpp"
#include "support/reference_tools.hpp"
#include "support/rpart_reference.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>
#include <random>
#include <sstream>
#include <thread>

using namespace iolens::core;
using iolens::test::RpartResult;

using namespace iolens::test;

class TestCart : public QObject {
    Q_OBJECT
private slots:
    // --- parameters ---------------------------------------------------------------------------

    void minBucket_isRoundedThirdOfMinSplit_data()
    {
        QTest::addColumn<int>("minSplit");
        QTest::addColumn<int>("minBucket");
        for (const auto& [split, bucket] : std::vector<std::pair<int, int>> {
                 {2, 1}, {3, 1}, {4, 1}, {5, 2}, {7, 2}, {8, 3}, {10, 3}, {20, 7}, {400, 133}})
            QTest::addRow("minsplit %d", split) << split << bucket;
    }
    void minBucket_isRoundedThirdOfMinSplit()
    {
        QFETCH(int, minSplit);
        QFETCH(int, minBucket);
        const CartParams params {minSplit, 0.01};
        QCOMPARE(params.minBucket(), minBucket);
    }

    void parameters_haveRpartDefaultsAndPaperSearchRanges()
    {
        const std::unique_ptr<Regressor> model = createRegressor("cart");
        QCOMPARE(model->technique(), std::string("cart"));
        const ParamValues values = model->parameters();
        QCOMPARE(values.at("minsplit"), 20.0);
        QCOMPARE(values.at("cp"), 0.01);
        const std::vector<ParamSpec> specs = model->paramSpecs();
        QCOMPARE(specs.size(), std::size_t {2});
        QCOMPARE(specs[0].searchHigh, 400.0);
        QCOMPARE(specs[1].searchHigh, 0.999);
        QVERIFY(specs[1].maxValue < 1.0);
    }

    void setParameters_validates_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<double>("value");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<double>("stored");
        QTest::newRow("minsplit 2") << "minsplit" << 2.0 << true << 2.0;
        QTest::newRow("minsplit 2.5 rounds half to even") << "minsplit" << 2.5 << true << 2.0;
        QTest::newRow("minsplit 1") << "minsplit" << 1.0 << false << 0.0;
        QTest::newRow("cp 0") << "cp" << 0.0 << true << 0.0;
        QTest::newRow("cp 0.999") << "cp" << 0.999 << true << 0.999;
        QTest::newRow("cp 1") << "cp" << 1.0 << false << 0.0;
        QTest::newRow("cp negative") << "cp" << -0.01 << false << 0.0;
        QTest::newRow("unknown") << "nk" << 3.0 << false << 0.0;
    }
    void setParameters_validates()
    {
        QFETCH(QString, name);
        QFETCH(double, value);
        QFETCH(bool, valid);
        QFETCH(double, stored);
        Cart model;
        if (!valid) {
            QVERIFY_THROWS_EXCEPTION(
                ConfigError, model.setParameters({{name.toStdString(), value}}));
            return;
        }
        model.setParameters({{name.toStdString(), value}});
        QCOMPARE(model.parameters().at(name.toStdString()), stored);
    }

    // --- hand-computed and known-answer cases ---------------------------------------------------

    // y = 1 2 3 10 11 12 at request_kib = 1..6, minsplit 6 (minbucket 2): the root deviance is
    // 125.5, the split at 3.5 leaves 2 + 2, so its complexity and improve are 121.5 / 125.5; the
    // children (3 rows < minsplit) are leaves with means 2 and 11.
    void fit_handComputedTinyTree()
    {
        std::vector<Configuration> configs(6);
        for (int i = 0; i < 6; ++i) {
            configs[static_cast<std::size_t>(i)].requestBytes = 1024 * (i + 1);
            configs[static_cast<std::size_t>(i)].filesetBytes = 1 << 30;
        }
        Eigen::VectorXd y(6);
        y << 1, 2, 3, 10, 11, 12;
        const Dataset data = iolens::test::datasetFromConfigurations(configs, y);
        const Cart model = fitted(data, 6, 0.1);
        QCOMPARE(model.nodes().size(), std::size_t {3});
        const CartNode& root = model.nodes()[0];
        QCOMPARE(root.deviance, 125.5);
        QCOMPARE(root.cut, 3.5);
        QVERIFY(root.lessGoesLeft);
        QCOMPARE(root.improve, 121.5 / 125.5);
        QCOMPARE(model.scaledComplexity(0), 121.5 * (1.0 / 125.5));
        QCOMPARE(model.nodes()[1].value, 2.0);
        QCOMPARE(model.nodes()[1].deviance, 2.0);
        QCOMPARE(model.nodes()[2].value, 11.0);
        QCOMPARE(model.scaledComplexity(1), 0.1);
        Eigen::MatrixXd x(3, 1);
        x << 0.5, 3.49, 3.5;
        const Eigen::VectorXd p = model.predict(x);
        QCOMPARE(p(0), 2.0);
        QCOMPARE(p(1), 2.0);
        QCOMPARE(p(2), 11.0);
    }

    // A step function of one numeric or one categorical feature, plus an irrelevant feature:
    // the default tree must find exactly the steps (cut points midway between grid values, pure
    // leaves) and never use the distractor.
    void fit_recoversStepFunction_data()
    {
        QTest::addColumn<bool>("categorical");
        QTest::newRow("numeric steps at 30 and 70") << false;
        QTest::newRow("scheduler levels") << true;
    }
    void fit_recoversStepFunction()
    {
        QFETCH(bool, categorical);
        const std::vector<std::string> schedulers {"bfq", "kyber", "mq-deadline", "none"};
        const auto truth = [&](int kib, const std::string& scheduler) {
            if (categorical)
                return scheduler == "kyber" || scheduler == "none" ? 8.0 : -3.0;
            return kib < 30 ? 5.0 : (kib < 70 ? 12.0 : 20.0);
        };
        std::vector<Configuration> configs;
        Eigen::VectorXd y(400);
        for (int i = 0; i < 400; ++i) {
            Configuration c;
            c.requestBytes = 1024 * (1 + i % 100);
            c.scheduler = schedulers[static_cast<std::size_t>((i / 100 + i) % 4)];
            c.readPct = (i * 37) % 101; // distractor
            configs.push_back(c);
            y(i) = truth(1 + i % 100, c.scheduler);
        }
        const Dataset data = iolens::test::datasetFromConfigurations(configs, y);
        Cart model;
        const FitReport report = model.fit(data);
        QCOMPARE(report.rSquared, 1.0);
        QCOMPARE(model.splitCount(), categorical ? 1 : 2);
        for (const CartNode& node : model.nodes()) {
            if (node.isLeaf()) {
                QCOMPARE(node.deviance, 0.0);
                continue;
            }
            const std::string name
                = data.schema.columns()[static_cast<std::size_t>(node.feature)].name();
            QCOMPARE(name, std::string(categorical ? "scheduler" : "request_kib"));
            if (!categorical)
                QVERIFY(node.cut == 29.5 || node.cut == 69.5);
        }
        // The learned function equals the truth everywhere away from the cut points.
        Eigen::MatrixXd grid(4 * 200, 3);
        for (int i = 0; i < grid.rows(); ++i)
            grid.row(i) << i % 4, 0.25 + 0.5 * (i / 4), 50;
        const Eigen::VectorXd p = model.predict(grid);
        for (int i = 0; i < grid.rows(); ++i) {
            const double kib = grid(i, 1);
            const double expected = categorical
                ? truth(0, schedulers[static_cast<std::size_t>(i % 4)])
                : truth(kib < 29.5 ? 0 : (kib < 69.5 ? 50 : 99), "");
            QCOMPARE(p(i), expected);
        }
        const std::string rules = model.describe();
        QVERIFY2(rules.find(categorical ? "if scheduler in {bfq, mq-deadline} then -3"
                                        : "if request_kib < 29.5 then 5  (116 rows)")
                != std::string::npos,
            rules.c_str());
    }

    // --- R rpart as the reference -----------------------------------------------------------

    void fit_matchesRpart_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<int>("metric"); // the seed for "synthetic"
        QTest::addColumn<int>("minSplit");
        QTest::addColumn<double>("cp");
        const std::vector<std::pair<int, double>> settings {{20, 0.01}, {5, 0.001}, {2, 0.0}};
        for (const auto& [minSplit, cp] : settings) {
            for (const char* source : {"local", "tiered"})
                for (const Metric metric : {Metric::RtReadMs, Metric::TpWriteMbs})
                    QTest::addRow("%s %s minsplit %d cp %g", source,
                        std::string(metricName(metric)).c_str(), minSplit, cp)
                        << source << int(metric) << minSplit << cp;
            for (const int seed : {1, 2, 3})
                QTest::addRow("synthetic seed %d minsplit %d cp %g", seed, minSplit, cp)
                    << "synthetic" << seed << minSplit << cp;
            QTest::addRow("single pattern minsplit %d cp %g", minSplit, cp)
                << "single pattern" << 0 << minSplit << cp;
            QTest::addRow("duplicated minsplit %d cp %g", minSplit, cp)
                << "duplicated" << 0 << minSplit << cp;
            for (const int seed : {1, 2})
                QTest::addRow("ties seed %d minsplit %d cp %g", seed, minSplit, cp)
                    << "ties" << seed << minSplit << cp;
            QTest::addRow("level ties minsplit %d cp %g", minSplit, cp)
                << "level ties" << 0 << minSplit << cp;
        }
    }
    // Same split variables, cut points, level sides, node sizes, means, deviances and
    // complexities as rpart (frame order), and the same predictions on the training rows and on
    // perturbed rows with unseen level combinations and NaN cells, all within 1e-9.
    void fit_matchesRpart()
    {
        QFETCH(QString, source);
        QFETCH(int, metric);
        QFETCH(int, minSplit);
        QFETCH(double, cp);
        const Dataset data = namedDataset(source, metric);
        const Eigen::MatrixXd probe = probeRows(data, 99);
        iolens::test::ToolRun run;
        const RpartResult reference = iolens::test::runRpart(data, probe, minSplit, cp, run);
        IOLENS_REQUIRE_TOOL(run);
        QVERIFY2(run.exitCode == 0, qPrintable(run.errors));

        Cart model({minSplit, cp});
        const FitReport report = model.fit(data);
        QCOMPARE(report.rows, static_cast<int>(data.rows()));
        QVERIFY(report.rSquared >= 0.0 && report.rSquared <= 1.0);
        const QString difference = iolens::test::compareWithRpart(model, data.schema, reference);
        QVERIFY2(difference.isEmpty(), qPrintable(difference));
        const Eigen::VectorXd predictions = model.predict(probe);
        QCOMPARE(reference.predictions.size(), static_cast<std::size_t>(predictions.size()));
        for (Eigen::Index i = 0; i < predictions.size(); ++i) {
            const double expected = reference.predictions[static_cast<std::size_t>(i)];
            QVERIFY2(iolens::test::agrees(predictions(i), expected),
                qPrintable(QStringLiteral("row %1: iolens %2, rpart %3")
                               .arg(i)
                               .arg(predictions(i), 0, 'g', 17)
                               .arg(expected, 0, 'g', 17)));
        }
    }

    // --- cp as a free dimension (ALGORITHMS.md 3.4) --------------------------------------------

    void predictAtCp_equalsFitAtThatCpAndRpart_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<int>("metric");
        QTest::addColumn<int>("minSplit");
        QTest::addColumn<double>("fittedCp");
        QTest::newRow("local rt_read minsplit 2") << "local" << int(Metric::RtReadMs) << 2 << 0.0;
        QTest::newRow("local tp_write minsplit 20")
            << "local" << int(Metric::TpWriteMbs) << 20 << 0.01;
        QTest::newRow("tiered tp_write minsplit 2")
            << "tiered" << int(Metric::TpWriteMbs) << 2 << 0.01;
        QTest::newRow("tiered rt_read minsplit 6")
            << "tiered" << int(Metric::RtReadMs) << 6 << 0.001;
        QTest::newRow("synthetic minsplit 2") << "synthetic" << 4 << 2 << 0.0;
        QTest::newRow("synthetic minsplit 7") << "synthetic" << 5 << 7 << 0.002;
        QTest::newRow("single pattern minsplit 3") << "single pattern" << 0 << 3 << 0.05;
    }
    // cp as a free dimension: predictAtCp(x, c) of one fitted model equals, bit for bit, a model
    // fitted at c, and rpart(cp = c) within 1e-9, for cp on a grid and exactly at every split's
    // complexity (where ties are decided).
    void predictAtCp_equalsFitAtThatCpAndRpart()
    {
        QFETCH(QString, source);
        QFETCH(int, metric);
        QFETCH(int, minSplit);
        QFETCH(double, fittedCp);
        const Dataset data = namedDataset(source, metric);
        const Eigen::MatrixXd probe = probeRows(data, 5);
        const Cart model = fitted(data, minSplit, fittedCp);
        const std::vector<double> cps = cpsToCheck(data, minSplit);
        iolens::test::ToolRun run;
        const RpartResult reference
            = iolens::test::runRpart(data, probe, minSplit, fittedCp, run, cps);
        for (const double cp : cps) {
            const Eigen::VectorXd ours = model.predictAtCp(probe, cp);
            QVERIFY2(identical(ours, fitted(data, minSplit, cp).predict(probe)),
                qPrintable(QStringLiteral("cp %1").arg(cp, 0, 'g', 17)));
            if (!run.available || run.exitCode != 0)
                continue;
            const std::vector<double>& theirs = reference.predictionsAtCp.at(cp);
            for (Eigen::Index i = 0; i < ours.size(); ++i)
                QVERIFY2(iolens::test::agrees(ours(i), theirs[static_cast<std::size_t>(i)]),
                    qPrintable(QStringLiteral("cp %1 row %2: iolens %3, rpart %4")
                                   .arg(cp, 0, 'g', 17)
                                   .arg(i)
                                   .arg(ours(i), 0, 'g', 17)
                                   .arg(theirs[static_cast<std::size_t>(i)], 0, 'g', 17)));
        }
        QVERIFY(identical(model.predictAtCp(probe, fittedCp), model.predict(probe)));
        IOLENS_REQUIRE_TOOL(run);
        QVERIFY2(run.exitCode == 0, qPrintable(run.errors));
    }

    // The derivation of a cp's tree from the cp = 0 tree (pruneCartTree) is the direct growth at
    // that cp, field by field; rpart's own shortcut, cutting the cp = 0 tree at complexity <= cp
    // (prune.rpart), is not, which is why the replay exists.
    void pruneCartTree_equalsGrowthAtCp_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<int>("metric");
        QTest::addColumn<int>("minSplit");
        for (const int minSplit : {2, 5, 20}) {
            QTest::addRow("local rt_read minsplit %d", minSplit)
                << "local" << int(Metric::RtReadMs) << minSplit;
            QTest::addRow("tiered tp_write minsplit %d", minSplit)
                << "tiered" << int(Metric::TpWriteMbs) << minSplit;
            QTest::addRow("synthetic minsplit %d", minSplit) << "synthetic" << 6 << minSplit;
        }
    }
    void pruneCartTree_equalsGrowthAtCp()
    {
        QFETCH(QString, source);
        QFETCH(int, metric);
        QFETCH(int, minSplit);
        const Dataset data = namedDataset(source, metric);
        const CartParams params {minSplit, 0.0};
        CartGrowthOptions options;
        options.minSplit = minSplit;
        options.minBucket = params.minBucket();
        options.cp = 0.0;
        const CartTree full = growCartTree(data.x, data.y, levelCountsOf(data.schema), options);
        for (const double cp : cpsToCheck(data, minSplit)) {
            options.cp = cp;
            const CartTree grown
                = growCartTree(data.x, data.y, levelCountsOf(data.schema), options);
            const QString difference = compareExactly(pruneCartTree(full, cp), grown);
            QVERIFY2(difference.isEmpty(),
                qPrintable(QStringLiteral("cp %1: ").arg(cp, 0, 'g', 17) + difference));
        }
    }

    // --- degenerate data --------------------------------------------------------------------

    void fit_degenerateData_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("outcome"); // "leaf", "tree" or "error"
        QTest::addColumn<QString>("warning"); // expected in a warning ("" = none needed)
        QTest::newRow("constant target") << "constant"
                                         << "leaf"
                                         << "constant";
        // 0.1 has no exact mean: rpart splits such data on rounding noise of ~1e-32.
        QTest::newRow("constant inexact target") << "constant 0.1"
                                                 << "leaf"
                                                 << "constant";
        QTest::newRow("fewer rows than minsplit") << "19 rows"
                                                  << "leaf"
                                                  << "minsplit";
        QTest::newRow("single row") << "1 row"
                                    << "leaf"
                                    << "minsplit";
        QTest::newRow("single distinct value in a predictor") << "constant column"
                                                              << "tree"
                                                              << "";
        QTest::newRow("duplicated rows") << "duplicated"
                                         << "tree"
                                         << "";
        QTest::newRow("NaN response") << "NaN y"
                                      << "tree"
                                      << "2 rows";
        QTest::newRow("NaN predictor") << "NaN x"
                                       << "error"
                                       << "";
        QTest::newRow("infinite response") << "inf y"
                                           << "error"
                                           << "";
        QTest::newRow("all responses NaN") << "all NaN y"
                                           << "error"
                                           << "";
        QTest::newRow("no rows") << "0 rows"
                                 << "error"
                                 << "";
        QTest::newRow("level index out of range") << "bad level"
                                                  << "error"
                                                  << "";
        QTest::newRow("fractional level index") << "fractional level"
                                                << "error"
                                                << "";
        QTest::newRow("x and y rows differ") << "shape"
                                             << "error"
                                             << "";
    }
    void fit_degenerateData()
    {
        QFETCH(QString, kind);
        QFETCH(QString, outcome);
        QFETCH(QString, warning);
        Dataset data = kind == "duplicated" ? duplicatedDataset() : syntheticDataset(3, 40);
        const Dataset base = data;
        const auto take = [&data](Eigen::Index rows) {
            data.x = data.x.topRows(rows).eval();
            data.y = data.y.head(rows).eval();
        };
        if (kind == "constant")
            data.y.setConstant(5.0);
        else if (kind == "constant 0.1")
            data.y.setConstant(0.1);
        else if (kind == "19 rows")
            take(19);
        else if (kind == "1 row")
            take(1);
        else if (kind == "0 rows")
            take(0);
        else if (kind == "constant column")
            data.x.col(1).setConstant(7.0);
        else if (kind == "NaN y")
            data.y(3) = data.y(17) = NAN;
        else if (kind == "NaN x")
            data.x(4, 2) = NAN;
        else if (kind == "inf y")
            data.y(0) = INFINITY;
        else if (kind == "all NaN y")
            data.y.setConstant(NAN);
        else if (kind == "bad level")
            data.x(0, 0) = 4.0; // scheduler has levels 0..3
        else if (kind == "fractional level")
            data.x(0, 0) = 1.5;
        else if (kind == "shape")
            data.y.conservativeResize(data.rows() - 1);

        Cart model;
        if (outcome == "error") {
            QVERIFY_THROWS_EXCEPTION(DataError, model.fit(data));
            QVERIFY(!model.isFitted());
            return;
        }
        const FitReport report = model.fit(data);
        if (!warning.isEmpty()) {
            const bool found = std::any_of(
                report.warnings.begin(), report.warnings.end(), [&](const std::string& w) {
                    return w.find(warning.toStdString()) != std::string::npos;
                });
            QVERIFY2(found, qPrintable(warning));
        }
        const Eigen::VectorXd p = model.predict(base.x);
        if (outcome == "leaf") {
            QCOMPARE(model.nodes().size(), std::size_t {1});
            QVERIFY((p.array() == model.nodes()[0].value).all());
            QVERIFY(std::fabs(model.nodes()[0].value - data.y.mean())
                <= 1e-15 * std::fabs(data.y.mean()));
            return;
        }
        QVERIFY(model.splitCount() > 0);
        QVERIFY(p.allFinite());
        for (const CartNode& node : model.nodes())
            QVERIFY(kind != "constant column" || node.feature != 1);
        if (kind == "NaN y") { // the same tree as without those rows
            std::vector<Eigen::Index> keep;
            for (Eigen::Index i = 0; i < base.rows(); ++i)
                if (i != 3 && i != 17)
                    keep.push_back(i);
            Dataset kept = base;
            kept.x = base.x(keep, Eigen::all);
            kept.y = base.y(keep);
            QVERIFY(identical(fitted(kept, 20, 0.01).predict(base.x), p));
            QCOMPARE(report.rows, 38);
        }
    }
};

IOLENS_TEST_GUILESS_MAIN(TestCart)
#include "test_cart.moc"
