// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "models/inside_out.hpp"
#include "support/ensemble_test_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <random>

using namespace iolens::core;

namespace {

// Node-metric-like features: 40 columns on scales from 1 to 1000, y (throughput, > 0) driven by
// columns 0, 5 and 17 only, as the paper's few relevant aggregates among many.
struct Table {
    Eigen::MatrixXd x;
    Eigen::VectorXd y;
    std::vector<std::string> names;
};

Table metricTable(unsigned seed, int rows)
{
    std::mt19937 rng(seed);
    std::normal_distribution<double> normal(0.0, 1.0);
    Table t {Eigen::MatrixXd(rows, 40), Eigen::VectorXd(rows), {}};
    for (int j = 0; j < 40; ++j)
        t.names.push_back("metric" + std::to_string(j));
    for (int i = 0; i < rows; ++i) {
        for (int j = 0; j < 40; ++j)
            t.x(i, j) = std::pow(10.0, j % 4) * (5.0 + normal(rng));
        t.y(i) = 200.0 + 30.0 * t.x(i, 0) + 0.4 * t.x(i, 5) - 0.8 * t.x(i, 17) + 5.0 * normal(rng);
    }
    return t;
}

InsideOutParams defaultParams()
{
    return {};
}

} // namespace

class TestInsideOut : public QObject {
    Q_OBJECT
private slots:
    void fit_keepsTheRelevantFeaturesAndPredictsAccurately()
    {
        const Table train = metricTable(1, 200), test = metricTable(2, 100);
        const InsideOutModel model
            = InsideOutModel::fit(train.x, train.y, train.names, defaultParams());
        for (Eigen::Index relevant : {0, 5, 17}) {
            const auto it = std::find(model.kept().begin(), model.kept().end(), relevant);
            QVERIFY2(it != model.kept().end(),
                qPrintable(QStringLiteral("feature %1 dropped").arg(relevant)));
            QVERIFY(model.slopes()(it - model.kept().begin()) != 0.0);
        }
        QVERIFY(model.kept().size() < 40); // the filter removed something
        // With noise sd 5 on y ~ 330, held-out accuracy (1 - MAPE) is close to 1.
        QVERIFY(insideOutAccuracy(model.predict(test.x), test.y) > 0.98);
    }

    void fit_gridFollowsAlgorithm1()
    {
        const Table t = metricTable(3, 150);
        InsideOutParams params;
        params.thresholdMax = 3.0;
        params.thresholdSteps = 7;
        const InsideOutModel model = InsideOutModel::fit(t.x, t.y, t.names, params);
        const std::vector<double> expected {0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0};
        QCOMPARE(thresholdGrid(params), expected);
        QCOMPARE(model.grid().size(), expected.size());
        double best = model.grid().front().cvMse;
        for (std::size_t i = 0; i < expected.size(); ++i) {
            const ThresholdScore& s = model.grid()[i];
            QCOMPARE(s.threshold, expected[i]);
            QCOMPARE(s.kept, int(selectFeatures(model.importance(), s.threshold).size()));
            if (i > 0) // a higher threshold never keeps more
                QVERIFY(s.kept <= model.grid()[i - 1].kept);
            best = std::min(best, s.cvMse);
        }
        // The chosen threshold is the first with the lowest CV error, and the model is its lasso.
        const auto chosen = std::find_if(model.grid().begin(), model.grid().end(),
            [&](const ThresholdScore& s) { return s.cvMse == best; });
        QCOMPARE(model.threshold(), chosen->threshold);
        QCOMPARE(model.kept(), selectFeatures(model.importance(), model.threshold()));
        ElasticNetOptions lasso;
        const LambdaCrossValidation cv = crossValidateLambda(
            t.x(Eigen::all, model.kept()), t.y, lasso, params.folds, params.seed);
        QCOMPARE(model.lambda(), cv.path.lambdas[cv.minimum]);
        QCOMPARE(best, cv.cvm[cv.minimum]);
    }

    void fit_filterVariantsUseTheirImportance_data()
    {
        QTest::addColumn<int>("filter");
        QTest::newRow("ridge (Inside-Out)") << int(FeatureFilter::Ridge);
        QTest::newRow("decision tree (Auto-DTL)") << int(FeatureFilter::DecisionTree);
        QTest::newRow("random forest (Auto-RFL)") << int(FeatureFilter::RandomForest);
    }
    void fit_filterVariantsUseTheirImportance()
    {
        QFETCH(int, filter);
        const Table t = metricTable(4, 120);
        InsideOutParams params;
        params.filter = static_cast<FeatureFilter>(filter);
        const InsideOutModel model = InsideOutModel::fit(t.x, t.y, t.names, params);
        Eigen::VectorXd expected;
        switch (params.filter) {
        case FeatureFilter::Ridge:
            expected = ridgeImportance(t.x, t.y, {}, 10, 1);
            break;
        case FeatureFilter::DecisionTree:
            expected = treeImportance(t.x, t.y);
            break;
        case FeatureFilter::RandomForest:
            expected = forestImportance(t.x, t.y, 1);
            break;
        }
        QVERIFY(iolens::test::identical(model.importance(), expected));
        QVERIFY(QString::fromStdString(model.describe())
                    .contains(filter == 0
                            ? "ridge filter"
                            : (filter == 1 ? "decision tree filter" : "random forest filter")));
    }

    void fit_withoutUsableFeaturesIsTheMean()
    {
        Table t = metricTable(5, 30);
        t.x.setConstant(3.0); // nothing to learn from
        const InsideOutModel model = InsideOutModel::fit(t.x, t.y, t.names, defaultParams());
        QVERIFY(model.kept().empty());
        QVERIFY((model.predict(t.x).array() == t.y.mean()).all());
    }

    void json_roundTripsBitIdentically()
    {
        const Table t = metricTable(6, 100);
        const InsideOutModel model = InsideOutModel::fit(t.x, t.y, t.names, defaultParams());
        const InsideOutModel loaded
            = InsideOutModel::fromJson(nlohmann::json::parse(model.toJson().dump()));
        QVERIFY(iolens::test::identical(loaded.predict(t.x), model.predict(t.x)));
        QCOMPARE(loaded.describe(), model.describe());
        nlohmann::json broken = model.toJson();
        broken["kept"].push_back(400);
        QVERIFY_THROWS_EXCEPTION(DataError, InsideOutModel::fromJson(broken));
    }

    void fit_rejectsBadInput()
    {
        const Table t = metricTable(7, 20);
        QVERIFY_THROWS_EXCEPTION(DataError, InsideOutModel::fit(t.x, t.y.head(19), t.names, {}));
        QVERIFY_THROWS_EXCEPTION(
            DataError, InsideOutModel::fit(t.x.leftCols(39), t.y, t.names, {}));
        InsideOutParams params;
        params.folds = 21;
        QVERIFY_THROWS_EXCEPTION(ConfigError, InsideOutModel::fit(t.x, t.y, t.names, params));
        const InsideOutModel model = InsideOutModel::fit(t.x, t.y, t.names, {});
        QVERIFY_THROWS_EXCEPTION(DataError, model.predict(t.x.leftCols(3)));
    }

    // Paper eq. 1 by hand: errors 10 %, 10 %, 0 % -> MAPE 1/15, accuracy 14/15.
    void insideOutAccuracy_isOneMinusMapeClampedAtZero()
    {
        Eigen::VectorXd measured(3), predicted(3);
        measured << 100, 200, 50;
        predicted << 110, 180, 50;
        QVERIFY(std::fabs(insideOutAccuracy(predicted, measured) - 14.0 / 15.0) < 1e-15);
        Eigen::VectorXd far(3);
        far << 500, 10, 300; // MAPE > 1
        QCOMPARE(insideOutAccuracy(far, measured), 0.0);
        measured(1) = 0.0;
        QVERIFY_THROWS_EXCEPTION(DataError, insideOutAccuracy(predicted, measured));
        QVERIFY_THROWS_EXCEPTION(DataError, insideOutAccuracy(predicted.head(2), measured));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestInsideOut)
#include "test_inside_out.moc"
