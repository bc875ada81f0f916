// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/metric.hpp"
#include "whatif/factor_sweep.hpp"

#include <cstddef>
#include <optional>

namespace iolens::ui {

/// The first and last grid point, by index.
struct GridStretch {
    std::size_t first = 0;
    std::size_t last = 0;
};

/// Where `metric` has a value along `grid`: the whole sweep, except along the read share, where a
/// read metric has none at 0 % reads and a write metric none at 100 % (core::metricHasValue), so
/// the profiler's read-share plot starts at the first share above 0 % (ends at the last below
/// 100 %) instead of drawing the curve to where the table says n/a. std::nullopt: no point.
std::optional<GridStretch> definedStretch(const core::SweepGrid& grid, core::Metric metric);

} // namespace iolens::ui
