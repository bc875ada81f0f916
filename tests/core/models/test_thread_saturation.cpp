// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "data/measurement_csv.hpp"
#include "models/auto_model.hpp"
#include "models/outside_training.hpp"
#include "models/regressor_registry.hpp"
#include "models/thread_saturation.hpp"
#include "models/trained_model.hpp"
#include "support/grid_data.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::core;

namespace {

/// A closed workload's mean read times over `threads` (4-64 KiB requests, one file set).
Dataset closedTimes(std::vector<int> threads)
{
    iolens::test::GridSpec spec;
    spec.requestKib = {4, 16, 64};
    spec.filesetMib = {1024};
    spec.readPct = {100};
    spec.threads = std::move(threads);
    spec.metric = [](const Configuration& c) { return 0.1 * c.threads; };
    Dataset data = iolens::test::gridDataset(spec);
    data.metric = Metric::RtReadMs;
    data.littleRatio = 1.0;
    return data;
}

/// A measured thread sweep's grid and repeat runs, and its runs beyond the grid's thread counts.
struct SweepRuns {
    std::vector<AggregatedMeasurement> trained;
    std::vector<Measurement> beyond;
};

/// `file` in tests/data/measured/: threads-local-disk.csv (1-64 threads, then 128) or
/// threads-second-disk.csv (1-32, then 64, 128 and 256).
SweepRuns measuredSweep(const std::string& file = "threads-local-disk.csv")
{
    SweepRuns runs;
    std::vector<Measurement> grid;
    for (const Measurement& run :
        readMeasurementsCsv(iolens::test::sourcePath("tests/data/measured/" + file))) {
        if (run.split == "grid" || run.split == "repeat")
            grid.push_back(run);
        else if (run.split == "extrap")
            runs.beyond.push_back(run);
    }
    runs.trained = aggregateRepetitions(grid);
    return runs;
}

/// Mean relative error of `auto` (thread_saturation on or off) at the sweep's runs beyond it.
double errorBeyond(const SweepRuns& runs, Metric metric, bool saturation)
{
    auto model = std::make_unique<AutoModel>();
    model->setParameters({{"thread_saturation", saturation ? 1.0 : 0.0}});
    const TrainedModel trained
        = TrainedModel::train(std::move(model), runs.trained, {metric, true});
    double sum = 0.0;
    std::size_t n = 0;
    for (const Measurement& run : runs.beyond)
        if (const auto measured = run.value(metric)) {
            sum += std::abs(trained.predict(run.config) / *measured - 1.0);
            ++n;
        }
    return sum / static_cast<double>(n);
}

/// `json` (a model's state) as a file from before the extrapolation: every "thread_saturation"
/// state removed, auto's state versions 4.
void removeSaturation(nlohmann::json& json, std::size_t& removed)
{
    if (json.is_object()) {
        removed += json.erase("thread_saturation");
        if (json.contains("version") && (json.contains("chosen") || json.contains("composed")))
            json["version"] = 4;
        for (auto& [key, value] : json.items())
            removeSaturation(value, removed);
    } else if (json.is_array()) {
        for (auto& value : json)
            removeSaturation(value, removed);
    }
}

} // namespace

class TestThreadSaturation : public QObject {
    Q_OBJECT
private slots:
    void of_isOnForAClosedWorkloadsMeanTimesWhereThreadsVary()
    {
        const Dataset data = closedTimes({1, 4, 16, 32});
        const ThreadSaturation on = ThreadSaturation::of(data);
        QVERIFY(on.on());
        QCOMPARE(on.column, data.schema.numericColumn(Factor::Threads));
        QCOMPARE(on.top, 32.0);
        QCOMPARE(on.base, 16.0); // an octave below the top
        // Less than an octave measured: the slope is taken over all of it.
        QCOMPARE(ThreadSaturation::of(closedTimes({12, 16})).base, 12.0);

        Dataset rate = data;
        rate.metric = Metric::TpReadMbs;
        QVERIFY(!ThreadSaturation::of(rate).on());
        Dataset tail = data;
        tail.metric = Metric::RtReadP99Ms;
        QVERIFY(!ThreadSaturation::of(tail).on());
        Dataset open = data;
        open.littleRatio = 1.5; // not a closed workload: threads are not the requests in flight
        QVERIFY(!ThreadSaturation::of(open).on());
        open.littleRatio.reset();
        QVERIFY(!ThreadSaturation::of(open).on());
        QVERIFY(!ThreadSaturation::of(closedTimes({16})).on());
    }

    // Beyond the top, the slope of log(time) in log(threads) is the middle of the model's own
    // over the last octave (clamped to [0, 1]) and 1; at or below the top nothing changes.
    void extrapolated_takesTheMiddleOfTheOperationalBounds_data()
    {
        QTest::addColumn<double>("modelSlope");
        QTest::addColumn<double>("answeredSlope");
        QTest::newRow("room left") << 0.5 << 0.75;
        QTest::newRow("saturated") << 1.0 << 1.0;
        QTest::newRow("steeper than saturation") << 2.0 << 1.0;
        QTest::newRow("falling") << -1.0 << 0.5;
    }

    void extrapolated_takesTheMiddleOfTheOperationalBounds()
    {
        QFETCH(double, modelSlope);
        QFETCH(double, answeredSlope);
        const ThreadSaturation saturation {1, 32.0, 16.0};
        Eigen::MatrixXd x(4, 2);
        x << 4, 8, 4, 32, 4, 64, 4, 128;
        const auto logTimeAt = [&](const Eigen::MatrixXd& at) {
            return Eigen::VectorXd(0.3 + modelSlope * at.col(1).array().log());
        };
        const Eigen::VectorXd y = logTimeAt(x);
        const Eigen::VectorXd answered = saturation.extrapolated(x, y, logTimeAt);
        QCOMPARE(answered(0), y(0));
        QCOMPARE(answered(1), y(1));
        for (Eigen::Index i : {2, 3}) {
            const double expected = y(1) + answeredSlope * std::log(x(i, 1) / 32.0);
            QVERIFY2(std::abs(answered(i) - expected) < 1e-12,
                (std::to_string(answered(i)) + " vs " + std::to_string(expected)).c_str());
        }
        // Off: as the model answered.
        QCOMPARE(ThreadSaturation {}.extrapolated(x, y, logTimeAt), y);
    }

    void json_roundTripsAndRejectsMalformedEntries()
    {
        const ThreadSaturation saturation {2, 64.0, 32.0};
        const ThreadSaturation back = ThreadSaturation::fromJson(saturation.toJson(), 5);
        QCOMPARE(back.column, Eigen::Index {2});
        QCOMPARE(back.top, 64.0);
        QCOMPARE(back.base, 32.0);
        QVERIFY(ThreadSaturation {}.toJson().is_null());
        QVERIFY(!ThreadSaturation::fromJson(nlohmann::json(), 5).on());
        for (const char* text : {"[2, 64]", "[\"2\", 64, 32]", "[7, 64, 32]", "[2, 32, 64]",
                 "[2, 64, 0]", "{\"column\": 2}"})
            QVERIFY_THROWS_EXCEPTION(
                DataError, ThreadSaturation::fromJson(nlohmann::json::parse(text), 5));
    }

    // Two real disks (tests/data/measured/), `auto` trained on their sweeps, asked beyond them.
    // The development VM's, measured at 1-64 threads and then at 128: its write times doubled
    // from 64 (saturated), and the regressions, whose slope in the thread count averages an idle
    // and a saturated device, answered them low. A second machine's, measured after the rule was
    // built, at 1-32 threads and then 64, 128 and 256: it saturates at 16-32 threads and then
    // loses throughput, so its times grow faster than the threads, and the regressions' line
    // answered them the lower the farther out.
    void autoModel_answersMeasuredDisksBeyondTheirSweeps_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("runsBeyond");
        QTest::addColumn<double>("largestError");
        // Measured: write time 9.8 % (25.7 % without), write throughput 10.6 % (29.6 %).
        QTest::newRow("development VM, 128 threads")
            << QStringLiteral("threads-local-disk.csv") << 9 << 0.15;
        // Measured: write time 22.4 % (43.9 % without), write throughput 28.0 % (96.4 %).
        QTest::newRow("second machine, 64-256 threads")
            << QStringLiteral("threads-second-disk.csv") << 27 << 0.35;
    }

    void autoModel_answersMeasuredDisksBeyondTheirSweeps()
    {
        QFETCH(QString, file);
        QFETCH(int, runsBeyond);
        QFETCH(double, largestError);
        const SweepRuns runs = measuredSweep(file.toStdString());
        QCOMPARE(runs.beyond.size(), static_cast<std::size_t>(runsBeyond));
        for (Metric metric : {Metric::RtWriteMs, Metric::TpWriteMbs}) {
            const double with = errorBeyond(runs, metric, true);
            const double without = errorBeyond(runs, metric, false);
            QVERIFY2(with < largestError, std::to_string(with).c_str());
            QVERIFY2(without > 1.5 * with, std::to_string(without).c_str());
        }
    }

    // predict's note on rows beyond the trained range says when the bounds answer them: an auto
    // model of a closed workload's times above its thread counts, not lm, not within them.
    void factorsBeyondRange_sayWhenTheBoundsAnswer()
    {
        const SweepRuns runs = measuredSweep();
        const TrainedModel autoTimes = TrainedModel::train(
            std::make_unique<AutoModel>(), runs.trained, {Metric::RtWriteMs, true});
        const TrainedModel autoRate = TrainedModel::train(
            std::make_unique<AutoModel>(), runs.trained, {Metric::TpWriteMbs, true});
        const TrainedModel lm
            = TrainedModel::train(createRegressor("lm"), runs.trained, {Metric::RtWriteMs, true});
        Configuration above = runs.beyond.front().config;
        QCOMPARE(above.threads, 128);
        Configuration larger = runs.trained.front().config;
        larger.requestBytes = 256 << 10;
        for (const TrainedModel* model : {&autoTimes, &autoRate, &lm}) {
            const auto found = factorsBeyondRange(*model, {larger, above});
            QCOMPARE(found.size(), std::size_t {2});
            QVERIFY(found[0].factor == Factor::RequestBytes);
            QVERIFY(!found[0].operationalBounds);
            QVERIFY(found[1].factor == Factor::Threads);
            QCOMPARE(found[1].operationalBounds, model != &lm);
        }
        auto off = std::make_unique<AutoModel>();
        off->setParameters({{"thread_saturation", 0.0}});
        const TrainedModel unbounded
            = TrainedModel::train(std::move(off), runs.trained, {Metric::RtWriteMs, true});
        QVERIFY(!factorsBeyondRange(unbounded, {above}).front().operationalBounds);
    }

    // A saved model answers beyond the threads as the fitted one did; a file without the state
    // (written before it, auto state version 4) loads and answers by its regressions alone:
    // lower there, the same within the sweep.
    void savedModel_keepsTheExtrapolation()
    {
        const SweepRuns runs = measuredSweep();
        const TrainedModel trained = TrainedModel::train(
            std::make_unique<AutoModel>(), runs.trained, {Metric::RtWriteMs, true});
        // describe() says so, with the counts, after loading too.
        const std::string rule
            = "Beyond 64 threads, the most trained on: time(N) = time(64) x (N / 64)";
        QVERIFY2(trained.describe().find(rule) != std::string::npos, trained.describe().c_str());
        const nlohmann::json saved = trained.toJson();
        const TrainedModel loaded = TrainedModel::fromJson(saved);
        QVERIFY(loaded.describe().find(rule) != std::string::npos);
        nlohmann::json older = saved;
        std::size_t removed = 0;
        removeSaturation(older, removed);
        QVERIFY(removed > 0);
        const TrainedModel old = TrainedModel::fromJson(older);
        // Its parameters say so too.
        QCOMPARE(loaded.regressor().parameters().at("thread_saturation"), 1.0);
        QCOMPARE(old.regressor().parameters().at("thread_saturation"), 0.0);
        for (const Measurement& run : runs.beyond)
            if (run.value(Metric::RtWriteMs)) {
                QCOMPARE(loaded.predict(run.config), trained.predict(run.config));
                QVERIFY(old.predict(run.config) < 0.95 * trained.predict(run.config));
                Configuration measured = run.config;
                measured.threads = 64;
                QCOMPARE(old.predict(measured), trained.predict(measured));
            }
    }
};

IOLENS_TEST_GUILESS_MAIN(TestThreadSaturation)
#include "test_thread_saturation.moc"
