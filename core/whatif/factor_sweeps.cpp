// SPDX-License-Identifier: GPL-3.0-or-later
#include "whatif/factor_sweeps.hpp"

#include "common/error.hpp"

#include <omp.h>

#include <algorithm>
#include <exception>
#include <optional>

namespace iolens::core {

void sweepFactors(const SweepInputs& inputs, const std::vector<FactorSweep*>& sweeps,
    const std::function<void(std::size_t index)>& alsoPerSweep)
{
    if (inputs.domain == nullptr || inputs.space == nullptr)
        throw StateError("sweepFactors: no domain or measured space");
    // The steps to every measurement, summed once; each thread sweeps with its own copy.
    const ScenarioDistances around(*inputs.space, inputs.scenario);
    std::exception_ptr failure;
    const auto count = static_cast<std::ptrdiff_t>(sweeps.size());
    // No more threads than sweeps: on a machine of many cores the rest would only be woken.
    const int threads = static_cast<int>(
        std::clamp<std::ptrdiff_t>(count, 1, static_cast<std::ptrdiff_t>(omp_get_max_threads())));
#pragma omp parallel num_threads(threads)
    {
        // This thread's scratch, copied only once the thread gets a sweep (a large database's
        // totals are worth not copying for nothing).
        std::optional<ScenarioDistances> distances;
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
                if (!distances)
                    distances.emplace(around);
                distances->sweep(sweep.profile.grid, sweep.distances);
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
