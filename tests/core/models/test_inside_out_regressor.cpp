// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "models/inside_out_regressor.hpp"
#include "models/interaction_design.hpp"
#include "models/regressor_registry.hpp"
#include "models/trained_model.hpp"
#include "support/ensemble_test_data.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

using namespace iolens::core;

class TestInsideOutRegressor : public QObject {
    Q_OBJECT
private slots:
    void registry_createsInsideOut()
    {
        const auto model = createRegressor("insideout");
        QCOMPARE(model->technique(), std::string("insideout"));
        QCOMPARE(model->parameters().at("filter"), 0.0);
        QCOMPARE(model->parameters().at("degree"), 2.0);
        QVERIFY_THROWS_EXCEPTION(ConfigError, model->setParameters({{"filter", 3}}));
    }

    // On configurations the features are the design columns of y ~ .^degree: the model is
    // InsideOutModel on exactly those, with their names.
    void fit_isTheTwoLevelLearnerOnTheDesign()
    {
        const Dataset data = iolens::test::gridDataset("local", Metric::TpWriteMbs);
        InsideOutRegressor model;
        model.setParameters({{"degree", 2}, {"seed", 3}});
        const FitReport report = model.fit(data);
        QVERIFY(report.rSquared > 0.5);
        const InteractionDesign design(data.schema, 2);
        const Eigen::MatrixXd full = design.expand(data.x);
        InsideOutParams params;
        params.seed = 3;
        const InsideOutModel direct = InsideOutModel::fit(full.rightCols(full.cols() - 1), data.y,
            {design.names().begin() + 1, design.names().end()}, params);
        QVERIFY(iolens::test::identical(
            model.predict(data.x), direct.predict(full.rightCols(full.cols() - 1))));
        QCOMPARE(model.model().names().front(), design.names()[1]);
        QVERIFY(QString::fromStdString(model.describe()).contains("features kept"));
    }

    void saveLoadAndClone_giveBitIdenticalPredictions()
    {
        const Dataset data = iolens::test::gridDataset("tiered", Metric::RtReadMs);
        const auto model = createRegressor("insideout");
        model->fit(data);
        const auto loaded = createRegressor("insideout");
        loaded->setParameters(model->parameters());
        loaded->loadState(nlohmann::json::parse(model->saveState().dump()), data.schema);
        QVERIFY(iolens::test::identical(loaded->predict(data.x), model->predict(data.x)));
        const auto copy = model->clone();
        QVERIFY(iolens::test::identical(copy->predict(data.x), model->predict(data.x)));
        const auto other = createRegressor("insideout");
        other->setParameters({{"degree", 1}});
        QVERIFY_THROWS_EXCEPTION(DataError, other->loadState(model->saveState(), data.schema));
    }

    // What `iolens-cli train` stores and `evaluate` reads back: a TrainedModel as JSON.
    void trainedModel_roundTripsThroughJson()
    {
        const auto measurements = iolens::test::tieredRows();
        std::vector<Configuration> configs;
        for (const auto& m : measurements)
            configs.push_back(m.config);
        const TrainedModel model = TrainedModel::train(
            createRegressor("insideout"), measurements, {Metric::TpWriteMbs, true});
        const TrainedModel loaded
            = TrainedModel::fromJson(nlohmann::json::parse(model.toJson().dump()));
        QVERIFY(iolens::test::identical(loaded.predict(configs), model.predict(configs)));
    }

    void fit_rejectsTooFewRowsAndPredictBeforeFit()
    {
        InsideOutRegressor model;
        QVERIFY_THROWS_EXCEPTION(StateError, model.predict(Eigen::MatrixXd::Zero(1, 1)));
        const Dataset data = iolens::test::gridDataset("local", Metric::RtReadMs);
        QVERIFY_THROWS_EXCEPTION(DataError, model.fit(iolens::test::rowsOf(data, {0, 1})));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestInsideOutRegressor)
#include "test_inside_out_regressor.moc"
