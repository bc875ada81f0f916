// SPDX-License-Identifier: GPL-3.0-or-later
// The span of the fitted values that answers inside the measured ranges stay within: which rows
// it holds (inside every range, edges included) and which it leaves (beyond any), its stored
// form, `auto` on a sparse part of a measured grid, where a regression runs off between levels
// nobody measured together (a chosen candidate's answers and a throughput composed from the
// response times), and the intervals of a pattern never measured, which span it.
#include "common/error.hpp"
#include "data/measurement_csv.hpp"
#include "models/auto_model.hpp"
#include "models/measured_span.hpp"
#include "models/trained_model.hpp"
#include "support/test_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

using namespace iolens::core;

namespace {

/// A sparse part of a measured grid: every `every`-th run of the grid in
/// tests/data/measured/`file` from the `first`-th on to train on (scattered over levels and
/// patterns), the rest of the grid to ask.
struct SparseGrid {
    std::vector<AggregatedMeasurement> trained;
    std::vector<Configuration> asked;
};

SparseGrid sparseGrid(
    const std::string& file = "tiered-512m-cache.csv", int every = 4, int first = 0)
{
    SparseGrid grid;
    std::vector<Measurement> kept;
    int index = 0;
    for (const Measurement& run :
        readMeasurementsCsv(iolens::test::sourcePath("tests/data/measured/" + file))) {
        if (run.split != "grid")
            continue;
        if (index++ % every == first)
            kept.push_back(run);
        else
            grid.asked.push_back(run.config);
    }
    grid.trained = aggregateRepetitions(kept);
    return grid;
}

TrainedModel autoOn(const SparseGrid& grid, Metric metric, bool span)
{
    auto model = std::make_unique<AutoModel>();
    model->setParameters({{"measured_span", span ? 1.0 : 0.0}});
    return TrainedModel::train(std::move(model), grid.trained, {metric, true});
}

/// Whether every numeric factor of `config` lies within its values in the rows of `trained`
/// that have `metric`.
bool insideTrainedRanges(const Configuration& config, const SparseGrid& grid, Metric metric)
{
    for (const Factor factor : kAllFactors) {
        if (isCategorical(factor))
            continue;
        double low = HUGE_VAL, high = -HUGE_VAL;
        for (const AggregatedMeasurement& m : grid.trained)
            if (m.value(metric)) {
                low = std::min(low, numericValue(m.config, factor));
                high = std::max(high, numericValue(m.config, factor));
            }
        const double value = numericValue(config, factor);
        if (value < low || value > high)
            return false;
    }
    return true;
}

/// The smallest and largest value of `metric` in `grid`'s trained rows.
std::pair<double, double> trainedSpan(const SparseGrid& grid, Metric metric)
{
    double fastest = HUGE_VAL, slowest = 0.0;
    for (const AggregatedMeasurement& m : grid.trained)
        if (const auto value = m.value(metric)) {
            slowest = std::max(slowest, *value);
            fastest = std::min(fastest, *value);
        }
    return {fastest, slowest};
}

/// What both tests of held answers check at the configurations `inside` every trained range:
/// without the span some answer runs past `factor` times the largest value trained on; with it
/// every answer lies within the trained values (`span`), inside its own interval, and
/// describe() says the answers are held. A failure ends the calling test too (QVERIFY returns
/// from here; the caller checks QTest::currentTestFailed()).
void verifyHeldWithinTrained(const TrainedModel& held, const TrainedModel& free,
    const std::vector<Configuration>& inside, std::pair<double, double> span, double factor)
{
    const auto [least, most] = span;
    QVERIFY(inside.size() >= 10);
    const Eigen::VectorXd heldAnswers = held.predict(inside);
    const Eigen::VectorXd freeAnswers = free.predict(inside);
    QVERIFY2(
        freeAnswers.maxCoeff() > factor * most, std::to_string(freeAnswers.maxCoeff()).c_str());
    QVERIFY(heldAnswers.maxCoeff() <= most * (1.0 + 1e-9));
    QVERIFY(heldAnswers.minCoeff() >= least * (1.0 - 1e-9));
    // Its interval is centred on the held answer.
    const auto interval = held.predictInterval(inside, 0.8);
    QVERIFY(interval.has_value());
    for (Eigen::Index i = 0; i < heldAnswers.size(); ++i)
        QVERIFY(interval->first(i) <= heldAnswers(i) && heldAnswers(i) <= interval->second(i));
    QVERIFY(held.describe().find("Inside the measured range of every factor, answers held within:")
        != std::string::npos);
}

} // namespace

class TestMeasuredSpan : public QObject {
    Q_OBJECT
private slots:
    void of_holdsWhereTheIntervalIsWiderThanTheValues()
    {
        Eigen::VectorXd y(4);
        y << 0.5, -2.0, 3.0, 1.0;
        const MeasuredSpan span = MeasuredSpan::of(y, 5.0);
        QVERIFY(span.on() && span.holds);
        QCOMPARE(span.low, -2.0);
        QCOMPARE(span.high, 3.0);
        // A model whose own interval is narrower than the values' span is not held; the span
        // is still known, for the intervals of values never trained on.
        const MeasuredSpan narrow = MeasuredSpan::of(y, 4.9);
        QVERIFY(narrow.on() && !narrow.holds);
        QVERIFY(!MeasuredSpan::of(y, std::nan("")).holds);
        QVERIFY(!MeasuredSpan::of(Eigen::VectorXd(), 5.0).on());
        QVERIFY(!MeasuredSpan {}.on());
    }

    // Column 0 measured over 4..64, column 1 over 0..100. Inside both (edges too) an answer is
    // held within the span; a row beyond either range keeps its answer, however far out.
    void hold_limitsRowsInsideEveryRangeOnly()
    {
        const std::vector<MeasuredRange> ranges {{0, 4.0, 64.0, 2.0, true}, {1, 0.0, 100.0, 25.0}};
        Eigen::MatrixXd x(5, 2);
        x << 16, 50, // inside, answer above the span
            64, 0,   // on the edges, answer below it
            8, 25,   // inside, answer within it
            128, 50, // beyond in column 0
            2, 50;   // below column 0
        Eigen::VectorXd answers(5);
        answers << 9.0, -7.0, 1.5, 9.0, -7.0;
        const MeasuredSpan span {-1.0, 2.0, true};
        const Eigen::VectorXd held = span.hold(answers, x, ranges);
        QCOMPARE(held(0), 2.0);
        QCOMPARE(held(1), -1.0);
        QCOMPARE(held(2), 1.5);
        QCOMPARE(held(3), 9.0);
        QCOMPARE(held(4), -7.0);
        QCOMPARE(MeasuredSpan {}.hold(answers, x, ranges), answers);
        QCOMPARE((MeasuredSpan {-1.0, 2.0, false}.hold(answers, x, ranges)), answers);
    }

    // Only the rows marked, and only outwards.
    void widenUnlearned_spansTheValuesForMarkedRowsOnly()
    {
        Eigen::VectorXd lower(3), upper(3);
        lower << 0.0, 0.0, -5.0;
        upper << 1.0, 1.0, 5.0;
        MeasuredSpan {-1.0, 2.0, false}.widenUnlearned(lower, upper, {0, 1, 1});
        QCOMPARE(lower, (Eigen::VectorXd(3) << 0.0, -1.0, -5.0).finished());
        QCOMPARE(upper, (Eigen::VectorXd(3) << 1.0, 2.0, 5.0).finished());
        MeasuredSpan {}.widenUnlearned(lower, upper, {1, 1, 1});
        QCOMPARE(lower(0), 0.0);
    }

    void json_roundTripsAndRejectsMalformedSpans()
    {
        for (const bool holds : {true, false}) {
            const MeasuredSpan back
                = MeasuredSpan::fromJson(MeasuredSpan {-1.25, 2.5, holds}.toJson());
            QCOMPARE(back.low, -1.25);
            QCOMPARE(back.high, 2.5);
            QCOMPARE(back.holds, holds);
        }
        QVERIFY(MeasuredSpan {}.toJson().is_null());
        QVERIFY(!MeasuredSpan::fromJson(nlohmann::json()).on());
        for (const char* text : {R"({"low": 2, "high": 1, "holds": true})",
                 R"({"low": 1, "high": 2})", R"({"low": 1, "high": "x", "holds": false})",
                 R"({"low": 1, "high": 2, "holds": 1})", "[1, 2]", "3"})
            QVERIFY_THROWS_EXCEPTION(
                DataError, MeasuredSpan::fromJson(nlohmann::json::parse(text)));
    }

    // 14 runs of the 512 MiB-cache stack's grid: without the span, `auto`'s write time ran to
    // 2.6 times the slowest write measured at a configuration inside every trained range; with
    // it, every such answer lies within the measured times. Saved and loaded, the model keeps
    // the span; a file from before it (state version 7, no "measured_span") loads with the
    // parameter 0 and answers as the model without it.
    void autoModel_holdsAnswersInsideTheRangesWithinTheMeasuredTimes()
    {
        const SparseGrid grid = sparseGrid();
        QCOMPARE(grid.trained.size(), std::size_t {14});
        const TrainedModel held = autoOn(grid, Metric::RtWriteMs, true),
                           free = autoOn(grid, Metric::RtWriteMs, false);
        std::vector<Configuration> inside;
        for (const Configuration& config : grid.asked)
            if (config.readPct < 100.0 && insideTrainedRanges(config, grid, Metric::RtWriteMs))
                inside.push_back(config);
        verifyHeldWithinTrained(held, free, inside, trainedSpan(grid, Metric::RtWriteMs), 2.0);
        if (QTest::currentTestFailed())
            return;
        const Eigen::VectorXd heldAnswers = held.predict(inside);
        const Eigen::VectorXd freeAnswers = free.predict(inside);
        const nlohmann::json saved = held.toJson();
        const TrainedModel loaded = TrainedModel::fromJson(saved);
        QCOMPARE(loaded.predict(inside), heldAnswers);
        QCOMPARE(loaded.regressor().parameters().at("measured_span"), 1.0);
        nlohmann::json older = saved;
        QVERIFY(older.at("state").erase("measured_span") == 1);
        older.at("state")["version"] = 7;
        const TrainedModel old = TrainedModel::fromJson(older);
        QCOMPARE(old.regressor().parameters().at("measured_span"), 0.0);
        QCOMPARE(old.predict(inside), freeAnswers);
    }

    // A throughput composed from the response times (Little's law) is held by the same rule.
    // Every third run of the 2 GiB page cache's grid: the read time of 16 KiB sequential reads
    // of the 512 MiB set was held at the fastest read trained on, a 4 KiB one, and the read
    // throughput composed from it was 12.7 times the fastest measured (123,875 MiB/s where 9,736
    // were measured); held, every answer inside the ranges lies within the throughputs trained
    // on, and the description says so.
    void autoModel_holdsAComposedThroughputWithinTheMeasuredRates()
    {
        const SparseGrid grid = sparseGrid("pagecache-2g.csv", 3, 1);
        const TrainedModel held = autoOn(grid, Metric::TpReadMbs, true),
                           free = autoOn(grid, Metric::TpReadMbs, false);
        const auto* composed = dynamic_cast<const AutoModel*>(&held.regressor());
        QVERIFY(composed && composed->composed());
        std::vector<Configuration> inside;
        for (const Configuration& config : grid.asked)
            if (config.readPct > 0.0 && insideTrainedRanges(config, grid, Metric::TpReadMbs))
                inside.push_back(config);
        verifyHeldWithinTrained(held, free, inside, trainedSpan(grid, Metric::TpReadMbs), 10.0);
        if (QTest::currentTestFailed())
            return;
        const Eigen::VectorXd heldAnswers = held.predict(inside);
        QCOMPARE(TrainedModel::fromJson(held.toJson()).predict(inside), heldAnswers);
    }

    // The 512 MiB-cache stack's random grid runs trained (the access pattern never varies),
    // its sequential runs asked: answered as random, their read throughputs' 80 % intervals
    // span at least every throughput trained on, and cover more of the runs than the interval
    // calibrated one step beyond the ranges did.
    void autoModel_spansTheTrainedValuesForAPatternNeverMeasured()
    {
        std::vector<Measurement> random;
        std::vector<Measurement> sequential;
        for (const Measurement& run : readMeasurementsCsv(
                 iolens::test::sourcePath("tests/data/measured/tiered-512m-cache.csv")))
            if (run.split == "grid" && run.value(Metric::TpReadMbs))
                (run.config.pattern == Pattern::Random ? random : sequential).push_back(run);
        QVERIFY(sequential.size() >= 10);
        const std::vector<AggregatedMeasurement> trained = aggregateRepetitions(random);
        double least = HUGE_VAL, most = 0.0;
        for (const AggregatedMeasurement& m : trained) {
            least = std::min(least, *m.value(Metric::TpReadMbs));
            most = std::max(most, *m.value(Metric::TpReadMbs));
        }
        const auto coverage = [&](bool span) {
            auto model = std::make_unique<AutoModel>();
            model->setParameters({{"measured_span", span ? 1.0 : 0.0}});
            const TrainedModel throughput
                = TrainedModel::train(std::move(model), trained, {Metric::TpReadMbs, true});
            std::vector<Configuration> asked;
            for (const Measurement& run : sequential)
                asked.push_back(run.config);
            const auto interval = throughput.predictInterval(asked, 0.8);
            if (!interval)
                return -1;
            int covered = 0;
            for (std::size_t i = 0; i < sequential.size(); ++i) {
                const auto row = static_cast<Eigen::Index>(i);
                if (span
                    && (interval->first(row) > least * (1.0 + 1e-9)
                        || interval->second(row) < most * (1.0 - 1e-9)))
                    return -2;
                const double measured = *sequential[i].value(Metric::TpReadMbs);
                covered += interval->first(row) <= measured && measured <= interval->second(row);
            }
            return covered;
        };
        const int with = coverage(true), without = coverage(false);
        QVERIFY2(with >= 0 && without >= 0,
            (std::to_string(with) + " " + std::to_string(without)).c_str());
        QVERIFY2(
            with > without + 3, (std::to_string(with) + " " + std::to_string(without)).c_str());
    }
};

IOLENS_TEST_GUILESS_MAIN(TestMeasuredSpan)
#include "test_measured_span.moc"
