// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/regressor.hpp"
#include "tuning/heuristic_optimizer.hpp"

#include <functional>
#include <vector>

namespace iolens::core {

/// The dimensions the optimizer searches for a technique: every ParamSpec with a search range
/// (ICPE'13 Table 2 "used range"), in the spec's order.
std::vector<SearchDimension> searchSpace(const Regressor& technique);

/// Parameter values of `prototype` with the searched ones replaced by `point`.
ParamValues withSearchPoint(const Regressor& prototype, const std::vector<SearchDimension>& space,
    const std::vector<double>& point);

/// The batch cost that scores each point by `score` of a fresh clone of `prototype` set to the
/// point's parameters. Points run in parallel on all cores (OpenMP); a point whose fit throws, or
/// whose score is not finite (a NaN would stall the search's comparisons), scores +inf so the
/// search moves away from it. Checks `cancelled` between points. `prototype` and what `score`
/// refers to must outlive the returned function; `score` is called from several threads.
BatchCost perPointCost(const Regressor& prototype, std::vector<SearchDimension> space,
    std::function<double(Regressor&)> score);

} // namespace iolens::core
