// SPDX-License-Identifier: GPL-3.0-or-later
#include "workflow/parameter_search.hpp"

#include "common/error.hpp"
#include "data/measurement_csv.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"
#include "validation/out_of_sample.hpp"

#include <QTest>

using namespace iolens::core;

namespace {

std::vector<AggregatedMeasurement> tieredRows()
{
    return aggregateRepetitions(readMeasurementsCsv(iolens::test::tieredCsvPath()));
}

SearchRequest cubistRequest()
{
    SearchRequest request;
    request.technique = "cubist";
    request.metric = Metric::TpReadMbs;
    request.settings = {2, 2, 2, std::nullopt};
    return request;
}

} // namespace

class TestParameterSearch : public QObject {
    Q_OBJECT
private slots:
    void search_bestModelHasTheBestCost()
    {
        std::atomic<bool> never {false};
        int reports = 0;
        const SearchOutcome outcome = searchParameters(tieredRows(), cubistRequest(), never,
            [&reports](const OptimizerProgress&) { ++reports; });
        QVERIFY(outcome.model.has_value());
        QVERIFY(reports > 0);
        QCOMPARE(outcome.space.size(), outcome.search.best.values.size());
        QVERIFY(outcome.search.best.cost <= outcome.defaultCost);
        for (std::size_t d = 0; d < outcome.space.size(); ++d)
            QCOMPARE(
                outcome.bestParameters.at(outcome.space[d].name), outcome.search.best.values[d]);
        QCOMPARE(outcome.bestParameters.at("log_response"), 1.0);
        // The model is the best point's: cross-validating it on the same folds costs the same.
        const CrossValidatedEvaluation cv
            = crossValidatedEvaluation(*outcome.model, tieredRows(), RelativeErrorRule {}, 10, 1);
        QCOMPARE(cv.cost, outcome.search.best.cost);
    }

    // --cv grouped: the costs are the grouped CV's mean |log ratio|, the best model's own grouped
    // CV gives its cost back, and the default is scored on the same held-out levels.
    void search_groupedCostIsTheGroupedCrossValidation()
    {
        std::atomic<bool> never {false};
        SearchRequest request = cubistRequest();
        request.technique = "cart";
        request.cv = SearchCv::Grouped;
        const SearchOutcome outcome = searchParameters(tieredRows(), request, never);
        QVERIFY(outcome.model.has_value());
        QVERIFY(outcome.search.best.cost <= outcome.defaultCost);
        const GroupedEvaluation grouped
            = groupedEvaluation(*outcome.model, tieredRows(), RelativeErrorRule {});
        QCOMPARE(grouped.cv.meanLogRatioError, outcome.search.best.cost);
        // Fewer rows than folds do not matter to the grouped cost.
        request.folds = 1000;
        QVERIFY(searchParameters(tieredRows(), request, never).model.has_value());
    }

    void search_sharedFitsEqualThePlainEvaluation()
    {
        std::atomic<bool> never {false};
        for (const char* technique : {"cart", "mars", "cubist"}) {
            SearchRequest request = cubistRequest();
            request.technique = technique;
            request.settings = {2, 1, 2, std::nullopt};
            const SearchOutcome shared = searchParameters(tieredRows(), request, never);
            request.sharedFits = false;
            const SearchOutcome plain = searchParameters(tieredRows(), request, never);
            QCOMPARE(shared.search.points.size(), plain.search.points.size());
            for (std::size_t i = 0; i < plain.search.points.size(); ++i) {
                QCOMPARE(shared.search.points[i].values, plain.search.points[i].values);
                QCOMPARE(shared.search.points[i].cost, plain.search.points[i].cost);
            }
        }
    }

    void search_cancelledHasNoModel()
    {
        std::atomic<bool> cancel {false};
        const SearchOutcome outcome = searchParameters(tieredRows(), cubistRequest(), cancel,
            [&cancel](const OptimizerProgress&) { cancel = true; });
        QVERIFY(outcome.search.cancelled);
        QVERIFY(!outcome.model);
        QVERIFY(!outcome.search.points.empty());
    }

    void search_badRequestsAreInputErrors()
    {
        std::atomic<bool> never {false};
        SearchRequest lm = cubistRequest();
        lm.technique = "lm";
        QVERIFY_THROWS_EXCEPTION(ConfigError, searchParameters(tieredRows(), lm, never));
        SearchRequest unknown = cubistRequest();
        unknown.technique = "svm";
        QVERIFY_THROWS_EXCEPTION(ConfigError, searchedDimensions(unknown));
        const auto rows = tieredRows();
        const std::vector<AggregatedMeasurement> few(rows.begin(), rows.begin() + 5);
        QVERIFY_THROWS_EXCEPTION(DataError, searchParameters(few, cubistRequest(), never));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestParameterSearch)
#include "test_parameter_search.moc"
