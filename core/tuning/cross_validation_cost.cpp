// SPDX-License-Identifier: GPL-3.0-or-later
#include "tuning/cross_validation_cost.hpp"

#include "tuning/search_space.hpp"

#include <limits>

namespace iolens::core {

BatchCost crossValidationCost(const Regressor& prototype, const std::vector<SearchDimension>& space,
    const Dataset& data, const FoldAssignment& folds)
{
    return [&prototype, space, &data, &folds](
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
                costs[index] = crossValidate(*model, data, folds).meanRmse;
            } catch (const std::exception&) {
                costs[index] = std::numeric_limits<double>::infinity();
            }
        }
        return costs;
    };
}

} // namespace iolens::core
