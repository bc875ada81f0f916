// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "whatif/data_distance.hpp"
#include "whatif/profile.hpp"

#include <functional>
#include <optional>
#include <vector>

namespace iolens::core {

/// What the profiler shows along one factor: every model's curve, the band around them, and how
/// far each point lies from the measurements.
struct FactorSweep {
    Factor factor = Factor::RequestBytes;
    Profile profile;
    /// The first model's prediction interval where `interval`, else the models' spread (empty
    /// `low` with one model: one curve has no spread).
    SpreadBand band;
    bool interval = false;
    std::vector<double> distances; ///< steps to the nearest measurement, per grid point
    std::vector<FarStretch> far;   ///< the stretches beyond kFarFromDataSteps
};

/// The scenario and models every sweep of one slider step shares.
struct SweepInputs {
    std::vector<const TrainedModel*> models; ///< non-null; the first is the recommended model
    Configuration scenario;
    const FactorDomain* domain = nullptr;
    SweepOptions options;
    const MeasuredSpace* space = nullptr;
    /// The first model's interval at this level is the band, where it has calibrated intervals.
    std::optional<double> intervalLevel;
};

/// Fills each sweep of `sweeps` (its factor set by the caller; buffers kept between calls are
/// reused), then, if given, calls `alsoPerSweep` with the sweep's index in `sweeps`, in the same
/// thread. The sweeps run in parallel, one factor per thread (OpenMP): a slider step draws
/// seven, each the models' batch predictions over its points, independent of the others
/// (bench_whatif_step's windowStep against windowStepSerial). So `alsoPerSweep` must write only
/// what belongs to its index. The first exception thrown in any sweep is rethrown once all have
/// ended.
void sweepFactors(const SweepInputs& inputs, const std::vector<FactorSweep*>& sweeps,
    const std::function<void(std::size_t index)>& alsoPerSweep = {});

} // namespace iolens::core
