// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "models/regressor_registry.hpp"
#include "store/optimizer_runs.hpp"
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

    void storedRequest_resumesACancelledRunFromItsSettingsAlone()
    {
        // What the window does: it knows only the run the user picked, not the options the run
        // was started with.
        auto db = iolens::test::tieredDatabase();
        std::atomic<bool> never {false};
        OptimizeRequest original = cartRequest();
        original.model.params["log_response"] = 0.0;
        original.model.where = "request_kib<=64";
        original.folds = 5;
        original.seed = 7;
        const OptimizeOutcome full = optimizeModel(db, original, never);

        std::atomic<bool> cancel {false};
        const OptimizeOutcome partial = optimizeModel(db, original, cancel,
            [&cancel](const OptimizerProgress& p) { cancel = p.iteration >= 1; });
        QVERIFY(partial.search.cancelled);
        const auto run = optimizerRun(db, partial.runId);
        QVERIFY(run.has_value());
        QCOMPARE(run->status, std::string("cancelled"));

        const OptimizeRequest stored = storedOptimizeRequest(*run);
        QCOMPARE(stored.resumeRun, std::optional<std::int64_t>(partial.runId));
        QCOMPARE(stored.model.technique, original.model.technique);
        QCOMPARE(stored.model.metric, original.model.metric);
        QCOMPARE(stored.model.dataset, original.model.dataset);
        QCOMPARE(stored.model.where, original.model.where);
        QCOMPARE(stored.model.params, original.model.params);
        QCOMPARE(stored.folds, 5);
        QCOMPARE(stored.seed, std::uint64_t {7});
        QCOMPARE(stored.settings.splits, original.settings.splits);
        QCOMPARE(stored.settings.explorations, original.settings.explorations);
        QCOMPARE(stored.settings.maxIterations, original.settings.maxIterations);

        const auto recorded
            = recordedRunPoints(db, partial.runId, searchedDimensions(searchRequestOf(stored)));
        QCOMPARE(recorded.size(), partial.search.points.size());
        const OptimizeOutcome resumed = optimizeModel(db, stored, never);
        QCOMPARE(resumed.runId, partial.runId);
        QCOMPARE(resumed.search.best.values, full.search.best.values);
        QCOMPARE(resumed.search.best.cost, full.search.best.cost);
        QCOMPARE(optimizerRun(db, partial.runId)->status, std::string("finished"));
    }

    void storedRequest_unreadableSettingsAreADataError()
    {
        StoredOptimizerRun run;
        run.id = 4;
        run.technique = "cart";
        run.metric = "rt_read_ms";
        run.settings = R"({"k": "four"})";
        QVERIFY_THROWS_EXCEPTION(DataError, storedOptimizeRequest(run));
        run.settings = "{}";
        run.metric = "speed";
        QVERIFY_THROWS_EXCEPTION(DataError, storedOptimizeRequest(run));
    }

    void recorder_writesOnlyNewPointsOfEachBatch()
    {
        auto db = iolens::test::tieredDatabase();
        OptimizerRunRecorder recorder(db, cartRequest());
        EvaluatedPoint a {{5.0, 0.01}, 1.5, 0};
        EvaluatedPoint b {{10.0, 0.01}, 1.2, 1};
        recorder.record({a});
        recorder.record({a, b}); // a replayed: stored once
        QCOMPARE(db.optimizerPoints(recorder.runId()).size(), std::size_t {2});
        recorder.finish("cancelled");
        const auto run = optimizerRun(db, recorder.runId());
        QCOMPARE(run->points, 2);
        QCOMPARE(run->bestCost, std::optional<double>(1.2));
        QCOMPARE(run->status, std::string("cancelled"));
    }

    void optimize_techniqueWithoutSearchSpaceIsAnInputError()
    {
        auto db = iolens::test::tieredDatabase();
        OptimizeRequest request = cartRequest();
        request.model.technique = "lm";
        std::atomic<bool> cancel {false};
        QVERIFY_THROWS_EXCEPTION(ConfigError, optimizeModel(db, request, cancel));
        QVERIFY(optimizerRuns(db).empty()); // refused before a run was recorded
    }

    // A parameter fixed with --param is not searched: the stored model keeps its value.
    void optimize_fixedParameterIsNotSearched()
    {
        auto db = iolens::test::tieredDatabase();
        OptimizeRequest request = cartRequest();
        request.model.params["cp"] = 0.05;
        std::atomic<bool> cancel {false};
        const OptimizeOutcome outcome = optimizeModel(db, request, cancel);
        QVERIFY(outcome.model.has_value());
        QCOMPARE(outcome.model->parameters().at("cp"), 0.05);
        QCOMPARE(outcome.search.best.values.size(), std::size_t {1}); // minsplit alone
        for (const OptimizerPoint& point : db.optimizerPoints(outcome.runId))
            QVERIFY2(point.parameters.find("cp") == std::string::npos, point.parameters.c_str());

        request.model.params["minsplit"] = 10.0;
        QVERIFY_THROWS_EXCEPTION(ConfigError, optimizeModel(db, request, cancel));
    }

    // A budget too small to reach the defaults keeps them where they scored better: on
    // fio-tiered's write throughput the lower corner alone (k = 1, n = 1, no iteration) costs
    // more than CART's defaults on the same folds.
    void optimize_keepsTheDefaultsWhenTheyBeatTheSearch()
    {
        auto db = iolens::test::tieredDatabase();
        OptimizeRequest request = cartRequest();
        request.model.metric = Metric::TpWriteMbs;
        request.settings = {1, 1, 0, std::nullopt};
        std::atomic<bool> never {false};
        const OptimizeOutcome outcome = optimizeModel(db, request, never);
        QVERIFY2(outcome.defaultCost < outcome.search.best.cost,
            qPrintable(QStringLiteral("default %1, searched %2")
                           .arg(outcome.defaultCost)
                           .arg(outcome.search.best.cost)));
        QVERIFY(outcome.defaultsKept);
        const ParamValues defaults = createRegressor("cart")->parameters();
        QCOMPARE(outcome.model->parameters().at("cp"), defaults.at("cp"));
        QCOMPARE(outcome.model->parameters().at("minsplit"), defaults.at("minsplit"));

        request.settings = {3, 2, 3, std::nullopt}; // a real search beats them: its point kept
        const OptimizeOutcome searched = optimizeModel(db, request, never);
        QVERIFY(!searched.defaultsKept);
        QCOMPARE(searched.model->parameters().at("minsplit"), searched.search.best.values[0]);
    }

    // k and n that plan more points per iteration than a search can hold are refused before
    // anything is recorded (-k 1000000 took 21 GB building its first grid).
    void optimize_hugeGridIsRefusedBeforeARunIsRecorded()
    {
        auto db = iolens::test::tieredDatabase();
        OptimizeRequest request = cartRequest();
        request.settings.splits = 1000000;
        std::atomic<bool> cancel {false};
        QVERIFY_THROWS_EXCEPTION(ConfigError, optimizeModel(db, request, cancel));
        QVERIFY(optimizerRuns(db).empty());
    }

    // A run resumes only with the settings it searched with; an unknown run is named.
    void resume_otherSettingsOrUnknownRunAreInputErrors()
    {
        auto db = iolens::test::tieredDatabase();
        std::atomic<bool> never {false};
        const OptimizeOutcome first = optimizeModel(db, cartRequest(), never);
        OptimizeRequest other = cartRequest();
        other.resumeRun = first.runId;
        other.model.metric = Metric::TpWriteMbs;
        other.cv = SearchCv::Grouped;
        try {
            optimizeModel(db, other, never);
            QFAIL("resumed with another metric");
        } catch (const ConfigError& e) {
            const std::string message = e.what();
            QVERIFY2(message.find("metric rt_read_ms, not tp_write_mbs") != std::string::npos
                    && message.find("cv random, not grouped") != std::string::npos,
                e.what());
        }
        OptimizeRequest more = cartRequest(); // a larger iteration budget is a resume
        more.resumeRun = first.runId;
        more.settings.maxIterations += 1;
        QVERIFY(optimizeModel(db, more, never).model.has_value());

        OptimizeRequest unknown = cartRequest();
        unknown.resumeRun = 999;
        QVERIFY_THROWS_EXCEPTION(ConfigError, optimizeModel(db, unknown, never));
        QCOMPARE(optimizerRuns(db).size(), std::size_t {1});
    }
};

IOLENS_TEST_GUILESS_MAIN(TestModelOptimization)
#include "test_model_optimization.moc"
