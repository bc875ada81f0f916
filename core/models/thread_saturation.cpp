// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/thread_saturation.hpp"

#include "common/error.hpp"
#include "models/measured_levels.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace iolens::core {

ThreadSaturation ThreadSaturation::of(const Dataset& data)
{
    ThreadSaturation saturation;
    const bool meanTime = data.metric == Metric::RtReadMs || data.metric == Metric::RtWriteMs;
    const Eigen::Index column = data.schema.numericColumn(Factor::Threads);
    if (!meanTime || !data.closedWorkload() || column < 0 || data.rows() == 0)
        return saturation;
    const double top = data.x.col(column).maxCoeff(), lowest = data.x.col(column).minCoeff();
    if (!(lowest > 0.0) || !(top > lowest))
        return saturation;
    saturation.column = column;
    saturation.top = top;
    saturation.base = std::max(lowest, top / 2.0);
    return saturation;
}

Eigen::VectorXd ThreadSaturation::extrapolated(const Eigen::MatrixXd& x, Eigen::VectorXd y,
    const std::function<Eigen::VectorXd(const Eigen::MatrixXd&)>& logTimeAt) const
{
    if (!on() || column >= x.cols())
        return y;
    const std::vector<Eigen::Index> beyond = rowsAbove(x, column, top);
    if (beyond.empty())
        return y;
    Eigen::MatrixXd atTop = x(beyond, Eigen::all), atBase = atTop;
    atTop.col(column).setConstant(top);
    atBase.col(column).setConstant(base);
    const Eigen::VectorXd logTop = logTimeAt(atTop), logBase = logTimeAt(atBase);
    const double logSpan = std::log(top / base);
    for (std::size_t k = 0; k < beyond.size(); ++k) {
        const auto row = static_cast<Eigen::Index>(k);
        const double slope = std::clamp((logTop(row) - logBase(row)) / logSpan, 0.0, 1.0);
        y(beyond[k]) = logTop(row) + 0.5 * (1.0 + slope) * std::log(x(beyond[k], column) / top);
    }
    return y;
}

nlohmann::json ThreadSaturation::toJson() const
{
    return on() ? nlohmann::json {column, top, base} : nlohmann::json();
}

ThreadSaturation ThreadSaturation::fromJson(const nlohmann::json& json, Eigen::Index columns)
{
    if (json.is_null())
        return {};
    if (!json.is_array() || json.size() != 3 || !json[0].is_number_integer() || !json[1].is_number()
        || !json[2].is_number())
        throw DataError("model file: auto candidate thread_saturation is not [column, top, base]");
    ThreadSaturation saturation {
        json[0].get<Eigen::Index>(), json[1].get<double>(), json[2].get<double>()};
    if (saturation.column < 0 || saturation.column >= columns || !(saturation.base > 0.0)
        || !(saturation.top > saturation.base))
        throw DataError("model file: auto candidate thread_saturation [" + json.dump()
            + "] outside a schema of " + std::to_string(columns) + " columns, or top <= base");
    return saturation;
}

} // namespace iolens::core
