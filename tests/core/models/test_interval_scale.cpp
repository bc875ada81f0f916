// SPDX-License-Identifier: GPL-3.0-or-later
// The scale of auto's intervals: the panel's disagreement (capped), which candidates form the
// panel, the held-out points' scales and residuals divided by them, and the scale of a fitted
// auto model: wider where its candidates disagree, 1 with the parameter off, kept in its state.
#include "common/error.hpp"
#include "models/auto_model.hpp"
#include "models/interval_scale.hpp"
#include "support/auto_fitting.hpp"
#include "support/grid_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::core;

namespace {

/// One factor's levels 0..2 (the outer two extrapolations) with a point each, predicted as
/// `predicted` and measured 0.
GroupedCvResult panelHeldOut(const std::vector<double>& predicted)
{
    GroupedCvResult cv;
    for (std::size_t i = 0; i < predicted.size(); ++i) {
        HeldOutLevel level;
        level.factor = Factor::RequestBytes;
        level.level = level.levelHigh = static_cast<double>(i);
        level.extrapolation = i == 0 || i + 1 == predicted.size();
        cv.levels.push_back(level);
        HeldOutPoint p;
        p.row = static_cast<Eigen::Index>(i);
        p.level = static_cast<int>(i);
        p.predicted = predicted[i];
        cv.points.push_back(p);
    }
    return cv;
}

CandidateScore scored(
    double logRatio, const std::string& technique, ResponseScale scale = ResponseScale::Log)
{
    CandidateScore score;
    score.spec.technique = technique;
    score.spec.scale = scale;
    score.logRatio = logRatio;
    return score;
}

/// A fixed cost plus a transfer time with 5 % noise, 4-64 KiB: log-linear candidates and raw
/// ones fit it alike there and part ways far beyond.
iolens::test::GridSpec linearNoisyGrid()
{
    iolens::test::GridSpec spec;
    spec.metric
        = [](const Configuration& c) { return 0.2 + 0.02 * numericValue(c, Factor::RequestBytes); };
    spec.noiseSd = 0.05;
    spec.seed = 31;
    return spec;
}

/// `data`'s first configuration at request size `kib`, encoded.
Eigen::MatrixXd atRequest(const Dataset& data, double kib)
{
    Configuration c = data.configs.front();
    setNumericValue(c, Factor::RequestBytes, kib);
    return data.schema.encode({c});
}

} // namespace

class TestIntervalScale : public QObject {
    Q_OBJECT
private slots:
    void spread_isTheMeanDeviationFromTheMedianCapped()
    {
        QCOMPARE(IntervalScale::spreadOf({}), 0.0);
        QCOMPARE(IntervalScale::spreadOf({3.0}), 0.0);
        QCOMPARE(IntervalScale::spreadOf({1.0, 1.0, 1.0}), 0.0);
        QVERIFY(std::abs(IntervalScale::spreadOf({0.0, 1.0, 2.0}) - 2.0 / 3.0) < 1e-12);
        // A line that crosses zero far out counts kMaxDeviation, not its distance.
        QVERIFY(std::abs(IntervalScale::spreadOf({0.0, 0.0, -700.0})
                    - IntervalScale::kMaxDeviation / 3.0)
            < 1e-12);
    }

    // Best first; left out: a failed candidate, one whose held-out predictions all lie within
    // 1 % of a better one's, and one of a technique and scale the panel has; at most `size`.
    void panel_takesTheBestThatDiffer()
    {
        const std::vector<CandidateScore> scores {scored(0.5, "cart"), scored(0.2, "lm"),
            scored(std::nan(""), "mars"), scored(0.3, "cubist"), scored(0.4, "mars"),
            scored(0.1, "mars", ResponseScale::Raw), scored(0.15, "lm")};
        const std::vector<GroupedCvResult> results {panelHeldOut({1, 2, 3}),
            panelHeldOut({0, 0, 1}), panelHeldOut({5, 5, 5}), panelHeldOut({7, 7, 7.005}),
            panelHeldOut({2, 2, 2}), panelHeldOut({0, 1, 0}), panelHeldOut({7, 7, 7})};
        const std::vector<std::size_t> expected {5, 6, 4, 0};
        QCOMPARE(IntervalScale::panelOf(scores, results, 5), expected);
        QCOMPARE(IntervalScale::panelOf(scores, results, 2), (std::vector<std::size_t> {5, 6}));
    }

    // Each point's scale is the floor plus the panel's spread there; the floor the larger of the
    // median spread and the median |residual|, so a panel that agrees at most points does not
    // divide residuals by almost nothing.
    void heldOutScales_addTheFloorToTheSpread()
    {
        const std::vector<GroupedCvResult> results {panelHeldOut({0.0, 0.0, 0.0}),
            panelHeldOut({0.0, 0.0, 3.0}), panelHeldOut({0.0, 0.0, 6.0})};
        GroupedCvResult residuals = panelHeldOut({0.0, 0.0, 0.0});
        for (std::size_t i = 0; i < 3; ++i)
            residuals.points[i].measured = 0.5 * static_cast<double>(i + 1); // |r| 0.5, 1, 1.5
        const auto [scales, floor] = heldOutScales(results, {0, 1, 2}, residuals);
        QCOMPARE(floor, 1.0); // median spread 0 < median |r| 1
        QCOMPARE(scales.size(), std::size_t {3});
        QCOMPARE(scales[0], 1.0);
        QCOMPARE(scales[1], 1.0);
        QVERIFY(std::abs(scales[2] - (1.0 + 2.0)) < 1e-12); // median 3: |0-3| + 0 + |6-3|, / 3
        QVERIFY_THROWS_EXCEPTION(StateError,
            heldOutScales({panelHeldOut({0.0, 1.0}), panelHeldOut({0.0})}, {0, 1}, residuals));
    }

    void scaledResiduals_divideEachResidualByItsScale()
    {
        GroupedCvResult cv = panelHeldOut({1.0, 2.0, 3.0});
        cv.points[1].scale = 4.0;
        const GroupedCvResult scaled = scaledResiduals(cv);
        QCOMPARE(scaled.points[0].measured, -1.0);
        QCOMPARE(scaled.points[1].measured, -0.5);
        QCOMPARE(scaled.points[2].measured, -3.0);
        for (const HeldOutPoint& p : scaled.points)
            QCOMPARE(p.predicted, 0.0);
    }

    void offScale_isOneAndAPositiveFloorIsRequired()
    {
        const Eigen::MatrixXd x = Eigen::MatrixXd::Zero(3, 2);
        QVERIFY((IntervalScale {}.at(x).array() == 1.0).all());
        QVERIFY(IntervalScale::fromJson(nullptr, FeatureSchema {}).at(x).isOnes());
        QVERIFY_THROWS_EXCEPTION(StateError, IntervalScale({}, 0.0));
    }

    // Fitted on 4-64 KiB, auto's candidates agree at the measured sizes and part ways far beyond
    // them, so an interval there is wider than the same calibration's at a measured size, by
    // the ratio of the scales; the panel and its floor survive the model's state.
    void autoModel_widensItsIntervalWhereItsCandidatesDisagree()
    {
        const Dataset data = iolens::test::gridDataset(linearNoisyGrid());
        const AutoModel model = iolens::test::fitted(data);
        QVERIFY(model.intervalScale().on());
        QVERIFY(model.intervalScale().panelSize() >= 2);
        const Eigen::MatrixXd measured = atRequest(data, 16);
        const Eigen::MatrixXd far = atRequest(data, 4096);
        const double near = model.intervalScaleAt(measured)(0);
        const double farScale = model.intervalScaleAt(far)(0);
        QVERIFY(near >= model.intervalScale().floor());
        QVERIFY2(
            farScale > 1.5 * near, (std::to_string(near) + " " + std::to_string(farScale)).c_str());

        AutoModel loaded;
        loaded.loadState(nlohmann::json::parse(model.saveState().dump()), data.schema);
        QCOMPARE(loaded.intervalScale().floor(), model.intervalScale().floor());
        QCOMPARE(loaded.intervalScaleAt(far)(0), farScale);
        const auto before = model.predictInterval(far, 0.8);
        const auto after = loaded.predictInterval(far, 0.8);
        QVERIFY(before && after);
        QCOMPARE(after->first(0), before->first(0));
        QCOMPARE(after->second(0), before->second(0));

        // Off: one band for every configuration inside the ranges, as before the scale.
        AutoModel plain;
        plain.setParameters({{"interval_scale", 0}});
        plain.fit(data);
        QVERIFY(!plain.intervalScale().on());
        QCOMPARE(plain.intervalScaleAt(far)(0), 1.0);
        const auto inside = plain.predictInterval(measured, 0.8);
        const ConformalBounds bounds = plain.insideInterval().bounds(0.8);
        QVERIFY(
            std::abs(inside->second(0) - inside->first(0) - (bounds.upper - bounds.lower)) < 1e-12);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestIntervalScale)
#include "test_interval_scale.moc"
