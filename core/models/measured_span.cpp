// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/measured_span.hpp"

#include "common/error.hpp"

#include <algorithm>

namespace iolens::core {

MeasuredSpan MeasuredSpan::of(const Eigen::VectorXd& y, double intervalWidth)
{
    if (y.size() == 0)
        return {};
    const double low = y.minCoeff(), high = y.maxCoeff();
    return {low, high, intervalWidth >= high - low};
}

Eigen::VectorXd MeasuredSpan::hold(Eigen::VectorXd answers, const Eigen::MatrixXd& x,
    const std::vector<MeasuredRange>& ranges) const
{
    if (!on() || !holds)
        return answers;
    const std::vector<char> beyond = beyondMeasured(x, ranges);
    for (Eigen::Index i = 0; i < answers.size(); ++i)
        if (beyond[static_cast<std::size_t>(i)] == 0)
            answers(i) = std::clamp(answers(i), low, high);
    return answers;
}

void MeasuredSpan::widenUnlearned(
    Eigen::VectorXd& lower, Eigen::VectorXd& upper, const std::vector<char>& unlearned) const
{
    if (!on())
        return;
    for (std::size_t i = 0; i < unlearned.size(); ++i) {
        const auto row = static_cast<Eigen::Index>(i);
        if (unlearned[i] != 0 && row < lower.size() && row < upper.size()) {
            lower(row) = std::min(lower(row), low);
            upper(row) = std::max(upper(row), high);
        }
    }
}

nlohmann::json MeasuredSpan::toJson() const
{
    return on() ? nlohmann::json {{"low", low}, {"high", high}, {"holds", holds}}
                : nlohmann::json();
}

MeasuredSpan MeasuredSpan::fromJson(const nlohmann::json& json)
{
    if (json.is_null())
        return {};
    const auto number = [&](const char* key) {
        return json.is_object() && json.contains(key) && json.at(key).is_number();
    };
    if (!number("low") || !number("high") || !json.contains("holds")
        || !json.at("holds").is_boolean()
        || !(json.at("low").get<double>() <= json.at("high").get<double>()))
        throw DataError("model file: auto measured_span is not {low, high, holds} with low <= "
                        "high");
    return {
        json.at("low").get<double>(), json.at("high").get<double>(), json.at("holds").get<bool>()};
}

} // namespace iolens::core
