// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "store/measurement_database.hpp"
#include "traces/trace_request.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace iolens::core {

/// An imported trace: its requests live in trace_requests, in file order.
struct TraceRecord {
    std::int64_t id = 0;
    std::string name;
    TraceFormat format = TraceFormat::Msr;
    std::string source; ///< the file it was imported from
    std::string importedAt;
    std::int64_t requests = 0;
    std::int64_t timedRequests = 0; ///< requests with a measured response time
};

/// A per-request model trained on a stored trace (`trace-train`): the technique's saved state and
/// what it needs to rebuild the features (cache size, look-backs), with its test figures.
struct TraceModelRecord {
    std::int64_t id = 0;
    std::string name;
    std::string trace;
    std::string technique;
    nlohmann::json parameters = nlohmann::json::object();
    bool withHit = true;
    double cacheMib = 256.0;
    int k = 3;
    int m = 5;
    double trainFraction = 0.5;
    nlohmann::json featureNames = nlohmann::json::array(); ///< the model's columns, in order
    nlohmann::json state;                                  ///< Regressor::saveState()
    nlohmann::json evaluation;                             ///< the test part's figures
    std::string trainedAt;
};

/// Reads a trace file into the database as `name`, streaming, in one transaction: a malformed
/// line (DataError naming the file, line and field) or a name already taken (ConfigError)
/// leaves the database unchanged. `source` is what the trace records as its origin (default: the
/// path). Returns the stored trace.
TraceRecord importTrace(MeasurementDatabase& db, const std::string& name, const std::string& path,
    TraceFormat format, const std::string& source = {});

/// Stores the requests `produce` hands to its sink, in that order, as `name` with `source` as its
/// origin, in one transaction as importTrace does: an exception from `produce` or a name already
/// taken (ConfigError) leaves the database unchanged. For traces made here rather than read from
/// a file (trace-replay's requests with the response times fio measured).
TraceRecord storeTrace(MeasurementDatabase& db, const std::string& name, TraceFormat format,
    const std::string& source,
    const std::function<void(const std::function<void(const TraceRequest&)>&)>& produce);

/// Stored traces by name; empty for a database from before traces (schema version 3) opened
/// read-only.
std::vector<TraceRecord> traces(MeasurementDatabase& db);
/// The trace `name`; ConfigError naming the stored traces when there is none.
TraceRecord traceNamed(MeasurementDatabase& db, const std::string& name);
/// Hands the trace's requests to `sink` in file order, one row at a time.
void forEachTraceRequest(MeasurementDatabase& db, const TraceRecord& trace,
    const std::function<void(const TraceRequest&)>& sink);

/// Stores a trace model in one transaction; a name already taken is a ConfigError.
std::int64_t saveTraceModel(MeasurementDatabase& db, const TraceModelRecord& model);
/// Stored trace models by name, of one trace or all.
std::vector<TraceModelRecord> traceModels(
    MeasurementDatabase& db, const std::optional<std::string>& trace = std::nullopt);

} // namespace iolens::core
