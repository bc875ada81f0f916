// SPDX-License-Identifier: GPL-3.0-or-later
// The auto model's choice of a residual smoothing on its grouped CV: taken where the chosen
// model misses the same way at neighbouring levels, left off where its residuals are noise.
#include "common/error.hpp"
#include "models/auto_candidate.hpp"
#include "models/auto_smoothing.hpp"
#include "support/grid_data.hpp"
#include "support/test_registry.hpp"

#include <QTest>

#include <cmath>

using namespace iolens::core;
using iolens::test::GridSpec;

namespace {

/// lm on the log2 sizes: a plane on the log scale.
CandidateSpec planeSpec()
{
    CandidateSpec spec;
    spec.technique = "lm";
    spec.features.logSizes = true;
    return spec;
}

GroupedCvOptions optionsFor(const Dataset& data)
{
    GroupedCvOptions options;
    options.factors = groupingFactors(data);
    return options;
}

} // namespace

class TestAutoSmoothing : public QObject {
    Q_OBJECT
private slots:
    // Mixes of 50 % reads twice as slow as pure reads or writes, at every request size and file
    // set, which a plane in the read share cannot follow: with a request size or file set left
    // out, the residuals of its neighbours at 50 % say how far the plane misses there.
    void sharedMiss_isSmoothedAndScoresBetter()
    {
        GridSpec spec;
        spec.metric = [](const Configuration& c) {
            return std::sqrt(numericValue(c, Factor::RequestBytes))
                * (c.readPct == 50.0 ? 2.0 : 1.0);
        };
        spec.noiseSd = 0.02;
        spec.seed = 3;
        const Dataset data = iolens::test::gridDataset(spec);
        const GroupedCvOptions options = optionsFor(data);
        const SmoothingScale scale = SmoothingScale::of(data.schema, data.x, options.factors);
        const SmoothingChoice choice = chooseSmoothing({planeSpec()}, {1.0}, data, options, scale);
        QVERIFY(choice.spec.on());
        // 0.598 -> 0.549: the read-share folds, where nothing near knows the 50 % mixes, stay
        // at 1.4 / 0.7 / 1.4; every other fold drops by a fifth (the kernel is the same in
        // every factor, so the 0 and 100 % rows one step away dilute the correction).
        QVERIFY(choice.logRatio < 0.95 * choice.offLogRatio);

        // The corrections are those of the plane's own grouped CV, point for point.
        const GroupedCvResult plain
            = groupedCrossValidate(AutoCandidate(planeSpec()), data, options);
        QCOMPARE(choice.corrections.size(), plain.points.size());
        QVERIFY(std::abs(plain.meanLogRatioError - choice.offLogRatio) < 1e-12);
        const GroupedCvResult smoothed = smoothedPoints(plain, choice.corrections);
        QVERIFY(std::abs(smoothed.meanLogRatioError - choice.logRatio) < 1e-12);
        QVERIFY_THROWS_EXCEPTION(StateError, smoothedPoints(plain, {0.1, 0.2}));
    }

    // The plane is the truth and the residuals are noise: smoothing them changes the held-out
    // error by little either way (here 0.1744 -> 0.1738, the plane's extrapolation errors
    // having some share in the nearby training residuals).
    void noiseOnly_changesLittle()
    {
        GridSpec spec;
        spec.metric = [](const Configuration& c) {
            return 0.3 * std::pow(numericValue(c, Factor::RequestBytes), 0.4)
                * std::pow(numericValue(c, Factor::FilesetBytes), 0.2);
        };
        spec.noiseSd = 0.1;
        spec.seed = 8;
        const Dataset data = iolens::test::gridDataset(spec);
        const GroupedCvOptions options = optionsFor(data);
        const SmoothingChoice choice = chooseSmoothing({planeSpec()}, {1.0}, data, options,
            SmoothingScale::of(data.schema, data.x, options.factors));
        QVERIFY(choice.logRatio <= choice.offLogRatio);
        QVERIFY(choice.logRatio > 0.98 * choice.offLogRatio);
        for (double c : choice.corrections)
            QVERIFY(std::abs(c) < 0.1);
    }
};

IOLENS_TEST_GUILESS_MAIN(TestAutoSmoothing)
#include "test_auto_smoothing.moc"
