// SPDX-License-Identifier: GPL-3.0-or-later
#include "validation/out_of_sample.hpp"

#include "common/error.hpp"
#include "data/configuration_filter.hpp"
#include "data/dataset.hpp"
#include "data/measurement_csv.hpp"
#include "models/regressor_registry.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"
#include "tuning/cross_validation_cost.hpp"
#include "tuning/search_space.hpp"
#include "validation/holdout_split.hpp"
#include "validation/k_fold.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::core;

namespace {

TrainedModel trained(const std::string& technique, Metric metric, const ParamValues& params = {})
{
    auto regressor = createRegressor(technique);
    regressor->setParameters(params);
    TrainingOptions options;
    options.metric = metric;
    return TrainedModel::train(std::move(regressor), iolens::test::tieredRows(), options);
}

} // namespace

class TestOutOfSample : public QObject {
    Q_OBJECT
private slots:
    void crossValidated_costIsTheOptimizersCost()
    {
        // The model comparison and the optimizer must agree on what a point costs.
        const TrainedModel model = trained("cart", Metric::RtReadMs, {{"cp", 0.02}});
        const CrossValidatedEvaluation cv = crossValidatedEvaluation(
            model, iolens::test::tieredRows(), RelativeErrorRule {}, 10, 7);

        Dataset data = buildDataset(iolens::test::tieredRows(), Metric::RtReadMs);
        data.y = data.y.array().log();
        auto prototype = createRegressor("cart");
        const auto space = searchSpace(*prototype);
        const FoldAssignment folds(data.rows(), 10, 7);
        const BatchCost cost = crossValidationCost(*prototype, space, data, folds);
        std::vector<double> point;
        for (const SearchDimension& d : space)
            point.push_back(d.name == "cp" ? 0.02 : prototype->parameters().at(d.name));
        std::atomic<bool> never {false};
        QCOMPARE(cv.cost, *cost({point}, never).at(0));
    }

    void crossValidated_predictionsAreOutOfFold()
    {
        // Row i's prediction comes from the model fitted without i's fold.
        const TrainedModel model = trained("lm", Metric::TpWriteMbs);
        const RelativeErrorRule everything {0.0, 100.0};
        const CrossValidatedEvaluation cv
            = crossValidatedEvaluation(model, iolens::test::tieredRows(), everything, 5, 3);

        Dataset data = buildDataset(iolens::test::tieredRows(), Metric::TpWriteMbs);
        data.y = data.y.array().log();
        const FoldAssignment folds(data.rows(), 5, 3);
        QCOMPARE(cv.evaluation.configs.size(), static_cast<std::size_t>(data.rows()));
        auto lm = createRegressor("lm");
        lm->fit(subset(data, folds.trainRows(2)));
        const Eigen::Index held = folds.testRows(2).front();
        const double expected = std::exp(lm->predict(data.x.row(held))(0));
        QCOMPARE(cv.evaluation.predicted(held), expected);
        QCOMPARE(cv.evaluation.measured(held), std::exp(data.y(held)));
        // Out-of-fold errors are larger than the training errors of the same model.
        const ModelEvaluation fitted
            = evaluateModel(model, iolens::test::tieredRows(), everything, "train");
        QVERIFY(cv.evaluation.meanRelativeError > fitted.meanRelativeError);
    }

    void crossValidated_ruleLimitsTheScoredRows()
    {
        const TrainedModel model = trained("m5", Metric::RtWriteMs);
        // The data has 0, 50 and 100 % reads: a limit of 25 % keeps only the pure writes.
        const CrossValidatedEvaluation cv = crossValidatedEvaluation(
            model, iolens::test::tieredRows(), RelativeErrorRule {25.0, 25.0}, 10, 1);
        for (const Configuration& c : cv.evaluation.configs)
            QCOMPARE(c.readPct, 0.0);
        QVERIFY(cv.evaluation.excludedByRule > 0);
    }

    void crossValidated_tooFewRowsIsADataError()
    {
        const auto rows = iolens::test::tieredRows();
        const TrainedModel model = trained("lm", Metric::RtReadMs);
        const std::vector<AggregatedMeasurement> few(rows.begin(), rows.begin() + 6);
        QVERIFY_THROWS_EXCEPTION(
            DataError, crossValidatedEvaluation(model, few, RelativeErrorRule {}, 10, 1));
    }

    void holdout_trainsOnTheTrainingPartOnly()
    {
        const auto rows = iolens::test::tieredRows();
        const auto small = ConfigurationFilter::parse("request_kib<=16").apply(rows);
        const auto large = ConfigurationFilter::parse("request_kib>16").apply(rows);
        const TrainedModel everywhere = trained("cubist", Metric::TpReadMbs);
        const ModelEvaluation holdout
            = holdoutEvaluation(everywhere, small, large, RelativeErrorRule {}, "extrapolation");

        TrainingOptions options;
        options.metric = Metric::TpReadMbs;
        const TrainedModel onSmall = TrainedModel::train(createRegressor("cubist"), small, options);
        const ModelEvaluation expected
            = evaluateModel(onSmall, large, RelativeErrorRule {}, "extrapolation");
        QCOMPARE(holdout.predicted, expected.predicted);
        QCOMPARE(holdout.scenario, std::string("extrapolation"));
        for (const Configuration& c : holdout.configs)
            QVERIFY(c.requestBytes > 16 * 1024);
    }

    // The range scenarios: a model whose selection left configurations out is scored on those,
    // as it is; one trained on everything is refitted without the inner (or largest) sizes.
    void rangeScenario_scoresWhatTheSelectionLeftOutOrRefits()
    {
        const auto rows = iolens::test::tieredRows();
        const RelativeErrorRule rule;
        const auto without16 = ConfigurationFilter::parse("request_kib!=16").apply(rows);
        TrainingOptions options;
        options.metric = Metric::RtWriteMs;
        const TrainedModel partial = TrainedModel::train(createRegressor("lm"), without16, options);
        const ModelEvaluation inside
            = rangeScenarioEvaluation(partial, without16, rows, RangeScenario::Interpolation, rule);
        const auto only16 = ConfigurationFilter::parse("request_kib=16").apply(rows);
        QCOMPARE(inside.predicted, evaluateModel(partial, only16, rule, "interpolation").predicted);
        QCOMPARE(inside.scenario, std::string("interpolation"));

        const TrainedModel everywhere = trained("lm", Metric::RtWriteMs);
        for (const RangeScenario which :
            {RangeScenario::Interpolation, RangeScenario::Extrapolation}) {
            const HoldoutSplit split = which == RangeScenario::Interpolation
                ? interpolationSplit(rows)
                : extrapolationSplit(rows);
            const ModelEvaluation refitted
                = rangeScenarioEvaluation(everywhere, rows, rows, which, rule);
            QCOMPARE(refitted.predicted,
                holdoutEvaluation(everywhere, split.train, split.test, rule, "").predicted);
            QCOMPARE(refitted.scenario, std::string(rangeScenarioName(which)));
        }
        // Two sizes and nothing left out: no inner size to leave out, and the reason says so.
        const auto twoSizes = ConfigurationFilter::parse("request_kib<=16").apply(rows);
        const TrainedModel small = TrainedModel::train(createRegressor("lm"), twoSizes, options);
        QVERIFY_THROWS_EXCEPTION(DataError,
            rangeScenarioEvaluation(small, twoSizes, twoSizes, RangeScenario::Interpolation, rule));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestOutOfSample)
#include "test_out_of_sample.moc"
