// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/auto_candidate.hpp"

#include "common/error.hpp"
#include "models/auto_composition.hpp"
#include "models/fit_memo.hpp"
#include "models/regressor_registry.hpp"
#include "models/writer_share.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <optional>

namespace iolens::core {

namespace {

/// The size factor whose feature name is `name` ("request_kib"), if any.
std::optional<Factor> sizeFactorNamed(const std::string& name)
{
    for (Factor f : {Factor::RequestBytes, Factor::FilesetBytes, Factor::Threads})
        if (featureName(f) == name)
            return f;
    return std::nullopt;
}

/// Name of the share column the inner technique sees.
const char* shareColumn(const CandidateSpec& spec)
{
    return spec.writerShare ? "writer_share_log2" : "reader_share_log2";
}

/// The spec of a thread-share candidate's model of the other direction's times.
CandidateSpec otherTimesSpec(const CandidateSpec& spec)
{
    if (spec.otherTimes)
        return *spec.otherTimes;
    CandidateSpec other = spec;
    other.writerShare = other.readerShare = false;
    return other;
}

/// Key of that model in a candidate's state: "reads" for the writers' share (as before the
/// readers' share existed), "writes" for the readers'.
const char* otherTimesKey(const CandidateSpec& spec)
{
    return spec.writerShare ? "reads" : "writes";
}

} // namespace

std::string CandidateSpec::label() const
{
    return technique + (scale == ResponseScale::Log ? " log " : " raw ") + features.label()
        + (littleView ? " little" : "") + (writerShare ? " writers" : "")
        + (readerShare ? " readers" : "");
}

nlohmann::json CandidateSpec::toJson() const
{
    nlohmann::json sizes = nlohmann::json::array();
    for (Factor f : log2Only)
        sizes.push_back(std::string(featureName(f)));
    nlohmann::json json = {{"technique", technique},
        {"scale", scale == ResponseScale::Log ? "log" : "raw"}, {"features", features.toJson()},
        {"little_view", littleView}, {"log2_only", sizes}, {"writer_share", writerShare}};
    // Absent unless on: every other candidate's JSON stays as it was before the readers' share.
    if (readerShare)
        json["reader_share"] = true;
    if (otherTimes)
        json["other_times"] = otherTimes->toJson();
    if (saturation)
        json["saturation"] = true;
    return json;
}

CandidateSpec CandidateSpec::fromJson(const nlohmann::json& json)
{
    CandidateSpec spec;
    spec.technique = json.at("technique").get<std::string>();
    const auto scale = json.at("scale").get<std::string>();
    if (scale != "log" && scale != "raw")
        throw DataError("model file: auto candidate scale '" + scale + "' (log or raw)");
    spec.scale = scale == "log" ? ResponseScale::Log : ResponseScale::Raw;
    spec.features = FeatureSet::fromJson(json.at("features"));
    // Absent in files written before the Little view existed.
    spec.littleView = json.value("little_view", false);
    if (spec.littleView && spec.scale != ResponseScale::Log)
        throw DataError("model file: auto candidate with little_view on the raw scale");
    // Absent in files written before it: sizes entered as the feature set says.
    for (const auto& name : json.value("log2_only", nlohmann::json::array())) {
        const auto factor = sizeFactorNamed(name.get<std::string>());
        if (!factor)
            throw DataError("model file: auto candidate log2_only names '" + name.get<std::string>()
                + "', not request_kib, fileset_mib or threads");
        spec.log2Only.push_back(*factor);
    }
    // Absent in files written before them.
    spec.writerShare = json.value("writer_share", false);
    spec.readerShare = json.value("reader_share", false);
    if (spec.threadShare()
        && (spec.scale != ResponseScale::Log || spec.littleView
            || (spec.writerShare && spec.readerShare)))
        throw DataError("model file: auto candidate with writer_share or reader_share on the raw "
                        "scale, in the Little view, or both");
    // Absent in files written before it: the other direction's model has this spec.
    if (json.contains("other_times")) {
        auto other = std::make_shared<CandidateSpec>(fromJson(json.at("other_times")));
        if (!spec.threadShare() || other->threadShare() || other->littleView)
            throw DataError("model file: auto candidate other_times without writer_share or "
                            "reader_share, or not a plain response-time candidate");
        spec.otherTimes = std::move(other);
    }
    // Absent in files written before it, and when off.
    spec.saturation = json.value("saturation", false);
    return spec;
}

AutoCandidate::AutoCandidate(CandidateSpec spec)
    : m_spec(std::move(spec))
    , m_inner(createRegressor(m_spec.technique))
{
}

void AutoCandidate::setParameters(const ParamValues& values)
{
    if (!values.empty())
        throw ConfigError(
            "an auto candidate takes no parameters, got '" + values.begin()->first + "'");
}

FitReport AutoCandidate::fit(const Dataset& data)
{
    const auto start = std::chrono::steady_clock::now();
    if (!applicable(data.schema, m_spec.features))
        throw DataError("AutoCandidate::fit: '" + m_spec.label()
            + "' needs a request or file-set size column the data does not have");
    m_base = data.schema;
    Eigen::VectorXd shares;
    if (m_spec.threadShare())
        shares = fitThreadShares(data);
    Dataset inner;
    inner.schema = innerSchema(data.schema);
    inner.x = innerFeatures(data.x);
    if (m_spec.threadShare())
        inner.x.col(inner.x.cols() - 1) = shares;
    inner.y = data.y;
    inner.configs = data.configs;
    inner.metric = data.metric;
    inner.littleRatio = data.littleRatio;
    if (m_spec.littleView) {
        if (!data.metric || !hasLittleView(*data.metric) || m_spec.scale != ResponseScale::Log)
            throw DataError("AutoCandidate::fit: '" + m_spec.label()
                + "' needs log-scale throughput or IOPS data");
        m_metric = *data.metric;
        inner.y -= littleOffset(data.x, data.schema, m_metric);
        if (!inner.y.allFinite())
            throw DataError("AutoCandidate::fit: a row with throughput but no share of requests "
                            "in its direction");
    }
    if (m_spec.scale == ResponseScale::Raw) {
        // The paper's raw fit: squared errors weigh large values most, which suits metrics that
        // vary little (fio-local) and is kept as a candidate for them.
        inner.y = data.y.array().exp();
        if (!inner.y.allFinite())
            throw DataError("AutoCandidate::fit: exp(y) overflows; the auto model expects y on "
                            "the log scale");
        // A thousandth of the smallest measurement: far below any plausible answer, yet a
        // finite log, so a negative raw prediction costs a large but finite error.
        m_smallest = inner.y.minCoeff();
        m_floor = m_smallest * 1e-3;
        m_ranges = measuredRanges(data);
    }
    FitReport report = m_inner->fit(inner);
    // The clamp is learned from the training rows only, so in grouped CV a held-out level cannot
    // widen it.
    const double lo = data.y.minCoeff(), hi = data.y.maxCoeff();
    const double margin = std::max(std::log(2.0), 0.5 * (hi - lo));
    m_low = lo - margin;
    m_high = hi + margin;
    m_saturation = m_spec.saturation ? ThreadSaturation::of(data) : ThreadSaturation {};
    m_lastAnswer.clear();
    report.seconds
        = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return report;
}

Eigen::VectorXd AutoCandidate::predict(const Eigen::MatrixXd& x) const
{
    if (!isFitted())
        throw StateError("AutoCandidate::predict: the model is not fitted");
    const auto answer = [&] {
        return m_saturation.extrapolated(
            x, predictWithin(x), [this](const Eigen::MatrixXd& at) { return predictWithin(at); });
    };
    // The whole answer is remembered, extrapolation included: remembering the solver's answer
    // alone, the rows asked at the largest thread count for it would replace x's. A slider step
    // asks every candidate of a sweep for the same rows three times or more (the curve, its
    // interval, the interval's panel, the rates composed from a time): a Cubist candidate's
    // repeats were a fifth of the step (perf, session 59). A batch above a few thousand rows (the
    // training data of a large database) is not copied to be kept.
    constexpr Eigen::Index kRememberedRows = 4096;
    return m_spec.threadShare() || x.rows() <= kRememberedRows ? m_lastAnswer.get(x, answer)
                                                               : answer();
}

bool AutoCandidate::answersFloorAt(const Eigen::MatrixXd& x) const
{
    if (!isFitted())
        throw StateError("AutoCandidate::answersFloorAt: the model is not fitted");
    return m_spec.scale == ResponseScale::Raw
        && (m_inner->predict(innerFeatures(x)).array() <= m_floor).any();
}

Eigen::VectorXd AutoCandidate::predictWithin(const Eigen::MatrixXd& x) const
{
    Eigen::VectorXd y = m_spec.threadShare() ? threadSharePrediction(x)
        : m_spec.scale == ResponseScale::Raw ? guardedRawPrediction(x)
                                             : m_inner->predict(innerFeatures(x));
    if (m_spec.scale == ResponseScale::Raw)
        y = y.array().max(m_floor).log();
    if (m_spec.littleView)
        y += littleOffset(x, m_base, m_metric);
    return y.array().max(m_low).min(m_high);
}

FeatureSchema AutoCandidate::innerSchema(const FeatureSchema& base) const
{
    const FeatureSchema schema = augmentSchema(base, m_spec.features, m_spec.log2Only);
    return m_spec.threadShare()
        ? schema.withDerivedColumn(shareColumn(m_spec), m_shareLow, m_shareHigh)
        : schema;
}

Eigen::MatrixXd AutoCandidate::innerFeatures(const Eigen::MatrixXd& x) const
{
    Eigen::MatrixXd features = augmentFeatures(x, m_base, m_spec.features, m_spec.log2Only);
    if (!m_spec.threadShare())
        return features;
    // The share goes beside read_pct, in a last column the caller fills. In place of read_pct
    // (measured with an earlier solver) it predicted the thread sweep's write times at 128
    // threads worse, 26 -> 35 %.
    features.conservativeResize(Eigen::NoChange, features.cols() + 1);
    features.col(features.cols() - 1).setZero();
    return features;
}

Eigen::VectorXd AutoCandidate::fitThreadShares(const Dataset& data)
{
    const bool writers = m_spec.writerShare;
    const Metric own = writers ? Metric::RtWriteMs : Metric::RtReadMs;
    const std::shared_ptr<const Dataset>& otherData = writers ? data.readTimes : data.writeTimes;
    if (m_spec.scale != ResponseScale::Log || m_spec.littleView || !data.metric
        || *data.metric != own || !otherData || data.schema.numericColumn(Factor::ReadPct) < 0)
        throw DataError("AutoCandidate::fit: '" + m_spec.label() + "' needs log-scale "
            + (writers ? "write" : "read") + " response times with a read_pct column and the "
            + (writers ? "read" : "write") + " response times of their configurations");
    // The other direction's model the share is solved with when predicting, fitted on its
    // times of the same configurations (in grouped CV, of the same fold). Every thread-share
    // candidate of a fold fits the same spec on the same times, so the fit is remembered: on
    // fio-local the readers' candidates refitted the write times' MARS once each per fold, and
    // MARS was half of a read-time fit's profile.
    static FitMemo<std::shared_ptr<const AutoCandidate>> memo;
    const CandidateSpec otherSpec = otherTimesSpec(m_spec);
    Dataset logged = *otherData;
    logged.y = logged.y.array().log();
    std::shared_ptr<const AutoCandidate> other
        = memo.fitted(otherSpec.toJson().dump(), logged, [&] {
              auto fitted = std::make_shared<AutoCandidate>(otherSpec);
              fitted->fit(logged);
              return std::shared_ptr<const AutoCandidate>(std::move(fitted));
          });
    // A training row's share is that of its own measured times; a row without a measured time
    // of the other direction (none in the fio grids) takes the other model's.
    std::map<Configuration, double> measuredOtherMs;
    for (std::size_t j = 0; j < otherData->configs.size(); ++j)
        measuredOtherMs[otherData->configs[j]] = otherData->y(static_cast<Eigen::Index>(j));
    const Eigen::ArrayXd otherShare = otherShares(data.x);
    const Eigen::VectorXd predictedOtherMs = other->predict(data.x).array().exp();
    const bool withConfigs = data.configs.size() == static_cast<std::size_t>(data.rows());
    Eigen::VectorXd shares(data.rows());
    for (Eigen::Index i = 0; i < data.rows(); ++i) {
        double otherMs = predictedOtherMs(i);
        if (withConfigs)
            if (const auto it = measuredOtherMs.find(data.configs[static_cast<std::size_t>(i)]);
                it != measuredOtherMs.end())
                otherMs = it->second;
        // The writers' share with the directions as they are here (writer_share.hpp).
        shares(i) = std::max(
            kLowestWriterShareLog2, writerShareLog2(otherShare(i), otherMs, std::exp(data.y(i))));
    }
    m_otherTimes = std::move(other);
    m_shareLow = shares.minCoeff();
    m_shareHigh = shares.maxCoeff();
    return shares;
}

Eigen::ArrayXd AutoCandidate::otherShares(const Eigen::MatrixXd& x) const
{
    const Eigen::ArrayXd reads = readShares(x, m_base);
    return m_spec.writerShare ? reads : Eigen::ArrayXd(1.0 - reads);
}

Eigen::VectorXd AutoCandidate::threadSharePrediction(const Eigen::MatrixXd& x) const
{
    const Eigen::ArrayXd otherMs = m_otherTimes->predict(x).array().exp();
    const Eigen::MatrixXd features = innerFeatures(x);
    const Eigen::Index last = features.cols() - 1;
    Eigen::MatrixXd rowsAt;
    const auto logOwnMsAt
        = [&](const std::vector<Eigen::Index>& rows, const Eigen::VectorXd& shareLog2) {
              rowsAt = features(rows, Eigen::all);
              rowsAt.col(last) = shareLog2;
              return Eigen::VectorXd(m_inner->predict(rowsAt).array().max(m_low).min(m_high));
          };
    // The solver answers the model's time where it asked it at the answer; only the other rows
    // (pure mixes, rows never bracketed) are asked again.
    Eigen::VectorXd logOwnMs;
    const Eigen::VectorXd share
        = solveWriterShareLog2(otherShares(x), otherMs, logOwnMsAt, &logOwnMs);
    std::vector<Eigen::Index> unasked;
    for (Eigen::Index i = 0; i < x.rows(); ++i)
        if (std::isnan(logOwnMs(i)))
            unasked.push_back(i);
    if (!unasked.empty()) {
        const Eigen::VectorXd asked = logOwnMsAt(unasked, share(unasked));
        for (std::size_t k = 0; k < unasked.size(); ++k)
            logOwnMs(unasked[k]) = asked(static_cast<Eigen::Index>(k));
    }
    return logOwnMs;
}

Eigen::VectorXd AutoCandidate::guardedRawPrediction(const Eigen::MatrixXd& x) const
{
    Eigen::VectorXd y
        = m_inner->predict(augmentFeatures(x, m_base, m_spec.features, m_spec.log2Only));
    // Above a range only: below one, a falling line is what the metric does too (smaller
    // requests, fewer threads take less time), so where it falls below zero there, one level
    // out, the grouped CV scores it as it is and the candidate loses (held at the nearest point
    // instead, a raw line ranked first on a synthetic thread sweep, time as threads^0.75, and
    // missed 128 threads by 17 %).
    const std::vector<char> beyond = beyondMeasured(x, m_ranges);
    std::vector<Eigen::Index> fallen;
    for (Eigen::Index i = 0; i < y.size(); ++i)
        if ((beyond[static_cast<std::size_t>(i)] & kAboveRange) && y(i) < m_smallest)
            fallen.push_back(i);
    if (fallen.empty())
        return y;
    Eigen::MatrixXd nearest(static_cast<Eigen::Index>(fallen.size()), x.cols());
    for (std::size_t k = 0; k < fallen.size(); ++k)
        nearest.row(static_cast<Eigen::Index>(k)) = x.row(fallen[k]);
    for (const MeasuredRange& range : m_ranges)
        if (range.column < x.cols())
            nearest.col(range.column)
                = nearest.col(range.column).cwiseMax(range.low).cwiseMin(range.high);
    const Eigen::VectorXd atNearest
        = m_inner->predict(augmentFeatures(nearest, m_base, m_spec.features, m_spec.log2Only));
    for (std::size_t k = 0; k < fallen.size(); ++k)
        y(fallen[k]) = atNearest(static_cast<Eigen::Index>(k));
    return y;
}

std::string AutoCandidate::describe() const
{
    return m_inner->describe();
}

nlohmann::json AutoCandidate::saveState() const
{
    nlohmann::json ranges = nlohmann::json::array();
    for (const MeasuredRange& range : m_ranges)
        ranges.push_back({range.column, range.low, range.high});
    nlohmann::json state = {{"spec", m_spec.toJson()}, {"floor", m_floor}, {"low", m_low},
        {"high", m_high}, {"smallest", m_smallest}, {"ranges", ranges},
        {"metric", std::string(metricName(m_metric))}, {"parameters", m_inner->parameters()},
        {"state", m_inner->saveState()}};
    if (m_spec.threadShare()) {
        state[otherTimesKey(m_spec)] = m_otherTimes->saveState();
        state["share_range"] = {m_shareLow, m_shareHigh};
    }
    if (m_saturation.on())
        state["thread_saturation"] = m_saturation.toJson();
    return state;
}

void AutoCandidate::loadState(const nlohmann::json& state, const FeatureSchema& schema)
{
    // Everything is parsed into locals first, so a malformed state leaves this object as it was.
    AutoCandidate loaded(CandidateSpec::fromJson(state.at("spec")));
    loaded.m_base = schema;
    if (loaded.m_spec.threadShare()) {
        auto other = std::make_shared<AutoCandidate>(otherTimesSpec(loaded.m_spec));
        other->loadState(state.at(otherTimesKey(loaded.m_spec)), schema);
        loaded.m_otherTimes = std::move(other);
        loaded.m_shareLow = state.at("share_range").at(0).get<double>();
        loaded.m_shareHigh = state.at("share_range").at(1).get<double>();
    }
    CandidateSpec spec = loaded.m_spec;
    auto inner = createRegressor(spec.technique);
    inner->setParameters(state.at("parameters").get<ParamValues>());
    inner->loadState(state.at("state"), loaded.innerSchema(schema));
    Metric metric = Metric::TpReadMbs;
    if (spec.littleView) {
        const auto parsed = parseMetric(state.at("metric").get<std::string>());
        if (!parsed || !hasLittleView(*parsed))
            throw DataError("model file: auto candidate's Little view without a throughput or "
                            "IOPS metric");
        metric = *parsed;
    }
    // Files before the guard have neither: their candidates answer as they did.
    const double smallest = state.value("smallest", 0.0);
    std::vector<MeasuredRange> ranges;
    for (const auto& range : state.value("ranges", nlohmann::json::array())) {
        const auto column = range.at(0).get<Eigen::Index>();
        if (column < 0 || column >= static_cast<Eigen::Index>(schema.size()))
            throw DataError("model file: auto candidate range of column " + std::to_string(column)
                + " in a schema of " + std::to_string(schema.size()));
        ranges.push_back({column, range.at(1).get<double>(), range.at(2).get<double>()});
    }
    // Absent in files before it, and where the data did not allow it.
    const ThreadSaturation saturation
        = ThreadSaturation::fromJson(state.value("thread_saturation", nlohmann::json()),
            static_cast<Eigen::Index>(schema.size()));
    const auto floor = state.at("floor").get<double>();
    const auto low = state.at("low").get<double>();
    const auto high = state.at("high").get<double>();
    m_spec = std::move(spec);
    m_metric = metric;
    m_smallest = smallest;
    m_ranges = std::move(ranges);
    m_inner = std::move(inner);
    m_floor = floor;
    m_low = low;
    m_high = high;
    m_base = schema;
    m_otherTimes = std::move(loaded.m_otherTimes);
    m_shareLow = loaded.m_shareLow;
    m_shareHigh = loaded.m_shareHigh;
    m_saturation = saturation;
    m_lastAnswer.clear();
}

AutoCandidate::AutoCandidate(const AutoCandidate& other)
    : m_spec(other.m_spec)
    , m_inner(other.m_inner->clone())
    , m_base(other.m_base)
    , m_metric(other.m_metric)
    , m_floor(other.m_floor)
    , m_low(other.m_low)
    , m_high(other.m_high)
    , m_smallest(other.m_smallest)
    , m_ranges(other.m_ranges)
    , m_otherTimes(other.m_otherTimes)
    , m_shareLow(other.m_shareLow)
    , m_shareHigh(other.m_shareHigh)
    , m_saturation(other.m_saturation)
{
}

AutoCandidate& AutoCandidate::operator=(const AutoCandidate& other)
{
    if (this != &other) {
        AutoCandidate copy(other);
        *this = std::move(copy);
    }
    return *this;
}

std::unique_ptr<Regressor> AutoCandidate::clone() const
{
    return std::make_unique<AutoCandidate>(*this);
}

} // namespace iolens::core
