// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/regressor.hpp"
#include "tuning/heuristic_optimizer.hpp"

#include <vector>

namespace iolens::core {

/// The dimensions the optimizer searches for a technique: every ParamSpec with a search range
/// (ICPE'13 Table 2 "used range"), in the spec's order.
std::vector<SearchDimension> searchSpace(const Regressor& technique);

/// Parameter values of `prototype` with the searched ones replaced by `point`.
ParamValues withSearchPoint(const Regressor& prototype, const std::vector<SearchDimension>& space,
    const std::vector<double>& point);

} // namespace iolens::core
