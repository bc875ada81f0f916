// SPDX-License-Identifier: GPL-3.0-or-later
// The bound on mean response times beyond the largest request size trained on: when it applies,
// what it changes (only answers growing faster than the request or slower than a transfer
// time), its stored form, and `auto` on three measured devices: a volume whose bandwidth cap the
// regressions extrapolate past, fio-local's stack, whose bandwidth they fall behind, and the
// VM's own disk at 4 threads.
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

TrainedModel trainedAuto(const CappedVolume& volume, bool bound, Metric metric = Metric::RtReadMs)
{
    auto model = std::make_unique<AutoModel>();
    model->setParameters({{"request_bound", bound ? 1.0 : 0.0}});
    return TrainedModel::train(std::move(model), volume.trained, {metric, true});
}

/// Mean relative error of `model` at `runs`' read times (or another metric's values).
double readError(const TrainedModel& model, const std::vector<Measurement>& runs,
    Metric metric = Metric::RtReadMs)
{
    double sum = 0.0;
    for (const Measurement& run : runs)
        sum += std::abs(model.predict(run.config) / *run.value(metric) - 1.0);
    return sum / static_cast<double>(runs.size());
}

} // namespace

class TestRequestBound : public QObject {
    Q_OBJECT
private slots:
    void of_isOnForResponseTimesWhereTheRequestSizeVaries()
    {
        const Dataset data = readTimes({4, 16, 64});
        const RequestBound on = RequestBound::of(data);
        QVERIFY(on.on());
        QCOMPARE(on.column, data.schema.numericColumn(Factor::RequestBytes));
        QCOMPARE(on.top, 64.0);
        QCOMPARE(on.below, 16.0);
        Dataset rate = data;
        rate.metric = Metric::TpReadMbs;
        QVERIFY(!RequestBound::of(rate).on());
        Dataset tail = data; // a quantile of the times scales as they do
        tail.metric = Metric::RtReadP99Ms;
        QVERIFY(RequestBound::of(tail).on());
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

    // With the next smaller size trained on, an answer beyond the top grows at least as a fixed
    // cost plus the transfer time per KiB between the two sizes (never past the upper law), and
    // answers() gives both laws for the interval.
    void answers_raiseAnswersGrowingSlowerThanATransferTime_data()
    {
        QTest::addColumn<double>("modelSlope");
        QTest::newRow("flat") << 0.0;
        QTest::newRow("a power of the request") << 0.4;
        QTest::newRow("in proportion") << 1.0;
        QTest::newRow("faster than the request") << 1.8;
        QTest::newRow("falling") << -0.5;
    }

    void answers_raiseAnswersGrowingSlowerThanATransferTime()
    {
        QFETCH(double, modelSlope);
        const RequestBound bound {0, 64.0, 32.0};
        Eigen::MatrixXd x(3, 2);
        x << 16, 16, 128, 16, 1024, 16;
        const auto time = [&](double kib) { return std::exp(-1.0 + modelSlope * std::log(kib)); };
        int asked = 0;
        const auto logTimeAt = [&](const Eigen::MatrixXd& at) {
            ++asked;
            return Eigen::VectorXd(-1.0 + modelSlope * at.col(0).array().log());
        };
        const RequestBound::Answers answers = bound.answers(x, logTimeAt);
        QCOMPARE(asked, 1);
        QCOMPARE(answers.beyond, (std::vector<Eigen::Index> {1, 2}));
        QVERIFY(std::abs(answers.answer(0) - std::log(time(16))) < 1e-12);
        QCOMPARE(answers.low(0), answers.answer(0));
        QCOMPARE(answers.high(0), answers.answer(0));
        const double perKib = std::max(0.0, (time(64) - time(32)) / 32.0);
        for (Eigen::Index i : {1, 2}) {
            const double kib = x(i, 0);
            const double high = std::log(time(64) * kib / 64.0);
            const double low = std::min(high, std::log(time(64) + perKib * (kib - 64.0)));
            const double expected = std::clamp(std::log(time(kib)), low, high);
            QVERIFY2(std::abs(answers.answer(i) - expected) < 1e-12,
                (std::to_string(answers.answer(i)) + " vs " + std::to_string(expected)).c_str());
            QVERIFY(std::abs(answers.low(i) - low) < 1e-12);
            QVERIFY(std::abs(answers.high(i) - high) < 1e-12);
            QVERIFY(answers.low(i) <= answers.answer(i) && answers.answer(i) <= answers.high(i));
            QVERIFY(answers.low(i) >= std::log(time(64)) - 1e-12); // never below the top's time
        }
        if (modelSlope == 0.4) // a power of the request falls behind the transfer time
            QVERIFY(answers.answer(2) > std::log(time(1024)) + 0.1);
    }

    void json_roundTripsAndRejectsMalformedEntries()
    {
        const RequestBound bound {1, 64.0, 32.0};
        const RequestBound back = RequestBound::fromJson(bound.toJson(), 4);
        QCOMPARE(back.column, Eigen::Index {1});
        QCOMPARE(back.top, 64.0);
        QCOMPARE(back.below, 32.0);
        // A version 6 file: no lower law.
        QCOMPARE(RequestBound::fromJson(nlohmann::json::parse("[1, 64]"), 4).below, 0.0);
        QVERIFY(RequestBound {}.toJson().is_null());
        QVERIFY(!RequestBound::fromJson(nlohmann::json(), 4).on());
        for (const char* text : {"[1]", "[1, 64, 32, 2]", "[\"1\", 64]", "[4, 64]", "[-1, 64]",
                 "[1, 0]", "[1, 64, 64]", "[1, 64, -1]", "[1, 64, \"32\"]", "{\"column\": 1}"})
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
        QVERIFY(found[0].requestBound && found[0].transferTime && !found[0].operationalBounds);
        QVERIFY(
            !factorsBeyondRange(unbounded, {volume.largerReads.front().config})[0].requestBound);
    }

    // A saved model keeps the bound and describe() states it; a file from before it (auto state
    // version 5, no "request_bound") loads with the parameter 0 and answers as it did, and one of
    // version 6 ([column, top]) keeps the upper law alone.
    void savedModel_keepsTheBound()
    {
        const CappedVolume volume = cappedVolume();
        const TrainedModel trained = trainedAuto(volume, true);
        const std::string rule = "Beyond 64 KiB, the largest request trained on: at least "
                                 "time(64 KiB) +\n    (request - 64 KiB) x the time per KiB from "
                                 "16 to 64 KiB";
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
        QVERIFY(old.describe().find("Beyond 64 KiB") == std::string::npos);
        nlohmann::json upperOnly = saved;
        upperOnly.at("state")["version"] = 6;
        upperOnly.at("state").at("request_bound").erase(2);
        const TrainedModel six = TrainedModel::fromJson(upperOnly);
        QVERIFY(six.describe().find("Beyond 64 KiB, the largest request trained on: at most")
            != std::string::npos);
        const auto sixFound = factorsBeyondRange(six, {volume.largerReads.front().config});
        QVERIFY(sixFound[0].requestBound && !sixFound[0].transferTime);
        const TrainedModel unbounded = trainedAuto(volume, false);
        for (const Measurement& run : volume.largerReads) {
            QCOMPARE(loaded.predict(run.config), trained.predict(run.config));
            QCOMPARE(old.predict(run.config), unbounded.predict(run.config));
            Configuration top = run.config;
            top.requestBytes = 64 << 10;
            QVERIFY(six.predict(run.config)
                <= six.predict(top) * (run.config.requestBytes >> 10) / 64.0 * (1.0 + 1e-12));
        }
    }

    // fio-local's stack measured to 1 MiB (tests/data/measured/local-request-sweep.csv), `auto`
    // trained on 4-64 KiB, its write throughput (composed from both times) asked at 256 KiB-1 MiB,
    // where the device's bandwidth runs out: the regressions' times grow as powers of the
    // request and fall behind the transfer time. Measured: a mean relative error of 290 % with
    // the upper law alone, 61 % with both; the 80 % intervals cover 10 of the 12 runs (none
    // before the interval spanned the laws).
    void autoModel_followsTheTransferTimeBeyondTheTop()
    {
        std::vector<Measurement> grid, larger;
        for (const Measurement& run : readMeasurementsCsv(
                 iolens::test::sourcePath("tests/data/measured/local-request-sweep.csv"))) {
            if (run.split == "grid" || run.split == "repeat")
                grid.push_back(run);
            else if (run.split == "extrap" && run.config.requestBytes > (128 << 10)
                && run.value(Metric::TpWriteMbs))
                larger.push_back(run);
        }
        QCOMPARE(larger.size(), std::size_t {12});
        const TrainedModel both = TrainedModel::train(
            std::make_unique<AutoModel>(), aggregateRepetitions(grid), {Metric::TpWriteMbs, true});
        nlohmann::json saved = both.toJson();
        for (const char* times : {"read_times", "write_times"}) {
            nlohmann::json& state = saved.at("state").at("composed").at(times);
            state["version"] = 6;
            state.at("request_bound").erase(2);
        }
        const TrainedModel upperOnly = TrainedModel::fromJson(saved);
        double withBoth = 0.0, withUpper = 0.0;
        int inside = 0;
        for (const Measurement& run : larger) {
            const double measured = *run.value(Metric::TpWriteMbs);
            withBoth += std::abs(both.predict(run.config) / measured - 1.0);
            withUpper += std::abs(upperOnly.predict(run.config) / measured - 1.0);
            const auto interval = both.predictInterval({run.config}, 0.8);
            QVERIFY(interval.has_value());
            inside += interval->first(0) <= measured && measured <= interval->second(0);
        }
        const auto n = static_cast<double>(larger.size());
        QVERIFY2(withBoth / n < 1.0, std::to_string(withBoth / n).c_str());
        QVERIFY2(withUpper > 2.0 * withBoth, std::to_string(withUpper / n).c_str());
        QVERIFY2(inside >= 8, std::to_string(inside).c_str());
    }

    // The VM's own disk at 4 threads (tests/data/measured/vm-disk-request-sizes.csv), `auto`
    // trained on its 4 and 64 KiB runs, its read time asked at 128 and 256 KiB: no throttle or
    // cache, a fixed cost and a transfer time (0.18 ms at 4 KiB, 1.0 ms at 256 KiB), a device of
    // another kind than those the laws were chosen on. Measured: a mean relative error of 12 %
    // with the bound, 25 % without.
    void autoModel_followsTheVmDisksTransferTime()
    {
        std::vector<Measurement> trained;
        CappedVolume disk; // its larger runs with reads: pure reads and 50 % mixes
        for (const Measurement& run : readMeasurementsCsv(
                 iolens::test::sourcePath("tests/data/measured/vm-disk-request-sizes.csv"))) {
            if (run.config.requestBytes <= (64 << 10))
                trained.push_back(run);
            else if (run.value(Metric::RtReadMs))
                disk.largerReads.push_back(run);
        }
        QCOMPARE(disk.largerReads.size(), std::size_t {16});
        disk.trained = aggregateRepetitions(trained);
        const double with = readError(trainedAuto(disk, true), disk.largerReads);
        const double without = readError(trainedAuto(disk, false), disk.largerReads);
        QVERIFY2(with < 0.2, std::to_string(with).c_str());
        QVERIFY2(without > 1.5 * with, std::to_string(without).c_str());
        // The 99th percentiles of the same runs (measured 13.8 % against 28.2 %, session 66).
        const double tailWith = readError(
            trainedAuto(disk, true, Metric::RtReadP99Ms), disk.largerReads, Metric::RtReadP99Ms);
        const double tailWithout = readError(
            trainedAuto(disk, false, Metric::RtReadP99Ms), disk.largerReads, Metric::RtReadP99Ms);
        QVERIFY2(tailWith < 0.2, std::to_string(tailWith).c_str());
        QVERIFY2(tailWithout > 1.5 * tailWith, std::to_string(tailWithout).c_str());
    }
};

IOLENS_TEST_GUILESS_MAIN(TestRequestBound)
#include "test_request_bound.moc"
