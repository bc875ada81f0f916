// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/error.hpp"
#include "models/linear_model.hpp"
#include "support/cancelling_regressor.hpp"
#include "support/grid_data.hpp"
#include "support/test_registry.hpp"
#include "tuning/grouped_cv_cost.hpp"
#include "validation/grouped_cv.hpp"
#include "validation/k_fold.hpp"
#include "validation/validation_cancelled.hpp"

#include <QTest>

#include <omp.h>

#include <algorithm>

#include <cmath>
#include <map>
#include <set>

using namespace iolens::core;
using iolens::test::GridSpec;

namespace {

/// A "model" that remembers every training row and answers its y for a row it has seen, -10
/// (a metric e^10 times too small) otherwise. It also fails loudly when asked to predict a row
/// whose value of `watched` was among its training levels: grouped CV must never let that happen.
class MemorisingRegressor final : public Regressor {
public:
    explicit MemorisingRegressor(Eigen::Index watched)
        : m_watched(watched)
    {
    }
    std::string technique() const override { return "memorise"; }
    std::vector<ParamSpec> paramSpecs() const override { return {}; }
    ParamValues parameters() const override { return {}; }
    void setParameters(const ParamValues&) override { }
    FitReport fit(const Dataset& data) override
    {
        m_rows.clear();
        m_levels.clear();
        for (Eigen::Index i = 0; i < data.rows(); ++i) {
            m_rows[key(data.x.row(i))] = data.y(i);
            m_levels.insert(data.x(i, m_watched));
        }
        return {};
    }
    Eigen::VectorXd predict(const Eigen::MatrixXd& x) const override
    {
        Eigen::VectorXd y(x.rows());
        for (Eigen::Index i = 0; i < x.rows(); ++i) {
            if (m_levels.count(x(i, m_watched)))
                throw StateError("held-out level was trained on");
            const auto it = m_rows.find(key(x.row(i)));
            y(i) = it == m_rows.end() ? -10.0 : it->second;
        }
        return y;
    }
    bool isFitted() const override { return !m_rows.empty(); }
    std::string describe() const override { return {}; }
    nlohmann::json saveState() const override { return {}; }
    void loadState(const nlohmann::json&, const FeatureSchema&) override { }
    std::unique_ptr<Regressor> clone() const override
    {
        return std::make_unique<MemorisingRegressor>(*this);
    }

private:
    static std::vector<double> key(const Eigen::RowVectorXd& row)
    {
        return {row.data(), row.data() + row.size()};
    }
    Eigen::Index m_watched;
    std::map<std::vector<double>, double> m_rows;
    std::set<double> m_levels;
};

/// Response time growing with request size and file set, as a power law (linear in logs).
double powerLaw(const Configuration& c)
{
    return 0.2 * std::pow(numericValue(c, Factor::RequestBytes), 0.5)
        * std::pow(numericValue(c, Factor::FilesetBytes), 0.1);
}

GridSpec powerLawGrid()
{
    GridSpec spec;
    spec.metric = powerLaw;
    return spec;
}

Eigen::Index column(const Dataset& data, Factor factor)
{
    for (std::size_t j = 0; j < data.schema.size(); ++j)
        if (data.schema.columns()[j].factor == factor)
            return static_cast<Eigen::Index>(j);
    return -1;
}

/// lm on the logs of a power law's sizes with i.i.d. noise (log sd 0.2) at nine request sizes:
/// right on average, its held-out residuals exchangeable, so plain quantiles cover their level.
GroupedCvResult exchangeableCv()
{
    GridSpec spec = powerLawGrid();
    spec.requestKib = {4, 6, 8, 12, 16, 24, 32, 48, 64};
    spec.noiseSd = 0.2;
    spec.seed = 11;
    Dataset data = iolens::test::gridDataset(spec);
    for (Eigen::Index j : {column(data, Factor::RequestBytes), column(data, Factor::FilesetBytes)})
        data.x.col(j) = data.x.col(j).array().log();
    LinearModel lm;
    lm.setParameters({{"degree", 1}});
    return groupedCrossValidate(lm, data);
}

} // namespace

class TestGroupedCv : public QObject {
    Q_OBJECT
private slots:
    void groupingFactors_needThreeLevels()
    {
        GridSpec spec = powerLawGrid();
        spec.filesetMib = {256, 1024};
        const Dataset data = iolens::test::gridDataset(spec);
        QCOMPARE(
            groupingFactors(data), (std::vector<Factor> {Factor::RequestBytes, Factor::ReadPct}));
        // Asked for, two levels do: each is then held out and predicted from the other.
        QCOMPARE(groupingFactors(data, 2),
            (std::vector<Factor> {Factor::FilesetBytes, Factor::RequestBytes, Factor::ReadPct}));
        GroupedCvOptions options;
        options.factors = {Factor::FilesetBytes};
        QVERIFY_THROWS_EXCEPTION(ConfigError, groupedCrossValidate(LinearModel(), data, options));
        options.minLevels = 2;
        const GroupedCvResult cv = groupedCrossValidate(LinearModel(), data, options);
        QCOMPARE(cv.levels.size(), std::size_t {2});
        QVERIFY(cv.levels[0].extrapolation && cv.levels[1].extrapolation);
        QVERIFY(std::isnan(cv.interpolationError));
        options.minLevels = 1;
        QVERIFY_THROWS_EXCEPTION(ConfigError, groupedCrossValidate(LinearModel(), data, options));
    }

    void levels_coverEveryLevelAndMarkTheOuterOnes()
    {
        const Dataset data = iolens::test::gridDataset(powerLawGrid());
        GroupedCvOptions options;
        options.factors = {Factor::RequestBytes};
        const GroupedCvResult cv = groupedCrossValidate(LinearModel(), data, options);
        QCOMPARE(cv.levels.size(), std::size_t {5});
        for (std::size_t l = 0; l < cv.levels.size(); ++l) {
            QCOMPARE(cv.levels[l].extrapolation, l == 0 || l == 4);
            QCOMPARE(cv.levels[l].scored, 9); // 3 file sets x 3 read shares
        }
        QCOMPARE(cv.levels.front().level, 4.0);
        QCOMPARE(cv.points.size(), static_cast<std::size_t>(data.rows()));
    }

    // What a cost sharing fits between points reproduces: each fold holds out one level's rows
    // and trains on all the others.
    void heldOutFolds_splitEveryRowOnceAtItsLevel()
    {
        const Dataset data = iolens::test::gridDataset(powerLawGrid());
        GroupedCvOptions options;
        options.factors = {Factor::RequestBytes};
        std::vector<HeldOutLevel> levels;
        const std::vector<HeldOutFold> folds = heldOutFolds(data, options, levels);
        QCOMPARE(folds.size(), levels.size());
        QCOMPARE(folds.size(), std::size_t {5});
        Eigen::Index column = -1; // request size's numeric column
        for (std::size_t j = 0; j < data.schema.size(); ++j) {
            const FeatureColumn& c = data.schema.columns()[j];
            if (c.factor == Factor::RequestBytes && !c.derived() && !c.categorical())
                column = static_cast<Eigen::Index>(j);
        }
        QVERIFY(column >= 0);
        std::size_t held = 0;
        for (const HeldOutFold& fold : folds) {
            const double level = levels[static_cast<std::size_t>(fold.levelIndex)].level;
            QCOMPARE(fold.test.size(), std::size_t {9});
            QCOMPARE(fold.scored.size(), fold.test.size());
            for (const Eigen::Index row : fold.test)
                QCOMPARE(data.x(row, column), level);
            const std::vector<Eigen::Index> train = heldOutTrainRows(fold, data.rows());
            QCOMPARE(train.size() + fold.test.size(), static_cast<std::size_t>(data.rows()));
            QVERIFY(std::is_sorted(train.begin(), train.end()));
            for (const Eigen::Index row : train)
                QVERIFY(data.x(row, column) != level);
            held += fold.test.size();
        }
        QCOMPARE(held, static_cast<std::size_t>(data.rows()));
    }

    // auto scores every candidate on one plan: its training sets are the folds' own (with the
    // other direction's times of their rows), and a CV on it gives what a CV of its own gives.
    void plan_trainsEachFoldOnItsOwnRowsAndGivesTheSameResult()
    {
        Dataset data = iolens::test::gridDataset(powerLawGrid());
        data.readTimes = std::make_shared<const Dataset>(data); // a stand-in for the other times
        GroupedCvOptions options;
        const GroupedCvPlan plan = planGroupedCv(data, options);
        QCOMPARE(plan.training.size(), plan.folds.size());
        QVERIFY(plan.folds.size() >= 3);
        for (std::size_t k = 0; k < plan.folds.size(); ++k) {
            const HeldOutFold& fold = plan.folds[k];
            const Dataset& training = plan.training[k];
            QCOMPARE(static_cast<std::size_t>(training.rows()) + fold.test.size(),
                static_cast<std::size_t>(data.rows()));
            const std::set<Configuration> held = [&] {
                std::set<Configuration> configs;
                for (Eigen::Index row : fold.test)
                    configs.insert(data.configs[static_cast<std::size_t>(row)]);
                return configs;
            }();
            for (const Configuration& c : training.configs)
                QVERIFY(!held.count(c));
            QVERIFY(training.readTimes);
            QCOMPARE(training.readTimes->rows(), training.rows());
            for (const Configuration& c : training.readTimes->configs)
                QVERIFY(!held.count(c));
        }
        LinearModel lm;
        lm.setParameters({{"degree", 1}});
        const GroupedCvResult own = groupedCrossValidate(lm, data, options);
        const GroupedCvResult planned = groupedCrossValidate(lm, data, options, plan);
        QCOMPARE(planned.points.size(), own.points.size());
        for (std::size_t i = 0; i < own.points.size(); ++i) {
            QCOMPARE(planned.points[i].row, own.points[i].row);
            QCOMPARE(planned.points[i].predicted, own.points[i].predicted);
        }
        QCOMPARE(planned.meanLogRatioError, own.meanLogRatioError);
    }

    void continuousFactor_isHeldOutInContiguousRanges()
    {
        // 37 distinct file-set sizes: held out in kMaxGroupsPerFactor ranges of 3-4 levels.
        GridSpec spec = powerLawGrid();
        spec.filesetMib.clear();
        for (int i = 0; i < 37; ++i)
            spec.filesetMib.push_back(200.0 + 50.0 * i);
        spec.requestKib = {4, 16, 64};
        const Dataset data = iolens::test::gridDataset(spec);
        const auto f = Factor::FilesetBytes;
        GroupedCvOptions options;
        options.factors = {f};
        // The memorising regressor throws if any level of a held-out range was trained on.
        const GroupedCvResult cv
            = groupedCrossValidate(MemorisingRegressor(column(data, f)), data, options);
        QCOMPARE(cv.levels.size(), static_cast<std::size_t>(kMaxGroupsPerFactor));
        QCOMPARE(cv.points.size(), static_cast<std::size_t>(data.rows())); // each row once
        int levelsCovered = 0;
        for (std::size_t l = 0; l < cv.levels.size(); ++l) {
            const HeldOutLevel& held = cv.levels[l];
            QCOMPARE(held.extrapolation, l == 0 || l + 1 == cv.levels.size());
            QVERIFY(held.levelHigh >= held.level);
            if (l > 0)
                QVERIFY(held.level > cv.levels[l - 1].levelHigh); // contiguous, no overlap
            levelsCovered += held.scored / 9; // 3 request sizes x 3 read shares per level
        }
        QCOMPARE(levelsCovered, 37);
        // A factor with few levels keeps one level per fold.
        options.factors = {Factor::RequestBytes};
        const GroupedCvResult bySize = groupedCrossValidate(LinearModel(), data, options);
        QCOMPARE(bySize.levels.size(), std::size_t {3});
        for (const HeldOutLevel& held : bySize.levels)
            QCOMPARE(held.levelHigh, held.level);
    }

    void memorisingModel_neverSeesItsHeldOutLevel_data()
    {
        QTest::addColumn<int>("factor");
        QTest::newRow("request") << static_cast<int>(Factor::RequestBytes);
        QTest::newRow("file set") << static_cast<int>(Factor::FilesetBytes);
        QTest::newRow("read share") << static_cast<int>(Factor::ReadPct);
    }
    void memorisingModel_neverSeesItsHeldOutLevel()
    {
        QFETCH(int, factor);
        const Dataset data = iolens::test::gridDataset(powerLawGrid());
        const auto f = static_cast<Factor>(factor);
        GroupedCvOptions options;
        options.factors = {f};
        // The regressor throws if a held-out level was in its training rows.
        const GroupedCvResult cv
            = groupedCrossValidate(MemorisingRegressor(column(data, f)), data, options);
        // It never recognises a held-out row, so it misses by ~100 % everywhere; every row
        // was held out exactly once.
        QVERIFY(cv.overallError > 0.9);
        QCOMPARE(cv.points.size(), static_cast<std::size_t>(data.rows()));
    }

    void powerLaw_lmOnLogsIsExactWhereAnInterceptModelIsNot()
    {
        // log y is linear in log sizes, not in sizes: lm on raw sizes misses the held-out
        // levels, and extrapolation misses more than interpolation.
        const Dataset data = iolens::test::gridDataset(powerLawGrid());
        LinearModel lm;
        lm.setParameters({{"degree", 1}});
        const GroupedCvResult cv = groupedCrossValidate(lm, data);
        QVERIFY(cv.interpolationError > 0.0);
        QVERIFY(cv.extrapolationError > cv.interpolationError);
        QVERIFY(std::abs(cv.overallError - 0.0) > 1e-6);
        Dataset logs = data;
        logs.x.col(column(data, Factor::RequestBytes))
            = data.x.col(column(data, Factor::RequestBytes)).array().log();
        logs.x.col(column(data, Factor::FilesetBytes))
            = data.x.col(column(data, Factor::FilesetBytes)).array().log();
        const GroupedCvResult exact = groupedCrossValidate(lm, logs);
        QVERIFY(exact.overallError < 1e-9);
        QVERIFY(exact.meanLogRatioError < 1e-9);
    }

    void rule_leavesOutRowsTheMetricDoesNotAdmit()
    {
        Dataset data = iolens::test::gridDataset(powerLawGrid());
        GroupedCvOptions options;
        options.metric = Metric::RtWriteMs; // write metrics count where read_pct <= 75
        const GroupedCvResult cv = groupedCrossValidate(LinearModel(), data, options);
        for (const HeldOutPoint& p : cv.points)
            QVERIFY(data.configs[static_cast<std::size_t>(p.row)].readPct <= 75.0);
    }

    // Set during the first fit, the flag stops the held-out levels not yet started.
    void cancel_stopsTheLevelsNotYetStarted()
    {
        const Dataset data = iolens::test::gridDataset(powerLawGrid());
        auto fits = std::make_shared<std::atomic<int>>(0);
        std::atomic<bool> cancel {false};
        GroupedCvOptions options;
        options.cancel = &cancel;
        const auto all = static_cast<int>(groupedCrossValidate(
            iolens::test::CancellingRegressor(fits, &cancel, 1000), data, options)
                                              .levels.size());
        QCOMPARE(fits->load(), all);
        QVERIFY(all > 4);
        fits->store(0);
        QVERIFY_THROWS_EXCEPTION(ValidationCancelled,
            groupedCrossValidate(
                iolens::test::CancellingRegressor(fits, &cancel, 1), data, options));
        QVERIFY2(fits->load() >= 1 && fits->load() <= omp_get_max_threads(),
            qPrintable(QString::number(fits->load())));
    }

    void badInput_isRejected()
    {
        GridSpec spec = powerLawGrid();
        spec.filesetMib = {256, 1024};
        spec.readPct = {50};
        spec.requestKib = {4, 8};
        const Dataset data = iolens::test::gridDataset(spec);
        QVERIFY_THROWS_EXCEPTION(DataError, groupedCrossValidate(LinearModel(), data));
        GroupedCvOptions options;
        options.factors = {Factor::Threads};
        QVERIFY_THROWS_EXCEPTION(ConfigError, groupedCrossValidate(LinearModel(), data, options));
    }

    void coverage_isNearItsLevelOnExchangeableNoise()
    {
        // A model that is right on average, with i.i.d. noise: coverage is the level.
        const GroupedCvResult cv = exchangeableCv();
        QVERIFY(std::abs(groupedIntervalCoverage(cv, 0.8) - 0.8) < 0.06);
        QVERIFY(std::abs(groupedIntervalCoverage(cv, 0.5) - 0.5) < 0.08);
    }

    void calibratedLevel_widensJustEnoughWhereLevelsShift()
    {
        // lm on raw sizes misses a power law most at the outer levels: residuals of unmeasured
        // levels are not exchangeable, plain quantiles undercover, and calibration widens them.
        GridSpec spec = powerLawGrid();
        spec.requestKib = {4, 6, 8, 12, 16, 24, 32, 48, 64};
        spec.noiseSd = 0.1;
        LinearModel lm;
        lm.setParameters({{"degree", 1}});
        const GroupedCvResult cv = groupedCrossValidate(lm, iolens::test::gridDataset(spec));
        const double level = groupedCalibratedLevel(cv, 0.8);
        QVERIFY(groupedIntervalCoverage(cv, 0.8) < 0.8);
        QVERIFY(level > 0.8);
        QVERIFY(groupedIntervalCoverage(cv, level) >= 0.8);
        QVERIFY(groupedIntervalCoverage(cv, level - 0.01) < 0.8);
        // Where every residual is 0, every level covers them all; but two points are too few to
        // narrow on (the margin is sqrt(0.8 x 0.2 / 2) = 0.28).
        GroupedCvResult exact;
        exact.levels.resize(2);
        exact.points = {{0, 0, 1.0, 1.0}, {1, 1, 2.0, 2.0}};
        QCOMPARE(groupedCalibratedLevel(exact, 0.8), 0.8);
    }

    void calibratedLevel_narrowsWhereLeastHalfWidthsCover()
    {
        // The exchangeable case covers about its level; points whose least half-width already
        // holds their residual are covered whatever the quantiles, so a lower level suffices.
        GroupedCvResult cv = exchangeableCv();
        const double plain = groupedCalibratedLevel(cv, 0.8);
        const double plainCoverage = groupedIntervalCoverage(cv, 0.8);
        // Every other point's residual held by its least half-width.
        for (std::size_t i = 0; i < cv.points.size(); i += 2)
            cv.points[i].minHalfWidth = std::abs(cv.points[i].measured - cv.points[i].predicted);
        QVERIFY(groupedIntervalCoverage(cv, 0.8) > plainCoverage);
        const double level = groupedCalibratedLevel(cv, 0.8);
        QVERIFY2(level < plain - 0.1, qPrintable(QString("%1 vs %2").arg(level).arg(plain)));
        QVERIFY(level >= kMinCalibratedShare * 0.8);
        // Narrowed only as far as it covers 80 % plus the estimate's standard error.
        const double needed = 0.8 + std::sqrt(0.8 * 0.2 / static_cast<double>(cv.points.size()));
        QVERIFY(groupedIntervalCoverage(cv, level) >= needed);
        QVERIFY(groupedIntervalCoverage(cv, level - 0.01) < needed);
        // Least half-widths that hold every residual: the lowest level allowed.
        for (HeldOutPoint& p : cv.points)
            p.minHalfWidth = 10.0;
        QCOMPARE(groupedIntervalCoverage(cv, 0.5), 1.0);
        QCOMPARE(groupedCalibratedLevel(cv, 0.8), kMinCalibratedShare * 0.8);
    }

    void cost_equalsTheGroupedCvItScores()
    {
        const Dataset data = iolens::test::gridDataset(powerLawGrid());
        LinearModel lm;
        const std::vector<SearchDimension> space {{"degree", 1.0, 2.0, true}};
        const BatchCost cost
            = groupedCrossValidationCost(lm, space, data, {}, GroupedCvScore::MeanRelative);
        const std::atomic<bool> cancelled {false};
        const auto costs = cost({{1.0}, {2.0}}, cancelled);
        lm.setParameters({{"degree", 1}});
        QCOMPARE(*costs[0], groupedCrossValidate(lm, data).overallError);
        QVERIFY(std::isfinite(*costs[1]));
    }
};

IOLENS_TEST_GUILESS_MAIN(TestGroupedCv)
#include "test_grouped_cv.moc"
