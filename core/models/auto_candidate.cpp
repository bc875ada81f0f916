// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/auto_candidate.hpp"

#include "common/error.hpp"
#include "models/regressor_registry.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace iolens::core {

std::string CandidateSpec::label() const
{
    return technique + (scale == ResponseScale::Log ? " log " : " raw ") + features.label()
        + (littleView ? " little" : "");
}

nlohmann::json CandidateSpec::toJson() const
{
    return {{"technique", technique}, {"scale", scale == ResponseScale::Log ? "log" : "raw"},
        {"features", features.toJson()}, {"little_view", littleView}};
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
    Dataset inner;
    inner.schema = augmentSchema(data.schema, m_spec.features);
    inner.x = augmentFeatures(data.x, data.schema, m_spec.features);
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
        m_floor = inner.y.minCoeff() * 1e-3;
    }
    FitReport report = m_inner->fit(inner);
    m_base = data.schema;
    // The clamp is learned from the training rows only, so in grouped CV a held-out level cannot
    // widen it.
    const double lo = data.y.minCoeff(), hi = data.y.maxCoeff();
    const double margin = std::max(std::log(2.0), 0.5 * (hi - lo));
    m_low = lo - margin;
    m_high = hi + margin;
    report.seconds
        = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return report;
}

Eigen::VectorXd AutoCandidate::predict(const Eigen::MatrixXd& x) const
{
    if (!isFitted())
        throw StateError("AutoCandidate::predict: the model is not fitted");
    Eigen::VectorXd y = m_inner->predict(augmentFeatures(x, m_base, m_spec.features));
    if (m_spec.scale == ResponseScale::Raw)
        y = y.array().max(m_floor).log();
    if (m_spec.littleView)
        y += littleOffset(x, m_base, m_metric);
    return y.array().max(m_low).min(m_high);
}

std::string AutoCandidate::describe() const
{
    return m_inner->describe();
}

nlohmann::json AutoCandidate::saveState() const
{
    return {{"spec", m_spec.toJson()}, {"floor", m_floor}, {"low", m_low}, {"high", m_high},
        {"metric", std::string(metricName(m_metric))}, {"parameters", m_inner->parameters()},
        {"state", m_inner->saveState()}};
}

void AutoCandidate::loadState(const nlohmann::json& state, const FeatureSchema& schema)
{
    // Everything is parsed into locals first, so a malformed state leaves this object as it was.
    CandidateSpec spec = CandidateSpec::fromJson(state.at("spec"));
    auto inner = createRegressor(spec.technique);
    inner->setParameters(state.at("parameters").get<ParamValues>());
    inner->loadState(state.at("state"), augmentSchema(schema, spec.features));
    Metric metric = Metric::TpReadMbs;
    if (spec.littleView) {
        const auto parsed = parseMetric(state.at("metric").get<std::string>());
        if (!parsed || !hasLittleView(*parsed))
            throw DataError("model file: auto candidate's Little view without a throughput or "
                            "IOPS metric");
        metric = *parsed;
    }
    m_spec = std::move(spec);
    m_metric = metric;
    m_inner = std::move(inner);
    m_floor = state.at("floor").get<double>();
    m_low = state.at("low").get<double>();
    m_high = state.at("high").get<double>();
    m_base = schema;
}

AutoCandidate::AutoCandidate(const AutoCandidate& other)
    : m_spec(other.m_spec)
    , m_inner(other.m_inner->clone())
    , m_base(other.m_base)
    , m_metric(other.m_metric)
    , m_floor(other.m_floor)
    , m_low(other.m_low)
    , m_high(other.m_high)
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
