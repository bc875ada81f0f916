// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "appsim/application.hpp"
#include "appsim/output_analysis.hpp"
#include "appsim/storage_resource.hpp"
#include "common/error.hpp"

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace iolens::core {

struct SimulationOptions {
    int clients = 1;
    std::uint64_t seed = 1;
    /// Stop once the throughput's and the response time's confidence half-widths are within
    /// this share of their means (JMT's default: 3 % at 99 %).
    double precision = 0.03;
    double confidence = 0.99;
    /// The storage resource's memory: how many recent requests define its workload state.
    int memoryLength = 100;
    /// Caps: the run stops at whichever comes first, with `precisionReached` false. The simulated
    /// time counts only once the 200 loops an estimate needs are done.
    double maxSimulatedSeconds = 36000.0;
    std::int64_t maxEvents = 20'000'000;
    const std::atomic<bool>* cancel = nullptr; ///< set to stop; simulate throws Cancelled
};

struct OperationTime {
    std::string name;
    double responseTimeMs = 0.0; ///< mean, from the operation's start to its end
};

struct SimulationResult {
    int clients = 0;
    Estimate throughputPerS;              ///< loops per second
    Estimate responseTimeMs;              ///< per loop, think time excluded
    double ioResponseTimeMs = 0.0;        ///< mean over every storage request
    double cpuUtilization = 0.0;          ///< busy share of all cores
    std::vector<double> queueUtilization; ///< busy share of each of the application's queues
    double delayBusy = 0.0;               ///< mean requests at the delay resource
    double storageBusy = 0.0;             ///< mean requests in service at the storage
    std::vector<OperationTime> operations;
    std::int64_t loopsKept = 0; ///< loops after the warm-up, which the figures cover
    double warmupSeconds = 0.0; ///< simulated time dropped as warm-up (MSER-5)
    double simulatedSeconds = 0.0;
    std::int64_t events = 0;
    bool precisionReached = false;
};

/// The simulation was cancelled through SimulationOptions::cancel.
class SimulationCancelled : public Error {
public:
    SimulationCancelled()
        : Error("simulation cancelled")
    {
    }
};

/// Simulates `application` with `options.clients` clients (CBSE'14 section 4.3): a CPU with
/// the application's cores under processor sharing (and any further processor-sharing queues
/// the definition names), a delay resource, and the storage, whose
/// every request is delayed by `storage` for the workload state it meets. Warm-up is removed
/// with MSER-5, the means get Student-t intervals from 20 batch means, and the run doubles
/// until the relative precision is reached or a cap is hit. Deterministic for a seed.
/// Throws ConfigError, rather than give NaN or infinite figures, for a loop that takes no time,
/// an event cap reached before 200 loops, or simulated times that overflow.
SimulationResult simulateApplication(
    const Application& application, StorageLatency& storage, const SimulationOptions& options);

} // namespace iolens::core
