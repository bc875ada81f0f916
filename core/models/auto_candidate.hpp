// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/auto_interval.hpp"
#include "models/derived_features.hpp"
#include "models/last_prediction.hpp"
#include "models/regressor.hpp"
#include "models/thread_saturation.hpp"

#include <memory>
#include <string>

namespace iolens::core {

/// The response scale a candidate of the auto model fits on.
enum class ResponseScale {
    Log, ///< fits y as given (log of the metric, TrainedModel's default)
    Raw, ///< fits exp(y), the metric itself, as the ICPE'13 paper did
};

/// What one candidate of the auto model is: technique (default parameters), scale, features,
/// and for throughput and IOPS whether it models them through Little's law.
struct CandidateSpec {
    std::string technique;
    ResponseScale scale = ResponseScale::Log;
    FeatureSet features;
    /// Fit log(metric) - littleOffset (the log of the mean time per request) and add the offset
    /// back when predicting; Log scale and throughput or IOPS metrics only.
    bool littleView = false;
    /// Sizes that enter as their log2 alone (Log scale): those the whole dataset measured at two
    /// levels (twoLevelSizes), decided once for every fit, so grouped CV folds that leave a
    /// third level out fit the same columns as the full data. Not part of the label.
    std::vector<Factor> log2Only;
    /// Write response times only, Log scale: the writers' share of the threads
    /// (writer_share.hpp) enters beside read_pct, measured on each training row from its read
    /// and write times and, when predicting, solved for together with a read-time model fitted
    /// beside it on the read times of the same rows.
    bool writerShare = false;
    /// Read response times only, Log scale: the same with the directions swapped, the readers'
    /// share solved with a write-time model.
    bool readerShare = false;
    /// writerShare or readerShare: the spec of that other direction's time model, the
    /// candidate auto ranks first for those times; null: this spec without the share (model
    /// files from before it).
    std::shared_ptr<const CandidateSpec> otherTimes = nullptr;
    /// Mean response times of a closed workload: beyond the largest thread count trained on, the
    /// answer follows the operational bounds (thread_saturation.hpp), not the regression's own
    /// line. Not part of the label: auto sets it for every candidate of a fit alike.
    bool saturation = false;

    /// writerShare or readerShare: the share of the threads in the metric's direction.
    bool threadShare() const { return writerShare || readerShare; }
    /// "mars log log2+cache 1.41 GiB", "cubist log log2 little", "lm log log2 writers",
    /// "lm log log2 readers"
    std::string label() const;
    nlohmann::json toJson() const;
    static CandidateSpec fromJson(const nlohmann::json& json);
};

/// One candidate of the auto model as a Regressor, so grouped cross-validation can score it like
/// any technique. It sees data on the log scale (y = log(metric)); it builds the derived
/// features of its FeatureSet and fits the inner technique on them, on its own scale. A Raw
/// candidate fits exp(y) and answers log(max(prediction, floor)), the floor a thousandth of the
/// smallest training value, because a raw-scale fit may predict <= 0 where the log is undefined.
/// Above the measured range of a factor, where a Raw candidate falls below the smallest
/// training value, it answers at the nearest measured point instead (its factors clamped to
/// their measured ranges): a straight line on the raw scale crosses zero where the metric falls,
/// which no time or rate does. fio-tiered's write response time falls from 10 ms at a 1 GiB file
/// set to 4.7 ms at 4 GiB (the reads slow down, so fewer threads write), and Cubist's raw line
/// through them answered 0.0003 ms from 8 GiB on; now it answers as at 4 GiB, the constant
/// extrapolation a tree makes. A Log candidate takes the sizes of spec().log2Only as their log2
/// alone (twoLevelSizes).
/// Every candidate's answers are kept within the training range of y widened by half its width
/// (at least a factor 2 each way): a degree-2 polynomial on the log scale, extrapolated one level
/// further, can predict e^50 ms, and no storage metric leaves its measured range by such factors.
/// The bound is part of the candidate, so grouped cross-validation scores it too.
/// A writer-share candidate (spec().writerShare) needs the data's readTimes; its answer for a
/// configuration is the write time at the fixed point of solveWriterShareLog2, the read time
/// there its read-time model's. A reader-share candidate likewise, with writeTimes and the
/// directions swapped.
/// With spec().saturation, a mean response time beyond the largest thread count trained on is
/// extrapolated by the operational bounds (ThreadSaturation); that answer is bounded by them, not
/// by the clamp to the training range above.
/// Internal to the auto model: not in the registry.
class AutoCandidate final : public Regressor {
public:
    /// Throws ConfigError for an unknown technique.
    explicit AutoCandidate(CandidateSpec spec);
    AutoCandidate(const AutoCandidate& other);
    AutoCandidate& operator=(const AutoCandidate& other);
    AutoCandidate(AutoCandidate&&) noexcept = default;
    AutoCandidate& operator=(AutoCandidate&&) noexcept = default;
    ~AutoCandidate() override = default;

    const CandidateSpec& spec() const { return m_spec; }
    /// How its answers beyond the trained thread counts are extrapolated (off: as fitted).
    const ThreadSaturation& saturation() const { return m_saturation; }
    /// Whether the fitted model (Raw scale) answers zero or less, so its floor, for a row of x
    /// (encoded by the schema it was fitted on), before the guard above a range: asked of the
    /// rows it was trained on, whether its line crosses zero inside the data, where no time or
    /// rate does. Always false on the log scale. Throws StateError before fit.
    bool answersFloorAt(const Eigen::MatrixXd& x) const;

    std::string technique() const override { return "auto-candidate"; }
    std::vector<ParamSpec> paramSpecs() const override { return {}; }
    ParamValues parameters() const override { return {}; }
    void setParameters(const ParamValues& values) override;

    /// Throws DataError if the data lacks the feature set's size columns, if a Raw candidate's
    /// exp(y) overflows (y not on the log scale), if a Little-view candidate's data does not
    /// name a throughput or IOPS metric, or if a writer-share candidate's data is not write
    /// response times with a read_pct column and the read times of its configurations.
    FitReport fit(const Dataset& data) override;
    Eigen::VectorXd predict(const Eigen::MatrixXd& x) const override;
    bool isFitted() const override { return m_inner->isFitted(); }

    std::string describe() const override;
    nlohmann::json saveState() const override;
    void loadState(const nlohmann::json& state, const FeatureSchema& schema) override;
    std::unique_ptr<Regressor> clone() const override;

private:
    CandidateSpec m_spec;
    std::unique_ptr<Regressor> m_inner;
    FeatureSchema m_base; ///< the schema of the data fitted on, before derived columns
    Metric m_metric = Metric::TpReadMbs; ///< the Little view's metric (littleView only)
    double m_floor = 0.0;                ///< smallest raw prediction taken as is (Raw scale)
    double m_low = 0.0;                  ///< answers are clamped to [m_low, m_high] (log scale)
    double m_high = 0.0;
    /// Raw scale: the smallest training value, and the measured span of each factor of m_base;
    /// the guard above the ranges (see the class comment). Empty ranges in files before it.
    double m_smallest = 0.0;
    std::vector<MeasuredRange> m_ranges;
    /// threadShare: the other direction's time model the share is solved with, and the
    /// training range of the log2 share.
    std::shared_ptr<const AutoCandidate> m_otherTimes;
    double m_shareLow = 0.0;
    double m_shareHigh = 0.0;
    /// The last answer (to a threadShare candidate's, or to a sweep's few rows), asked again for
    /// the interval, by the interval's panel and by the rates composed from it.
    LastPrediction m_lastAnswer;
    /// spec().saturation: the trained thread range's top (off where the data does not allow).
    ThreadSaturation m_saturation;

    /// The answers for x (log scale, clamped), before the extrapolation beyond the threads.
    Eigen::VectorXd predictWithin(const Eigen::MatrixXd& x) const;

    /// The schema the inner technique fits on, for data encoded by `base`.
    FeatureSchema innerSchema(const FeatureSchema& base) const;
    /// augmentFeatures of x (encoded by m_base) and, for a writer-share candidate, a last column
    /// (zero) for the share.
    Eigen::MatrixXd innerFeatures(const Eigen::MatrixXd& x) const;
    /// The log2 share of each training row in its metric's direction (fits m_otherTimes on the
    /// other direction's times).
    Eigen::VectorXd fitThreadShares(const Dataset& data);
    /// Log-scale times at the self-consistent share of their direction (clamped to the bound).
    Eigen::VectorXd threadSharePrediction(const Eigen::MatrixXd& x) const;
    /// threadShare: the share of requests in the other direction of each row of x (encoded by
    /// m_base): the read share for the writers' share, the write share for the readers'.
    Eigen::ArrayXd otherShares(const Eigen::MatrixXd& x) const;
    /// Raw-scale predictions of the inner model for x (encoded by m_base), guarded above the
    /// measured ranges.
    Eigen::VectorXd guardedRawPrediction(const Eigen::MatrixXd& x) const;
};

} // namespace iolens::core
