// SPDX-License-Identifier: GPL-3.0-or-later
#include "tuning/technique_cost.hpp"

#include "common/error.hpp"
#include "tuning/cross_validation_cost.hpp"
#include "tuning/grouped_cv_cost.hpp"
#include "tuning/shared_fit_cost.hpp"

#include <optional>

namespace iolens::core {

namespace {

std::optional<SharedFitPlan> sharedFitPlanOf(const Regressor& prototype)
{
    if (prototype.technique() == "cart")
        return cartSharedFitPlan();
    if (prototype.technique() == "cubist")
        return cubistSharedFitPlan();
    if (prototype.technique() == "m5")
        return m5SharedFitPlan();
    if (prototype.technique() == "mars")
        return marsSharedFitPlan();
    return std::nullopt;
}

} // namespace

BatchCost techniqueCrossValidationCost(const Regressor& prototype,
    const std::vector<SearchDimension>& space, const Dataset& data, const FoldAssignment& folds)
{
    if (auto plan = sharedFitPlanOf(prototype))
        return sharedFitCost(prototype, space, data, folds, std::move(*plan));
    return crossValidationCost(prototype, space, data, folds);
}

BatchCost techniqueGroupedCost(const Regressor& prototype,
    const std::vector<SearchDimension>& space, const Dataset& data, const GroupedCvOptions& options)
{
    if (auto plan = sharedFitPlanOf(prototype)) {
        std::optional<SharedCv> cv;
        try {
            cv = groupedSharedCv(data, options);
        } catch (const Error&) {
            // Data the grouped CV refuses: the plain cost scores every point +inf, as it should.
        }
        if (cv)
            return sharedFitCost(prototype, space, data, std::move(*cv), std::move(*plan));
    }
    return groupedCrossValidationCost(prototype, space, data, options);
}

} // namespace iolens::core
