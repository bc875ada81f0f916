// SPDX-License-Identifier: GPL-3.0-or-later
#include "whatif/data_distance.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace iolens::core {

namespace {

std::size_t slot(Factor factor)
{
    return static_cast<std::size_t>(factor);
}

bool logScaled(Factor factor)
{
    return factor == Factor::RequestBytes || factor == Factor::FilesetBytes
        || factor == Factor::Threads || factor == Factor::Vms;
}

// The normalised coordinate of a numeric factor (see the header for the choice).
double normalised(Factor factor, double modellingValue)
{
    if (logScaled(factor))
        return std::log2(std::max(modellingValue, 1e-300));
    return modellingValue / 100.0; // read share
}

double pointSteps(Factor factor, double a, double b)
{
    return isCategorical(factor) ? (a == b && a >= 0.0 ? 0.0 : 1.0) : std::fabs(a - b);
}

double boundary(SweepSpacing spacing, double a, double b)
{
    if (spacing == SweepSpacing::Log)
        return std::sqrt(a * b);
    return 0.5 * (a + b);
}

} // namespace

double factorSteps(Factor factor, const Configuration& a, const Configuration& b)
{
    if (isCategorical(factor))
        return categoricalValue(a, factor) == categoricalValue(b, factor) ? 0.0 : 1.0;
    return std::fabs(
        normalised(factor, numericValue(a, factor)) - normalised(factor, numericValue(b, factor)));
}

double dataSteps(const Configuration& a, const Configuration& b)
{
    double steps = 0.0;
    for (Factor factor : kAllFactors)
        steps += factorSteps(factor, a, b);
    return steps;
}

MeasuredSpace::MeasuredSpace(const std::vector<Configuration>& configs)
{
    for (const Configuration& c : configs)
        m_schedulers.push_back(c.scheduler);
    std::sort(m_schedulers.begin(), m_schedulers.end());
    m_schedulers.erase(std::unique(m_schedulers.begin(), m_schedulers.end()), m_schedulers.end());
    for (std::size_t f = 0; f < kFactors; ++f)
        m_columns[f].reserve(configs.size());
    for (const Configuration& c : configs) {
        const Point point = coordinates(c);
        for (std::size_t f = 0; f < kFactors; ++f)
            m_columns[f].push_back(point[f]);
    }
    for (Factor factor : kAllFactors) {
        const std::size_t f = slot(factor);
        if (isCategorical(factor))
            continue;
        std::vector<std::uint32_t>& order = m_order[f];
        order.resize(size());
        for (std::size_t m = 0; m < order.size(); ++m)
            order[m] = static_cast<std::uint32_t>(m);
        const std::vector<double>& column = m_columns[f];
        std::stable_sort(order.begin(), order.end(),
            [&column](std::uint32_t a, std::uint32_t b) { return column[a] < column[b]; });
        m_sorted[f].reserve(order.size());
        for (std::uint32_t m : order)
            m_sorted[f].push_back(column[m]);
    }
}

double MeasuredSpace::levelId(
    const std::vector<std::string>& levels, const std::string& label) const
{
    const auto it = std::lower_bound(levels.begin(), levels.end(), label);
    // A level the data never had gets -1, which pointSteps counts as different from every level.
    return it != levels.end() && *it == label ? static_cast<double>(it - levels.begin()) : -1.0;
}

MeasuredSpace::Point MeasuredSpace::coordinates(const Configuration& config) const
{
    Point p {};
    for (Factor factor : kAllFactors) {
        if (factor == Factor::Scheduler)
            p[slot(factor)] = levelId(m_schedulers, config.scheduler);
        else if (factor == Factor::Pattern)
            p[slot(factor)] = static_cast<double>(config.pattern);
        else
            p[slot(factor)] = normalised(factor, numericValue(config, factor));
    }
    return p;
}

std::optional<NearestMeasurement> MeasuredSpace::nearest(const Configuration& config) const
{
    if (empty())
        return std::nullopt;
    const Point q = coordinates(config);
    NearestMeasurement best;
    best.steps = std::numeric_limits<double>::infinity();
    for (std::size_t m = 0; m < size(); ++m) {
        double steps = 0.0;
        for (Factor factor : kAllFactors)
            steps += pointSteps(factor, q[slot(factor)], m_columns[slot(factor)][m]);
        if (steps < best.steps) { // strict: ties keep the earlier configuration
            best.steps = steps;
            best.index = m;
        }
    }
    for (Factor factor : kAllFactors)
        if (pointSteps(factor, q[slot(factor)], m_columns[slot(factor)][best.index]) > 0.0)
            best.differing.push_back(factor);
    return best;
}

void MeasuredSpace::sweepDistances(
    const SweepGrid& grid, const Configuration& scenario, std::vector<double>& out) const
{
    const std::size_t n = grid.x.size();
    out.assign(n, std::numeric_limits<double>::infinity());
    if (empty())
        return;
    // The distance splits into the swept factor's part and the rest, which is the same at every
    // point of the sweep: compute the rest once per measurement.
    const Point q = coordinates(scenario);
    const std::size_t s = slot(grid.factor);
    // Factor by factor over all points (each point's sum still in kAllFactors order), so the
    // factor's kind is decided once, not per point.
    std::vector<double> rest(size(), 0.0);
    for (Factor factor : kAllFactors) {
        if (factor == grid.factor)
            continue;
        const std::vector<double>& column = m_columns[slot(factor)];
        const double at = q[slot(factor)];
        if (isCategorical(factor)) {
            for (std::size_t m = 0; m < column.size(); ++m)
                rest[m] += column[m] == at && at >= 0.0 ? 0.0 : 1.0;
        } else {
            for (std::size_t m = 0; m < column.size(); ++m)
                rest[m] += std::fabs(at - column[m]);
        }
    }

    if (isCategorical(grid.factor)) {
        // One step from every level but its own: the nearest is the best of any level plus
        // one, or of the point's own level.
        // Level ids are small whole numbers (scheduler ids, pattern values).
        double any = std::numeric_limits<double>::infinity();
        std::vector<double> ofLevel;
        for (std::size_t m = 0; m < size(); ++m) {
            any = std::min(any, rest[m] + 1.0);
            const auto level = static_cast<std::size_t>(m_columns[s][m]);
            if (level >= ofLevel.size())
                ofLevel.resize(level + 1, std::numeric_limits<double>::infinity());
            ofLevel[level] = std::min(ofLevel[level], rest[m]);
        }
        Configuration probe = scenario;
        for (std::size_t i = 0; i < n; ++i) {
            double x = 0.0;
            if (grid.factor == Factor::Scheduler)
                x = levelId(m_schedulers, grid.levels[i]);
            else {
                parsePattern(grid.levels[i], probe.pattern);
                x = static_cast<double>(probe.pattern);
            }
            const bool known = x >= 0.0 && static_cast<std::size_t>(x) < ofLevel.size();
            out[i] = known ? std::min(any, ofLevel[static_cast<std::size_t>(x)]) : any;
        }
        return;
    }
    // min over m of rest[m] + |x - p[m]|: for the points at or left of x it is
    // x + min(rest - p), for those right of it min(rest + p) - x. With the points kept sorted by
    // each factor's coordinate, two passes and a binary search per grid point: O(n + points log
    // n) instead of O(n x points) (a database of 100,000 configurations: 200 ms a slider step).
    const std::vector<std::uint32_t>& order = m_order[s];
    const std::vector<double>& coordinate = m_sorted[s];
    const std::size_t count = order.size();
    std::vector<double> left(count), right(count);
    double low = std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < count; ++k)
        left[k] = low = std::min(low, rest[order[k]] - coordinate[k]);
    low = std::numeric_limits<double>::infinity();
    for (std::size_t k = count; k-- > 0;)
        right[k] = low = std::min(low, rest[order[k]] + coordinate[k]);
    for (std::size_t i = 0; i < n; ++i) {
        const double x = normalised(grid.factor, grid.x[i]);
        const auto k = static_cast<std::size_t>(
            std::upper_bound(coordinate.begin(), coordinate.end(), x) - coordinate.begin());
        double best = std::numeric_limits<double>::infinity();
        if (k > 0)
            best = left[k - 1] + x;
        if (k < count)
            best = std::min(best, right[k] - x);
        out[i] = best;
    }
}

void farStretches(const SweepGrid& grid, const std::vector<double>& distances, double threshold,
    std::vector<FarStretch>& out)
{
    out.clear();
    const std::size_t n = std::min(grid.x.size(), distances.size());
    const bool levels = grid.spacing == SweepSpacing::Categorical;
    std::size_t i = 0;
    while (i < n) {
        if (!(distances[i] > threshold)) {
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j + 1 < n && distances[j + 1] > threshold)
            ++j;
        FarStretch stretch;
        if (levels) {
            stretch.from = grid.x[i] - 0.5;
            stretch.to = grid.x[j] + 0.5;
        } else {
            stretch.from = i == 0 ? grid.x[0] : boundary(grid.spacing, grid.x[i - 1], grid.x[i]);
            stretch.to = j + 1 == n ? grid.x[j] : boundary(grid.spacing, grid.x[j], grid.x[j + 1]);
        }
        out.push_back(stretch);
        i = j + 1;
    }
}

std::vector<std::size_t> measuredAlong(
    const std::vector<Configuration>& configs, const Configuration& scenario, Factor factor)
{
    std::vector<std::size_t> along;
    for (std::size_t i = 0; i < configs.size(); ++i) {
        Configuration c = configs[i];
        // Copy the swept factor from the scenario: then "equal but for it" is plain equality.
        if (isCategorical(factor)) {
            if (factor == Factor::Scheduler)
                c.scheduler = scenario.scheduler;
            else
                c.pattern = scenario.pattern;
        } else {
            setNumericValue(c, factor, numericValue(scenario, factor));
        }
        if (c == scenario)
            along.push_back(i);
    }
    return along;
}

} // namespace iolens::core
