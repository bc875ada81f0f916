// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "models/regressor_registry.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"
#include "tuning/cross_validation_cost.hpp"
#include "tuning/search_space.hpp"
#include "workflow/model_optimization.hpp"

#include <QTest>

using namespace iolens::core;

namespace {

OptimizeRequest cartRequest()
{
    OptimizeRequest request;
    request.model.technique = "cart";
    request.model.metric = Metric::RtReadMs;
    request.model.dataset = "tiered";
    request.settings = {3, 2, 3, std::nullopt};
    return request;
}

} // namespace

class TestModelOptimization : public QObject {
    Q_OBJECT
private slots:
    void optimize_recordsEveryPointAndBeatsDefault()
    {
        auto db = iolens::test::tieredDatabase();
        std::atomic<bool> cancel {false};
        const OptimizeOutcome outcome = optimizeModel(db, cartRequest(), cancel);
        QVERIFY(outcome.model.has_value());
        QCOMPARE(db.optimizerPoints(outcome.runId).size(), outcome.search.points.size());
        QVERIFY(outcome.search.best.cost <= outcome.defaultCost);
        // The stored best parameters are what the model was fitted with.
        const ParamValues params = outcome.model->parameters();
        QCOMPARE(params.at("minsplit"), outcome.search.best.values[0]);
    }

    void optimize_cancelledRunResumesToTheSameResult()
    {
        auto db = iolens::test::tieredDatabase();
        std::atomic<bool> never {false};
        const OptimizeOutcome full = optimizeModel(db, cartRequest(), never);

        std::atomic<bool> cancel {false};
        const auto stopAfterFirstIteration = [&cancel](const OptimizerProgress& p) {
            if (p.iteration >= 1)
                cancel = true;
        };
        const OptimizeOutcome partial
            = optimizeModel(db, cartRequest(), cancel, stopAfterFirstIteration);
        QVERIFY(partial.search.cancelled);
        QVERIFY(!partial.model);
        const auto stored = db.optimizerPoints(partial.runId).size();
        QVERIFY(stored > 0 && stored < full.search.points.size());

        OptimizeRequest resume = cartRequest();
        resume.resumeRun = partial.runId;
        const OptimizeOutcome resumed = optimizeModel(db, resume, never);
        QCOMPARE(resumed.search.points.size(), full.search.points.size());
        QCOMPARE(resumed.search.best.values, full.search.best.values);
        QCOMPARE(resumed.search.best.cost, full.search.best.cost);
        QCOMPARE(db.optimizerPoints(partial.runId).size(), full.search.points.size());
    }

    void optimize_techniqueWithoutSearchSpaceIsAnInputError()
    {
        auto db = iolens::test::tieredDatabase();
        OptimizeRequest request = cartRequest();
        request.model.technique = "lm";
        std::atomic<bool> cancel {false};
        QVERIFY_THROWS_EXCEPTION(ConfigError, optimizeModel(db, request, cancel));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestModelOptimization)
#include "test_model_optimization.moc"
