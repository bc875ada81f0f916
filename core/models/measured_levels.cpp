// SPDX-License-Identifier: GPL-3.0-or-later
#include "models/measured_levels.hpp"

#include <algorithm>
#include <cmath>

namespace iolens::core {

bool stepsOnLog2(Factor factor)
{
    return factor == Factor::FilesetBytes || factor == Factor::RequestBytes
        || factor == Factor::Threads || factor == Factor::Vms;
}

double log2Size(double value)
{
    constexpr double kSmallest = 1e-12;
    return std::log2(std::max(value, kSmallest));
}

double stepScaleValue(Factor factor, double value)
{
    return stepsOnLog2(factor) ? log2Size(value) : value;
}

double medianLevelGap(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end(),
                     [](double a, double b) {
                         return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(a));
                     }),
        values.end());
    if (values.size() < 2)
        return 1.0;
    std::vector<double> gaps;
    gaps.reserve(values.size() - 1);
    for (std::size_t i = 1; i < values.size(); ++i)
        gaps.push_back(values[i] - values[i - 1]);
    const auto middle = gaps.begin() + static_cast<std::ptrdiff_t>(gaps.size() / 2);
    std::nth_element(gaps.begin(), middle, gaps.end());
    return *middle;
}

namespace {

/// Which side of `range` v lies beyond, by more than rounding: -1 below, +1 above, 0 inside. A
/// slider set exactly to a measured level may arrive with its last bit changed by a unit
/// conversion; that is not an extrapolation.
int sideBeyond(const MeasuredRange& range, double v)
{
    const double slack = 1e-9 * std::max(std::abs(range.low), std::abs(range.high));
    return v < range.low - slack ? -1 : (v > range.high + slack ? 1 : 0);
}

} // namespace

std::vector<MeasuredRange> measuredRanges(const FeatureSchema& schema, const Eigen::MatrixXd& x)
{
    std::vector<MeasuredRange> ranges;
    for (std::size_t j = 0; j < schema.size() && x.rows() > 0; ++j) {
        const FeatureColumn& column = schema.columns()[j];
        if (column.derived() || column.categorical())
            continue;
        const auto c = static_cast<Eigen::Index>(j);
        std::vector<double> levels;
        levels.reserve(static_cast<std::size_t>(x.rows()));
        for (Eigen::Index i = 0; i < x.rows(); ++i)
            levels.push_back(stepScaleValue(column.factor, x(i, c)));
        ranges.push_back({c, x.col(c).minCoeff(), x.col(c).maxCoeff(),
            medianLevelGap(std::move(levels)), stepsOnLog2(column.factor)});
    }
    return ranges;
}

std::vector<char> beyondMeasured(const Eigen::MatrixXd& x, const std::vector<MeasuredRange>& ranges)
{
    std::vector<char> beyond(static_cast<std::size_t>(x.rows()), 0);
    for (const MeasuredRange& range : ranges) {
        if (range.column >= x.cols())
            continue;
        for (Eigen::Index i = 0; i < x.rows(); ++i) {
            const int side = sideBeyond(range, x(i, range.column));
            if (side != 0)
                beyond[static_cast<std::size_t>(i)] |= side < 0 ? kBelowRange : kAboveRange;
        }
    }
    return beyond;
}

std::vector<Eigen::Index> rowsAbove(const Eigen::MatrixXd& x, Eigen::Index column, double top)
{
    // The same "by more than rounding" as every other test of a range here.
    const MeasuredRange range {column, top, top};
    std::vector<Eigen::Index> rows;
    for (Eigen::Index i = 0; i < x.rows(); ++i)
        if (sideBeyond(range, x(i, column)) > 0)
            rows.push_back(i);
    return rows;
}

std::vector<double> stepsBeyondMeasured(
    const Eigen::MatrixXd& x, const std::vector<MeasuredRange>& ranges)
{
    std::vector<double> steps(static_cast<std::size_t>(x.rows()), 0.0);
    for (const MeasuredRange& range : ranges) {
        if (range.column >= x.cols())
            continue;
        const auto scale = [&](double v) { return range.log2 ? log2Size(v) : v; };
        for (Eigen::Index i = 0; i < x.rows(); ++i) {
            const double v = x(i, range.column);
            const int side = sideBeyond(range, v);
            if (side == 0)
                continue;
            const double edge = side < 0 ? range.low : range.high;
            const double distance
                = range.step > 0.0 ? std::abs(scale(v) - scale(edge)) / range.step : 1.0;
            double& row = steps[static_cast<std::size_t>(i)];
            row = std::max(row, distance);
        }
    }
    return steps;
}

} // namespace iolens::core
