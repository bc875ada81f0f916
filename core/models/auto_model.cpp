// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/auto_model.hpp"

#include "common/error.hpp"
#include "data/training_sample.hpp"
#include "models/auto_composition.hpp"
#include "models/auto_fit_memo.hpp"
#include "models/auto_smoothing.hpp"
#include "validation/conformal.hpp"
#include "validation/grouped_cv.hpp"
#include "validation/k_fold.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iterator>
#include <numeric>

namespace iolens::core {

namespace {

/// Techniques tried. The ensembles (bagged CART, forest, SBCART) and Inside-Out cost 10-100x a
/// single fit, which times (candidates x held-out levels) would put auto's fit into minutes.
/// M5 is left out because at default parameters it is Cubist with one committee member, which
/// is Cubist's default too: the same predictions at twice the cost.
const std::vector<std::string> kTechniques {"lm", "mars", "cart", "cubist"};

/// The feature sets tried, in a fixed order: plain, log2 sizes, then for each candidate cache
/// size the hit ratio and each miss column, beside the file-set column and instead of it; where
/// the thread count varies, every log2 set again with log2(threads).
std::vector<FeatureSet> featureSets(const Dataset& data, const AutoParams& params)
{
    std::vector<FeatureSet> sets {{false, 0.0, 0.0}, {true, 0.0, 0.0}};
    for (std::size_t j = 0; j < data.schema.size(); ++j) {
        const FeatureColumn& column = data.schema.columns()[j];
        if (column.derived() || column.categorical() || column.factor != Factor::FilesetBytes)
            continue;
        for (double mib : cacheSizeCandidates(
                 data.x.col(static_cast<Eigen::Index>(j)), params.cacheStepsPerOctave)) {
            // Beside the file-set column, then instead of it (FeatureSet::cacheOnly).
            for (bool only : {false, true}) {
                sets.push_back({true, mib, 0.0, only});
                for (double rho : missRatioCandidates())
                    sets.push_back({true, mib, rho, only});
            }
        }
    }
    if (data.schema.numericColumn(Factor::Threads) >= 0) {
        const std::size_t logged = sets.size();
        for (std::size_t k = 0; k < logged; ++k)
            if (sets[k].logSizes) {
                FeatureSet withThreads = sets[k];
                withThreads.logThreads = true;
                sets.push_back(withThreads);
            }
    }
    return sets;
}

/// Candidates of `techniques` on `sets` in a fixed order (technique, scale, feature set), so
/// ties and the combination are the same on every run.
/// `otherTimes`: the spec of the other direction's times the thread-share candidates (writers'
/// for write times, readers' for read times) solve their share with; tried only with one.
/// `saturation`: AutoParams::threadSaturation, set on every spec.
std::vector<CandidateSpec> candidateSpecs(const Dataset& data,
    const std::vector<std::string>& techniques, const std::vector<FeatureSet>& sets,
    const std::shared_ptr<const CandidateSpec>& otherTimes, bool saturation)
{
    const bool little = data.metric && hasLittleView(*data.metric);
    // On a closed workload Little's law ties throughput to the mean time per request, so only
    // the Little view is tried: left to choose, the selection sometimes took a plain candidate
    // that fit the measured levels and then predicted 27x the throughput one request size
    // further (fio-tiered tp_write_mbs, nested grouped CV: extrapolation 365 % with the choice,
    // 60 % with the Little view only). Where the data does not show a closed workload, both
    // are tried and the selection decides.
    const bool littleOnly = little && data.closedWorkload();
    const std::vector<Factor> twoLevel = twoLevelSizes(data.schema, data.x);
    // Write times beside their configurations' read times, with mixes measured: each log-scale
    // candidate also takes the writers' share of the threads for the read share
    // (writer_share.hpp); read times beside their write times, the readers' share.
    const Eigen::ArrayXd share = readShares(data.x, data.schema);
    const bool writerShare
        = otherTimes && data.metric == Metric::RtWriteMs && data.readTimes && (share > 0.0).any();
    const bool readerShare
        = otherTimes && data.metric == Metric::RtReadMs && data.writeTimes && (share < 1.0).any();
    std::vector<CandidateSpec> specs;
    for (const std::string& technique : techniques)
        for (ResponseScale scale : {ResponseScale::Log, ResponseScale::Raw})
            for (const FeatureSet& set : sets) {
                // The miss column and the Little view are log-scale constructions: a product of
                // factors becomes a sum there, not on the raw scale.
                if (!applicable(data.schema, set)
                    || (scale == ResponseScale::Raw && set.missRho > 0.0))
                    continue;
                const std::vector<Factor> log2Only
                    = scale == ResponseScale::Log ? twoLevel : std::vector<Factor> {};
                if (!littleOnly)
                    specs.push_back({technique, scale, set, false, log2Only});
                if (little && scale == ResponseScale::Log)
                    specs.push_back({technique, scale, set, true, log2Only});
                if ((writerShare || readerShare) && scale == ResponseScale::Log)
                    specs.push_back({technique, scale, set, false, log2Only, writerShare,
                        readerShare, otherTimes});
            }
    for (CandidateSpec& spec : specs)
        spec.saturation = saturation;
    return specs;
}

CandidateScore scoreOf(const CandidateSpec& spec, const GroupedCvResult& cv)
{
    return {spec, cv.interpolationError, cv.extrapolationError, cv.overallError,
        cv.meanLogRatioError, {}};
}

/// Grouped CV of every candidate (in parallel; each CV then runs its levels serially, as
/// OpenMP does not nest teams by default). A candidate that fails scores NaN with the reason.
std::vector<CandidateScore> scoreCandidates(const std::vector<CandidateSpec>& specs,
    const Dataset& data, const GroupedCvOptions& options, const GroupedCvPlan& plan,
    std::vector<GroupedCvResult>& results)
{
    std::vector<CandidateScore> scores(specs.size());
    const int count = static_cast<int>(specs.size());
#pragma omp parallel for schedule(dynamic)
    for (int c = 0; c < count; ++c) {
        const auto i = static_cast<std::size_t>(c);
        try {
            results[i] = groupedCrossValidate(AutoCandidate(specs[i]), data, options, plan);
            scores[i] = scoreOf(specs[i], results[i]);
        } catch (const std::exception& e) {
            scores[i].spec = specs[i];
            scores[i].failure = e.what();
        }
    }
    return scores;
}

/// The `keep` feature sets of the best-ranked scored candidates, best first.
std::vector<FeatureSet> bestFeatureSets(const std::vector<CandidateScore>& scores, std::size_t keep)
{
    std::vector<std::size_t> order(scores.size());
    std::iota(order.begin(), order.end(), std::size_t {0});
    std::stable_sort(order.begin(), order.end(),
        [&](std::size_t a, std::size_t b) { return rankKey(scores[a]) < rankKey(scores[b]); });
    std::vector<FeatureSet> sets;
    for (std::size_t k : order) {
        if (sets.size() == keep || !std::isfinite(rankKey(scores[k])))
            break;
        const FeatureSet& set = scores[k].spec.features;
        if (std::find(sets.begin(), sets.end(), set) == sets.end())
            sets.push_back(set);
    }
    return sets;
}

} // namespace

std::vector<ParamSpec> AutoModel::paramSpecs() const
{
    return {{"max_combined", "largest number of best candidates averaged (1 = best alone)", "",
                true, 1, 3, 3, false},
        {"cache_steps", "cache sizes tried per doubling of the file set", "", true, 1, 4, 2, false},
        {"writer_share",
            "1: write times may also take the writers' share of the threads (write-back caches)",
            "", true, 0, 1, 1, false},
        {"reader_share", "1: read times may also take the readers' share of the threads", "", true,
            0, 1, 1, false},
        {"residual_smoothing",
            "1: the chosen model's residuals at measured configurations may correct its answers "
            "nearby",
            "", true, 0, 1, 1, false},
        {"tie_average",
            "1: candidates the grouped CV cannot tell apart (the same held-out predictions) are "
            "averaged, not one of them picked",
            "", true, 0, 1, 1, false},
        {"thread_saturation",
            "1: mean response times beyond the largest thread count trained on follow the "
            "operational bounds of a closed workload",
            "", true, 0, 1, 1, false},
        {"request_bound",
            "1: mean response times beyond the largest request size trained on grow at most in "
            "proportion to the request",
            "", true, 0, 1, 1, false},
        {"measured_span",
            "1: a model that knows little answers within the measured values inside their "
            "ranges, and a value never trained on gets an interval spanning them",
            "", true, 0, 1, 1, false},
        {"interval_scale",
            "1: each prediction interval is scaled by how far the best-ranked candidates disagree "
            "at the configuration",
            "", true, 0, 1, 1, false},
        {"repeat_noise",
            "1: no prediction interval is narrower than the spread of repeated runs of one "
            "configuration in the training data",
            "", true, 0, 1, 1, false}};
}

ParamValues AutoModel::parameters() const
{
    return {{"max_combined", m_params.maxCombined}, {"cache_steps", m_params.cacheStepsPerOctave},
        {"writer_share", m_params.writerShare ? 1 : 0},
        {"reader_share", m_params.readerShare ? 1 : 0},
        {"residual_smoothing", m_params.residualSmoothing ? 1 : 0},
        {"tie_average", m_params.tieAverage ? 1 : 0},
        {"thread_saturation", m_params.threadSaturation ? 1 : 0},
        {"request_bound", m_params.requestBound ? 1 : 0},
        {"measured_span", m_params.measuredSpan ? 1 : 0},
        {"interval_scale", m_params.intervalScale ? 1 : 0},
        {"repeat_noise", m_params.repeatNoise ? 1 : 0}};
}

void AutoModel::setParameters(const ParamValues& values)
{
    const ParamValues resolved = resolveParameters(kTechnique, paramSpecs(), values);
    m_params.maxCombined = static_cast<int>(resolved.at("max_combined"));
    m_params.cacheStepsPerOctave = static_cast<int>(resolved.at("cache_steps"));
    m_params.writerShare = resolved.at("writer_share") != 0.0;
    m_params.readerShare = resolved.at("reader_share") != 0.0;
    m_params.residualSmoothing = resolved.at("residual_smoothing") != 0.0;
    m_params.tieAverage = resolved.at("tie_average") != 0.0;
    m_params.threadSaturation = resolved.at("thread_saturation") != 0.0;
    m_params.requestBound = resolved.at("request_bound") != 0.0;
    m_params.measuredSpan = resolved.at("measured_span") != 0.0;
    m_params.intervalScale = resolved.at("interval_scale") != 0.0;
    m_params.repeatNoise = resolved.at("repeat_noise") != 0.0;
    m_chosen.clear();
}

namespace {

FitReport reportOf(const Eigen::VectorXd& fitted, const Dataset& data, double seconds)
{
    FitReport report;
    setTrainingFit(report, (fitted - data.y).squaredNorm(), data.y);
    report.seconds = seconds;
    return report;
}

} // namespace

std::shared_ptr<const CandidateSpec> AutoModel::otherTimesSpec(const Dataset& data) const
{
    const bool writers = m_params.writerShare && data.metric == Metric::RtWriteMs;
    const bool readers = m_params.readerShare && data.metric == Metric::RtReadMs;
    const std::shared_ptr<const Dataset>& other
        = writers ? data.readTimes : (readers ? data.writeTimes : nullptr);
    if (!other)
        return nullptr;
    // The share is solved with the other direction's model, so it is only as good as that
    // model's times: with each candidate's own spec, the third system's write candidates took
    // their read times at a 4 GiB file set from a read model that answered 73 ms (11.9
    // measured; auto's read model 4.8), found only absorbed writes consistent there and
    // answered 0.001 ms for writes measured at 8 ms. The other times' own selection picks the
    // spec; its first member. Those times come without ours, so that selection has no share
    // candidates of its own (no recursion), and it is remembered like any response-time fit.
    Dataset logged = *other;
    logged.y = logged.y.array().log();
    AutoModel times(m_budget);
    times.m_params = m_params;
    try {
        times.fit(logged);
    } catch (const DataError&) {
        return nullptr; // too few levels of those times to rank on
    }
    CandidateSpec spec = times.chosen().front().first;
    return std::make_shared<const CandidateSpec>(std::move(spec));
}

std::optional<FitReport> AutoModel::fitComposed(const Dataset& data)
{
    const auto start = std::chrono::steady_clock::now();
    if (!data.metric || !isRateMetric(*data.metric) || !data.closedWorkload())
        return std::nullopt;
    // The read shares the composition will be asked about: those of the schema (its range, which
    // the times' rows widen: a read throughput measured at 100 % reads alone, asked about a mix,
    // needs the write times), not only the rate's own rows'.
    const auto [fewestReads, mostReads] = readShareRange(data.schema);
    const bool needsRead = mostReads > 0.0, needsWrite = fewestReads < 1.0;
    if ((needsRead && !data.readTimes) || (needsWrite && !data.writeTimes))
        return std::nullopt;
    const auto fitTimes = [&](const Dataset& times) {
        Dataset logged = times;
        logged.y = logged.y.array().log();
        // The thread-share candidates need the other direction's times of the same fold.
        if (logged.metric == Metric::RtWriteMs)
            logged.readTimes = data.readTimes;
        if (logged.metric == Metric::RtReadMs)
            logged.writeTimes = data.writeTimes;
        auto model = std::make_shared<AutoModel>(m_budget);
        model->m_params = m_params;
        model->fit(logged);
        return model;
    };
    std::shared_ptr<AutoModel> reads, writes;
    try {
        reads = needsRead ? fitTimes(*data.readTimes) : nullptr;
        writes = needsWrite ? fitTimes(*data.writeTimes) : nullptr;
    } catch (const DataError&) {
        return std::nullopt; // too few levels of the times: the rate's own model
    }
    becomeComposed(*data.metric, data.schema, reads, writes, data.rows(),
        data.littleRatio.value_or(std::numeric_limits<double>::quiet_NaN()));
    // The composition's interval is calibrated on its own held-out points, as a chosen
    // candidate's is, so an 80 % interval means the same for every auto model. Composing the
    // times' interval bounds instead (the longer times give the lower rate) is only the fallback
    // for too few points: it takes both directions' worst case at once and covered 100 % of
    // the third system's held-out runs between the grid's levels, calibrated 91-92 %.
    static const GroupedCvResult kNone;
    static const std::vector<Configuration> kNoConfigs;
    const GroupedCvResult held = composedHeldOut(data, *data.metric, reads ? reads->m_aware : kNone,
        reads ? reads->m_awareConfigs : kNoConfigs, writes ? writes->m_aware : kNone,
        writes ? writes->m_awareConfigs : kNoConfigs);
    m_repeatNoise = m_params.repeatNoise ? RepeatNoise::of(data.runSpread) : RepeatNoise {};
    LevelCalibration unscaledInside;
    if (held.points.size() >= kMinKindPoints) {
        Calibrations calibrations = calibrationsOf(held, m_repeatNoise);
        m_inside = std::move(calibrations.inside);
        m_beyond = std::move(calibrations.beyond);
        unscaledInside = std::move(calibrations.unscaledInside);
        m_selectionScore = {CandidateSpec {}, held.interpolationError, held.extrapolationError,
            held.overallError, held.meanLogRatioError, {}};
    }
    m_ranges = core::measuredRanges(data);
    // Held by the same rule as a chosen candidate, though its times are held within theirs:
    // those span every request size, so trained on a seeded 30 % of the 2 GiB page cache's
    // grid, the read time of 64 KiB sequential reads was held at the fastest read measured (a
    // 4 KiB one, 0.0066 ms), and the read throughput composed from it was 148 GiB/s, 24 times
    // the 6.1 GiB/s measured.
    m_span = spanOfTrained(data.y, unscaledInside);
    m_typicalScale = medianScaleAt(data.x);
    return reportOf(predict(data.x), data,
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
}

void AutoModel::becomeComposed(Metric metric, const FeatureSchema& schema,
    std::shared_ptr<const AutoModel> reads, std::shared_ptr<const AutoModel> writes,
    Eigen::Index rows, double littleRatio)
{
    m_chosen.clear();
    m_smoother.reset();
    m_smoothingLogRatios
        = {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::quiet_NaN()};
    m_scores.clear();
    m_chosenScore = m_selectionScore = CandidateScore {};
    m_inside = m_beyond = LevelCalibration {};
    m_scale = IntervalScale {};
    m_typicalScale = 1.0;
    m_requestBound = RequestBound {};
    m_span = MeasuredSpan {};
    m_repeatNoise = RepeatNoise {};
    m_factors.clear();
    m_rankedRows = m_trainingRows = rows;
    m_screened = false;
    m_littleRatio = littleRatio;
    m_rateMetric = metric;
    m_rateSchema = schema;
    m_readTimes = std::move(reads);
    m_writeTimes = std::move(writes);
}

Eigen::VectorXd AutoModel::composedRate(const Eigen::MatrixXd& x, const Eigen::VectorXd& logReadMs,
    const Eigen::VectorXd& logWriteMs) const
{
    return composeRate(x, m_rateSchema, *m_rateMetric, logReadMs, logWriteMs);
}

FitReport AutoModel::fit(const Dataset& data)
{
    m_readTimes.reset();
    m_writeTimes.reset();
    m_rateMetric.reset();
    if (const auto composed = fitComposed(data))
        return *composed;
    if (!data.metric || isRateMetric(*data.metric))
        return fitDirect(data);
    // A response time: its fit is remembered, as the rates' compositions fit it again.
    static AutoFitMemo memo;
    const std::string settings = std::to_string(m_params.maxCombined) + " "
        + std::to_string(m_params.cacheStepsPerOctave) + " "
        + std::to_string(static_cast<int>(m_params.writerShare)) + " "
        + std::to_string(static_cast<int>(m_params.readerShare)) + " "
        + std::to_string(static_cast<int>(m_params.residualSmoothing)) + " "
        + std::to_string(static_cast<int>(m_params.tieAverage)) + " "
        + std::to_string(static_cast<int>(m_params.threadSaturation)) + " "
        + std::to_string(static_cast<int>(m_params.requestBound)) + " "
        + std::to_string(static_cast<int>(m_params.measuredSpan)) + " "
        + std::to_string(static_cast<int>(m_params.intervalScale)) + " "
        + std::to_string(static_cast<int>(m_params.repeatNoise))
        + " "
        // The repeated runs' spread is no part of x and y, but of the model (its intervals).
        + (m_params.repeatNoise ? RepeatNoise::of(data.runSpread).toJson().dump() : "") + " "
        + std::to_string(m_budget.selectionRows) + " " + std::to_string(m_budget.screeningRowFits)
        + " " + std::to_string(m_budget.screenedSets) + " " + std::to_string(m_budget.seed) + " "
        + std::string(metricName(*data.metric));
    // Only the other direction's times that a share candidate of this metric fits on belong to
    // the fit, and so to the key: without the readers' share a read-time fit is the same with or
    // without write times, which the composition passes and the writers' read model does not.
    Dataset used = data;
    if (!m_params.writerShare || data.metric != Metric::RtWriteMs)
        used.readTimes.reset();
    if (!m_params.readerShare || data.metric != Metric::RtReadMs)
        used.writeTimes.reset();
    if (!m_budget.rememberFits)
        return fitDirect(used);
    const auto start = std::chrono::steady_clock::now();
    const AutoFitMemo::Fitted fitted = memo.fitted(settings, used, [&] {
        auto model = std::make_shared<AutoModel>(*this);
        const FitReport report = model->fitDirect(used);
        return AutoFitMemo::Fitted {std::move(model), report};
    });
    *this = *fitted.model;
    FitReport report = fitted.report;
    report.seconds
        = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return report;
}

FitReport AutoModel::fitDirect(const Dataset& data)
{
    const auto start = std::chrono::steady_clock::now();
    // Candidates are ranked on a seeded sample of the configurations when there are more than
    // the budget allows (AutoBudget); the chosen ones are fitted on every row below.
    std::vector<Eigen::Index> rankedIndices;
    for (std::size_t i : sampleIndices(static_cast<std::size_t>(data.rows()),
             static_cast<std::size_t>(std::max<Eigen::Index>(m_budget.selectionRows, 1)),
             m_budget.seed))
        rankedIndices.push_back(static_cast<Eigen::Index>(i));
    const bool sampled = static_cast<Eigen::Index>(rankedIndices.size()) < data.rows();
    const Dataset ranked = sampled ? subset(data, rankedIndices) : Dataset {};
    const Dataset& rankData = sampled ? ranked : data;

    GroupedCvOptions options;
    options.factors = groupingFactors(rankData);
    if (options.factors.empty()) {
        // No factor with three levels: each level of a two-level factor is predicted from the
        // other, extrapolation only, the only what-if evidence such data holds.
        options.minLevels = 2;
        options.factors = groupingFactors(rankData, options.minLevels);
    }
    if (options.factors.empty())
        throw DataError("AutoModel::fit: no numeric factor (request size, file set, read share, "
                        "...) has 2 or more measured levels, so the candidates cannot be "
                        "compared on levels left out of training");
    const std::vector<FeatureSet> sets = featureSets(rankData, m_params);
    // The readers' share is tried only where the candidates are ranked on every row, as the
    // residual smoothing is: on the window's sample of a database of 100,000 configurations it
    // took auto's four metrics from 45 s to over 60 s (bench_window_open), where a grid's fit
    // takes seconds.
    const std::shared_ptr<const CandidateSpec> otherTimes
        = sampled && data.metric == Metric::RtReadMs ? nullptr : otherTimesSpec(rankData);
    // Read times take their readers' candidates after the others, on the feature sets those
    // rank best (kReaderShareSets); write times take their writers' candidates with the rest.
    const bool readersLater = otherTimes && data.metric == Metric::RtReadMs;
    const std::shared_ptr<const CandidateSpec> firstOther = readersLater ? nullptr : otherTimes;
    const std::vector<CandidateSpec> every
        = candidateSpecs(rankData, kTechniques, sets, firstOther, m_params.threadSaturation);
    const double rowFits = static_cast<double>(rankData.rows()) * static_cast<double>(every.size())
        * static_cast<double>(heldOutGroupCount(rankData, options.factors));
    const bool screened = rowFits > m_budget.screeningRowFits
        && sets.size() > static_cast<std::size_t>(m_budget.screenedSets);
    // Every candidate is scored on the same folds (their training sets built once). Folds that
    // cannot be made fail every candidate alike, reported as such a failure was before.
    const GroupedCvPlan plan = [&] {
        try {
            return planGroupedCv(rankData, options);
        } catch (const std::exception& e) {
            throw DataError(
                std::string("AutoModel::fit: no candidate could be scored: ") + e.what());
        }
    }();
    std::vector<CandidateSpec> specs;
    std::vector<GroupedCvResult> results;
    std::vector<CandidateScore> scores;
    // Scores `more` and appends it to the candidates, in order, so ties resolve the same on every
    // run.
    const auto scoreMore = [&](std::vector<CandidateSpec> more) {
        std::vector<GroupedCvResult> moreResults(more.size());
        std::vector<CandidateScore> moreScores
            = scoreCandidates(more, rankData, options, plan, moreResults);
        specs.insert(specs.end(), more.begin(), more.end());
        results.insert(results.end(), std::make_move_iterator(moreResults.begin()),
            std::make_move_iterator(moreResults.end()));
        scores.insert(scores.end(), moreScores.begin(), moreScores.end());
    };
    if (screened) {
        // lm on every feature set, then the other techniques on lm's best sets only.
        scoreMore(candidateSpecs(
            rankData, {kTechniques.front()}, sets, firstOther, m_params.threadSaturation));
        const std::vector<std::string> others(kTechniques.begin() + 1, kTechniques.end());
        scoreMore(candidateSpecs(rankData, others,
            bestFeatureSets(scores, static_cast<std::size_t>(m_budget.screenedSets)), firstOther,
            m_params.threadSaturation));
    } else {
        scoreMore(every);
    }
    if (readersLater) {
        std::vector<CandidateSpec> readers;
        for (const CandidateSpec& spec : candidateSpecs(rankData, kTechniques,
                 bestFeatureSets(scores, kReaderShareSets), otherTimes, m_params.threadSaturation))
            if (spec.readerShare)
                readers.push_back(spec);
        scoreMore(std::move(readers));
    }
    // The chosen candidates refitted on every row. One that answers zero or less for a measured
    // configuration (a raw line crossing zero inside the data) is not kept, and the choice is
    // made again without it: on fio-tiered, raw Cubist was chosen for the write time and
    // answered 0.0003 ms for 4 KiB sequential writes of a 4 GiB file set measured at 0.28 ms,
    // and the write throughput composed from it was 7 GiB/s against 223 MiB/s measured. Its
    // folds are scored as they are: a fold trained without a level may cross zero where the
    // whole data does not (dropping such candidates from the ranking altogether made the
    // held-out tables worse on three of the measured systems, README).
    std::vector<CandidateSpec> memberSpecs;
    const Selection selection = selectKept(scores, results, m_params.maxCombined,
        m_params.tieAverage,
        [&](std::size_t position, std::size_t candidate) -> std::optional<std::string> {
            if (position == 0) {
                m_chosen.clear();
                memberSpecs.clear();
            }
            auto model = std::make_shared<AutoCandidate>(specs[candidate]);
            model->fit(data);
            if (model->answersFloorAt(data.x))
                return std::string(kNotKeptPrefix)
                    + " refitted on all rows, it answers zero or less at a measured configuration";
            memberSpecs.push_back(specs[candidate]);
            m_chosen.push_back({std::move(model), 0.0, 1});
            return std::nullopt;
        });
    for (std::size_t m = 0; m < m_chosen.size(); ++m) {
        m_chosen[m].weight = selection.chosen.weights[m];
        m_chosen[m].tied = selection.chosen.tied[m];
    }
    m_rankedRows = rankData.rows();
    m_trainingRows = data.rows();
    m_screened = screened;
    m_scores = std::move(scores);
    // Intervals are calibrated on the residuals of the selection, not of the model it chose:
    // in a nested grouped CV of the whole fit, intervals from the chosen model's own residuals
    // covered 66 % at 80 % (fio-tiered tp_read_mbs), 79 % from the selection's. On a screened
    // large dataset the candidates scored stay those lm's full ranking picked; only the choice
    // among them is re-made per level.
    GroupedCvResult chosenCv = selection.cv;
    GroupedCvResult aware = selectionAwarePoints(
        m_scores, results, m_params.maxCombined, m_params.tieAverage, selection.cv);
    m_ranges = core::measuredRanges(data);
    m_smoother.reset();
    m_smoothingLogRatios
        = {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::quiet_NaN()};
    if (m_params.residualSmoothing && !sampled) {
        const SmoothingScale scale = SmoothingScale::of(data.schema, m_ranges, options.factors);
        const SmoothingChoice choice
            = chooseSmoothing(memberSpecs, selection.chosen.weights, rankData, options, scale);
        m_smoothingLogRatios = {choice.offLogRatio, choice.logRatio};
        if (choice.spec.on()) {
            // Only the chosen model's own figures take the correction. The selection's points,
            // which calibrate the intervals and estimate the error on an unmeasured level, stay
            // as they were: the correction is strong next to measured configurations and fades
            // away from them (across a factor the grouped CV could not hold out it is nothing),
            // and the interval must hold there too. Calibrated on corrected points, fio-tiered's
            // read-throughput intervals covered 58 % between measured levels in a nested
            // grouped CV, 88 % without.
            chosenCv = smoothedPoints(std::move(chosenCv), choice.corrections);
            Eigen::VectorXd fitted = Eigen::VectorXd::Zero(data.rows());
            for (const Member& member : m_chosen)
                fitted += member.weight * member.model->predict(data.x);
            m_smoother = std::make_shared<const ResidualSmoother>(
                choice.spec, scale, data.x, data.y - fitted);
        }
    }
    m_chosenScore = scoreOf(memberSpecs.front(), chosenCv);
    m_selectionScore = scoreOf(memberSpecs.front(), aware);
    // The panel's disagreement at each held-out point scales its residual; the panel refitted on
    // every row scales the intervals asked for.
    m_scale = IntervalScale {};
    if (m_params.intervalScale) {
        const std::vector<std::size_t> panel = IntervalScale::panelOf(m_scores, results);
        auto [scales, scaleFloor] = heldOutScales(results, panel, aware);
        if (panel.size() >= 2 && scales.size() == aware.points.size()) {
            for (std::size_t i = 0; i < scales.size(); ++i)
                aware.points[i].scale = scales[i];
            std::vector<std::shared_ptr<const AutoCandidate>> members;
            for (std::size_t c : panel) {
                // A chosen member is shared, not fitted twice.
                const auto same = std::find_if(m_chosen.begin(), m_chosen.end(),
                    [&](const Member& m) { return m.model->spec().label() == specs[c].label(); });
                if (same != m_chosen.end()) {
                    members.push_back(same->model);
                    continue;
                }
                auto model = std::make_shared<AutoCandidate>(specs[c]);
                model->fit(data);
                members.push_back(std::move(model));
            }
            m_scale = IntervalScale(std::move(members), scaleFloor);
        }
    }
    m_aware = aware;
    m_awareConfigs = sampled ? std::vector<Configuration> {} : data.configs;
    m_repeatNoise = m_params.repeatNoise ? RepeatNoise::of(data.runSpread) : RepeatNoise {};
    Calibrations calibrations = calibrationsOf(aware, m_repeatNoise);
    m_inside = std::move(calibrations.inside);
    m_beyond = std::move(calibrations.beyond);
    m_factors.clear();
    for (Factor f : options.factors)
        m_factors.emplace_back(featureName(f));
    m_littleRatio = data.littleRatio.value_or(std::numeric_limits<double>::quiet_NaN());
    // After the choice: a bound on the answers beyond the data, not a candidate to rank. Inside
    // the candidates it changed the choices, and with them figures it cannot reach (fio-tiered's
    // nested read-time extrapolation 160 -> 779 %, README "The request size").
    m_requestBound = m_params.requestBound ? RequestBound::of(data) : RequestBound {};
    m_span = spanOfTrained(data.y, calibrations.unscaledInside);
    m_typicalScale = medianScaleAt(data.x);

    return reportOf(predict(data.x), data,
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
}

Eigen::VectorXd AutoModel::predict(const Eigen::MatrixXd& x) const
{
    if (!isFitted())
        throw StateError("AutoModel::predict: the model is not fitted");
    if (composed())
        return m_span.hold(
            composedRate(x, m_readTimes ? m_readTimes->predict(x) : Eigen::VectorXd {},
                m_writeTimes ? m_writeTimes->predict(x) : Eigen::VectorXd {}),
            x, m_ranges);
    return m_requestBound.answer(
        x, [this](const Eigen::MatrixXd& asked) { return predictChosen(asked); });
}

Eigen::VectorXd AutoModel::predictChosen(const Eigen::MatrixXd& x) const
{
    Eigen::VectorXd y = Eigen::VectorXd::Zero(x.rows());
    for (const Member& member : m_chosen)
        y += member.weight * member.model->predict(x);
    if (m_smoother)
        y += m_smoother->correction(x);
    return m_span.hold(std::move(y), x, m_ranges);
}

bool AutoModel::boundsThreadsAbove() const
{
    if (composed())
        return (m_readTimes && m_readTimes->boundsThreadsAbove())
            || (m_writeTimes && m_writeTimes->boundsThreadsAbove());
    return std::any_of(m_chosen.begin(), m_chosen.end(),
        [](const Member& member) { return member.model->saturation().on(); });
}

bool AutoModel::boundsRequestsAbove() const
{
    if (composed())
        return (m_readTimes && m_readTimes->boundsRequestsAbove())
            || (m_writeTimes && m_writeTimes->boundsRequestsAbove());
    return m_requestBound.on();
}

bool AutoModel::followsTransferTimeAbove() const
{
    if (composed())
        return (m_readTimes && m_readTimes->followsTransferTimeAbove())
            || (m_writeTimes && m_writeTimes->followsTransferTimeAbove());
    return m_requestBound.on() && m_requestBound.below > 0.0;
}

std::vector<std::pair<CandidateSpec, double>> AutoModel::chosen() const
{
    std::vector<std::pair<CandidateSpec, double>> out;
    for (const Member& member : m_chosen)
        out.emplace_back(member.model->spec(), member.weight);
    return out;
}

std::unique_ptr<Regressor> AutoModel::clone() const
{
    return std::make_unique<AutoModel>(*this);
}

} // namespace iolens::core
