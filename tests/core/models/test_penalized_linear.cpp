// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "data/csv_table.hpp"
#include "data/measurement_csv.hpp"
#include "models/elastic_net_cv.hpp"
#include "models/interaction_design.hpp"
#include "models/linear_model.hpp"
#include "models/penalized_linear.hpp"
#include "models/regressor_registry.hpp"
#include "models/trained_model.hpp"
#include "support/ensemble_test_data.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::core;

namespace {

Dataset shared()
{
    return iolens::test::gridDataset("local", Metric::RtReadMs);
}

// The columns the models fit: the design of y ~ .^degree without its intercept.
Eigen::MatrixXd slopeDesign(const Dataset& data, int degree)
{
    const Eigen::MatrixXd design = InteractionDesign(data.schema, degree).expand(data.x);
    return design.rightCols(design.cols() - 1);
}

std::unique_ptr<Regressor> make(const std::string& technique, const ParamValues& params = {})
{
    auto model = createRegressor(technique);
    model->setParameters(params);
    return model;
}

const PenalizedLinear& penalized(const Regressor& model)
{
    return dynamic_cast<const PenalizedLinear&>(model);
}

} // namespace

class TestPenalizedLinear : public QObject {
    Q_OBJECT
private slots:
    void registry_createsTheThreeTechniques()
    {
        for (const std::string technique : {"lasso", "ridge", "enet"}) {
            const auto names = techniqueNames();
            QVERIFY(std::find(names.begin(), names.end(), technique) != names.end());
            QCOMPARE(createRegressor(technique)->technique(), technique);
        }
        // alpha is fixed for lasso and ridge, a parameter (default 0.5) only for enet.
        QVERIFY_THROWS_EXCEPTION(ConfigError, make("lasso", {{"alpha", 0.5}}));
        QVERIFY_THROWS_EXCEPTION(ConfigError, make("ridge", {{"alpha", 0.5}}));
        QCOMPARE(make("enet")->parameters().at("alpha"), 0.5);
        QCOMPARE(penalized(*make("lasso")).params().alpha, 1.0);
        QCOMPARE(penalized(*make("ridge")).params().alpha, 0.0);
        QVERIFY_THROWS_EXCEPTION(ConfigError, make("enet", {{"alpha", 1.5}}));
        QVERIFY_THROWS_EXCEPTION(ConfigError, make("lasso", {{"folds", 2}}));
    }

    void searchRanges_coverDegreeAndEnetAlpha()
    {
        for (const std::string technique : {"lasso", "ridge", "enet"}) {
            int tuned = 0;
            for (const ParamSpec& spec : createRegressor(technique)->paramSpecs()) {
                if (!spec.tuned())
                    continue;
                ++tuned;
                QVERIFY(spec.name == "degree" || (technique == "enet" && spec.name == "alpha"));
                QVERIFY(spec.searchLow >= spec.minValue && spec.searchHigh <= spec.maxValue);
            }
            QCOMPARE(tuned, technique == "enet" ? 2 : 1);
        }
    }

    // Ridge with lambda -> 0 is ordinary least squares: the same coefficients as lm on the main
    // effects, and the same fitted values on the pairwise design.
    void ridge_nearZeroLambdaEqualsLm_data()
    {
        QTest::addColumn<int>("degree");
        QTest::newRow("main effects") << 1;
        QTest::newRow("pairwise") << 2;
    }
    void ridge_nearZeroLambdaEqualsLm()
    {
        QFETCH(int, degree);
        const Dataset data = shared();
        const auto ridge
            = make("ridge", {{"degree", degree}, {"lambda", 1e-12}, {"thresh", 1e-26}});
        ridge->fit(data);
        LinearModel lm;
        lm.setParameters({{"degree", degree}});
        lm.fit(data);
        const Eigen::VectorXd a = ridge->predict(data.x), b = lm.predict(data.x);
        const double fitError = (a - b).cwiseAbs().maxCoeff();
        QVERIFY2(fitError < 1e-7,
            qPrintable(QStringLiteral("fitted values differ by %1").arg(fitError)));
        if (degree != 1)
            return;
        const PenalizedLinear& model = penalized(*ridge);
        QCOMPARE(model.termNames().size() + 1, lm.termNames().size());
        QVERIFY(std::fabs(model.intercept() - lm.coefficients()(0)) < 1e-7);
        for (std::size_t i = 0; i < model.termNames().size(); ++i) {
            QCOMPARE(model.termNames()[i], lm.termNames()[i + 1]);
            const double expected = lm.coefficients()(static_cast<Eigen::Index>(i) + 1);
            QVERIFY2(std::fabs(model.slopes()(static_cast<Eigen::Index>(i)) - expected)
                    <= 1e-7 * std::fabs(expected) + 1e-12,
                qPrintable(QString::fromStdString(model.termNames()[i])));
        }
    }

    void fit_choosesTheLambdaCrossValidationChooses()
    {
        const Dataset data = shared();
        for (const bool oneSe : {false, true}) {
            const auto model
                = make("lasso", {{"degree", 1}, {"one_se", oneSe ? 1 : 0}, {"seed", 4}});
            model->fit(data);
            // The same CV, run directly on the main-effects design.
            const LambdaCrossValidation cv
                = crossValidateLambda(slopeDesign(data, 1), data.y, {}, 10, 4);
            const std::size_t expected
                = cv.chosen(oneSe ? LambdaRule::OneStdError : LambdaRule::Minimum);
            QCOMPARE(penalized(*model).lambda(), cv.path.lambdas[expected]);
            QVERIFY(penalized(*model).slopes()
                == cv.path.slopes.col(static_cast<Eigen::Index>(expected)));
        }
    }

    void fit_atLambdaMaxKeepsOnlyTheIntercept()
    {
        const Dataset data = shared();
        const double lambdaMax = ElasticNetProblem(slopeDesign(data, 1), data.y).lambdaMax(1.0);
        const auto model = make("lasso", {{"degree", 1}, {"lambda", lambdaMax}});
        model->fit(data);
        QVERIFY(penalized(*model).slopes().isZero(0.0));
        QVERIFY(std::fabs(penalized(*model).intercept() - data.y.mean()) < 1e-12);
        QVERIFY(QString::fromStdString(model->describe()).contains("0 of "));
        QVERIFY(QString::fromStdString(model->describe()).contains("(fixed)"));
    }

    void describe_listsNonZeroTermsAndLambda()
    {
        const Dataset data = shared();
        const auto chosen = make("lasso");
        chosen->fit(data);
        QVERIFY(QString::fromStdString(chosen->describe()).contains("chosen by 10-fold CV"));
        // A fixed lambda large enough that the lasso drops some of the 15 pairwise terms.
        const double lambdaMax = ElasticNetProblem(slopeDesign(data, 2), data.y).lambdaMax(1.0);
        const auto model = make("lasso", {{"lambda", 0.02 * lambdaMax}});
        model->fit(data);
        const QString text = QString::fromStdString(model->describe());
        const PenalizedLinear& fitted = penalized(*model);
        QVERIFY(text.contains(QStringLiteral("lambda = %1 (fixed)")
                                  .arg(QString::fromStdString(formatNumber(fitted.lambda())))));
        int listed = 0;
        for (std::size_t i = 0; i < fitted.termNames().size(); ++i) {
            const QString line
                = QStringLiteral("  %1 ").arg(QString::fromStdString(fitted.termNames()[i]));
            const bool nonZero = fitted.slopes()(static_cast<Eigen::Index>(i)) != 0.0;
            QCOMPARE(text.contains(line), nonZero);
            listed += nonZero ? 1 : 0;
        }
        QVERIFY(listed > 0);
        QVERIFY(listed < static_cast<int>(fitted.termNames().size())); // the lasso dropped some
        QVERIFY(text.contains(
            QStringLiteral("%1 of %2 terms non-zero").arg(listed).arg(fitted.termNames().size())));
    }

    void saveLoadAndClone_giveBitIdenticalPredictions_data()
    {
        QTest::addColumn<QString>("technique");
        QTest::newRow("lasso") << "lasso";
        QTest::newRow("ridge") << "ridge";
        QTest::newRow("enet") << "enet";
    }
    void saveLoadAndClone_giveBitIdenticalPredictions()
    {
        QFETCH(QString, technique);
        const Dataset data = iolens::test::gridDataset("tiered", Metric::TpReadMbs);
        const auto model = make(technique.toStdString());
        model->fit(data);
        const auto loaded = make(technique.toStdString(), model->parameters());
        loaded->loadState(nlohmann::json::parse(model->saveState().dump()), data.schema);
        const auto copy = model->clone();
        QVERIFY(iolens::test::identical(loaded->predict(data.x), model->predict(data.x)));
        QVERIFY(iolens::test::identical(copy->predict(data.x), model->predict(data.x)));
        QCOMPARE(loaded->describe(), model->describe());
        // The clone is independent: refitting the original leaves it as it was.
        const Eigen::VectorXd before = copy->predict(data.x);
        model->setParameters({{"degree", 1}});
        QVERIFY(!model->isFitted());
        QVERIFY(copy->isFitted());
        QVERIFY(iolens::test::identical(copy->predict(data.x), before));
    }

    // What `iolens-cli train` stores and `evaluate` reads back: a TrainedModel as JSON.
    void trainedModel_roundTripsThroughJson()
    {
        const auto measurements
            = aggregateRepetitions(readMeasurementsCsv(iolens::test::localCsvPath()));
        std::vector<Configuration> configs;
        for (const auto& m : measurements)
            configs.push_back(m.config);
        for (const std::string technique : {"lasso", "ridge", "enet"}) {
            const TrainedModel model = TrainedModel::train(
                createRegressor(technique), measurements, {Metric::TpReadMbs, true});
            const TrainedModel loaded
                = TrainedModel::fromJson(nlohmann::json::parse(model.toJson().dump()));
            QCOMPARE(loaded.regressor().technique(), technique);
            QVERIFY(iolens::test::identical(loaded.predict(configs), model.predict(configs)));
        }
    }

    void loadState_rejectsAnotherDesign()
    {
        const Dataset data = shared();
        const auto model = make("ridge", {{"degree", 2}});
        model->fit(data);
        const auto other = make("ridge", {{"degree", 1}});
        QVERIFY_THROWS_EXCEPTION(DataError, other->loadState(model->saveState(), data.schema));
    }

    void fit_rejectsTooFewRowsAndPredictBeforeFit()
    {
        const auto model = make("enet");
        QVERIFY_THROWS_EXCEPTION(StateError, model->predict(Eigen::MatrixXd::Zero(1, 1)));
        Dataset data = shared();
        QVERIFY_THROWS_EXCEPTION(DataError, model->fit(iolens::test::rowsOf(data, {0, 1})));
    }

    void fit_constantResponseGivesTheMeanAndAWarning()
    {
        Dataset data = shared();
        data.y.setConstant(2.5);
        const auto model = make("lasso");
        const FitReport report = model->fit(data);
        QVERIFY(!report.warnings.empty());
        QVERIFY((model->predict(data.x).array() == 2.5).all());
    }
};

IOLENS_TEST_GUILESS_MAIN(TestPenalizedLinear)
#include "test_penalized_linear.moc"
