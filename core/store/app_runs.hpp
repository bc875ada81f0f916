// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "store/measurement_database.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace iolens::core {

/// One operation of a measured application loop.
struct AppOperationRecord {
    std::string name;
    std::string kind; ///< cpu, delay, read, write
    std::int64_t count = 0;
    std::optional<double> meanMs {}; ///< none when the operation never completed in the window
    /// Mean CPU time of the client's thread in the operation (user and system): what of meanMs
    /// was CPU demand rather than waiting. None where not measured.
    std::optional<double> cpuMs {};
};

/// A measured application run (`iolens-cli loadgen`): the definition it ran, how, and what the
/// loop and each operation took within the measurement window (the warm-up excluded).
struct AppRunRecord {
    std::int64_t id = 0;
    std::string application;
    std::string definition; ///< the application's JSON, as run
    int clients = 1;
    double durationS = 0.0;
    double warmupS = 0.0;
    std::string target;
    bool directIo = false;
    std::string measuredAt;
    std::int64_t loops = 0;
    double throughputPerS = 0.0;            ///< loops per second
    std::optional<double> responseTimeMs;   ///< per loop, think time excluded
    std::optional<double> ioResponseTimeMs; ///< mean over the loop's read and write operations
    std::vector<AppOperationRecord> operations;
};

/// Stores a run and its operations in one transaction; returns the run's id.
std::int64_t saveAppRun(MeasurementDatabase& db, const AppRunRecord& run);

/// Stored runs in insertion order, of one application or all. Empty for a database from
/// before application runs (schema version 2) opened read-only.
std::vector<AppRunRecord> appRuns(
    MeasurementDatabase& db, const std::optional<std::string>& application = std::nullopt);

} // namespace iolens::core
