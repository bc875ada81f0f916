// SPDX-License-Identifier: GPL-3.0-or-later
#include "tuning/search_space.hpp"

namespace iolens::core {

std::vector<SearchDimension> searchSpace(const Regressor& technique)
{
    std::vector<SearchDimension> space;
    for (const ParamSpec& spec : technique.paramSpecs())
        if (spec.tuned())
            space.push_back({spec.name, spec.searchLow, spec.searchHigh, spec.integer});
    return space;
}

ParamValues withSearchPoint(const Regressor& prototype, const std::vector<SearchDimension>& space,
    const std::vector<double>& point)
{
    ParamValues values = prototype.parameters();
    for (std::size_t d = 0; d < space.size(); ++d)
        values[space[d].name] = point[d];
    return values;
}

} // namespace iolens::core
