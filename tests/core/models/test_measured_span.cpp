// SPDX-License-Identifier: GPL-3.0-or-later
// The span of the fitted values that answers inside the measured ranges stay within: which rows
// it holds (inside every range, edges included) and which it leaves (beyond any), its stored
// form, and `auto` on a sparse part of a measured grid, where a regression runs off between
// levels nobody measured together.
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

using namespace iolens::core;

namespace {

/// tests/data/measured/tiered-512m-cache.csv: every fourth run of its grid to train on (14 of
/// 54, scattered over levels and patterns), the rest of the grid to ask.
struct SparseGrid {
    std::vector<AggregatedMeasurement> trained;
    std::vector<Configuration> asked;
};

SparseGrid sparseGrid()
{
    SparseGrid grid;
    std::vector<Measurement> kept;
    int index = 0;
    for (const Measurement& run : readMeasurementsCsv(
             iolens::test::sourcePath("tests/data/measured/tiered-512m-cache.csv"))) {
        if (run.split != "grid")
            continue;
        if (index++ % 4 == 0)
            kept.push_back(run);
        else
            grid.asked.push_back(run.config);
    }
    grid.trained = aggregateRepetitions(kept);
    return grid;
}

TrainedModel writeTimes(const SparseGrid& grid, bool span)
{
    auto model = std::make_unique<AutoModel>();
    model->setParameters({{"measured_span", span ? 1.0 : 0.0}});
    return TrainedModel::train(std::move(model), grid.trained, {Metric::RtWriteMs, true});
}

/// Whether every numeric factor of `config` lies within its values in `trained`.
bool insideTrainedRanges(const Configuration& config, const SparseGrid& grid)
{
    for (const Factor factor : kAllFactors) {
        if (isCategorical(factor))
            continue;
        double low = HUGE_VAL, high = -HUGE_VAL;
        for (const AggregatedMeasurement& m : grid.trained)
            if (m.value(Metric::RtWriteMs)) {
                low = std::min(low, numericValue(m.config, factor));
                high = std::max(high, numericValue(m.config, factor));
            }
        const double value = numericValue(config, factor);
        if (value < low || value > high)
            return false;
    }
    return true;
}

} // namespace

class TestMeasuredSpan : public QObject {
    Q_OBJECT
private slots:
    void of_isTheValuesSpanWhereTheIntervalIsWider()
    {
        Eigen::VectorXd y(4);
        y << 0.5, -2.0, 3.0, 1.0;
        const MeasuredSpan span = MeasuredSpan::of(y, 5.0);
        QVERIFY(span.on());
        QCOMPARE(span.low, -2.0);
        QCOMPARE(span.high, 3.0);
        // A model whose own interval is narrower than the values' span is not held.
        QVERIFY(!MeasuredSpan::of(y, 4.9).on());
        QVERIFY(!MeasuredSpan::of(y, std::nan("")).on());
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
        const MeasuredSpan span {-1.0, 2.0};
        const Eigen::VectorXd held = span.hold(answers, x, ranges);
        QCOMPARE(held(0), 2.0);
        QCOMPARE(held(1), -1.0);
        QCOMPARE(held(2), 1.5);
        QCOMPARE(held(3), 9.0);
        QCOMPARE(held(4), -7.0);
        QCOMPARE(MeasuredSpan {}.hold(answers, x, ranges), answers);
    }

    void json_roundTripsAndRejectsMalformedSpans()
    {
        const MeasuredSpan span {-1.25, 2.5};
        const MeasuredSpan back = MeasuredSpan::fromJson(span.toJson());
        QCOMPARE(back.low, -1.25);
        QCOMPARE(back.high, 2.5);
        QVERIFY(MeasuredSpan {}.toJson().is_null());
        QVERIFY(!MeasuredSpan::fromJson(nlohmann::json()).on());
        for (const char* text : {"[2.0, 1.0]", "[1.0]", "{\"low\": 1}", "[1, \"x\"]", "3"})
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
        double slowest = 0.0, fastest = HUGE_VAL;
        for (const AggregatedMeasurement& m : grid.trained)
            if (const auto value = m.value(Metric::RtWriteMs)) {
                slowest = std::max(slowest, *value);
                fastest = std::min(fastest, *value);
            }
        const TrainedModel held = writeTimes(grid, true), free = writeTimes(grid, false);
        std::vector<Configuration> inside;
        for (const Configuration& config : grid.asked)
            if (config.readPct < 100.0 && insideTrainedRanges(config, grid))
                inside.push_back(config);
        QVERIFY(inside.size() >= 10);
        const Eigen::VectorXd heldAnswers = held.predict(inside);
        const Eigen::VectorXd freeAnswers = free.predict(inside);
        QVERIFY2(
            freeAnswers.maxCoeff() > 2.0 * slowest, std::to_string(freeAnswers.maxCoeff()).c_str());
        QVERIFY(heldAnswers.maxCoeff() <= slowest * (1.0 + 1e-9));
        QVERIFY(heldAnswers.minCoeff() >= fastest * (1.0 - 1e-9));
        // Its interval is centred on the held answer.
        const auto interval = held.predictInterval(inside, 0.8);
        QVERIFY(interval.has_value());
        for (Eigen::Index i = 0; i < heldAnswers.size(); ++i)
            QVERIFY(interval->first(i) <= heldAnswers(i) && heldAnswers(i) <= interval->second(i));
        QVERIFY(held.describe().find("Inside the measured range of every factor: answers held "
                                     "within")
            != std::string::npos);

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
};

IOLENS_TEST_GUILESS_MAIN(TestMeasuredSpan)
#include "test_measured_span.moc"
