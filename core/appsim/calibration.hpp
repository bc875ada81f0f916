// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "appsim/application_simulation.hpp"
#include "store/app_runs.hpp"

#include <optional>
#include <vector>

namespace iolens::core {

/// CBSE'14's errors (equations 1 and 2) of a simulation against a measured run of the same
/// application: err_IO is the mean relative error of the I/O operations' mean response times,
/// err_E2E the relative error of the sum of all operations' (the loop's) response times.
struct PredictionError {
    std::optional<double> errIo;
    std::optional<double> errE2e;
};

/// nullopt fields where the run lacks the operations' times or the operations do not match.
PredictionError predictionError(const SimulationResult& simulated, const AppRunRecord& measured);

struct Calibration {
    Application application; ///< with the CPU and delay demands fitted
    int memoryLength = 100;
    PredictionError atCalibration; ///< the errors at the calibration run's client count
};

/// The calibration of CBSE'14 section 4.4 at one measured run: each delay operation's demand
/// becomes its measured mean; a CPU operation whose CPU time was measured gets that as its
/// demand and waits after it for the rest of its measured time, one without has its demand
/// scaled until the simulated mean matches the measured one (processor sharing stretches it by
/// the queue it meets); then the
/// storage memory length is chosen from `memoryLengths` by the smallest err_IO. Throws
/// ConfigError when the run's operations do not match the application's.
Calibration calibrate(const Application& application, const AppRunRecord& measured,
    StorageLatency& storage, SimulationOptions options,
    const std::vector<int>& memoryLengths = {1, 4, 16, 64, 256});

} // namespace iolens::core
