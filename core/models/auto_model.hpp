// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/auto_candidate.hpp"
#include "models/auto_interval.hpp"
#include "models/auto_selection.hpp"
#include "models/interval_scale.hpp"
#include "models/measured_span.hpp"
#include "models/regressor.hpp"
#include "models/repeat_noise.hpp"
#include "models/request_bound.hpp"
#include "models/residual_smoothing.hpp"
#include "validation/grouped_cv.hpp"

#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace iolens::core {

/// Parameters of the auto model.
struct AutoParams {
    /// Largest number of the best candidates averaged with inverse-error weights, used only when
    /// the average scores better in the grouped CV than the best alone. 1..3; 1 = best alone.
    int maxCombined = 3;
    /// Cache sizes tried per doubling of the file set (see cacheSizeCandidates). 1..4.
    int cacheStepsPerOctave = 2;
    /// Write response times with their configurations' read times: every log-scale candidate
    /// also with the writers' share of the threads (AutoCandidate, writer_share.hpp), so a
    /// write-back cache's absorbed writes can be predicted (a 512 MiB-cache tiered stack beyond
    /// its grid: write time 2,336 -> 41 %). On by default; the README gives the figures with
    /// and without, better on 9 of the 12 nested grouped-CV figures of the two tiered grids.
    bool writerShare = true;
    /// Read response times with their configurations' write times: likewise with the readers'
    /// share, the directions swapped (in a closed mix, the fewer threads read, the less reads
    /// queue). On by default: it changed no nested grouped-CV error of the shared grids and
    /// took the 512 MiB-cache stack's held-out read times from 86 / 44 % to 56 / 26 %, at about
    /// twice the cost of a read-time fit, tried on the best-ranked feature sets only (README).
    /// Tried only where the candidates are ranked on every row (AutoBudget), as the residual
    /// smoothing.
    bool readerShare = true;
    /// The chosen model's residuals at the measured configurations smoothed into its answers
    /// nearby (residual_smoothing.hpp), in the setting the grouped CV ranks best, or not at all
    /// where that setting's gain is within one standard error (auto_smoothing.hpp). On by
    /// default: nested grouped CV left both tiered grids as they were and took fio-local's
    /// interpolation from 6.26 to 6.08 % (mean of the four metrics), and the 512 MiB-cache
    /// stack's held-out read times from 98 / 65 to 86 / 44 % (README). Only where the
    /// candidates are ranked on every row (AutoBudget): a correction costs a term per training
    /// row.
    bool residualSmoothing = true;
    /// Candidates with the same held-out predictions everywhere rank as one, their average
    /// (auto_selection.hpp): with a factor measured at two levels in a fold, dozens of cache
    /// sizes and shapes fit the same and answer differently between the levels, and rounding
    /// noise picked one. On by default: fio-tiered's nested read-time error 586 / 300 % ->
    /// 101 / 160 %; fio-local's nested figures and the 512 MiB-cache stack's held-out runs moved
    /// by 0.2 points or less, but that stack's write time between its levels (1,537.0 ->
    /// 1,538.2 %) (README).
    bool tieAverage = true;
    /// Mean response times of a closed workload beyond the largest thread count trained on
    /// follow the operational bounds (thread_saturation.hpp) in every candidate, so the grouped
    /// CV scores them so. On by default (README, "The thread count").
    bool threadSaturation = true;
    /// Mean response times beyond the largest request size trained on grow at most in
    /// proportion to the request (request_bound.hpp), applied to the chosen model's answers
    /// after the choice, so it changes no candidate's score. On by default: of every figure of
    /// `grouped_cv_report` it changed only the volume capped at 2,000 IOPS and 64 MiB/s beyond
    /// its request sizes (read time 523 -> 346 %, read throughput 27 -> 15 %) and the 512
    /// MiB-cache stack trained without its 64 KiB requests (read time 442 -> 246 %, read
    /// throughput 100 -> 94 %) (README, "The request size").
    bool requestBound = true;
    /// Where the chosen model's (or a composed rate's) own interval between measured levels is
    /// wider than the span of the values it was fitted on, its answers inside the measured range of
    /// every factor stay within that span (measured_span.hpp), applied after the choice, as the
    /// request bound. And a value of a factor never trained on takes an interval spanning that span
    /// at least. On by default: `grouped_cv_report` unchanged; of the sweep over every measured
    /// system (tests/tools/level_holdout_sweep.py), 30 % of the 512 MiB-cache stack's grid read
    /// time 56,326 -> 6,905 %, write throughput 17,796 -> 577 %, the capped volume's +0.3 to +4
    /// points where trained without its largest request; the intervals of unlearned values
    /// covered as much or more (fio-local's sequential runs from its random ones 53-78 ->
    /// 90-100 %) (README).
    bool measuredSpan = true;
    /// Each prediction interval scaled by how far the best-ranked candidates disagree at the
    /// configuration asked (interval_scale.hpp), its calibration on the held-out residuals
    /// divided by the same disagreement at their points. Off: one band for every configuration
    /// inside the measured ranges and one beyond them, as wide as the hardest held-out level
    /// makes it (README, "Intervals").
    bool intervalScale = true;
    /// No prediction interval narrower than the spread of the training data's repeated runs of
    /// one configuration (repeat_noise.hpp). On by default: the 4,000-IOPS volume's held-out
    /// runs between its levels, whose band spanned x1.03 where its repeated mixes vary
    /// several-fold, were covered 0 -> 31 %; pooled over the seven measured systems 83.0 ->
    /// 86.5 % between the levels and 89.8 -> 90.9 % beyond them (README, "No interval is
    /// narrower than the repeated runs' spread").
    bool repeatNoise = true;
};

/// How much work auto may spend ranking its candidates. On the grids the papers measure (a few
/// hundred configurations, a handful of levels per factor) none of it applies and every
/// candidate is ranked on every row. A large or continuous dataset (thousands of
/// configurations, ten held-out ranges per factor) would take an hour per metric that way, so
/// above these bounds auto ranks on less and describe() says so. Not a model parameter: it
/// changes how the choice is searched for, not what a chosen model is, and the chosen
/// candidates are always fitted on every row.
struct AutoBudget {
    /// Most configurations the candidates are ranked on; above it, a seeded sample of this many.
    Eigen::Index selectionRows = 1000;
    /// Rows x candidates x held-out groups above which the feature sets are screened first: lm
    /// (milliseconds a fit) tries every feature set, the other techniques only the
    /// `screenedSets` best of them. The shared fio grids need under 1e6.
    double screeningRowFits = 4e6;
    int screenedSets = 4;
    /// Seed of the sample of configurations.
    unsigned seed = 1;
    /// Whether a response time's fit is remembered by its data (AutoFitMemo) and the next fit of
    /// the same data answered from it. Off only where the selection itself is to be timed
    /// (bench_models): there every iteration after the first would be a lookup.
    bool rememberFits = true;
};

/// How a candidate's failure text starts when the choice did not keep it after refitting it on
/// every row (describe() prints such reasons; other failures show as "failed").
inline constexpr const char* kNotKeptPrefix = "not kept:";

/// The recommended model, technique "auto": it picks, for the data at hand, the candidate that
/// best predicts configurations nobody measured. Candidates are the fast techniques (lm, mars,
/// cart, cubist at their defaults; m5 equals cubist there) x response scale (log, raw) x feature
/// set (plain, log2 sizes, log2 sizes plus an estimated cache hit ratio for each candidate cache
/// size, and the log miss share for each cache size and hit/miss time ratio, each beside the
/// file-set column or instead of it: FeatureSet::cacheOnly); for throughput and
/// IOPS each log-scale candidate also in its Little's-law view (littleOffset), and for write
/// response times with their configurations' read times each log-scale candidate also with the
/// writers' share of the threads (AutoParams::writerShare; for read times, the readers' share,
/// AutoParams::readerShare, where the candidates are ranked on every row). Each is scored by
/// leave-level-out cross-validation (validation/grouped_cv.hpp) on the training data, by the mean
/// absolute log ratio of its held-out predictions; the best, or an inverse-error-weighted
/// average of the best two or three if that scores better, is refitted on all data, and its
/// residuals at the measured configurations may correct its answers nearby where that scores
/// clearly better on the same folds (AutoParams::residualSmoothing, auto_smoothing.hpp). The
/// out-of-fold residuals of the selection itself (selectionAwarePoints) calibrate split-conformal
/// prediction intervals. Expects y on the log scale (TrainedModel's default). Fit cost: one fit
/// per candidate and held-out level (a few seconds on 345 rows).
///
/// A rate (throughput or IOPS) of a closed workload whose data carries the response times its
/// rows need (Dataset::readTimes, writeTimes) is not modelled on its own: two auto models learn
/// the read and the write response time, and the rate is composed from them by Little's law
/// (auto_composition.hpp). Its interval is calibrated like any auto model's, on the composition
/// of their held-out predictions (composedHeldOut); composed() says so. The grouped CV of the
/// grid cannot choose between the two: it holds out request sizes and file sets, where the
/// rate's own model does as well or better (fio-tiered's write throughput), but not read
/// shares (a direction's rate is measured at two, 50 and 100 % reads), where a rate's own
/// model has nothing to go on and the composition has Little's law; see the README.
class AutoModel final : public Regressor {
public:
    static constexpr const char* kTechnique = "auto";
    /// 2: intervals calibrated apart inside and beyond the measured ranges (version 1 files, one
    /// calibration for both, still load). 3: a rate may be composed from response-time models
    /// (key "composed"); other states are as in version 2. 4: the chosen candidates' residuals
    /// may be smoothed (key "smoothing"; absent, none). 5: candidates may answer beyond the
    /// trained thread counts by the operational bounds (their key "thread_saturation"); a file
    /// before it was fitted without them, so its thread_saturation parameter loads as 0. 6: the
    /// answers beyond the trained request sizes may be bounded (key "request_bound"); a file
    /// before it loads with request_bound 0. 7: that bound holds a lower law too ([column, top,
    /// below]); a version 6 file's [column, top] loads without it and answers as it did. 8:
    /// answers inside the measured ranges may be held within the values trained on, which span
    /// the interval of a value never trained on (key "measured_span"); a file before it loads
    /// with measured_span 0. 9: the intervals may be scaled per configuration (key
    /// "interval_scale"); a file before it loads with interval_scale 0 and answers as it did.
    /// 10: no interval narrower than the repeated runs' spread (key "repeat_noise"); a file
    /// before it loads with repeat_noise 0 and answers as it did.
    static constexpr int kStateVersion = 10;
    /// Interval level describe() and the stored coverage refer to.
    static constexpr double kDefaultLevel = LevelCalibration::kReferenceLevel;

    AutoModel() = default;
    explicit AutoModel(AutoBudget budget)
        : m_budget(budget)
    {
    }

    std::string technique() const override { return kTechnique; }
    std::vector<ParamSpec> paramSpecs() const override;
    ParamValues parameters() const override;
    void setParameters(const ParamValues& values) override;

    /// Holds out the levels of every numeric factor with three or more levels; when none has,
    /// those of the factors with two (each predicted from the other). Throws DataError if no
    /// numeric factor has two levels, or if no candidate can be scored.
    FitReport fit(const Dataset& data) override;
    Eigen::VectorXd predict(const Eigen::MatrixXd& x) const override;
    /// prediction + conformal bounds on the log scale: from the residuals of interpolated levels
    /// for a configuration inside every measured range, of extrapolated levels for one beyond
    /// any (insideInterval, beyondInterval), there widened to cover the inside interval too.
    /// A row `unlearned` marks (see Regressor) takes the bounds of one step beyond at least.
    using Regressor::predictInterval;
    std::optional<std::pair<Eigen::VectorXd, Eigen::VectorXd>> predictInterval(
        const Eigen::MatrixXd& x, double level, const std::vector<char>& unlearned) const override;
    bool isFitted() const override { return !m_chosen.empty() || composed(); }
    bool needsLogResponse() const override { return true; }
    bool composesRates() const override { return true; }

    std::string describe() const override;
    nlohmann::json saveState() const override;
    void loadState(const nlohmann::json& state, const FeatureSchema& schema) override;
    std::unique_ptr<Regressor> clone() const override;

    /// Configurations the candidates were ranked on (below trainingRows() when on a sample), and
    /// whether lm screened the feature sets first (AutoBudget).
    Eigen::Index rankedRows() const { return m_rankedRows; }
    Eigen::Index trainingRows() const { return m_trainingRows; }
    bool screened() const { return m_screened; }
    /// Every candidate scored in the last fit, in the order tried.
    const std::vector<CandidateScore>& candidates() const { return m_scores; }
    /// The chosen candidates (refitted on all data) and their weights, summing to 1.
    std::vector<std::pair<CandidateSpec, double>> chosen() const;
    /// Grouped-CV figures of the chosen model (one candidate or the average). Optimistic for the
    /// model as chosen: it is the candidate that happened to do best on these very levels.
    const CandidateScore& chosenScore() const { return m_chosenScore; }
    /// Grouped-CV figures of the selection itself: each level predicted by the combination the
    /// selection rule picks with that level's rows left out of the ranking as well (spec: the
    /// chosen model's first). What auto can be expected to score on a level nobody measured; the
    /// intervals are calibrated on these residuals. NaN in files written before it was kept.
    const CandidateScore& selectionScore() const { return m_selectionScore; }
    /// The interval calibration of configurations inside every measured range: from the
    /// selection's residuals on interpolated levels (on all held-out levels when fewer than
    /// kMinKindPoints were interpolated, and in files of state version 1).
    const LevelCalibration& insideInterval() const { return m_inside; }
    /// The same beyond a measured range, from extrapolated levels: one level beyond the
    /// measured ones, so farther out an interval is narrower than it should be.
    const LevelCalibration& beyondInterval() const { return m_beyond; }
    /// The bounds (log scale, added to a prediction) beyond a measured range at `level`: those of
    /// beyondInterval widened to cover insideInterval's. Throws ConfigError outside (0, 1).
    ConformalBounds boundsBeyond(double level) const;
    /// Per row of x, the scale of its interval: the calibrations' bounds times it are added to the
    /// prediction (IntervalScale; 1 where off). A composed rate's comes from its times' scales,
    /// each weighted by its share of the mean time per request. O(the panels' predictions; a
    /// composed rate's also its times').
    Eigen::VectorXd intervalScaleAt(const Eigen::MatrixXd& x) const;
    /// The panel whose disagreement scales the intervals (off for a composed rate).
    const IntervalScale& intervalScale() const { return m_scale; }
    /// The median of intervalScaleAt over the rows trained on: describe() gives the bands at it.
    /// 1 where the intervals are not scaled.
    double typicalScale() const { return m_typicalScale; }
    /// The residual smoothing added to the chosen candidates' answers (off when none won).
    SmoothingSpec smoothing() const { return m_smoother ? m_smoother->spec() : SmoothingSpec {}; }
    /// Mean |log(predicted / measured)| of the chosen model's held-out levels without and with
    /// the best smoothing setting; NaN when it was not tried.
    std::pair<double, double> smoothingLogRatios() const { return m_smoothingLogRatios; }
    /// The measured span of each numeric factor; empty in files of state version 1.
    const std::vector<MeasuredRange>& measuredRanges() const { return m_ranges; }
    /// The values it was trained on, and whether its answers inside the ranges are held within
    /// them (AutoParams::measuredSpan); off for a model file from before it.
    const MeasuredSpan& measuredSpan() const { return m_span; }
    /// The spread of the repeated runs trained on, the least an interval spans
    /// (AutoParams::repeatNoise); empty without repeats and in files from before it.
    const RepeatNoise& repeatNoise() const { return m_repeatNoise; }
    /// Whether mean response times above the largest thread count trained on follow the
    /// operational bounds (AutoParams::threadSaturation, where the data allowed it): the chosen
    /// model's, or a composed rate's response-time models'.
    bool boundsThreadsAbove() const;
    /// Whether mean response times above the largest request size trained on are bounded by it
    /// (AutoParams::requestBound, where the data allowed it): this model's, or a composed
    /// rate's response-time models'.
    bool boundsRequestsAbove() const;
    /// Whether they also grow there at least as a fixed cost plus a transfer time
    /// (RequestBound::below; models of auto state version 7 on).
    bool followsTransferTimeAbove() const;
    /// Whether the rate is composed from the response-time models below (see the class comment);
    /// then chosen() and candidates() are empty and the scores and calibrations unset.
    bool composed() const { return m_readTimes || m_writeTimes; }
    /// The read / write response-time models of a composed rate (null if its rows need none).
    const AutoModel* readTimesModel() const { return m_readTimes.get(); }
    const AutoModel* writeTimesModel() const { return m_writeTimes.get(); }

    /// Fewest held-out points of one kind (interpolated, extrapolated) calibrated on their own.
    static constexpr std::size_t kMinKindPoints = 20;
    /// Feature sets the readers' candidates of a read time are tried on: those of the best-ranked
    /// other candidates. Every log-scale candidate once more with the readers' share cost 3.3 times
    /// a read-time fit on fio-local (0.63 -> 2.10 s, `train --technique auto --metric rt_read_ms`),
    /// and on the eight best sets 2.2 times (1.37 s); with eight, every figure of
    /// `grouped_cv_report` was that of the whole set but fio-tiered's nested interval coverage
    /// (tp_read_mbs 77 -> 84 %, rt_read_ms 82 -> 84 %, tp_write_mbs 81 -> 90 %: fewer candidates
    /// for the re-selections per level to overfit). With four, the 512 MiB-cache stack's held-out
    /// read times went 55.8 / 25.7 -> 58.6 / 28.2 % (between / beyond its grid).
    static constexpr std::size_t kReaderShareSets = 8;

private:
    /// The model chosen among the candidates (everything but the composition).
    FitReport fitDirect(const Dataset& data);
    /// The chosen candidates' answers with the residual smoothing, before the request bound.
    Eigen::VectorXd predictChosen(const Eigen::MatrixXd& x) const;
    /// Fits the composition when the data allows (a closed workload's rate with the response
    /// times its rows need); nullopt, leaving the model as it was, otherwise.
    std::optional<FitReport> fitComposed(const Dataset& data);
    /// The spec of the other direction's times the thread-share candidates of response times
    /// `data` solve their share with: the first member of auto's choice for data.readTimes
    /// (write times, writers' share) or data.writeTimes (read times, readers' share), or null
    /// where they are not tried: the parameter off, or those times too few to rank.
    std::shared_ptr<const CandidateSpec> otherTimesSpec(const Dataset& data) const;
    /// Makes this the composed rate `metric` of x encoded by `schema` from `reads` and `writes`,
    /// clearing the choice among candidates; calibrations and ranges are the caller's to set.
    void becomeComposed(Metric metric, const FeatureSchema& schema,
        std::shared_ptr<const AutoModel> reads, std::shared_ptr<const AutoModel> writes,
        Eigen::Index rows, double littleRatio);
    /// predict(x) with, per row, the least and the most the request bound's laws allow beyond
    /// the largest request size trained on (RequestBound::Answers; a composed rate's from its
    /// times' laws), log scale; the answer itself elsewhere; `beyond` lists the rows beyond
    /// (either time's, for a rate). With `scale`, also intervalScaleAt(x) there, a composed
    /// rate's from the times' answers already made. O(one prediction).
    RequestBound::Answers requestRange(
        const Eigen::MatrixXd& x, Eigen::VectorXd* scale = nullptr) const;
    /// predictInterval without the repeated runs' spread: the model's own band, and in `answer`
    /// its prediction at x.
    std::pair<Eigen::VectorXd, Eigen::VectorXd> modelInterval(const Eigen::MatrixXd& x,
        double level, const std::vector<char>& unlearned, Eigen::VectorXd& answer) const;
    /// The log-scale rate of a composed model from its response-time models' log predictions.
    Eigen::VectorXd composedRate(const Eigen::MatrixXd& x, const Eigen::VectorXd& logReadMs,
        const Eigen::VectorXd& logWriteMs) const;
    /// The span of the fitted values `y` (log scale) under AutoParams::measuredSpan, holding
    /// where the unscaled interval calibrated inside the ranges, `inside`, is wider. O(n).
    MeasuredSpan spanOfTrained(const Eigen::VectorXd& y, const LevelCalibration& inside) const;
    /// Calibrations inside (extrapolation false) and beyond the ranges from held-out points
    /// `cv`, residuals divided by their points' scales; all of cv for a kind with fewer than
    /// kMinKindPoints. Also the unscaled inside calibration, which MeasuredSpan compares with
    /// the span of the values. `noise`: the runs' spread every shown band is widened to
    /// (m_repeatNoise), which the scaled calibrations judge their coverage with.
    struct Calibrations {
        LevelCalibration inside, beyond, unscaledInside;
    };
    static Calibrations calibrationsOf(const GroupedCvResult& cv, const RepeatNoise& noise);
    /// The median of intervalScaleAt(x) (1 for no rows).
    double medianScaleAt(const Eigen::MatrixXd& x) const;

    /// A chosen candidate. Shared by copies, as it never changes once fitted: auto's fit memo
    /// hands out copies, so a rate's composition and the response-time model itself would each
    /// solve a writers' or readers' candidate's share for the same sweep; shared, the
    /// candidate's last answer serves them once (sliderStep/thirdSystemReaders 5.1 -> 3.9 ms).
    struct Member {
        std::shared_ptr<const AutoCandidate> model;
        double weight = 1.0;
        std::size_t tied = 1; ///< candidates its tie class held (auto_selection.hpp), 1: none
    };
    AutoParams m_params;
    AutoBudget m_budget;
    /// Configurations the candidates were ranked on, and whether lm screened the feature sets
    /// first (AutoBudget); rankedRows < trainingRows when ranked on a sample.
    Eigen::Index m_rankedRows = 0;
    Eigen::Index m_trainingRows = 0;
    bool m_screened = false;
    std::vector<CandidateScore> m_scores;
    CandidateScore m_chosenScore;
    CandidateScore m_selectionScore;
    std::vector<Member> m_chosen;
    /// Null when off. Shared by copies, as it never changes once made: a composed rate holds
    /// copies of the response-time models, and one slider step asks each for the same sweep,
    /// which the shared smoother's last answer then serves once.
    std::shared_ptr<const ResidualSmoother> m_smoother;
    std::pair<double, double> m_smoothingLogRatios {
        std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::quiet_NaN()};
    std::vector<std::string> m_factors; ///< the factors whose levels were held out
    /// Dataset::littleRatio of the training data (NaN if unknown): describe() says whether
    /// throughput was modelled through Little's law only, and why.
    double m_littleRatio = std::numeric_limits<double>::quiet_NaN();
    // Intervals: residuals of interpolated and of extrapolated levels calibrate apart. Pooled,
    // those of extrapolation (larger) made intervals between measured levels too wide (nested
    // grouped CV: 87-100 % coverage at 80 %) and beyond them too narrow (67-82 %).
    LevelCalibration m_inside;
    LevelCalibration m_beyond;
    /// Off where AutoParams::intervalScale is, for a composed rate (its times' scales serve)
    /// and where fewer than two candidates differ.
    IntervalScale m_scale;
    double m_typicalScale = 1.0;
    std::vector<MeasuredRange> m_ranges;
    /// Off for rates, composed or not (their times' models carry it).
    RequestBound m_requestBound;
    /// Off where AutoParams::measuredSpan is; a composed rate's holds by the same rule as a
    /// chosen candidate's (its times' models hold theirs too) and spans the intervals of its
    /// unlearned values.
    MeasuredSpan m_span;
    /// Off where AutoParams::repeatNoise is and where no configuration was run twice.
    RepeatNoise m_repeatNoise;
    // A composed rate: its metric, the schema its x is encoded by, and the response-time models
    // (fitted on the data's readTimes / writeTimes, encoded by the same schema).
    std::optional<Metric> m_rateMetric;
    FeatureSchema m_rateSchema;
    std::shared_ptr<const AutoModel> m_readTimes;
    std::shared_ptr<const AutoModel> m_writeTimes;
    /// The last fitDirect's selection-aware held-out points and the configurations of their rows
    /// (empty when ranked on a sample): a composed rate calibrates its interval on the
    /// composition of its time models' points. Not stored.
    GroupedCvResult m_aware;
    std::vector<Configuration> m_awareConfigs;
};

} // namespace iolens::core
