// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "data/dataset.hpp"
#include "models/auto_model.hpp"
#include "models/regressor_registry.hpp"
#include "models/trained_model.hpp"
#include "support/auto_fitting.hpp"
#include "support/closed_workload_data.hpp"
#include "support/grid_data.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <tuple>

using namespace iolens::core;
using iolens::test::autoTrainedOn;
using iolens::test::closedGrid;
using iolens::test::fitted;
using iolens::test::GridSpec;
using iolens::test::logged;

namespace {

constexpr double kCacheMib = 3072.0; // 3 GiB: deliberately not the 1 GiB of the tiered data set

/// A storage server's cache in front of a slow array: hits cost 0.05 ms, misses 8 ms, and the
/// hit ratio falls once the file set outgrows the cache; larger requests cost a little more.
double cacheCliff(const Configuration& c)
{
    const double hit = std::min(1.0, kCacheMib / numericValue(c, Factor::FilesetBytes));
    const double request = numericValue(c, Factor::RequestBytes);
    return (hit * 0.05 + (1.0 - hit) * 8.0) * (1.0 + request / 256.0);
}

GridSpec cliffGrid()
{
    GridSpec spec;
    spec.requestKib = {4, 16, 64};
    // Sizes on both sides of the cliff, so the data can tell where it is: with only powers of
    // two, every cache size between 2 and 4 GiB would explain them equally well.
    spec.filesetMib = {256, 512, 1024, 2048, 2560, 3584, 5120, 8192};
    spec.metric = cacheCliff;
    spec.noiseSd = 0.02;
    spec.seed = 5;
    return spec;
}

/// Log-linear in request size with 15 % noise: what an interval must cover.
GridSpec noisyGrid(std::vector<double> requests, std::uint64_t seed)
{
    GridSpec spec;
    spec.requestKib = std::move(requests);
    spec.metric = [](const Configuration& c) {
        return 0.3 * std::pow(numericValue(c, Factor::RequestBytes), 0.4)
            * (1.0 + c.readPct / 400.0);
    };
    spec.noiseSd = 0.15;
    spec.seed = seed;
    return spec;
}

/// The rows of a log-scale grid dataset as measurements of the read response time, for
/// TrainedModel::train (read times at 0 % reads are not trained on, as for real data).
std::vector<AggregatedMeasurement> readTimeRows(const Dataset& data)
{
    std::vector<AggregatedMeasurement> rows;
    for (Eigen::Index i = 0; i < data.rows(); ++i) {
        AggregatedMeasurement m;
        m.config = data.configs[static_cast<std::size_t>(i)];
        m.repetitions = 1;
        m.mean[metricIndex(Metric::RtReadMs)] = std::exp(data.y(i));
        rows.push_back(m);
    }
    return rows;
}

/// A device that saturates under a closed workload: the response time grows as threads^0.75,
/// the shape the development VM's disk measured (0.38 ms at 16 threads, 1.2 ms at 64, 16 KiB
/// 50 % reads). Neither a line in the count nor an exponential in it (the count on the log
/// scale) extrapolates that; a line in log2(threads) on the log scale does.
GridSpec threadSweep(std::vector<int> threads)
{
    GridSpec spec;
    spec.requestKib = {4, 16, 64};
    spec.filesetMib = {1024};
    spec.readPct = {50, 100};
    spec.threads = std::move(threads);
    spec.metric = [](const Configuration& c) {
        return 0.05 * std::pow(c.threads, 0.75)
            * std::pow(numericValue(c, Factor::RequestBytes) / 4.0, 0.3);
    };
    spec.noiseSd = 0.03;
    spec.seed = 9;
    return spec;
}

} // namespace

class TestAutoModel : public QObject {
    Q_OBJECT
private slots:
    void registry_knowsAuto()
    {
        const auto model = createRegressor("auto");
        QCOMPARE(model->technique(), std::string("auto"));
        QVERIFY(!model->isFitted());
        QVERIFY_THROWS_EXCEPTION(StateError, model->predict(Eigen::MatrixXd(1, 3)));
    }

    void cacheCliff_choosesACacheFeatureNearTheTrueSize()
    {
        const Dataset data = iolens::test::gridDataset(cliffGrid());
        const AutoModel model = fitted(data);
        const auto chosen = model.chosen();
        QVERIFY(!chosen.empty());
        const double cache = chosen.front().first.features.cacheMib;
        QVERIFY2(cache > 0.0, model.describe().c_str());
        // Within the grid's resolution (half an octave) of 3 GiB.
        QVERIFY2(cache > kCacheMib / 1.5 && cache < kCacheMib * 1.5, model.describe().c_str());
        // describe() lists every candidate with its score, and the winner.
        const std::string text = model.describe();
        for (const CandidateScore& s : model.candidates())
            QVERIFY(text.find(s.spec.label()) != std::string::npos);
        QVERIFY(text.find("Chosen:\n  " + chosen.front().first.label()) != std::string::npos);
        QVERIFY(model.chosenScore().overall < 0.15);
    }

    void threadSweep_extrapolatesTheThreadCountOnItsLog()
    {
        const AutoModel model
            = fitted(iolens::test::gridDataset(threadSweep({1, 2, 4, 8, 16, 32})));
        const auto chosen = model.chosen();
        QVERIFY2(std::any_of(chosen.begin(), chosen.end(),
                     [](const auto& c) { return c.first.features.logThreads; }),
            model.describe().c_str());
        // Both options were candidates: the selection decided.
        const auto& candidates = model.candidates();
        QVERIFY(std::any_of(candidates.begin(), candidates.end(), [](const CandidateScore& s) {
            return s.spec.features.logSizes && !s.spec.features.logThreads;
        }));
        // 64 and 128 threads: two and four times the largest count measured.
        GridSpec probeSpec = threadSweep({64, 128});
        probeSpec.noiseSd = 0.0;
        const Dataset probe = iolens::test::gridDataset(probeSpec);
        const Eigen::VectorXd error = (model.predict(probe.x) - probe.y).array().exp() - 1.0;
        QVERIFY2(
            error.cwiseAbs().maxCoeff() < 0.1, std::to_string(error.cwiseAbs().maxCoeff()).c_str());
    }

    // Requests of 4 and 16 KiB only: both a power law and an exponential fit them exactly, and
    // lm beside its log2 kept the linear column, which put 64 KiB at 16x the 16 KiB time. The
    // size enters as its log2 alone, so 64 KiB follows the power law the data has.
    void twoRequestSizes_extrapolateAsAPowerLaw()
    {
        GridSpec spec;
        spec.requestKib = {4, 16};
        spec.filesetMib = {256, 1024, 4096};
        spec.readPct = {0, 50, 100};
        spec.metric = [](const Configuration& c) {
            return 0.1 * std::sqrt(numericValue(c, Factor::RequestBytes))
                * std::pow(numericValue(c, Factor::FilesetBytes) / 256.0, 0.25);
        };
        const Dataset data = iolens::test::gridDataset(spec);
        const AutoModel model = fitted(data);
        // Every log-scale candidate takes the size as its log2 alone, and describe() says so
        // where the choice has one.
        for (const CandidateScore& s : model.candidates())
            QVERIFY(s.spec.log2Only
                == (s.spec.scale == ResponseScale::Log ? std::vector<Factor> {Factor::RequestBytes}
                                                       : std::vector<Factor> {}));
        const auto chosen = model.chosen();
        const bool logChosen = std::any_of(chosen.begin(), chosen.end(),
            [](const auto& c) { return c.first.scale == ResponseScale::Log; });
        QCOMPARE(model.describe().find("request_kib entered as log2 alone") != std::string::npos,
            logChosen);
        // lm on log2 sizes, fitted alone, follows the power law up to 3x the largest size
        // (the answers' bound, the training range widened by a factor 2, keeps farther ones
        // from any shape); with its linear column 32 KiB would be 2.52 / 1.41 = 1.8x the truth
        // (1.4x after the bound).
        GridSpec probeSpec = spec;
        probeSpec.requestKib = {32, 48};
        const Dataset probe = iolens::test::gridDataset(probeSpec);
        const Eigen::MatrixXd x = data.schema.encode(probe.configs);
        int checked = 0;
        for (const CandidateScore& s : model.candidates()) {
            if (s.spec.label() != "lm log log2")
                continue;
            ++checked;
            AutoCandidate alone(s.spec);
            alone.fit(data);
            const Eigen::VectorXd error = (alone.predict(x) - probe.y).array().exp() - 1.0;
            QVERIFY2(error.cwiseAbs().maxCoeff() < 0.05,
                (s.spec.label() + ": " + std::to_string(error.cwiseAbs().maxCoeff())).c_str());
        }
        QCOMPARE(checked, 1);
        // A third level lets the grouped CV judge both shapes: nothing is imposed.
        spec.requestKib = {4, 16, 64};
        const AutoModel threeLevels = fitted(iolens::test::gridDataset(spec));
        for (const CandidateScore& s : threeLevels.candidates())
            QVERIFY(s.spec.log2Only.empty());
    }

    void throughput_littleViewBeatsTheDirectFits()
    {
        // A closed workload (16 threads) whose mean response time grows with request size:
        // read throughput = 16 x read share x request / response time (Little's law).
        GridSpec spec;
        spec.requestKib = {4, 8, 16, 32, 64};
        spec.readPct = {25, 50, 75, 100};
        spec.metric = [](const Configuration& c) {
            const double kib = numericValue(c, Factor::RequestBytes);
            const double rtSeconds = 1e-4 * std::pow(kib, 0.4);
            return 16.0 * (c.readPct / 100.0) * (kib / 1024.0) / rtSeconds;
        };
        spec.noiseSd = 0.02;
        Dataset data = iolens::test::gridDataset(spec);
        data.metric = Metric::TpReadMbs;
        const AutoModel model = fitted(data);
        double bestLittle = 1e9, bestDirect = 1e9;
        for (const CandidateScore& s : model.candidates())
            (s.spec.littleView ? bestLittle : bestDirect)
                = std::min(s.spec.littleView ? bestLittle : bestDirect, s.logRatio);
        QVERIFY2(bestLittle < 0.05 && bestLittle < bestDirect, model.describe().c_str());
        QVERIFY2(model.chosen().front().first.littleView, model.describe().c_str());
        // Data that shows a closed workload tries the Little view only, and says so.
        data.littleRatio = 0.996;
        const AutoModel closed = fitted(data);
        for (const CandidateScore& s : closed.candidates())
            QVERIFY2(s.spec.littleView, s.spec.label().c_str());
        QVERIFY(closed.describe().find("closed workload") != std::string::npos);
        // An open workload's ratio leaves the choice to the selection again.
        data.littleRatio = 0.4;
        QCOMPARE(fitted(data).candidates().size(), model.candidates().size());
        // Response-time data has no Little view.
        data.metric = Metric::RtReadMs;
        const AutoModel responseTime = fitted(data);
        for (const CandidateScore& s : responseTime.candidates())
            QVERIFY(!s.spec.littleView);
    }

    // A second fit of the same data is answered from auto's memo, so it would equal the first
    // whatever the selection did: the second fit here does not remember (AutoBudget), and runs
    // the whole selection again, for a response time and for a rate composed of two.
    void fit_isDeterministic()
    {
        AutoBudget unremembered;
        unremembered.rememberFits = false;
        for (const Dataset& data : {iolens::test::gridDataset(cliffGrid()),
                 logged(buildDataset(closedGrid(), Metric::TpReadMbs))}) {
            const AutoModel a = fitted(data);
            AutoModel b(unremembered);
            b.fit(data);
            QCOMPARE(b.composed(), data.metric == Metric::TpReadMbs);
            QCOMPARE(a.describe(), b.describe());
            const Eigen::VectorXd pa = a.predict(data.x), pb = b.predict(data.x);
            QVERIFY(pa == pb);
        }
    }

    // auto's memo keys a fit on the schema without its numeric ranges (FitMemo::fitKey): the
    // same rows under a schema whose ranges say otherwise must give the same model, fitted
    // anew here (AutoBudget), for a response time and for a rate composed of two.
    void fit_readsNoSchemaRange()
    {
        AutoBudget unremembered;
        unremembered.rememberFits = false;
        for (const Dataset& data : {iolens::test::gridDataset(cliffGrid()),
                 logged(buildDataset(closedGrid(), Metric::TpReadMbs))}) {
            nlohmann::json json = data.schema.toJson();
            for (nlohmann::json& column : json.at("columns")) {
                column["min"] = column.at("min").get<double>() / 2.0;
                column["max"] = column.at("max").get<double>() * 3.0 + 7.0;
            }
            Dataset widened = data;
            widened.schema = FeatureSchema::fromJson(json);
            QVERIFY(widened.schema.toJson() != data.schema.toJson());
            AutoModel a(unremembered), b(unremembered);
            a.fit(data);
            b.fit(widened);
            QCOMPARE(a.describe(), b.describe());
            QVERIFY(a.predict(data.x) == b.predict(data.x));
        }
    }

    // Copies share the chosen candidates (and their last answer): refitting or reloading the
    // original on other data must leave a copy's answers as they were.
    void copy_keepsItsAnswersWhenTheOriginalIsRefitted()
    {
        const Dataset data = iolens::test::gridDataset(cliffGrid());
        AutoModel original = fitted(data);
        const AutoModel copy = original;
        const Eigen::VectorXd before = copy.predict(data.x);
        Dataset other = data;
        other.y = (2.0 * data.y.array() + 1.0).matrix();
        original.fit(other);
        QVERIFY(original.predict(data.x) != before);
        QVERIFY(copy.predict(data.x) == before);
        original.loadState(fitted(other).saveState(), other.schema);
        QVERIFY(copy.predict(data.x) == before);
    }

    void largeData_isRankedOnASeededSampleWithScreenedFeatureSets()
    {
        // A budget small enough for the cliff grid (72 rows) to count as large: rank on 40
        // configurations, screen the feature sets with lm, keep its best two.
        const Dataset data = iolens::test::gridDataset(cliffGrid());
        AutoBudget budget;
        budget.selectionRows = 40;
        budget.screeningRowFits = 0.0;
        budget.screenedSets = 2;
        AutoModel model(budget);
        model.fit(data);
        QCOMPARE(model.rankedRows(), Eigen::Index {40});
        QCOMPARE(model.trainingRows(), data.rows());
        QVERIFY(model.screened());
        // Ranked on a sample, the residuals are not smoothed (a term per row in every answer).
        QVERIFY(std::isnan(model.smoothingLogRatios().first));
        QVERIFY(!model.smoothing().on());
        std::vector<FeatureSet> lmSets, otherSets;
        for (const CandidateScore& s : model.candidates()) {
            auto& sets = s.spec.technique == "lm" ? lmSets : otherSets;
            if (std::find(sets.begin(), sets.end(), s.spec.features) == sets.end())
                sets.push_back(s.spec.features);
        }
        QVERIFY2(lmSets.size() > 10, model.describe().c_str());
        QCOMPARE(otherSets.size(), std::size_t {2});
        for (const FeatureSet& set : otherSets)
            QVERIFY(std::find(lmSets.begin(), lmSets.end(), set) != lmSets.end());
        // The chosen candidates are fitted on every row: the same model on the full data.
        const auto chosen = model.chosen();
        AutoCandidate alone(chosen.front().first);
        alone.fit(data);
        if (chosen.size() == 1)
            QVERIFY(alone.predict(data.x) == model.predict(data.x));
        const std::string sample
            = "seeded sample of 40 of the " + std::to_string(data.rows()) + " configurations";
        QVERIFY2(model.describe().find(sample) != std::string::npos, model.describe().c_str());
        QVERIFY(model.describe().find("screened") != std::string::npos);
        // The same seed gives the same sample and choice; the state keeps the budget's facts.
        AutoModel again(budget);
        again.fit(data);
        QCOMPARE(again.describe(), model.describe());
        const auto loaded = createRegressor("auto");
        loaded->loadState(model.saveState(), data.schema);
        QCOMPARE(loaded->describe(), model.describe());
        // The default budget leaves a grid like the papers' alone.
        const AutoModel whole = fitted(data);
        QCOMPARE(whole.rankedRows(), data.rows());
        QVERIFY(!whole.screened());
        QVERIFY(!std::isnan(whole.smoothingLogRatios().first));
    }

    void saveLoad_roundTripsBitIdentically()
    {
        const Dataset data = iolens::test::gridDataset(cliffGrid());
        const AutoModel model = fitted(data);
        const std::string text = model.saveState().dump();
        const auto loaded = createRegressor("auto");
        loaded->setParameters(model.parameters());
        loaded->loadState(nlohmann::json::parse(text), data.schema);
        Eigen::MatrixXd x = data.x;
        QCOMPARE(data.schema.columns()[0].factor, Factor::FilesetBytes);
        x.col(0) *= 1.37; // between and beyond the measured file sets
        QVERIFY(loaded->predict(x) == model.predict(x));
        const auto a = model.predictInterval(x, 0.8), b = loaded->predictInterval(x, 0.9);
        const auto c = loaded->predictInterval(x, 0.8);
        QVERIFY(a && b && c);
        QVERIFY(a->first == c->first && a->second == c->second);
        QVERIFY((b->first.array() <= c->first.array()).all());
        QCOMPARE(loaded->describe(), model.describe());
        QCOMPARE(loaded->saveState().dump(), text);
        QVERIFY(model.describe().find("the choice itself") != std::string::npos);

        // A file from before the selection was scored on its own still loads and predicts; its
        // description leaves out the figure it does not have.
        nlohmann::json older = nlohmann::json::parse(text);
        older.erase("selection_score");
        AutoModel old;
        old.loadState(older, data.schema);
        QVERIFY(std::isnan(old.selectionScore().logRatio));
        QVERIFY(old.predict(x) == model.predict(x));
        QVERIFY(old.describe().find("the choice itself") == std::string::npos);
    }

    // The grouped CV chooses a smoothing of the chosen model's residuals where its misses are
    // shared by neighbouring levels (a bump at 16 KiB no candidate's features express, here
    // in a second factor's interaction); the model file keeps it, and with the parameter off it
    // is not tried.
    void residualSmoothing_travelsWithTheModelAndCanBeTurnedOff()
    {
        GridSpec spec;
        spec.metric = [](const Configuration& c) {
            const double kib = numericValue(c, Factor::RequestBytes);
            const double mib = numericValue(c, Factor::FilesetBytes);
            return std::pow(kib, 0.5) * (kib == 16.0 ? 1.0 + mib / 1024.0 : 1.0)
                * (1.0 + c.readPct / 100.0);
        };
        spec.noiseSd = 0.02;
        spec.seed = 3;
        const Dataset data = iolens::test::gridDataset(spec);
        const AutoModel model = fitted(data);
        QVERIFY2(model.smoothing().on(), model.describe().c_str());
        QVERIFY(model.smoothingLogRatios().second < model.smoothingLogRatios().first);
        QVERIFY(model.describe().find("residual smoothing: residuals within") != std::string::npos);

        const std::string text = model.saveState().dump();
        AutoModel loaded;
        loaded.loadState(nlohmann::json::parse(text), data.schema);
        Eigen::MatrixXd x = data.x;
        x.col(0) *= 1.37;
        QVERIFY(loaded.predict(x) == model.predict(x));
        QVERIFY(loaded.smoothing() == model.smoothing());
        QCOMPARE(loaded.saveState().dump(), text);
        // A smoother of another width than the schema is refused, and nothing changes.
        nlohmann::json narrower = nlohmann::json::parse(text);
        nlohmann::json& smoothing = narrower["smoothing"];
        for (const char* key : {"log2", "label", "exact", "step"})
            smoothing[key].erase(smoothing[key].size() - 1);
        for (auto& row : smoothing["points"])
            row.erase(row.size() - 1);
        QVERIFY_THROWS_EXCEPTION(DataError, loaded.loadState(narrower, data.schema));
        QVERIFY(loaded.predict(x) == model.predict(x));

        // Without the parameter the choice is the same model, uncorrected.
        AutoModel plain;
        plain.setParameters({{"residual_smoothing", 0.0}});
        plain.fit(data);
        QVERIFY(!plain.smoothing().on());
        QVERIFY(std::isnan(plain.smoothingLogRatios().first));
        QVERIFY(plain.saveState().dump().find("smoothing") == std::string::npos);
        QCOMPARE(plain.chosen().front().first.label(), model.chosen().front().first.label());
        QVERIFY(plain.predict(x) != model.predict(x));
    }

    // What smoothing is for: configurations between the measured ones, where the chosen model
    // misses the way it misses their neighbours. A response no candidate's features follow (a
    // wave in the request size whose size grows with the file set) is measured on a grid and
    // asked between its levels; with the smoothing the grouped CV chooses, the answers there
    // are closer than without.
    void residualSmoothing_bringsUnmeasuredConfigurationsCloser()
    {
        const auto truth = [](const Configuration& c) {
            const double octave = std::log2(numericValue(c, Factor::RequestBytes));
            const double fileOctaves = std::log2(numericValue(c, Factor::FilesetBytes) / 256.0);
            return std::pow(2.0, 0.5 * octave)
                * std::exp(0.15 * fileOctaves * std::sin(2.0 * octave)) * (1.0 + c.readPct / 200.0);
        };
        GridSpec spec;
        spec.metric = truth;
        spec.noiseSd = 0.02;
        spec.seed = 11;
        const Dataset data = iolens::test::gridDataset(spec);
        const AutoModel smoothed = fitted(data);
        AutoModel plain;
        plain.setParameters({{"residual_smoothing", 0.0}});
        plain.fit(data);
        QVERIFY2(smoothed.smoothing().on(), smoothed.describe().c_str());

        GridSpec between;
        between.requestKib
            = {4 * std::sqrt(2.0), 8 * std::sqrt(2.0), 16 * std::sqrt(2.0), 32 * std::sqrt(2.0)};
        between.filesetMib = {512, 2048};
        between.readPct = {25, 75};
        between.metric = truth; // noise-free: the truth itself
        const Dataset asked = iolens::test::gridDataset(between);
        const Eigen::MatrixXd x = data.schema.encode(asked.configs);
        const double withSmoothing = (smoothed.predict(x) - asked.y).array().abs().mean();
        const double without = (plain.predict(x) - asked.y).array().abs().mean();
        // 0.150 against 0.168 when written.
        const std::string figures = "mean |log error| between the levels: "
            + std::to_string(withSmoothing) + " smoothed, " + std::to_string(without) + " plain";
        QVERIFY2(withSmoothing < 0.95 * without, figures.c_str());
    }

    // A malformed file throws before anything changes: the model loaded into stays as it was,
    // whether the file or the model is a composed rate or a choice among candidates.
    void loadState_malformedLeavesTheModelAsItWas()
    {
        const Dataset direct = iolens::test::gridDataset(cliffGrid());
        const Dataset rate = logged(buildDataset(closedGrid(), Metric::TpReadMbs));
        const AutoModel directModel = fitted(direct);
        const AutoModel rateModel = fitted(rate);
        QVERIFY(rateModel.composed());
        for (const auto& [model, data, other] : {std::tuple {&directModel, &direct, &rateModel},
                 std::tuple {&rateModel, &rate, &directModel}}) {
            AutoModel target = *model;
            const Eigen::VectorXd before = target.predict(data->x);
            const std::string text = target.describe();
            nlohmann::json broken = other->saveState();
            broken["ranges"] = "not ranges";
            QVERIFY_THROWS_EXCEPTION(std::exception,
                target.loadState(broken, other == &rateModel ? rate.schema : direct.schema));
            QCOMPARE(target.composed(), model->composed());
            QVERIFY(target.predict(data->x) == before);
            QCOMPARE(target.describe(), text);
        }
    }

    void interval_coversUnmeasuredLevelsNearItsLevel()
    {
        const Dataset train = iolens::test::gridDataset(noisyGrid({4, 8, 16, 32, 64}, 21));
        const AutoModel model = fitted(train);
        for (const LevelCalibration* interval :
            {&model.insideInterval(), &model.beyondInterval()}) {
            QVERIFY(std::abs(interval->coverage() - 0.8) < 0.1);
            // Calibrated levels narrow an interval to at most half its level and grow with the
            // level asked for.
            QVERIFY(interval->calibratedLevel(0.8) >= kMinCalibratedShare * 0.8);
            QVERIFY(interval->calibratedLevel(0.9) >= interval->calibratedLevel(0.8));
            QVERIFY(interval->calibratedLevel(0.3) >= kMinCalibratedShare * 0.3);
        }
        QVERIFY_THROWS_EXCEPTION(ConfigError, model.predictInterval(train.x, 1.0));
        // Fresh noise at request sizes nobody measured.
        const Dataset test = iolens::test::gridDataset(noisyGrid({6, 12, 24, 48}, 22));
        const auto interval = model.predictInterval(test.x, 0.8);
        QVERIFY(interval);
        const double covered = ((test.y.array() >= interval->first.array())
            && (test.y.array() <= interval->second.array()))
                                   .cast<double>()
                                   .mean();
        QVERIFY2(covered > 0.65 && covered < 0.95, std::to_string(covered).c_str());
    }

    // Five configurations run three times, their runs' logs spread by 0.5: no band is narrower
    // than one run's 80 % interval, t(0.9, 10) x 0.5 either side (t = 1.372), where the
    // calibrated band alone is (15 % noise); the answer lies inside its band; a file keeps it.
    // The calibration counts that floor, so its quantiles are no wider than without it.
    void interval_neverNarrowerThanTheRepeatedRuns()
    {
        Dataset train = iolens::test::gridDataset(noisyGrid({4, 8, 16, 32, 64}, 21));
        train.runSpread.assign(static_cast<std::size_t>(train.rows()), RunSpread {});
        for (std::size_t i = 0; i < 5; ++i)
            train.runSpread[i] = {3, 0.25};
        const double half = 1.372 * 0.5;
        AutoModel plain;
        plain.setParameters({{"repeat_noise", 0}});
        plain.fit(train);
        const AutoModel floored = fitted(train);
        QCOMPARE(floored.repeatNoise().degreesOfFreedom(), 10);
        const Dataset asked = iolens::test::gridDataset(noisyGrid({6, 12, 24, 48, 128}, 22));
        const auto narrow = plain.predictInterval(asked.x, 0.8);
        const auto wide = floored.predictInterval(asked.x, 0.8);
        const Eigen::VectorXd y = floored.predict(asked.x);
        QVERIFY(((narrow->second - narrow->first).array() < 2.0 * half - 1e-3).any());
        QVERIFY(((wide->first - y).array() <= -half + 1e-3).all());
        QVERIFY(((wide->second - y).array() >= half - 1e-3).all());
        for (const auto& [flooredCalibration, plainCalibration] :
            {std::pair {&floored.insideInterval(), &plain.insideInterval()},
                std::pair {&floored.beyondInterval(), &plain.beyondInterval()}})
            QVERIFY(
                flooredCalibration->calibratedLevel(0.8) <= plainCalibration->calibratedLevel(0.8));
        // The floor covers every held-out level's points here: the quantiles narrow.
        QVERIFY(floored.insideInterval().calibratedLevel(0.8) < 0.8);
        QVERIFY(floored.describe().find("No 80 % interval is narrower than") != std::string::npos);
        QVERIFY(plain.describe().find("No 80 % interval is narrower than") == std::string::npos);

        AutoModel loaded;
        loaded.loadState(floored.saveState(), train.schema);
        QVERIFY(loaded.predictInterval(asked.x, 0.8)->first == wide->first);
        // A file from before the floor answers as it did.
        nlohmann::json old = floored.saveState();
        old.erase("repeat_noise");
        old["version"] = 9;
        loaded.loadState(old, train.schema);
        QCOMPARE(loaded.parameters().at("repeat_noise"), 0.0);
        QVERIFY(loaded.repeatNoise().empty());
    }

    // Three request sizes measured once (a first look at a new volume: 4, 16 and 64 KiB, 50 %
    // reads, write times in ms). Every held-out residual has one sign, so the calibrated band
    // lay wholly below the answer (upper 0.487 for 0.497 ms at 16 KiB); the band holds it.
    void interval_holdsItsOwnAnswer()
    {
        std::vector<AggregatedMeasurement> rows;
        for (const auto& [kib, ms] : {std::pair {16, 0.499919441691}, std::pair {4, 0.418917300665},
                 std::pair {64, 0.594422129648}}) {
            AggregatedMeasurement m;
            m.config.filesetBytes = std::int64_t {1} << 30;
            m.config.requestBytes = kib * 1024;
            m.config.readPct = 50.0;
            m.config.threads = 16;
            m.repetitions = 1;
            m.mean[metricIndex(Metric::RtWriteMs)] = ms;
            rows.push_back(m);
        }
        const Dataset data = logged(buildDataset(rows, Metric::RtWriteMs));
        const AutoModel model = fitted(data);
        const Eigen::VectorXd y = model.predict(data.x);
        const auto interval = model.predictInterval(data.x, 0.8);
        QVERIFY(interval);
        QVERIFY((interval->first.array() <= y.array()).all());
        QVERIFY((interval->second.array() >= y.array()).all());
        QVERIFY((interval->second - interval->first).maxCoeff() > 0.0);
    }

    // Between measured levels the interval comes from the residuals of interpolated levels,
    // beyond them from those of extrapolated ones (widened to cover the inside interval), and
    // the grid's outermost measured level is still inside; each times the configuration's scale.
    void interval_takesItsCalibrationFromWhereTheConfigurationLies()
    {
        const Dataset train = iolens::test::gridDataset(noisyGrid({4, 8, 16, 32, 64}, 21));
        const AutoModel model = fitted(train);
        QCOMPARE(model.measuredRanges().size(), std::size_t {3}); // request, file set, read share
        QVERIFY(model.insideInterval().size() >= AutoModel::kMinKindPoints);
        QVERIFY(model.beyondInterval().size() >= AutoModel::kMinKindPoints);
        // 90.5 KiB is half an octave beyond the largest request measured (a measured step is one
        // octave), 128 KiB one step, 512 KiB three.
        const Dataset probe
            = iolens::test::gridDataset(noisyGrid({24, 64, 64 * std::sqrt(2.0), 128, 512}, 22));
        const auto interval = model.predictInterval(probe.x, 0.8);
        QVERIFY(interval);
        const ConformalBounds inside = model.insideInterval().bounds(0.8);
        const ConformalBounds outer = model.beyondInterval().bounds(0.8);
        QVERIFY(inside.lower != outer.lower || inside.upper != outer.upper);
        // Beyond, never narrower than inside.
        const ConformalBounds beyond = model.boundsBeyond(0.8);
        QCOMPARE(beyond.lower, std::min(inside.lower, outer.lower));
        QCOMPARE(beyond.upper, std::max(inside.upper, outer.upper));
        const Eigen::VectorXd y = model.predict(probe.x);
        const Eigen::VectorXd scale = model.intervalScaleAt(probe.x);
        const Eigen::Index column = probe.schema.numericColumn(Factor::RequestBytes);
        // Beyond the edge the bounds move from the inside ones to the beyond ones in proportion to
        // the distance, up to one step, and stay there farther out.
        int blended = 0;
        for (Eigen::Index i = 0; i < probe.rows(); ++i) {
            const double kib = probe.x(i, column);
            const double t = kib > 64.0 ? std::min(1.0, std::log2(kib / 64.0)) : 0.0;
            blended += t > 0.0 && t < 1.0 ? 1 : 0;
            QVERIFY(std::abs(interval->first(i)
                        - (y(i) + scale(i) * (inside.lower + t * (beyond.lower - inside.lower))))
                < 1e-12);
            QVERIFY(std::abs(interval->second(i)
                        - (y(i) + scale(i) * (inside.upper + t * (beyond.upper - inside.upper))))
                < 1e-12);
        }
        QVERIFY(blended > 0);
    }

    void trainedModel_mapsIntervalsToTheMetricScaleAndNeedsLogResponse()
    {
        const Dataset data = iolens::test::gridDataset(noisyGrid({4, 8, 16, 32, 64}, 3));
        const std::vector<AggregatedMeasurement> rows = readTimeRows(data);
        const TrainedModel model = autoTrainedOn(rows, Metric::RtReadMs);
        const auto interval = model.predictInterval(data.configs, 0.8);
        QVERIFY(interval);
        const Eigen::VectorXd predicted = model.predict(data.configs);
        QVERIFY((interval->first.array() < predicted.array()).all());
        QVERIFY((interval->second.array() > predicted.array()).all());
        const TrainedModel loaded
            = TrainedModel::fromJson(nlohmann::json::parse(model.toJson().dump()));
        QVERIFY(loaded.predict(data.configs) == predicted);
        TrainingOptions rawScale;
        rawScale.metric = Metric::RtReadMs;
        rawScale.logResponse = false;
        QVERIFY_THROWS_EXCEPTION(
            ConfigError, TrainedModel::train(createRegressor("auto"), rows, rawScale));
    }

    // A factor constant in training (every run random) asked at another value (sequential): the
    // answer is as for the training value, and its interval the one calibrated beyond the
    // measured ranges, widened to every value trained on, since no held-out level says how far
    // off that answer is. Trained on fio-local's random runs alone, the sequential runs were
    // covered 42-49 % by the inside band (test_measured_span has the span on measured data).
    void unlearnedFactor_takesTheIntervalFromBeyondTheData()
    {
        const Dataset data = iolens::test::gridDataset(noisyGrid({4, 8, 16, 32, 64}, 3));
        const TrainedModel model = autoTrainedOn(readTimeRows(data), Metric::RtReadMs);
        const auto& fittedAuto = dynamic_cast<const AutoModel&>(model.regressor());
        Configuration asked = data.configs.front();
        asked.requestBytes = 16 * 1024; // inside every measured range
        asked.filesetBytes = std::int64_t {1024} * 1048576;
        asked.readPct = 100.0; // a read time is not trained at 0 % reads
        Configuration other = asked;
        other.pattern = asked.pattern == Pattern::Random ? Pattern::Sequential : Pattern::Random;
        QVERIFY(!model.schema().unlearnedFactors(other).empty());
        QCOMPARE(model.predict(other), model.predict(asked));
        const auto inside = model.predictInterval({asked}, 0.8);
        const auto outside = model.predictInterval({other}, 0.8);
        QVERIFY(inside && outside);
        const double y = std::log(model.predict(asked));
        const ConformalBounds beyond = fittedAuto.boundsBeyond(0.8);
        const MeasuredSpan& span = fittedAuto.measuredSpan();
        QVERIFY(span.on());
        const double scaleAsked = fittedAuto.intervalScaleAt(model.schema().encode({asked}))(0);
        const double scaleOther = fittedAuto.intervalScaleAt(model.schema().encode({other}))(0);
        QVERIFY(std::abs(
                    std::log(outside->first(0)) - std::min(y + scaleOther * beyond.lower, span.low))
            < 1e-9);
        QVERIFY(std::abs(std::log(outside->second(0))
                    - std::max(y + scaleOther * beyond.upper, span.high))
            < 1e-9);
        const ConformalBounds within = fittedAuto.insideInterval().bounds(0.8);
        QVERIFY(beyond.upper - beyond.lower > within.upper - within.lower + 1e-6);
        QVERIFY(std::abs(std::log(inside->first(0)) - (y + scaleAsked * within.lower)) < 1e-9);
        QVERIFY(std::abs(std::log(inside->second(0)) - (y + scaleAsked * within.upper)) < 1e-9);
        // Both asked at once, each row keeps its own band.
        const auto both = model.predictInterval({asked, other}, 0.8);
        QCOMPARE(both->first(0), inside->first(0));
        QCOMPARE(both->first(1), outside->first(0));
    }

    // No factor with three levels: each level of the two-level factors is predicted from the
    // other (extrapolation only), so auto still chooses, and calibrates its interval there.
    // fio-tiered's write times: raw Cubist candidates rank first, and refitted on every row they
    // answer zero or less for 4 KiB sequential writes of the 4 GiB file set (measured 0.16-0.39
    // ms), which the floor made 0.0003-0.01 ms, 25-37 times too low. The choice does not keep
    // them, says why, and no measured configuration is answered below a twentieth of its time.
    void candidatesCrossingZeroAtMeasuredRows_areNotKept()
    {
        Dataset data = buildDataset(iolens::test::tieredRows(), Metric::RtWriteMs);
        data.y = data.y.array().log();
        AutoModel model;
        model.fit(data);
        QVERIFY2(model.describe().find(kNotKeptPrefix) != std::string::npos,
            model.describe().substr(0, 600).c_str());
        for (const CandidateScore& s : model.candidates())
            if (s.failure.rfind(kNotKeptPrefix, 0) == 0)
                QCOMPARE(s.spec.scale, ResponseScale::Raw);
        const Eigen::VectorXd ratio = (model.predict(data.x) - data.y).array().exp();
        QVERIFY2(ratio.minCoeff() > 0.05, std::to_string(ratio.minCoeff()).c_str());
    }

    void twoLevelsOnly_areHeldOutEachFromTheOther()
    {
        GridSpec spec = noisyGrid({4, 32}, 1);
        spec.filesetMib = {256, 1024};
        spec.readPct = {0, 100};
        const Dataset data = iolens::test::gridDataset(spec);
        const AutoModel model = fitted(data);
        QVERIFY(std::isnan(model.chosenScore().interpolation));
        QVERIFY(std::isfinite(model.chosenScore().extrapolation));
        QVERIFY(model.predict(data.x).allFinite());
        const auto interval = model.predictInterval(data.x, 0.8);
        QVERIFY(interval);
        QVERIFY((interval->first.array() <= interval->second.array()).all());
        QVERIFY(model.describe().find("request_kib") != std::string::npos);
    }

    // File sets measured at two levels, on both sides of the cache: every cache size between
    // them (and the plain size, and its log2) fits the same two-valued column, so the grouped CV
    // cannot tell those candidates apart, and they answer differently between the levels. The
    // choice is then their average, not whichever rounding noise ranked first.
    void tiedCandidates_areAveragedNotPicked()
    {
        GridSpec spec = cliffGrid();
        spec.filesetMib = {1024, 8192};
        const Dataset data = iolens::test::gridDataset(spec);
        const AutoModel averaged = fitted(data);
        const auto members = averaged.chosen();
        QVERIFY2(members.size() > 1, averaged.describe().c_str());
        std::vector<double> caches;
        for (const auto& [memberSpec, weight] : members) {
            QVERIFY(weight > 0.0 && weight < 1.0);
            caches.push_back(memberSpec.features.cacheMib);
        }
        std::sort(caches.begin(), caches.end());
        QVERIFY2(std::unique(caches.begin(), caches.end()) - caches.begin() > 1,
            averaged.describe().c_str());

        AutoModel picked;
        picked.setParameters({{"tie_average", 0.0}});
        picked.fit(data);
        QVERIFY2(picked.chosen().size() < members.size(), picked.describe().c_str());
        QVERIFY(picked.describe().find("tied with") == std::string::npos);

        // describe() says which members stand for a tie, also once stored and loaded.
        QVERIFY2(averaged.describe().find("tied with") != std::string::npos,
            averaged.describe().c_str());
        AutoModel loaded;
        loaded.loadState(nlohmann::json::parse(averaged.saveState().dump()), data.schema);
        QCOMPARE(loaded.describe(), averaged.describe());
    }

    void noFactorWithTwoLevels_isADataError()
    {
        GridSpec spec = noisyGrid({4}, 1);
        spec.filesetMib = {256};
        spec.readPct = {50};
        AutoModel model;
        QVERIFY_THROWS_EXCEPTION(DataError, model.fit(iolens::test::gridDataset(spec)));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestAutoModel)
#include "test_auto_model.moc"
