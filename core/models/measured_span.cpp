// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/measured_span.hpp"

#include "common/error.hpp"

#include <algorithm>

namespace iolens::core {

MeasuredSpan MeasuredSpan::of(const Eigen::VectorXd& y, double intervalWidth)
{
    if (y.size() == 0 || !(intervalWidth >= y.maxCoeff() - y.minCoeff()))
        return {};
    return {y.minCoeff(), y.maxCoeff()};
}

Eigen::VectorXd MeasuredSpan::hold(Eigen::VectorXd answers, const Eigen::MatrixXd& x,
    const std::vector<MeasuredRange>& ranges) const
{
    if (!on())
        return answers;
    const std::vector<char> beyond = beyondMeasured(x, ranges);
    for (Eigen::Index i = 0; i < answers.size(); ++i)
        if (beyond[static_cast<std::size_t>(i)] == 0)
            answers(i) = std::clamp(answers(i), low, high);
    return answers;
}

nlohmann::json MeasuredSpan::toJson() const
{
    return on() ? nlohmann::json {low, high} : nlohmann::json();
}

MeasuredSpan MeasuredSpan::fromJson(const nlohmann::json& json)
{
    if (json.is_null())
        return {};
    if (!json.is_array() || json.size() != 2 || !json[0].is_number() || !json[1].is_number()
        || !(json[0].get<double>() <= json[1].get<double>()))
        throw DataError("model file: auto measured_span is not [low, high] with low <= high");
    return {json[0].get<double>(), json[1].get<double>()};
}

} // namespace iolens::core
