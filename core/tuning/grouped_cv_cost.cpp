// SPDX-License-Identifier: GPL-3.0-or-later
#include "tuning/grouped_cv_cost.hpp"

#include "tuning/search_space.hpp"

namespace iolens::core {

BatchCost groupedCrossValidationCost(const Regressor& prototype,
    const std::vector<SearchDimension>& space, const Dataset& data, const GroupedCvOptions& options,
    GroupedCvScore score)
{
    return perPointCost(prototype, space, [&data, options, score](Regressor& model) {
        const GroupedCvResult cv = groupedCrossValidate(model, data, options);
        return score == GroupedCvScore::MeanLogRatio ? cv.meanLogRatioError : cv.overallError;
    });
}

} // namespace iolens::core
