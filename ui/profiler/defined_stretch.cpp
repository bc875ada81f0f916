// SPDX-License-Identifier: GPL-3.0-or-later
#include "profiler/defined_stretch.hpp"

namespace iolens::ui {

std::optional<GridStretch> definedStretch(const core::SweepGrid& grid, core::Metric metric)
{
    const auto defined = [&](std::size_t i) {
        return grid.factor != core::Factor::ReadPct || core::metricHasValue(metric, grid.x[i]);
    };
    std::size_t first = 0;
    while (first < grid.x.size() && !defined(first))
        ++first;
    if (first == grid.x.size())
        return std::nullopt;
    std::size_t last = grid.x.size() - 1;
    while (!defined(last))
        --last;
    return GridStretch {first, last};
}

} // namespace iolens::ui
