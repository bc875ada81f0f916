// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/app_runs.hpp"

#include "store/sqlite_connection.hpp"

namespace iolens::core {

namespace {

constexpr int kFirstVersionWithAppRuns = 3;

} // namespace

std::int64_t saveAppRun(MeasurementDatabase& db, const AppRunRecord& run)
{
    SqliteConnection& connection = db.connection();
    Transaction transaction(connection);
    Statement insert(connection,
        "INSERT INTO app_runs (application, definition, clients, duration_s, warmup_s, target, "
        "direct_io, measured_at, loops, throughput_per_s, response_time_ms, io_response_time_ms) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert.bind(1, run.application)
        .bind(2, run.definition)
        .bind(3, run.clients)
        .bind(4, run.durationS)
        .bind(5, run.warmupS)
        .bind(6, run.target)
        .bind(7, run.directIo ? 1 : 0)
        .bind(8, run.measuredAt)
        .bind(9, run.loops)
        .bind(10, run.throughputPerS)
        .bind(11, run.responseTimeMs)
        .bind(12, run.ioResponseTimeMs);
    insert.run();
    const std::int64_t id = connection.lastInsertId();
    Statement op(connection,
        "INSERT INTO app_run_operations (run_id, op_index, name, kind, count, mean_ms, cpu_ms) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)");
    for (std::size_t i = 0; i < run.operations.size(); ++i) {
        const AppOperationRecord& o = run.operations[i];
        op.bind(1, id)
            .bind(2, static_cast<std::int64_t>(i))
            .bind(3, o.name)
            .bind(4, o.kind)
            .bind(5, o.count)
            .bind(6, o.meanMs)
            .bind(7, o.cpuMs);
        op.run();
        op.reset();
    }
    transaction.commit();
    return id;
}

std::vector<AppRunRecord> appRuns(
    MeasurementDatabase& db, const std::optional<std::string>& application)
{
    if (db.schemaVersion() < kFirstVersionWithAppRuns)
        return {};
    SqliteConnection& connection = db.connection();
    Statement select(connection,
        "SELECT id, application, definition, clients, duration_s, warmup_s, target, direct_io, "
        "measured_at, loops, throughput_per_s, response_time_ms, io_response_time_ms "
        "FROM app_runs WHERE ?1 IS NULL OR application = ?1 ORDER BY id");
    if (application)
        select.bind(1, *application);
    else
        select.bindNull(1);
    std::vector<AppRunRecord> runs;
    while (select.step()) {
        AppRunRecord r;
        r.id = select.int64(0);
        r.application = select.text(1);
        r.definition = select.text(2);
        r.clients = static_cast<int>(select.int64(3));
        r.durationS = select.real(4);
        r.warmupS = select.real(5);
        r.target = select.text(6);
        r.directIo = select.int64(7) != 0;
        r.measuredAt = select.text(8);
        r.loops = select.int64(9);
        r.throughputPerS = select.real(10);
        r.responseTimeMs = select.optionalReal(11);
        r.ioResponseTimeMs = select.optionalReal(12);
        runs.push_back(std::move(r));
    }
    Statement ops(connection,
        "SELECT name, kind, count, mean_ms, cpu_ms FROM app_run_operations WHERE run_id = ? "
        "ORDER BY op_index");
    for (AppRunRecord& r : runs) {
        ops.bind(1, r.id);
        while (ops.step())
            r.operations.push_back(
                {ops.text(0), ops.text(1), ops.int64(2), ops.optionalReal(3), ops.optionalReal(4)});
        ops.reset();
    }
    return runs;
}

} // namespace iolens::core
