// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/trace_store.hpp"

#include "common/error.hpp"
#include "common/timestamp.hpp"
#include "store/sqlite_connection.hpp"
#include "traces/trace_reader.hpp"

namespace iolens::core {

namespace {

constexpr int kFirstVersionWithTraces = 4;

TraceRecord traceFrom(const Statement& row)
{
    TraceRecord t;
    t.id = row.int64(0);
    t.name = row.text(1);
    parseTraceFormat(row.text(2), t.format);
    t.source = row.text(3);
    t.importedAt = row.text(4);
    t.requests = row.int64(5);
    t.timedRequests = row.int64(6);
    return t;
}

constexpr const char* kTraceColumns
    = "SELECT id, name, format, source, imported_at, requests, timed_requests FROM traces";

} // namespace

TraceRecord importTrace(MeasurementDatabase& db, const std::string& name, const std::string& path,
    TraceFormat format, const std::string& source)
{
    return storeTrace(db, name, format, source.empty() ? path : source,
        [&](const std::function<void(const TraceRequest&)>& sink) {
            readTraceFile(path, format, sink);
        });
}

TraceRecord storeTrace(MeasurementDatabase& db, const std::string& name, TraceFormat format,
    const std::string& source,
    const std::function<void(const std::function<void(const TraceRequest&)>&)>& produce)
{
    if (name.empty())
        throw ConfigError("trace-import: the trace needs a name");
    SqliteConnection& connection = db.connection();
    Transaction transaction(connection);
    {
        Statement taken(connection, "SELECT count(*) FROM traces WHERE name = ?");
        taken.bind(1, name);
        taken.step();
        if (taken.int64(0) > 0)
            throw ConfigError("trace '" + name + "' already exists in " + connection.path()
                + "; choose another --name");
    }
    Statement header(connection,
        "INSERT INTO traces (name, format, source, imported_at, requests, timed_requests) "
        "VALUES (?, ?, ?, ?, 0, 0)");
    header.bind(1, name)
        .bind(2, traceFormatName(format))
        .bind(3, source)
        .bind(4, currentTimestamp());
    header.run();
    const std::int64_t id = connection.lastInsertId();
    Statement insert(connection,
        "INSERT INTO trace_requests (trace_id, seq, arrival_ms, offset_bytes, bytes, is_read, "
        "device, response_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    std::int64_t count = 0;
    std::int64_t timed = 0;
    produce([&](const TraceRequest& r) {
        insert.bind(1, id)
            .bind(2, count)
            .bind(3, r.arrivalMs)
            .bind(4, r.offset)
            .bind(5, r.bytes)
            .bind(6, r.read ? 1 : 0)
            .bind(7, r.device)
            .bind(8, r.responseMs);
        insert.run();
        insert.reset();
        ++count;
        timed += r.responseMs ? 1 : 0;
    });
    Statement totals(connection, "UPDATE traces SET requests = ?, timed_requests = ? WHERE id = ?");
    totals.bind(1, count).bind(2, timed).bind(3, id);
    totals.run();
    transaction.commit();
    return traceNamed(db, name);
}

std::vector<TraceRecord> traces(MeasurementDatabase& db)
{
    if (db.schemaVersion() < kFirstVersionWithTraces)
        return {};
    Statement select(db.connection(), std::string(kTraceColumns) + " ORDER BY name");
    std::vector<TraceRecord> result;
    while (select.step())
        result.push_back(traceFrom(select));
    return result;
}

TraceRecord traceNamed(MeasurementDatabase& db, const std::string& name)
{
    const auto all = traces(db);
    for (const TraceRecord& t : all)
        if (t.name == name)
            return t;
    std::string known;
    for (const TraceRecord& t : all)
        known += (known.empty() ? "" : ", ") + t.name;
    throw ConfigError("no trace '" + name + "' in " + db.connection().path()
        + " (stored: " + (known.empty() ? std::string("none; use trace-import") : known) + ")");
}

void forEachTraceRequest(MeasurementDatabase& db, const TraceRecord& trace,
    const std::function<void(const TraceRequest&)>& sink)
{
    Statement select(db.connection(),
        "SELECT arrival_ms, offset_bytes, bytes, is_read, device, response_ms FROM "
        "trace_requests WHERE trace_id = ? ORDER BY seq");
    select.bind(1, trace.id);
    while (select.step()) {
        TraceRequest r;
        r.arrivalMs = select.real(0);
        r.offset = select.int64(1);
        r.bytes = select.int64(2);
        r.read = select.int64(3) != 0;
        r.device = static_cast<int>(select.int64(4));
        r.responseMs = select.optionalReal(5);
        sink(r);
    }
}

std::int64_t saveTraceModel(MeasurementDatabase& db, const TraceModelRecord& model)
{
    SqliteConnection& connection = db.connection();
    Transaction transaction(connection);
    const TraceRecord trace = traceNamed(db, model.trace);
    {
        Statement taken(connection, "SELECT count(*) FROM trace_models WHERE name = ?");
        taken.bind(1, model.name);
        taken.step();
        if (taken.int64(0) > 0)
            throw ConfigError("trace model '" + model.name + "' already exists in "
                + connection.path() + "; choose another --name");
    }
    Statement insert(connection,
        "INSERT INTO trace_models (name, trace_id, technique, parameters, with_hit, cache_mib, k, "
        "m, train_fraction, feature_names, state, evaluation, trained_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert.bind(1, model.name)
        .bind(2, trace.id)
        .bind(3, model.technique)
        .bind(4, model.parameters.dump())
        .bind(5, model.withHit ? 1 : 0)
        .bind(6, model.cacheMib)
        .bind(7, model.k)
        .bind(8, model.m)
        .bind(9, model.trainFraction)
        .bind(10, model.featureNames.dump())
        .bind(11, model.state.dump())
        .bind(12, model.evaluation.dump())
        .bind(13, model.trainedAt.empty() ? currentTimestamp() : model.trainedAt);
    insert.run();
    const std::int64_t id = connection.lastInsertId();
    transaction.commit();
    return id;
}

std::vector<TraceModelRecord> traceModels(
    MeasurementDatabase& db, const std::optional<std::string>& trace)
{
    if (db.schemaVersion() < kFirstVersionWithTraces)
        return {};
    Statement select(db.connection(),
        "SELECT m.id, m.name, t.name, m.technique, m.parameters, m.with_hit, m.cache_mib, m.k, "
        "m.m, m.train_fraction, m.feature_names, m.state, m.evaluation, m.trained_at FROM "
        "trace_models m JOIN traces t ON t.id = m.trace_id WHERE ?1 IS NULL OR t.name = ?1 "
        "ORDER BY m.name");
    if (trace)
        select.bind(1, *trace);
    else
        select.bindNull(1);
    std::vector<TraceModelRecord> result;
    while (select.step()) {
        TraceModelRecord r;
        r.id = select.int64(0);
        r.name = select.text(1);
        r.trace = select.text(2);
        r.technique = select.text(3);
        r.parameters = nlohmann::json::parse(select.text(4));
        r.withHit = select.int64(5) != 0;
        r.cacheMib = select.real(6);
        r.k = static_cast<int>(select.int64(7));
        r.m = static_cast<int>(select.int64(8));
        r.trainFraction = select.real(9);
        r.featureNames = nlohmann::json::parse(select.text(10));
        r.state = nlohmann::json::parse(select.text(11));
        r.evaluation = nlohmann::json::parse(select.text(12));
        r.trainedAt = select.text(13);
        result.push_back(std::move(r));
    }
    return result;
}

} // namespace iolens::core
