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
    ScenarioDistances(*this, scenario).sweep(grid, out);
}

ScenarioDistances::ScenarioDistances(const MeasuredSpace& space, const Configuration& scenario)
    : m_space(&space)
    , m_scenario(scenario)
{
    if (space.empty())
        return;
    m_point = space.coordinates(scenario);
    // Factor by factor over all measurements (each one's sum still in kAllFactors order), so
    // the factor's kind is decided once, not per measurement, and the loops vectorise.
    m_total.assign(space.size(), 0.0);
    for (Factor factor : kAllFactors) {
        const std::vector<double>& column = space.m_columns[slot(factor)];
        const double at = m_point[slot(factor)];
        if (isCategorical(factor)) {
            for (std::size_t m = 0; m < column.size(); ++m)
                m_total[m] += column[m] == at && at >= 0.0 ? 0.0 : 1.0;
        } else {
            for (std::size_t m = 0; m < column.size(); ++m)
                m_total[m] += std::fabs(at - column[m]);
        }
    }
}

void ScenarioDistances::sweep(const SweepGrid& grid, std::vector<double>& out)
{
    out.assign(grid.x.size(), std::numeric_limits<double>::infinity());
    if (m_space->empty())
        return;
    if (isCategorical(grid.factor))
        sweepCategorical(grid, out);
    else
        sweepNumeric(grid, out);
}

void ScenarioDistances::sweepCategorical(const SweepGrid& grid, std::vector<double>& out)
{
    // One step from every level but its own: the nearest is the best of any level plus one, or
    // of the point's own level. Sorted by level, each level is one run of measurements whose
    // steps in this factor are all the same, so the run's best is its best total less that.
    // Level ids are small whole numbers (scheduler ids, pattern values).
    const std::size_t s = slot(grid.factor);
    const std::vector<std::uint32_t>& order = m_space->m_order[s];
    const std::vector<double>& level = m_space->m_sorted[s];
    const double at = m_point[s];
    std::vector<double> ofLevel(
        static_cast<std::size_t>(level.back()) + 1, std::numeric_limits<double>::infinity());
    double any = std::numeric_limits<double>::infinity();
    for (std::size_t begin = 0; begin < order.size();) {
        std::size_t end = begin;
        double best = std::numeric_limits<double>::infinity();
        for (; end < order.size() && level[end] == level[begin]; ++end)
            best = std::min(best, m_total[order[end]]);
        const double own = level[begin] == at && at >= 0.0 ? 0.0 : 1.0;
        ofLevel[static_cast<std::size_t>(level[begin])] = best - own;
        any = std::min(any, best - own + 1.0);
        begin = end;
    }
    Configuration probe = m_scenario;
    for (std::size_t i = 0; i < out.size(); ++i) {
        double x = 0.0;
        if (grid.factor == Factor::Scheduler)
            x = m_space->levelId(m_space->m_schedulers, grid.levels[i]);
        else {
            parsePattern(grid.levels[i], probe.pattern);
            x = static_cast<double>(probe.pattern);
        }
        const bool known = x >= 0.0 && static_cast<std::size_t>(x) < ofLevel.size();
        out[i] = known ? std::min(any, ofLevel[static_cast<std::size_t>(x)]) : any;
    }
}

namespace {

/// The least of rest - c and of rest + c over the sorted positions [begin, end), rest being a
/// measurement's steps in every factor but the swept one (its total less |at - c|). Four
/// independent minima, so the loop is bound by throughput, not by the latency of one chain of
/// minima; min is exact, so the order does not change the result.
std::pair<double, double> segmentMinima(const std::vector<double>& total,
    const std::vector<std::uint32_t>& order, const std::vector<double>& coordinate, double at,
    std::size_t begin, std::size_t end)
{
    constexpr std::size_t kLanes = 4;
    std::array<double, kLanes> minus {};
    std::array<double, kLanes> plus {};
    minus.fill(std::numeric_limits<double>::infinity());
    plus.fill(std::numeric_limits<double>::infinity());
    std::size_t k = begin;
    for (; k + kLanes <= end; k += kLanes)
        for (std::size_t lane = 0; lane < kLanes; ++lane) {
            const double c = coordinate[k + lane];
            const double rest = total[order[k + lane]] - std::fabs(at - c);
            minus[lane] = std::min(minus[lane], rest - c);
            plus[lane] = std::min(plus[lane], rest + c);
        }
    for (; k < end; ++k) {
        const double c = coordinate[k];
        const double rest = total[order[k]] - std::fabs(at - c);
        minus[0] = std::min(minus[0], rest - c);
        plus[0] = std::min(plus[0], rest + c);
    }
    return {
        *std::min_element(minus.begin(), minus.end()), *std::min_element(plus.begin(), plus.end())};
}

} // namespace

void ScenarioDistances::sweepNumeric(const SweepGrid& grid, std::vector<double>& out)
{
    // min over m of rest[m] + |x - p[m]|, rest being the steps in the other factors: for the
    // measurements at or left of x it is x + min(rest - p), for those right of it
    // min(rest + p) - x. With the measurements kept sorted by the factor's coordinate, a binary
    // search per grid point cuts them into at most points + 1 segments; the minima of each
    // segment, combined left to right and right to left, answer every point. One pass over the
    // measurements: O(n + points log n) instead of O(n x points) (a database of 100,000
    // configurations: 200 ms a slider step).
    const std::size_t s = slot(grid.factor);
    const std::vector<std::uint32_t>& order = m_space->m_order[s];
    const std::vector<double>& coordinate = m_space->m_sorted[s];
    const double at = m_point[s];
    const std::size_t count = order.size();
    const std::size_t n = out.size();
    m_split.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        const double x = normalised(grid.factor, grid.x[i]);
        m_split[i] = static_cast<std::size_t>(
            std::upper_bound(coordinate.begin(), coordinate.end(), x) - coordinate.begin());
    }
    m_cuts.assign(m_split.begin(), m_split.end());
    m_cuts.push_back(0);
    m_cuts.push_back(count);
    std::sort(m_cuts.begin(), m_cuts.end());
    m_cuts.erase(std::unique(m_cuts.begin(), m_cuts.end()), m_cuts.end());
    // m_left[c]: the least rest - p before cut c; m_right[c]: the least rest + p from it on.
    const std::size_t cuts = m_cuts.size();
    m_left.assign(cuts, std::numeric_limits<double>::infinity());
    m_right.assign(cuts, std::numeric_limits<double>::infinity());
    for (std::size_t c = 0; c + 1 < cuts; ++c) {
        const auto [minus, plus]
            = segmentMinima(m_total, order, coordinate, at, m_cuts[c], m_cuts[c + 1]);
        m_left[c + 1] = std::min(m_left[c], minus);
        m_right[c] = plus;
    }
    for (std::size_t c = cuts - 1; c-- > 0;)
        m_right[c] = std::min(m_right[c], m_right[c + 1]);
    for (std::size_t i = 0; i < n; ++i) {
        const double x = normalised(grid.factor, grid.x[i]);
        const auto c = static_cast<std::size_t>(
            std::lower_bound(m_cuts.begin(), m_cuts.end(), m_split[i]) - m_cuts.begin());
        out[i] = std::min(m_left[c] + x, m_right[c] - x);
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
