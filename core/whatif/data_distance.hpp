// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "whatif/factor_sweep.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace iolens::core {

/// How far a configuration is from what was measured, in "steps" summed over the factors (an L1
/// distance, so "2 steps" reads as two single changes):
///  - request size, file-set size, threads and VM count: |log2(a / b)|, one step per doubling,
///    because performance follows these factors on a log scale (the data are measured in
///    powers of two) and a step of one octave is the grid spacing of a typical design;
///  - read share: |a - b| / 100, so all reads vs all writes is one step;
///  - scheduler and access pattern: a different level is one full step (levels have no order,
///    and any other level is as far as any other).
/// A measurement one step away is a neighbour on the design grid; beyond kFarFromDataSteps the
/// models extrapolate along some direction nothing measured backs.

inline constexpr double kFarFromDataSteps = 1.0;

/// Steps between `a` and `b` in `factor` alone.
double factorSteps(Factor factor, const Configuration& a, const Configuration& b);
/// Steps between `a` and `b` over every factor.
double dataSteps(const Configuration& a, const Configuration& b);

/// The nearest measured configuration to a query.
struct NearestMeasurement {
    std::size_t index = 0;         ///< into the configurations the space was built from
    double steps = 0.0;            ///< dataSteps to it; 0 for a measured configuration
    std::vector<Factor> differing; ///< the factors in which it differs, in kAllFactors order
};

/// A stretch of a sweep far from data, in grid coordinates (from < to, or equal for one point).
struct FarStretch {
    double from = 0.0;
    double to = 0.0;
};

/// The measured configurations in normalised coordinates (log2 sizes and counts, read share /
/// 100, level ids), so a distance costs a few subtractions and no logarithm: a profiler asks it
/// for 7 x 200 sweep points on every slider step.
class MeasuredSpace {
public:
    MeasuredSpace() = default;
    explicit MeasuredSpace(const std::vector<Configuration>& configs);

    bool empty() const { return m_columns.front().empty(); }
    std::size_t size() const { return m_columns.front().size(); }

    /// The measured configuration nearest to `config` (the first in data order on ties), or
    /// std::nullopt without data. O(n).
    std::optional<NearestMeasurement> nearest(const Configuration& config) const;

    /// For every point of `grid` (the scenario with the swept factor at that point), the steps to
    /// the nearest measurement, into `out` (resized); equal to nearest() at each point up to
    /// rounding. One ScenarioDistances for this one sweep: several sweeps through one scenario
    /// should share one.
    void sweepDistances(
        const SweepGrid& grid, const Configuration& scenario, std::vector<double>& out) const;

private:
    friend class ScenarioDistances;
    static constexpr std::size_t kFactors = kAllFactors.size();
    using Point = std::array<double, kFactors>; ///< indexed by static_cast<int>(Factor)
    Point coordinates(const Configuration& config) const;
    double levelId(const std::vector<std::string>& levels, const std::string& label) const;

    std::vector<std::string> m_schedulers; ///< level ids of the scheduler coordinate
    /// The measurements' coordinates factor by factor (indexed by static_cast<int>(Factor)),
    /// so sweepDistances walks contiguous columns.
    std::array<std::vector<double>, kFactors> m_columns;
    /// For each factor, the indices of the measurements in increasing order of its coordinate
    /// (a categorical factor's level id), and the coordinates in that order.
    std::array<std::vector<std::uint32_t>, kFactors> m_order;
    std::array<std::vector<double>, kFactors> m_sorted;
};

/// The steps from one scenario to every measurement, summed once over all factors, so that each
/// sweep through the scenario (the profiler draws seven on every slider step) costs one pass
/// over the measurements rather than one per factor: a sweep of factor f needs, per
/// measurement, the steps in every factor but f, which is the total minus f's part.
/// Holds scratch buffers, so one object serves one thread; `space` must outlive it.
class ScenarioDistances {
public:
    ScenarioDistances(const MeasuredSpace& space, const Configuration& scenario);

    /// As MeasuredSpace::sweepDistances for `grid` through this scenario: O(n + points log n),
    /// the measurements being kept sorted by each factor's coordinate.
    void sweep(const SweepGrid& grid, std::vector<double>& out);

private:
    void sweepNumeric(const SweepGrid& grid, std::vector<double>& out);
    void sweepCategorical(const SweepGrid& grid, std::vector<double>& out);

    const MeasuredSpace* m_space;
    Configuration m_scenario;
    MeasuredSpace::Point m_point {}; ///< the scenario's coordinates
    std::vector<double> m_total;     ///< steps to each measurement over every factor
    // Scratch of sweepNumeric, kept to reuse its memory across sweeps.
    std::vector<std::size_t> m_split; ///< per grid point, the measurements left of it
    std::vector<std::size_t> m_cuts;  ///< the distinct splits, with 0 and n
    std::vector<double> m_left;       ///< per cut, the least rest - p left of it
    std::vector<double> m_right;      ///< per cut, the least rest + p from it on
};

/// The runs of grid points whose distance exceeds `threshold`, as intervals in grid coordinates.
/// A run's border lies halfway (geometrically on a log grid) to the next point that is near, and
/// a categorical level covers its index +- 0.5, so shaded stretches meet without gaps.
void farStretches(const SweepGrid& grid, const std::vector<double>& distances, double threshold,
    std::vector<FarStretch>& out);

/// The indices of the configurations that equal `scenario` in every factor but `factor`: the
/// measurements a profile of `factor` runs through.
std::vector<std::size_t> measuredAlong(
    const std::vector<Configuration>& configs, const Configuration& scenario, Factor factor);

} // namespace iolens::core
