// SPDX-License-Identifier: GPL-3.0-or-later
#include "whatif/factor_sweep.hpp"

#include "common/units.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace iolens::core {

namespace {

template <typename T> void sortUnique(std::vector<T>& values)
{
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
}

constexpr double kBytesPerKiB = 1024.0;

double bytesPerUnit(Factor factor)
{
    return factor == Factor::RequestBytes ? kBytesPerKiB : kBytesPerMiB;
}

// Geometric steps in bytes, each rounded to a whole byte (a configuration holds whole bytes);
// rounding can make neighbours equal only below a few hundred bytes, so duplicates are dropped.
void logGrid(double loBytes, double hiBytes, int points, double unit, std::vector<double>& x)
{
    x.clear();
    const double ratio = std::log(hiBytes / loBytes) / std::max(1, points - 1);
    for (int i = 0; i < points; ++i) {
        const double bytes = std::max(1.0, std::round(loBytes * std::exp(ratio * i)));
        if (x.empty() || bytes / unit > x.back())
            x.push_back(bytes / unit);
    }
}

void integerGrid(int lo, int hi, int points, std::vector<double>& x)
{
    x.clear();
    if (hi - lo + 1 <= points) {
        for (int v = lo; v <= hi; ++v)
            x.push_back(v);
        return;
    }
    // A wide range (thousands of threads) takes geometric steps rounded to whole numbers.
    const double ratio = std::log(static_cast<double>(hi) / lo) / (points - 1);
    for (int i = 0; i < points; ++i) {
        const double v = std::round(lo * std::exp(ratio * i));
        if (x.empty() || v > x.back())
            x.push_back(v);
    }
}

void sizeSweep(const std::vector<std::int64_t>& measured, std::int64_t scenarioBytes,
    const SweepOptions& options, Factor factor, SweepGrid& grid)
{
    const double lo = std::min(static_cast<double>(measured.front()) / options.sizeMargin,
        static_cast<double>(scenarioBytes));
    const double hi = std::max(static_cast<double>(measured.back()) * options.sizeMargin,
        static_cast<double>(scenarioBytes));
    grid.spacing = SweepSpacing::Log;
    logGrid(
        std::max(1.0, lo), std::max(hi, lo + 1.0), options.points, bytesPerUnit(factor), grid.x);
}

void readSweep(const SweepOptions& options, SweepGrid& grid)
{
    grid.spacing = SweepSpacing::Linear;
    grid.x.resize(static_cast<std::size_t>(options.points));
    for (int i = 0; i < options.points; ++i)
        grid.x[static_cast<std::size_t>(i)] = 100.0 * i / (options.points - 1);
}

void countSweep(const std::vector<int>& measured, int scenario, int floorMax,
    const SweepOptions& options, SweepGrid& grid, int cap = std::numeric_limits<int>::max())
{
    const int lo = std::max(1, std::min(measured.front(), scenario));
    const int hi = std::max(lo, std::min(std::max({measured.back(), scenario, floorMax}), cap));
    grid.spacing = SweepSpacing::Integer;
    integerGrid(lo, hi, options.points, grid.x);
}

void levelSweep(std::vector<std::string> levels, SweepGrid& grid)
{
    grid.spacing = SweepSpacing::Categorical;
    grid.levels = std::move(levels);
    grid.x.resize(grid.levels.size());
    for (std::size_t i = 0; i < grid.x.size(); ++i)
        grid.x[i] = static_cast<double>(i);
}

} // namespace

FactorDomain factorDomain(const std::vector<Configuration>& configs)
{
    FactorDomain domain;
    for (const Configuration& c : configs) {
        domain.schedulers.push_back(c.scheduler);
        domain.patterns.push_back(c.pattern);
        domain.requestBytes.push_back(c.requestBytes);
        domain.filesetBytes.push_back(c.filesetBytes);
        domain.readPcts.push_back(c.readPct);
        domain.threads.push_back(c.threads);
        domain.vms.push_back(c.vms);
    }
    sortUnique(domain.schedulers);
    sortUnique(domain.patterns);
    sortUnique(domain.requestBytes);
    sortUnique(domain.filesetBytes);
    sortUnique(domain.readPcts);
    sortUnique(domain.threads);
    sortUnique(domain.vms);
    return domain;
}

bool variesInDomain(const FactorDomain& domain, Factor factor)
{
    switch (factor) {
    case Factor::Scheduler:
        return domain.schedulers.size() > 1;
    case Factor::Pattern:
        return domain.patterns.size() > 1;
    case Factor::RequestBytes:
        return domain.requestBytes.size() > 1;
    case Factor::FilesetBytes:
        return domain.filesetBytes.size() > 1;
    case Factor::ReadPct:
        return domain.readPcts.size() > 1;
    case Factor::Threads:
        return domain.threads.size() > 1;
    case Factor::Vms:
        return domain.vms.size() > 1;
    }
    return false;
}

void sweepGrid(const FactorDomain& domain, const Configuration& scenario, Factor factor,
    const SweepOptions& options, SweepGrid& grid)
{
    grid.factor = factor;
    grid.levels.clear();
    switch (factor) {
    case Factor::RequestBytes:
        sizeSweep(domain.requestBytes, scenario.requestBytes, options, factor, grid);
        return;
    case Factor::FilesetBytes:
        sizeSweep(domain.filesetBytes, scenario.filesetBytes, options, factor, grid);
        return;
    case Factor::ReadPct:
        readSweep(options, grid);
        return;
    case Factor::Threads:
        // Like a size, one octave beyond the measured counts: "what if 30 more clients".
        countSweep(domain.threads, scenario.threads,
            static_cast<int>(std::lround(domain.threads.back() * options.sizeMargin)), options,
            grid);
        return;
    case Factor::Vms:
        // No more VMs than the scenario's threads: each VM runs one at least (as predict and
        // import refuse more), so 2 threads were not asked about over 8 VMs.
        countSweep(domain.vms, scenario.vms, options.maxVms, options, grid, scenario.threads);
        return;
    case Factor::Scheduler:
        levelSweep(domain.schedulers, grid);
        return;
    case Factor::Pattern: {
        std::vector<std::string> names;
        for (Pattern p : domain.patterns)
            names.emplace_back(patternName(p));
        levelSweep(std::move(names), grid);
        return;
    }
    }
}

void applySweepPoint(const SweepGrid& grid, std::size_t index, Configuration& config)
{
    switch (grid.factor) {
    case Factor::Scheduler:
        config.scheduler = grid.levels[index];
        return;
    case Factor::Pattern:
        parsePattern(grid.levels[index], config.pattern);
        return;
    default:
        setNumericValue(config, grid.factor, grid.x[index]);
        return;
    }
}

double sweepCoordinate(const SweepGrid& grid, const Configuration& config)
{
    if (!isCategorical(grid.factor))
        return numericValue(config, grid.factor);
    const std::string_view label = categoricalValue(config, grid.factor);
    const auto it = std::find(grid.levels.begin(), grid.levels.end(), label);
    return it == grid.levels.end() ? -1.0 : static_cast<double>(it - grid.levels.begin());
}

} // namespace iolens::core
