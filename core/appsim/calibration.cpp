// SPDX-License-Identifier: GPL-3.0-or-later
#include "appsim/calibration.hpp"

#include "common/error.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace iolens::core {

namespace {

bool matches(const Application& app, const AppRunRecord& run)
{
    if (run.operations.size() != app.operations.size())
        return false;
    for (std::size_t i = 0; i < run.operations.size(); ++i)
        if (run.operations[i].name != app.operations[i].name)
            return false;
    return true;
}

constexpr int kCpuRounds = 6;

} // namespace

PredictionError predictionError(const SimulationResult& simulated, const AppRunRecord& measured)
{
    PredictionError error;
    if (simulated.operations.size() != measured.operations.size())
        return error;
    double ioSum = 0.0;
    int ios = 0;
    double measuredTotal = 0.0;
    double simulatedTotal = 0.0;
    bool complete = true;
    for (std::size_t i = 0; i < measured.operations.size(); ++i) {
        const AppOperationRecord& m = measured.operations[i];
        if (!m.meanMs) {
            complete = false;
            continue;
        }
        const double p = simulated.operations[i].responseTimeMs;
        measuredTotal += *m.meanMs;
        simulatedTotal += p;
        if ((m.kind == "read" || m.kind == "write") && *m.meanMs > 0.0) {
            ioSum += std::abs(*m.meanMs - p) / *m.meanMs;
            ++ios;
        }
    }
    if (ios > 0)
        error.errIo = ioSum / ios;
    if (complete && measuredTotal > 0.0)
        error.errE2e = std::abs(measuredTotal - simulatedTotal) / measuredTotal;
    return error;
}

Calibration calibrate(const Application& application, const AppRunRecord& measured,
    StorageLatency& storage, SimulationOptions options, const std::vector<int>& memoryLengths)
{
    if (!matches(application, measured))
        throw ConfigError("calibrate: run " + std::to_string(measured.id) + " of '"
            + measured.application + "' has other operations than application '" + application.name
            + "'");
    Calibration result {application, options.memoryLength, {}};
    options.clients = measured.clients;
    Application& app = result.application;
    for (std::size_t i = 0; i < app.operations.size(); ++i) {
        Operation& op = app.operations[i];
        if (op.kind == OperationKind::Delay && measured.operations[i].meanMs)
            op.amount = op.amount.scaledTo(*measured.operations[i].meanMs);
    }
    const auto hasCpu = [&app] {
        for (const Operation& op : app.operations)
            if (op.kind == OperationKind::Cpu && op.station == 0)
                return true;
        return false;
    }();
    // A CPU operation with its CPU time measured: that is its demand, and the rest of its time
    // becomes a wait; without it, the demand is scaled until the simulated time matches.
    for (std::size_t i = 0; i < app.operations.size(); ++i) {
        Operation& op = app.operations[i];
        if (op.kind == OperationKind::Cpu && op.station == 0 && measured.operations[i].cpuMs
            && measured.operations[i].meanMs) {
            op.amount = op.amount.scaledTo(
                std::min(*measured.operations[i].cpuMs, *measured.operations[i].meanMs));
            op.waitMs = 0.0;
        }
    }
    for (int round = 0; hasCpu && round < kCpuRounds; ++round) {
        const SimulationResult r = simulateApplication(app, storage, options);
        for (std::size_t i = 0; i < app.operations.size(); ++i) {
            Operation& op = app.operations[i];
            const auto& m = measured.operations[i];
            const double simulated = r.operations[i].responseTimeMs;
            if (op.kind != OperationKind::Cpu || op.station != 0 || !m.meanMs)
                continue;
            if (m.cpuMs) {
                op.waitMs = std::max(0.0, op.waitMs + *m.meanMs - simulated);
                continue;
            }
            const double demand = op.amount.mean();
            op.amount = op.amount.scaledTo(
                simulated > 0.0 && demand > 0.0 ? demand * *m.meanMs / simulated : *m.meanMs);
        }
    }
    double best = std::numeric_limits<double>::infinity();
    for (const int length : memoryLengths) {
        options.memoryLength = length;
        const PredictionError e
            = predictionError(simulateApplication(app, storage, options), measured);
        const double score = e.errIo.value_or(0.0);
        if (score < best) {
            best = score;
            result.memoryLength = length;
            result.atCalibration = e;
        }
    }
    return result;
}

} // namespace iolens::core
