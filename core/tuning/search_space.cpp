// SPDX-License-Identifier: GPL-3.0-or-later
#include "tuning/search_space.hpp"

#include <cmath>
#include <limits>
#include <utility>

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

BatchCost perPointCost(const Regressor& prototype, std::vector<SearchDimension> space,
    std::function<double(Regressor&)> score)
{
    return [&prototype, space = std::move(space), score = std::move(score)](
               const std::vector<std::vector<double>>& points, const std::atomic<bool>& cancelled) {
        std::vector<std::optional<double>> costs(points.size());
        const int count = static_cast<int>(points.size());
#pragma omp parallel for schedule(dynamic)
        for (int i = 0; i < count; ++i) {
            if (cancelled.load())
                continue;
            const auto index = static_cast<std::size_t>(i);
            try {
                auto model = prototype.clone();
                model->setParameters(withSearchPoint(prototype, space, points[index]));
                const double value = score(*model);
                costs[index]
                    = std::isfinite(value) ? value : std::numeric_limits<double>::infinity();
            } catch (const std::exception&) {
                costs[index] = std::numeric_limits<double>::infinity();
            }
        }
        return costs;
    };
}

} // namespace iolens::core
