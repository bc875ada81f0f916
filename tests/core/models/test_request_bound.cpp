// SPDX-License-Identifier: GPL-3.0-or-later
// The bound on mean response times beyond the largest request size trained on: when it applies,
// what it changes (only answers growing faster than the request), its stored form, and `auto`
// on a measured volume whose bandwidth cap the regressions extrapolate past.
#include "common/error.hpp"
#include "data/measurement_csv.hpp"
#include "models/auto_model.hpp"
#include "models/outside_training.hpp"
#include "models/regressor_registry.hpp"
#include "models/request_bound.hpp"
#include "models/trained_model.hpp"
#include "support/grid_data.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::core;

namespace {

/// Mean read times over 4-64 KiB requests (one file set, 16 threads).
Dataset readTimes(std::vector<double> requestKib)
{
    iolens::test::GridSpec spec;
    spec.requestKib = std::move(requestKib);
    spec.filesetMib = {1024};
    spec.readPct = {100};
    spec.metric = [](const Configuration& c) { return 0.2 + 0.01 * (c.requestBytes >> 10); };
    Dataset data = iolens::test::gridDataset(spec);
    data.metric = Metric::RtReadMs;
    return data;
}

/// tests/data/measured/capped-volume.csv: its grid and repeat runs (aggregated) and its runs
/// beyond the grid's request sizes, pure reads only: a mix's split of the threads between the
/// directions is noise on that volume (its README), a pure read's time is not.
struct CappedVolume {
    std::vector<AggregatedMeasurement> trained;
    std::vector<Measurement> largerReads;
};

CappedVolume cappedVolume()
{
    CappedVolume volume;
    std::vector<Measurement> grid;
    for (const Measurement& run :
        readMeasurementsCsv(iolens::test::sourcePath("tests/data/measured/capped-volume.csv"))) {
        if (run.split == "grid" || run.split == "repeat")
            grid.push_back(run);
        else if (run.split == "extrap" && run.config.requestBytes > (64 << 10)
            && run.config.readPct == 100.0)
            volume.largerReads.push_back(run);
    }
    volume.trained = aggregateRepetitions(grid);
    return volume;
}

TrainedModel trainedAuto(const CappedVolume& volume, bool bound)
{
    auto model = std::make_unique<AutoModel>();
    model->setParameters({{"request_bound", bound ? 1.0 : 0.0}});
    return TrainedModel::train(std::move(model), volume.trained, {Metric::RtReadMs, true});
}

/// Mean relative error of `model` at `runs`' read times.
double readError(const TrainedModel& model, const std::vector<Measurement>& runs)
{
    double sum = 0.0;
    for (const Measurement& run : runs)
        sum += std::abs(model.predict(run.config) / *run.value(Metric::RtReadMs) - 1.0);
    return sum / static_cast<double>(runs.size());
}

} // namespace

class TestRequestBound : public QObject {
    Q_OBJECT
private slots:
    void of_isOnForMeanTimesWhereTheRequestSizeVaries()
    {
        const Dataset data = readTimes({4, 16, 64});
        const RequestBound on = RequestBound::of(data);
        QVERIFY(on.on());
        QCOMPARE(on.column, data.schema.numericColumn(Factor::RequestBytes));
        QCOMPARE(on.top, 64.0);
        Dataset rate = data;
        rate.metric = Metric::TpReadMbs;
        QVERIFY(!RequestBound::of(rate).on());
        Dataset tail = data;
        tail.metric = Metric::RtReadP99Ms;
        QVERIFY(!RequestBound::of(tail).on());
        QVERIFY(!RequestBound::of(readTimes({16})).on()); // one size: no column
    }

    // Beyond the top an answer grows at most as the request does; one that grows less, and
    // every answer at or below the top, is the model's own.
    void answer_lowersOnlyAnswersGrowingFasterThanTheRequest_data()
    {
        QTest::addColumn<double>("modelSlope");
        QTest::addColumn<double>("answeredSlope");
        QTest::newRow("flat") << 0.0 << 0.0;
        QTest::newRow("growing less than the request") << 0.6 << 0.6;
        QTest::newRow("in proportion") << 1.0 << 1.0;
        QTest::newRow("faster than the request") << 1.8 << 1.0;
        QTest::newRow("falling") << -0.5 << -0.5;
    }

    void answer_lowersOnlyAnswersGrowingFasterThanTheRequest()
    {
        QFETCH(double, modelSlope);
        QFETCH(double, answeredSlope);
        const RequestBound bound {0, 64.0};
        Eigen::MatrixXd x(4, 2);
        x << 4, 16, 64, 16, 128, 16, 256, 16;
        const auto logTimeAt = [&](const Eigen::MatrixXd& at) {
            return Eigen::VectorXd(-1.0 + modelSlope * at.col(0).array().log());
        };
        int asked = 0;
        const auto countedLogTimeAt = [&](const Eigen::MatrixXd& at) {
            ++asked;
            return logTimeAt(at);
        };
        const Eigen::VectorXd y = logTimeAt(x);
        const Eigen::VectorXd answered = bound.answer(x, countedLogTimeAt);
        QCOMPARE(asked, 1); // x and its rows at the top, together
        QCOMPARE(answered(0), y(0));
        QCOMPARE(answered(1), y(1));
        for (Eigen::Index i : {2, 3}) {
            const double expected = y(1) + answeredSlope * std::log(x(i, 0) / 64.0);
            QVERIFY2(std::abs(answered(i) - expected) < 1e-12,
                (std::to_string(answered(i)) + " vs " + std::to_string(expected)).c_str());
        }
        QCOMPARE(RequestBound {}.answer(x, logTimeAt), y);
        const RequestBound above {0, 512.0}; // nothing beyond it
        QCOMPARE(above.answer(x, logTimeAt), y);
    }

    void json_roundTripsAndRejectsMalformedEntries()
    {
        const RequestBound bound {1, 64.0};
        const RequestBound back = RequestBound::fromJson(bound.toJson(), 4);
        QCOMPARE(back.column, Eigen::Index {1});
        QCOMPARE(back.top, 64.0);
        QVERIFY(RequestBound {}.toJson().is_null());
        QVERIFY(!RequestBound::fromJson(nlohmann::json(), 4).on());
        for (const char* text : {"[1]", "[1, 64, 2]", "[\"1\", 64]", "[4, 64]", "[-1, 64]",
                 "[1, 0]", "{\"column\": 1}"})
            QVERIFY_THROWS_EXCEPTION(
                DataError, RequestBound::fromJson(nlohmann::json::parse(text), 4));
    }

    // The capped volume's pure reads at 128 and 256 KiB, `auto` trained on 4-64 KiB: past the
    // cap's knee the time grows in proportion to the request, and the chosen regressions
    // answered up to 3.2 times the measured 256 KiB time. Measured (1, 4 and 16 threads): a
    // mean relative error of 77 % without the bound, 6 % with it.
    void autoModel_answersTheCappedVolumesLargerReadsWithinTheBound()
    {
        const CappedVolume volume = cappedVolume();
        QCOMPARE(volume.largerReads.size(), std::size_t {6});
        const TrainedModel bounded = trainedAuto(volume, true);
        const TrainedModel unbounded = trainedAuto(volume, false);
        const double with = readError(bounded, volume.largerReads);
        const double without = readError(unbounded, volume.largerReads);
        QVERIFY2(with < 0.25, std::to_string(with).c_str());
        QVERIFY2(without > 2.0 * with, std::to_string(without).c_str());
        for (const Measurement& run : volume.largerReads) {
            Configuration top = run.config;
            top.requestBytes = 64 << 10;
            const double limit = bounded.predict(top) * (run.config.requestBytes >> 10) / 64.0;
            QVERIFY(bounded.predict(run.config) <= limit * (1.0 + 1e-12));
            // Within the trained sizes nothing changed.
            QCOMPARE(bounded.predict(top), unbounded.predict(top));
        }
        const auto found = factorsBeyondRange(bounded, {volume.largerReads.front().config});
        QCOMPARE(found.size(), std::size_t {1});
        QVERIFY(found[0].requestBound && !found[0].operationalBounds);
        QVERIFY(
            !factorsBeyondRange(unbounded, {volume.largerReads.front().config})[0].requestBound);
    }

    // A saved model keeps the bound and describe() states it; a file from before it (auto state
    // version 5, no "request_bound") loads with the parameter 0 and answers as it did.
    void savedModel_keepsTheBound()
    {
        const CappedVolume volume = cappedVolume();
        const TrainedModel trained = trainedAuto(volume, true);
        const std::string rule = "Beyond 64 KiB, the largest request trained on: at most "
                                 "time(64 KiB) x (request /";
        QVERIFY2(trained.describe().find(rule) != std::string::npos, trained.describe().c_str());
        const nlohmann::json saved = trained.toJson();
        const TrainedModel loaded = TrainedModel::fromJson(saved);
        QVERIFY(loaded.describe().find(rule) != std::string::npos);
        QCOMPARE(loaded.regressor().parameters().at("request_bound"), 1.0);
        nlohmann::json older = saved;
        nlohmann::json& state = older.at("state");
        QVERIFY(state.erase("request_bound") == 1);
        state["version"] = 5;
        const TrainedModel old = TrainedModel::fromJson(older);
        QCOMPARE(old.regressor().parameters().at("request_bound"), 0.0);
        QVERIFY(old.describe().find(rule) == std::string::npos);
        const TrainedModel unbounded = trainedAuto(volume, false);
        for (const Measurement& run : volume.largerReads) {
            QCOMPARE(loaded.predict(run.config), trained.predict(run.config));
            QCOMPARE(old.predict(run.config), unbounded.predict(run.config));
        }
    }
};

IOLENS_TEST_GUILESS_MAIN(TestRequestBound)
#include "test_request_bound.moc"
