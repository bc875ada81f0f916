// SPDX-License-Identifier: GPL-3.0-or-later
#include "tuning/technique_cost.hpp"

#include "tuning/cross_validation_cost.hpp"
#include "tuning/shared_fit_cost.hpp"

namespace iolens::core {

BatchCost techniqueCrossValidationCost(const Regressor& prototype,
    const std::vector<SearchDimension>& space, const Dataset& data, const FoldAssignment& folds)
{
    if (prototype.technique() == "cart")
        return sharedFitCost(prototype, space, data, folds, cartSharedFitPlan());
    if (prototype.technique() == "cubist")
        return sharedFitCost(prototype, space, data, folds, cubistSharedFitPlan());
    if (prototype.technique() == "m5")
        return sharedFitCost(prototype, space, data, folds, m5SharedFitPlan());
    if (prototype.technique() == "mars")
        return sharedFitCost(prototype, space, data, folds, marsSharedFitPlan());
    return crossValidationCost(prototype, space, data, folds);
}

} // namespace iolens::core
