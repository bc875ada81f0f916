// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/configuration.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace iolens::core {

/// The values each factor takes in the measured configurations, sorted and without duplicates:
/// where a profiler sweep starts and ends, and which levels a categorical factor offers.
struct FactorDomain {
    std::vector<std::string> schedulers;
    std::vector<Pattern> patterns;
    std::vector<std::int64_t> requestBytes;
    std::vector<std::int64_t> filesetBytes;
    std::vector<double> readPcts;
    std::vector<int> threads;
    std::vector<int> vms;

    bool empty() const { return requestBytes.empty(); }
};

/// Collects the domain of `configs`. O(n log n).
FactorDomain factorDomain(const std::vector<Configuration>& configs);

/// True if the domain has more than one value of `factor`, so a sweep of it is backed by data.
bool variesInDomain(const FactorDomain& domain, Factor factor);

/// How a sweep's x values are spaced.
enum class SweepSpacing {
    Log,         ///< sizes: geometric steps, whole bytes
    Linear,      ///< read share: equal steps from 0 to 100 %
    Integer,     ///< VM count, threads: every whole number in the range
    Categorical, ///< scheduler, pattern: the levels of the data, x = level index
};

/// The range of a sweep beyond the data.
struct SweepOptions {
    int points = 200; ///< points of a Log or Linear sweep (>= 2); Integer ones take at most this
    /// size and thread-count sweeps reach this factor beyond the largest measured (one octave)
    double sizeMargin = 2.;
    /// VM sweeps run 1..max(maxVms, data, scenario), as the scenario panel, and no further than
    /// the scenario's thread count
    int maxVms = 8;
};

/// The x values of one factor's sweep, in the modelling unit of core::numericValue (KiB for the
/// request size, MiB for the file set, %, counts), or level indices for a categorical factor.
struct SweepGrid {
    Factor factor = Factor::RequestBytes;
    SweepSpacing spacing = SweepSpacing::Log;
    std::vector<double> x;           ///< ascending
    std::vector<std::string> levels; ///< Categorical only: the label of x = 0, 1, ...
};

/// The sweep of `factor` over the domain's range, widened to contain the scenario's own value.
/// Sizes are rounded to whole bytes and x holds the rounded value, so setting x[i] into a
/// configuration gives exactly the point that is predicted. Precondition: !domain.empty().
/// `grid` is filled in place so that a caller recomputing it keeps its buffers.
void sweepGrid(const FactorDomain& domain, const Configuration& scenario, Factor factor,
    const SweepOptions& options, SweepGrid& grid);

/// `config` with the swept factor set to the grid's point `index` (level label for categorical).
void applySweepPoint(const SweepGrid& grid, std::size_t index, Configuration& config);

/// The grid coordinate of `config`'s value of the factor: its numeric value, or its level index
/// (-1 when the level is not among the grid's levels).
double sweepCoordinate(const SweepGrid& grid, const Configuration& config);

} // namespace iolens::core
