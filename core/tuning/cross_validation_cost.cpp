// SPDX-License-Identifier: GPL-3.0-or-later
#include "tuning/cross_validation_cost.hpp"

#include "tuning/search_space.hpp"

namespace iolens::core {

BatchCost crossValidationCost(const Regressor& prototype, const std::vector<SearchDimension>& space,
    const Dataset& data, const FoldAssignment& folds)
{
    return perPointCost(prototype, space,
        [&data, &folds](Regressor& model) { return crossValidate(model, data, folds).meanRmse; });
}

} // namespace iolens::core
