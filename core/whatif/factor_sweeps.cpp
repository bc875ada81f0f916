// SPDX-License-Identifier: GPL-3.0-or-later
#include "whatif/factor_sweeps.hpp"

#include "common/error.hpp"

#include <exception>

namespace iolens::core {

void sweepFactors(const SweepInputs& inputs, const std::vector<FactorSweep*>& sweeps,
    const std::function<void(std::size_t index)>& alsoPerSweep)
{
    if (inputs.domain == nullptr || inputs.space == nullptr)
        throw StateError("sweepFactors: no domain or measured space");
    // The steps to every measurement, summed once; each thread sweeps with a copy (its scratch).
    const ScenarioDistances around(*inputs.space, inputs.scenario);
    std::exception_ptr failure;
    const auto count = static_cast<std::ptrdiff_t>(sweeps.size());
#pragma omp parallel
    {
        ScenarioDistances distances = around; // this thread's scratch
#pragma omp for schedule(dynamic)
        for (std::ptrdiff_t k = 0; k < count; ++k) {
            try {
                FactorSweep& sweep = *sweeps[static_cast<std::size_t>(k)];
                profile(inputs.models, inputs.scenario, sweep.factor, *inputs.domain,
                    inputs.options, sweep.profile);
                sweep.interval = inputs.intervalLevel && !inputs.models.empty()
                    && intervalBand(
                        *inputs.models.front(), sweep.profile, *inputs.intervalLevel, sweep.band);
                if (!sweep.interval) {
                    spread(sweep.profile, sweep.band);
                    if (inputs.models.size() < 2)
                        sweep.band.low.clear();
                }
                distances.sweep(sweep.profile.grid, sweep.distances);
                farStretches(sweep.profile.grid, sweep.distances, kFarFromDataSteps, sweep.far);
                if (alsoPerSweep)
                    alsoPerSweep(static_cast<std::size_t>(k));
            } catch (...) {
#pragma omp critical(iolens_factor_sweeps_failure)
                if (!failure)
                    failure = std::current_exception();
            }
        }
    }
    if (failure)
        std::rethrow_exception(failure);
}

} // namespace iolens::core
