// SPDX-License-Identifier: GPL-3.0-or-later
#include "tuning/grouped_cv_cost.hpp"

#include "tuning/search_space.hpp"

#include <cmath>
#include <limits>

namespace iolens::core {

BatchCost groupedCrossValidationCost(const Regressor& prototype,
    const std::vector<SearchDimension>& space, const Dataset& data, const GroupedCvOptions& options,
    GroupedCvScore score)
{
    return [&prototype, space, &data, options, score](
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
                const GroupedCvResult cv = groupedCrossValidate(*model, data, options);
                const double value = score == GroupedCvScore::MeanLogRatio ? cv.meanLogRatioError
                                                                           : cv.overallError;
                // A NaN cost would stall the search's comparisons; treat it as a failure.
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
