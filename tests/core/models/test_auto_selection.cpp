// SPDX-License-Identifier: GPL-3.0-or-later
// The auto model's choice among scored candidates, and the grouped CV of that choice itself, on
// hand-built held-out points: which candidate or average is chosen, and which one predicts a
// level once that level's rows are left out of the ranking too.
#include "common/error.hpp"
#include "models/auto_selection.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <algorithm>
#include <cmath>

using namespace iolens::core;

namespace {

/// Held-out points on the log scale, every measured value 0, so a prediction is its own log
/// ratio. `errors[k]` is the prediction of point k; `layout` gives each point's (row, level).
struct Layout {
    std::vector<HeldOutLevel> levels;
    std::vector<std::pair<Eigen::Index, int>> points;
};

/// One factor, three levels of two rows each: L0 = rows 0-1, L1 = rows 2-3, L2 = rows 4-5 (the
/// last an extrapolation); with `secondFactor`, the same rows again under a second factor's two
/// levels, M0 = rows 0, 2, 4 and M1 = rows 1, 3, 5 (points 6-11).
Layout layout(bool secondFactor)
{
    Layout l;
    for (int level = 0; level < 3; ++level) {
        HeldOutLevel held;
        held.factor = Factor::RequestBytes;
        held.level = level;
        held.levelHigh = level;
        held.extrapolation = level != 1;
        l.levels.push_back(held);
    }
    for (Eigen::Index row = 0; row < 6; ++row)
        l.points.emplace_back(row, static_cast<int>(row / 2));
    if (secondFactor) {
        for (int level = 0; level < 2; ++level) {
            HeldOutLevel held;
            held.factor = Factor::ReadPct;
            held.level = level;
            held.levelHigh = level;
            held.extrapolation = true;
            l.levels.push_back(held);
        }
        for (Eigen::Index row = 0; row < 6; ++row)
            l.points.emplace_back(row, 3 + static_cast<int>(row % 2));
    }
    return l;
}

/// A `keep` for selectKept that refuses candidate `refused` ("crosses zero") and records every
/// (position, candidate) it is offered in `offered`.
auto refusing(std::size_t refused, std::vector<std::pair<std::size_t, std::size_t>>& offered)
{
    return [refused, &offered](
               std::size_t position, std::size_t candidate) -> std::optional<std::string> {
        offered.emplace_back(position, candidate);
        if (candidate == refused)
            return std::string("crosses zero");
        return std::nullopt;
    };
}

GroupedCvResult result(const Layout& l, const std::vector<double>& predictions)
{
    GroupedCvResult cv;
    cv.levels = l.levels;
    for (std::size_t k = 0; k < l.points.size(); ++k) {
        HeldOutPoint p;
        p.row = l.points[k].first;
        p.level = l.points[k].second;
        p.measured = 0.0;
        p.predicted = predictions[k];
        cv.points.push_back(p);
    }
    summarizeGroupedCv(cv, true);
    return cv;
}

CandidateScore score(const GroupedCvResult& cv)
{
    CandidateScore s;
    s.interpolation = cv.interpolationError;
    s.extrapolation = cv.extrapolationError;
    s.overall = cv.overallError;
    s.logRatio = cv.meanLogRatioError;
    return s;
}

std::vector<double> predictionsOf(const GroupedCvResult& cv)
{
    std::vector<double> out;
    for (const HeldOutPoint& p : cv.points)
        out.push_back(p.predicted);
    return out;
}

} // namespace

class TestAutoSelection : public QObject {
    Q_OBJECT
private slots:
    // The candidate column is 40 wide, or as wide as the longest label when one is longer.
    void candidateLabelWidth_fitsTheLongestLabel()
    {
        CandidateScore lm;
        lm.spec = {"lm", ResponseScale::Log, FeatureSet {true}, false, {}};
        QCOMPARE(candidateLabelWidth({lm}), 40);
        CandidateScore writers = lm;
        writers.spec.features.cacheMib = 1448.15;
        writers.spec.features.missRho = 1.0 / 4096.0;
        writers.spec.features.cacheOnly = true;
        writers.spec.writerShare = true;
        const int longest = static_cast<int>(writers.spec.label().size());
        QVERIFY2(longest > 40, writers.spec.label().c_str());
        QCOMPARE(candidateLabelWidth({lm, writers}), longest);
    }

    void select_takesTheBestAloneOrTheAverageWhenItScoresLower()
    {
        const Layout l = layout(false);
        // A over-predicts by 0.2 everywhere, B under-predicts by 0.2: their average is exact.
        const std::vector<GroupedCvResult> results {result(l, std::vector<double>(6, 0.2)),
            result(l, std::vector<double>(6, -0.2)), result(l, std::vector<double>(6, 0.5))};
        const std::vector<CandidateScore> scores {
            score(results[0]), score(results[1]), score(results[2])};

        const Selection alone = selectCandidates(scores, results, 1);
        QCOMPARE(alone.chosen.members, std::vector<std::size_t> {0}); // tie: the earlier one
        QCOMPARE(predictionsOf(alone.cv), predictionsOf(results[0]));

        const Selection averaged = selectCandidates(scores, results, 2);
        QCOMPARE(averaged.chosen.members, (std::vector<std::size_t> {0, 1}));
        QCOMPARE(averaged.chosen.weights, (std::vector<double> {0.5, 0.5}));
        QCOMPARE(averaged.chosen.tied, (std::vector<std::size_t> {1, 1})); // not tied
        QCOMPARE(averaged.cv.meanLogRatioError, 0.0);
    }

    // auto refits the chosen candidates on every row and refuses one whose fit answers zero or
    // less there: the refused one fails like an unscored candidate and the choice is made again.
    void selectKept_choosesAgainWithoutARefusedMember()
    {
        const Layout l = layout(false);
        std::vector<GroupedCvResult> results {result(l, std::vector<double>(6, 0.1)),
            result(l, std::vector<double>(6, 0.2)), result(l, std::vector<double>(6, -0.3))};
        std::vector<CandidateScore> scores {
            score(results[0]), score(results[1]), score(results[2])};
        std::vector<std::pair<std::size_t, std::size_t>> offered;
        const Selection kept = selectKept(scores, results, 1, true, refusing(0, offered));
        QCOMPARE(kept.chosen.members, std::vector<std::size_t> {1});
        QCOMPARE(predictionsOf(kept.cv), predictionsOf(results[1]));
        QCOMPARE(offered, (std::vector<std::pair<std::size_t, std::size_t>> {{0, 0}, {0, 1}}));
        QCOMPARE(scores[0].failure, std::string("crosses zero"));
        QVERIFY(std::isnan(scores[0].logRatio));
        QVERIFY(results[0].points.empty());

        // Averaged, the second member refused: the choice starts again from its first.
        std::vector<GroupedCvResult> pair {result(l, std::vector<double>(6, 0.2)),
            result(l, std::vector<double>(6, -0.2)), result(l, std::vector<double>(6, 0.25))};
        std::vector<CandidateScore> pairScores {score(pair[0]), score(pair[1]), score(pair[2])};
        offered.clear();
        const Selection again = selectKept(pairScores, pair, 2, true, refusing(1, offered));
        QCOMPARE(offered.front(), (std::pair<std::size_t, std::size_t> {0, 0}));
        QCOMPARE(offered[1], (std::pair<std::size_t, std::size_t> {1, 1}));
        QCOMPARE(offered[2], (std::pair<std::size_t, std::size_t> {0, 0}));
        QVERIFY(std::find(again.chosen.members.begin(), again.chosen.members.end(), 1)
            == again.chosen.members.end());

        // Nothing left to choose: a DataError, as for nothing scored.
        QVERIFY_THROWS_EXCEPTION(DataError,
            selectKept(scores, results, 1, true,
                [](std::size_t, std::size_t) -> std::optional<std::string> {
                    return std::string("refused");
                }));
    }

    // A and B predict every held-out point the same: the grouped CV cannot tell them apart, so
    // they rank as one, their plain average. Without tie averaging the earlier one is picked.
    void select_averagesCandidatesThatPredictTheSame()
    {
        const Layout l = layout(false);
        const std::vector<GroupedCvResult> results {result(l, std::vector<double>(6, 0.3)),
            result(l, std::vector<double>(6, 0.3)), result(l, std::vector<double>(6, 0.5))};
        const std::vector<CandidateScore> scores {
            score(results[0]), score(results[1]), score(results[2])};
        const Selection averaged = selectCandidates(scores, results, 1);
        QCOMPARE(averaged.chosen.members, (std::vector<std::size_t> {0, 1}));
        QCOMPARE(averaged.chosen.weights, (std::vector<double> {0.5, 0.5}));
        QCOMPARE(averaged.chosen.tied, (std::vector<std::size_t> {2, 2}));
        QCOMPARE(averaged.chosen.tied, (std::vector<std::size_t> {2, 2}));
        QCOMPARE(averaged.cv.meanLogRatioError, 0.3);
        QCOMPARE(selectCandidates(scores, results, 1, false).chosen.members,
            std::vector<std::size_t> {0});
        // Their grouped CV as a selection: each level's re-made choice is the class again.
        QCOMPARE(predictionsOf(selectionAwarePoints(scores, results, 1, true, averaged.cv)),
            std::vector<double>(6, 0.3));
    }

    // Ten tied candidates would each be refitted and evaluated at every answer; four, evenly
    // spread in candidate order, stand for them.
    void select_thinsALargeTieToFourEvenlySpread()
    {
        const Layout l = layout(false);
        const std::vector<GroupedCvResult> results(10, result(l, std::vector<double>(6, 0.3)));
        const std::vector<CandidateScore> scores(10, score(results.front()));
        const Selection selection = selectCandidates(scores, results, 3);
        QCOMPARE(selection.chosen.members, (std::vector<std::size_t> {0, 3, 6, 9}));
        QCOMPARE(selection.chosen.weights, std::vector<double>(4, 0.25));
        QCOMPARE(selection.chosen.tied, std::vector<std::size_t>(4, 10));
    }

    // A class weighs in an average as one candidate would, its weight shared by its members:
    // {A, B} over-predict by 0.2, C under-predicts by 0.2, and the two classes average to exact.
    void select_weighsATiedClassAsOneCandidate()
    {
        const Layout l = layout(false);
        const std::vector<GroupedCvResult> results {result(l, std::vector<double>(6, 0.2)),
            result(l, std::vector<double>(6, 0.2)), result(l, std::vector<double>(6, -0.2))};
        const std::vector<CandidateScore> scores {
            score(results[0]), score(results[1]), score(results[2])};
        const Selection selection = selectCandidates(scores, results, 2);
        QCOMPARE(selection.chosen.members, (std::vector<std::size_t> {0, 1, 2}));
        QCOMPARE(selection.chosen.weights, (std::vector<double> {0.25, 0.25, 0.5}));
        QCOMPARE(selection.chosen.tied, (std::vector<std::size_t> {2, 2, 1}));
        QCOMPARE(selection.cv.meanLogRatioError, 0.0);
    }

    void select_skipsFailedCandidatesAndThrowsWhenNoneScored()
    {
        const Layout l = layout(false);
        std::vector<GroupedCvResult> results {GroupedCvResult {}, result(l, std::vector(6, 0.4))};
        std::vector<CandidateScore> scores {CandidateScore {}, score(results[1])};
        scores[0].failure = "singular";
        QCOMPARE(selectCandidates(scores, results, 3).chosen.members, std::vector<std::size_t> {1});
        scores[1] = scores[0];
        QVERIFY_THROWS_EXCEPTION(DataError, selectCandidates(scores, results, 3));
    }

    // A is excellent on L0 and L1 and bad on L2; B is middling everywhere and wins overall. With
    // L2 left out of the ranking, A wins, so the selection's own prediction of L2 is A's: the
    // miss that choosing on the same levels hides.
    void selectionAware_predictsEachLevelWithTheChoiceMadeWithoutIt()
    {
        const Layout l = layout(false);
        const std::vector<GroupedCvResult> results {
            result(l, {0.1, 0.1, 0.1, 0.1, 1.0, 1.0}), result(l, std::vector<double>(6, 0.3))};
        const std::vector<CandidateScore> scores {score(results[0]), score(results[1])};
        const Selection selection = selectCandidates(scores, results, 1);
        QCOMPARE(selection.chosen.members, std::vector<std::size_t> {1});

        const GroupedCvResult aware = selectionAwarePoints(scores, results, 1, true, selection.cv);
        QCOMPARE(predictionsOf(aware), (std::vector<double> {0.3, 0.3, 0.3, 0.3, 1.0, 1.0}));
        QCOMPARE(aware.meanLogRatioError, (4 * 0.3 + 2 * 1.0) / 6);
        QVERIFY(aware.meanLogRatioError > selection.cv.meanLogRatioError);
        QCOMPARE(aware.levels.size(), selection.cv.levels.size());
    }

    // The same rows held out under a second factor: A predicts rows 4-5 badly there too, so if
    // only L2's own points were left out of the ranking, those rows would still vote against A
    // (A's key 0.64 against B's 0.32). Left out as rows, A ranks first (0.3) and predicts L2.
    void selectionAware_leavesTheLevelsRowsOutUnderEveryFactor()
    {
        const Layout l = layout(true);
        const std::vector<GroupedCvResult> results {
            result(l, {0.3, 0.3, 0.3, 0.3, 1.0, 1.0, 0.3, 0.3, 0.3, 0.3, 2.0, 2.0}),
            result(l, std::vector<double>(12, 0.32))};
        const std::vector<CandidateScore> scores {score(results[0]), score(results[1])};
        const Selection selection = selectCandidates(scores, results, 1);
        QCOMPARE(selection.chosen.members, std::vector<std::size_t> {1});

        const std::vector<double> aware
            = predictionsOf(selectionAwarePoints(scores, results, 1, true, selection.cv));
        QCOMPARE(aware[4], 1.0); // L2's points: A
        QCOMPARE(aware[5], 1.0);
        QCOMPARE(aware[0], 0.32); // L0 left out: A's rows 4-5 still count, B wins
        // M0 (rows 0, 2, 4) left out: A scores (0.3 x 4 + 1.0 + 2.0) / 6 = 0.7, so B.
        QCOMPARE(aware[10], 0.32);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestAutoSelection)
#include "test_auto_selection.moc"
