// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/repeat_noise.hpp"

#include "common/error.hpp"

#include <boost/math/distributions/students_t.hpp>

#include <cmath>

namespace iolens::core {

RepeatNoise RepeatNoise::of(const std::vector<RunSpread>& rows)
{
    RepeatNoise noise;
    double squares = 0.0;
    for (const RunSpread& row : rows) {
        if (row.runs < 2)
            continue;
        squares += (row.runs - 1) * row.logVariance;
        noise.m_degreesOfFreedom += row.runs - 1;
        ++noise.m_configurations;
    }
    if (noise.m_degreesOfFreedom > 0)
        noise.m_logSd = std::sqrt(squares / noise.m_degreesOfFreedom);
    return noise;
}

ConformalBounds RepeatNoise::bounds(double level) const
{
    if (!(level > 0.0 && level < 1.0))
        throw ConfigError("RepeatNoise::bounds: the level must lie in (0, 1)");
    if (empty())
        return {};
    const boost::math::students_t t(static_cast<double>(m_degreesOfFreedom));
    const double half = boost::math::quantile(t, 0.5 + 0.5 * level) * m_logSd;
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
    noise.m_logSd = json.at("log_sd").get<double>();
    noise.m_degreesOfFreedom = json.at("degrees_of_freedom").get<int>();
    noise.m_configurations = json.at("configurations").get<int>();
    return noise;
}

} // namespace iolens::core
