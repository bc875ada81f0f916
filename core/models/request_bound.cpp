// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/request_bound.hpp"

#include "common/error.hpp"
#include "models/measured_levels.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace iolens::core {

RequestBound RequestBound::of(const Dataset& data)
{
    RequestBound bound;
    const bool meanTime = data.metric == Metric::RtReadMs || data.metric == Metric::RtWriteMs;
    const Eigen::Index column = data.schema.numericColumn(Factor::RequestBytes);
    if (!meanTime || column < 0 || data.rows() == 0)
        return bound;
    const double top = data.x.col(column).maxCoeff();
    if (!(top > 0.0) || !(top > data.x.col(column).minCoeff()))
        return bound;
    bound.column = column;
    bound.top = top;
    return bound;
}

Eigen::VectorXd RequestBound::answer(const Eigen::MatrixXd& x,
    const std::function<Eigen::VectorXd(const Eigen::MatrixXd&)>& logTimeAt) const
{
    if (!on() || column >= x.cols())
        return logTimeAt(x);
    const std::vector<Eigen::Index> beyond = rowsAbove(x, column, top);
    if (beyond.empty())
        return logTimeAt(x);
    const auto extra = static_cast<Eigen::Index>(beyond.size());
    Eigen::MatrixXd asked(x.rows() + extra, x.cols());
    asked.topRows(x.rows()) = x;
    asked.bottomRows(extra) = x(beyond, Eigen::all);
    asked.bottomRows(extra).col(column).setConstant(top);
    const Eigen::VectorXd answers = logTimeAt(asked);
    Eigen::VectorXd y = answers.head(x.rows());
    for (Eigen::Index k = 0; k < extra; ++k) {
        const Eigen::Index row = beyond[static_cast<std::size_t>(k)];
        y(row) = std::min(y(row), answers(x.rows() + k) + std::log(x(row, column) / top));
    }
    return y;
}

nlohmann::json RequestBound::toJson() const
{
    return on() ? nlohmann::json {column, top} : nlohmann::json();
}

RequestBound RequestBound::fromJson(const nlohmann::json& json, Eigen::Index columns)
{
    if (json.is_null())
        return {};
    if (!json.is_array() || json.size() != 2 || !json[0].is_number_integer()
        || !json[1].is_number())
        throw DataError("model file: auto request_bound is not [column, top]");
    const RequestBound bound {json[0].get<Eigen::Index>(), json[1].get<double>()};
    if (bound.column < 0 || bound.column >= columns || !(bound.top > 0.0))
        throw DataError("model file: auto request_bound [" + json.dump() + "] outside a schema of "
            + std::to_string(columns) + " columns, or top <= 0");
    return bound;
}

} // namespace iolens::core
