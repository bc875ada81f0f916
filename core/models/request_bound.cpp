// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/request_bound.hpp"

#include "common/error.hpp"
#include "models/measured_levels.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace iolens::core {

RequestBound RequestBound::of(const Dataset& data)
{
    RequestBound bound;
    const bool responseTime = data.metric == Metric::RtReadMs || data.metric == Metric::RtWriteMs
        || data.metric == Metric::RtReadP99Ms || data.metric == Metric::RtWriteP99Ms;
    const Eigen::Index column = data.schema.numericColumn(Factor::RequestBytes);
    if (!responseTime || column < 0 || data.rows() == 0)
        return bound;
    const double top = data.x.col(column).maxCoeff();
    if (!(top > 0.0) || !(top > data.x.col(column).minCoeff()))
        return bound;
    bound.column = column;
    bound.top = top;
    for (const double request : data.x.col(column))
        if (request < top)
            bound.below = std::max(bound.below, request);
    return bound;
}

RequestBound::Answers RequestBound::answers(
    const Eigen::MatrixXd& x, const LogTimes& logTimeAt) const
{
    const auto own = [](const Eigen::VectorXd& y) { return Answers {y, y, y, {}}; };
    if (!on() || column >= x.cols())
        return own(logTimeAt(x));
    const std::vector<Eigen::Index> beyond = rowsAbove(x, column, top);
    if (beyond.empty())
        return own(logTimeAt(x));
    const bool lowerLaw = below > 0.0 && below < top;
    const auto extra = static_cast<Eigen::Index>(beyond.size());
    Eigen::MatrixXd asked(x.rows() + (lowerLaw ? 2 : 1) * extra, x.cols());
    asked.topRows(x.rows()) = x;
    asked.middleRows(x.rows(), extra) = x(beyond, Eigen::all);
    asked.middleRows(x.rows(), extra).col(column).setConstant(top);
    if (lowerLaw) {
        asked.bottomRows(extra) = x(beyond, Eigen::all);
        asked.bottomRows(extra).col(column).setConstant(below);
    }
    const Eigen::VectorXd logTimes = logTimeAt(asked);
    Answers out = own(logTimes.head(x.rows()));
    for (Eigen::Index k = 0; k < extra; ++k) {
        const Eigen::Index row = beyond[static_cast<std::size_t>(k)];
        const double request = x(row, column);
        const double atTop = logTimes(x.rows() + k);
        const double high = atTop + std::log(request / top);
        double low = -std::numeric_limits<double>::infinity();
        if (lowerLaw) {
            const double timeTop = std::exp(atTop);
            const double perKib = std::max(
                0.0, (timeTop - std::exp(logTimes(x.rows() + extra + k))) / (top - below));
            // Never above the upper law: where the time grew faster than the request between the
            // two sizes, the transfer-time line would pass it.
            low = std::min(high, std::log(timeTop + perKib * (request - top)));
        }
        out.answer(row) = std::clamp(out.answer(row), low, high);
        out.low(row) = lowerLaw ? low : out.answer(row);
        out.high(row) = high;
    }
    out.beyond = beyond;
    return out;
}

Eigen::VectorXd RequestBound::answer(const Eigen::MatrixXd& x, const LogTimes& logTimeAt) const
{
    return answers(x, logTimeAt).answer;
}

nlohmann::json RequestBound::toJson() const
{
    return on() ? nlohmann::json {column, top, below} : nlohmann::json();
}

RequestBound RequestBound::fromJson(const nlohmann::json& json, Eigen::Index columns)
{
    if (json.is_null())
        return {};
    const bool withBelow = json.is_array() && json.size() == 3;
    if (!json.is_array() || (json.size() != 2 && !withBelow) || !json[0].is_number_integer()
        || !json[1].is_number() || (withBelow && !json[2].is_number()))
        throw DataError("model file: auto request_bound is not [column, top, below]");
    RequestBound bound {json[0].get<Eigen::Index>(), json[1].get<double>()};
    if (withBelow)
        bound.below = json[2].get<double>();
    if (bound.column < 0 || bound.column >= columns || !(bound.top > 0.0)
        || !(bound.below >= 0.0 && bound.below < bound.top))
        throw DataError("model file: auto request_bound [" + json.dump() + "] outside a schema of "
            + std::to_string(columns) + " columns, or not 0 <= below < top");
    return bound;
}

} // namespace iolens::core
