// SPDX-License-Identifier: GPL-3.0-or-later
#include "appsim/size_distribution.hpp"

#include "common/error.hpp"
#include "data/fio_json_reader.hpp"
#include "harness/plan_field_reader.hpp"

#include <cmath>

namespace iolens::core {

namespace {

using nlohmann::json;

// A number, or fio's size string ("16k") where the field is a size.
double amount(const json& value, const std::string& field, const PlanFieldReader& reader)
{
    if (value.is_string()) {
        const auto bytes = parseFioSize(value.get<std::string>());
        if (!bytes)
            reader.fail(field, "'" + value.get<std::string>() + "' is not a number or a size");
        return static_cast<double>(*bytes);
    }
    const double v = reader.number(value, field);
    if (!std::isfinite(v) || v < 0.0)
        reader.fail(field, value.dump() + " is not a non-negative number");
    return v;
}

} // namespace

SizeDistribution SizeDistribution::constant(double value)
{
    SizeDistribution d;
    d.m_kind = Kind::Constant;
    d.m_first = value;
    return d;
}

SizeDistribution SizeDistribution::exponential(double mean)
{
    SizeDistribution d;
    d.m_kind = Kind::Exponential;
    d.m_first = mean;
    return d;
}

SizeDistribution SizeDistribution::gamma(double mean, double shape)
{
    SizeDistribution d;
    d.m_kind = Kind::Gamma;
    d.m_first = mean;
    d.m_second = shape;
    return d;
}

SizeDistribution SizeDistribution::uniform(double low, double high)
{
    SizeDistribution d;
    d.m_kind = Kind::Uniform;
    d.m_first = low;
    d.m_second = high;
    return d;
}

SizeDistribution SizeDistribution::fromJson(
    const json& value, const std::string& field, const PlanFieldReader& reader)
{
    if (!value.is_object())
        return constant(amount(value, field, reader));
    if (value.size() != 1)
        reader.fail(field, "expected one of exponential, gamma, uniform, got " + value.dump());
    const std::string name = value.begin().key();
    const json& spec = value.begin().value();
    const std::string inner = field + "." + name;
    if (name == "exponential" || name == "gamma") {
        if (!spec.is_object() || !spec.contains("mean"))
            reader.fail(inner, "expected {\"mean\": ...}");
        if (name == "exponential")
            reader.onlyKeys(spec, inner + ".", {"mean"}, "an exponential distribution's keys");
        else
            reader.onlyKeys(spec, inner + ".", {"mean", "shape"}, "a gamma distribution's keys");
        const double mean = amount(spec.at("mean"), inner + ".mean", reader);
        if (name == "exponential")
            return exponential(mean);
        const double shape
            = spec.contains("shape") ? amount(spec.at("shape"), inner + ".shape", reader) : 1.0;
        if (!(shape > 0.0))
            reader.fail(inner + ".shape", "must be greater than 0");
        return gamma(mean, shape);
    }
    if (name == "uniform") {
        if (!spec.is_array() || spec.size() != 2)
            reader.fail(inner, "expected [low, high]");
        const double low = amount(spec.at(0), inner + "[0]", reader);
        const double high = amount(spec.at(1), inner + "[1]", reader);
        if (high < low)
            reader.fail(inner, "high end below low end");
        return uniform(low, high);
    }
    reader.fail(field, "unknown distribution '" + name + "' (exponential, gamma, uniform)");
}

SizeDistribution SizeDistribution::scaledTo(double mean) const
{
    const double current = this->mean();
    if (!(current > 0.0))
        return constant(mean);
    SizeDistribution d = *this;
    const double factor = mean / current;
    d.m_first *= factor;
    if (m_kind == Kind::Uniform)
        d.m_second *= factor;
    return d;
}

double SizeDistribution::mean() const
{
    return m_kind == Kind::Uniform ? 0.5 * (m_first + m_second) : m_first;
}

double SizeDistribution::sample(std::mt19937_64& random) const
{
    switch (m_kind) {
    case Kind::Constant:
        return m_first;
    case Kind::Exponential:
        return m_first > 0.0 ? std::exponential_distribution<double>(1.0 / m_first)(random) : 0.0;
    case Kind::Gamma:
        return m_first > 0.0 ? std::gamma_distribution<double>(m_second, m_first / m_second)(random)
                             : 0.0;
    case Kind::Uniform:
        return std::uniform_real_distribution<double>(m_first, m_second)(random);
    }
    return m_first;
}

json SizeDistribution::toJson() const
{
    switch (m_kind) {
    case Kind::Constant:
        return m_first;
    case Kind::Exponential:
        return {{"exponential", {{"mean", m_first}}}};
    case Kind::Gamma:
        return {{"gamma", {{"mean", m_first}, {"shape", m_second}}}};
    case Kind::Uniform:
        return {{"uniform", {m_first, m_second}}};
    }
    return m_first;
}

} // namespace iolens::core
