// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/repeat_noise.hpp"

#include "common/error.hpp"

#include <boost/math/distributions/students_t.hpp>

#include <cmath>

namespace iolens::core {

namespace {

/// Student's t quantile for a two-sided `level` with `degreesOfFreedom` (> 0), times `sd`.
double halfWidth(double sd, int degreesOfFreedom, double level)
{
    const boost::math::students_t t(static_cast<double>(degreesOfFreedom));
    return boost::math::quantile(t, 0.5 + 0.5 * level) * sd;
}

} // namespace

void RepeatNoise::set(double logSd, int degreesOfFreedom, int configurations)
{
    m_logSd = logSd;
    m_degreesOfFreedom = degreesOfFreedom;
    m_configurations = configurations;
    m_referenceHalfWidth
        = degreesOfFreedom > 0 ? halfWidth(logSd, degreesOfFreedom, kReferenceLevel) : 0.0;
}

RepeatNoise RepeatNoise::of(const std::vector<RunSpread>& rows)
{
    double squares = 0.0;
    int degreesOfFreedom = 0, configurations = 0;
    for (const RunSpread& row : rows) {
        if (row.runs < 2)
            continue;
        squares += (row.runs - 1) * row.logVariance;
        degreesOfFreedom += row.runs - 1;
        ++configurations;
    }
    RepeatNoise noise;
    if (degreesOfFreedom > 0)
        noise.set(std::sqrt(squares / degreesOfFreedom), degreesOfFreedom, configurations);
    return noise;
}

ConformalBounds RepeatNoise::bounds(double level) const
{
    if (!(level > 0.0 && level < 1.0))
        throw ConfigError("RepeatNoise::bounds: the level must lie in (0, 1)");
    if (empty())
        return {};
    const double half = level == kReferenceLevel ? m_referenceHalfWidth
                                                 : halfWidth(m_logSd, m_degreesOfFreedom, level);
    return {-half, half};
}

void RepeatNoise::widen(
    const Eigen::VectorXd& y, double level, Eigen::VectorXd& lower, Eigen::VectorXd& upper) const
{
    if (empty())
        return;
    const ConformalBounds b = bounds(level);
    lower = lower.cwiseMin((y.array() + b.lower).matrix());
    upper = upper.cwiseMax((y.array() + b.upper).matrix());
}

nlohmann::json RepeatNoise::toJson() const
{
    if (empty())
        return nullptr;
    return {{"log_sd", m_logSd}, {"degrees_of_freedom", m_degreesOfFreedom},
        {"configurations", m_configurations}};
}

RepeatNoise RepeatNoise::fromJson(const nlohmann::json& json)
{
    if (json.is_null())
        return {};
    const auto integer = [&](const char* key) {
        return json.contains(key) && json.at(key).is_number_integer()
            && json.at(key).get<int>() > 0;
    };
    if (!json.is_object() || !json.contains("log_sd") || !json.at("log_sd").is_number()
        || !(std::isfinite(json.at("log_sd").get<double>())
            && json.at("log_sd").get<double>() >= 0.0)
        || !integer("degrees_of_freedom") || !integer("configurations"))
        throw DataError("model file: auto repeat_noise is not {log_sd >= 0, degrees_of_freedom > "
                        "0, configurations > 0}");
    RepeatNoise noise;
    noise.set(json.at("log_sd").get<double>(), json.at("degrees_of_freedom").get<int>(),
        json.at("configurations").get<int>());
    return noise;
}

} // namespace iolens::core
