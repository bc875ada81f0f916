// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/schema.hpp"

#include "common/error.hpp"
#include "store/sqlite_connection.hpp"

#include <array>
#include <string>

namespace iolens::core {

namespace {

// kMigrations[v] takes the schema from version v to v + 1. Never edit a released entry: add one.
constexpr std::array<const char*, kSchemaVersion> kMigrations {
    R"sql(
CREATE TABLE datasets (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    description TEXT NOT NULL DEFAULT '',
    system      TEXT NOT NULL DEFAULT '',
    created     TEXT NOT NULL
);
CREATE TABLE configurations (
    id            INTEGER PRIMARY KEY,
    scheduler     TEXT NOT NULL,
    fileset_bytes INTEGER NOT NULL CHECK (fileset_bytes > 0),
    request_bytes INTEGER NOT NULL CHECK (request_bytes > 0),
    pattern       TEXT NOT NULL CHECK (pattern IN ('random', 'sequential')),
    read_pct      REAL NOT NULL CHECK (read_pct BETWEEN 0 AND 100),
    threads       INTEGER NOT NULL CHECK (threads > 0),
    vms           INTEGER NOT NULL CHECK (vms > 0),
    UNIQUE (scheduler, fileset_bytes, request_bytes, pattern, read_pct, threads, vms)
);
CREATE TABLE measurements (
    id               INTEGER PRIMARY KEY,
    dataset_id       INTEGER NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
    configuration_id INTEGER NOT NULL REFERENCES configurations(id),
    rep              INTEGER NOT NULL DEFAULT 0,
    split            TEXT NOT NULL DEFAULT 'grid',
    measured_at      TEXT NOT NULL DEFAULT '',
    rt_read_ms       REAL CHECK (rt_read_ms >= 0),
    rt_write_ms      REAL CHECK (rt_write_ms >= 0),
    tp_read_mbs      REAL CHECK (tp_read_mbs >= 0),
    tp_write_mbs     REAL CHECK (tp_write_mbs >= 0),
    iops_read        REAL CHECK (iops_read >= 0),
    iops_write       REAL CHECK (iops_write >= 0),
    rt_read_p99_ms   REAL CHECK (rt_read_p99_ms >= 0),
    rt_write_p99_ms  REAL CHECK (rt_write_p99_ms >= 0)
);
CREATE INDEX measurements_by_dataset ON measurements(dataset_id, configuration_id);
CREATE TABLE models (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL UNIQUE,
    technique  TEXT NOT NULL,
    metric     TEXT NOT NULL,
    parameters TEXT NOT NULL,
    serialized TEXT NOT NULL,
    dataset_id INTEGER REFERENCES datasets(id) ON DELETE SET NULL,
    scores     TEXT NOT NULL DEFAULT '{}',
    created    TEXT NOT NULL
);
CREATE TABLE optimizer_runs (
    id         INTEGER PRIMARY KEY,
    technique  TEXT NOT NULL,
    metric     TEXT NOT NULL,
    dataset_id INTEGER REFERENCES datasets(id) ON DELETE CASCADE,
    settings   TEXT NOT NULL,
    status     TEXT NOT NULL DEFAULT 'running',
    created    TEXT NOT NULL
);
CREATE TABLE optimizer_points (
    id         INTEGER PRIMARY KEY,
    run_id     INTEGER NOT NULL REFERENCES optimizer_runs(id) ON DELETE CASCADE,
    iteration  INTEGER NOT NULL,
    parameters TEXT NOT NULL,
    score      REAL,
    UNIQUE (run_id, parameters)
);
)sql",
    // Version 2: the result of each host of a multi-host run (fio client/server). The
    // run's aggregate stays a row of measurements (vms = number of hosts); each host's own
    // result hangs off it, so deleting the aggregate (or its dataset) removes them too. The
    // metric columns repeat those of version 1 on purpose: each entry is frozen text, and a
    // shared fragment would let a later edit change what an old migration creates.
    R"sql(
CREATE TABLE host_measurements (
    id              INTEGER PRIMARY KEY,
    measurement_id  INTEGER NOT NULL REFERENCES measurements(id) ON DELETE CASCADE,
    host_index      INTEGER NOT NULL CHECK (host_index >= 0),
    host            TEXT NOT NULL,
    address         TEXT NOT NULL,
    threads         INTEGER NOT NULL CHECK (threads > 0),
    fileset_bytes   INTEGER NOT NULL CHECK (fileset_bytes > 0),
    measured_at     TEXT NOT NULL DEFAULT '',
    rt_read_ms      REAL CHECK (rt_read_ms >= 0),
    rt_write_ms     REAL CHECK (rt_write_ms >= 0),
    tp_read_mbs     REAL CHECK (tp_read_mbs >= 0),
    tp_write_mbs    REAL CHECK (tp_write_mbs >= 0),
    iops_read       REAL CHECK (iops_read >= 0),
    iops_write      REAL CHECK (iops_write >= 0),
    rt_read_p99_ms  REAL CHECK (rt_read_p99_ms >= 0),
    rt_write_p99_ms REAL CHECK (rt_write_p99_ms >= 0),
    UNIQUE (measurement_id, host_index)
);
)sql",
    // Version 3: application runs of `iolens-cli loadgen` (CBSE'14's measured side): one row per
    // run with its loop figures, one per operation of the loop with its mean response time and
    // CPU time.
    R"sql(
CREATE TABLE app_runs (
    id                  INTEGER PRIMARY KEY,
    application         TEXT NOT NULL,
    definition          TEXT NOT NULL,
    clients             INTEGER NOT NULL CHECK (clients > 0),
    duration_s          REAL NOT NULL CHECK (duration_s > 0),
    warmup_s            REAL NOT NULL CHECK (warmup_s >= 0),
    target              TEXT NOT NULL,
    direct_io           INTEGER NOT NULL CHECK (direct_io IN (0, 1)),
    measured_at         TEXT NOT NULL,
    loops               INTEGER NOT NULL CHECK (loops >= 0),
    throughput_per_s    REAL NOT NULL CHECK (throughput_per_s >= 0),
    response_time_ms    REAL CHECK (response_time_ms >= 0),
    io_response_time_ms REAL CHECK (io_response_time_ms >= 0)
);
CREATE TABLE app_run_operations (
    run_id     INTEGER NOT NULL REFERENCES app_runs(id) ON DELETE CASCADE,
    op_index   INTEGER NOT NULL CHECK (op_index >= 0),
    name       TEXT NOT NULL,
    kind       TEXT NOT NULL CHECK (kind IN ('cpu', 'delay', 'read', 'write')),
    count      INTEGER NOT NULL CHECK (count >= 0),
    mean_ms    REAL CHECK (mean_ms >= 0),
    cpu_ms     REAL CHECK (cpu_ms >= 0),
    PRIMARY KEY (run_id, op_index)
);
)sql",
    // Version 4: block-level I/O traces (`iolens-cli trace-import`), one row per request in file
    // order, and the per-request models trained on them (`trace-train`, SBCART / Wang et al.).
    R"sql(
CREATE TABLE traces (
    id             INTEGER PRIMARY KEY,
    name           TEXT NOT NULL UNIQUE,
    format         TEXT NOT NULL CHECK (format IN ('spc', 'msr', 'blkparse', 'fio-lat', 'disksim')),
    source         TEXT NOT NULL,
    imported_at    TEXT NOT NULL,
    requests       INTEGER NOT NULL CHECK (requests >= 0),
    timed_requests INTEGER NOT NULL CHECK (timed_requests >= 0)
);
CREATE TABLE trace_requests (
    trace_id     INTEGER NOT NULL REFERENCES traces(id) ON DELETE CASCADE,
    seq          INTEGER NOT NULL CHECK (seq >= 0),
    arrival_ms   REAL NOT NULL,
    offset_bytes INTEGER NOT NULL CHECK (offset_bytes >= 0),
    bytes        INTEGER NOT NULL CHECK (bytes >= 0),
    is_read      INTEGER NOT NULL CHECK (is_read IN (0, 1)),
    device       INTEGER NOT NULL,
    response_ms  REAL CHECK (response_ms >= 0),
    PRIMARY KEY (trace_id, seq)
) WITHOUT ROWID;
CREATE TABLE trace_models (
    id             INTEGER PRIMARY KEY,
    name           TEXT NOT NULL UNIQUE,
    trace_id       INTEGER NOT NULL REFERENCES traces(id) ON DELETE CASCADE,
    technique      TEXT NOT NULL,
    parameters     TEXT NOT NULL,
    with_hit       INTEGER NOT NULL CHECK (with_hit IN (0, 1)),
    cache_mib      REAL NOT NULL CHECK (cache_mib >= 0),
    k              INTEGER NOT NULL CHECK (k > 0),
    m              INTEGER NOT NULL CHECK (m > 0),
    train_fraction REAL NOT NULL CHECK (train_fraction > 0 AND train_fraction < 1),
    feature_names  TEXT NOT NULL,
    state          TEXT NOT NULL,
    evaluation     TEXT NOT NULL,
    trained_at     TEXT NOT NULL
);
)sql",
    // Version 5: the files each import read into a dataset, with the column mapping it applied
    // (import --mapping) and how many bad rows it skipped on request (--skip-bad-rows).
    R"sql(
CREATE TABLE imported_files (
    id            INTEGER PRIMARY KEY,
    dataset_id    INTEGER NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
    file          TEXT NOT NULL,
    mapping       TEXT NOT NULL DEFAULT '',
    imported_rows INTEGER NOT NULL CHECK (imported_rows >= 0),
    skipped_rows  INTEGER NOT NULL CHECK (skipped_rows >= 0),
    imported_at   TEXT NOT NULL
);
)sql"};

bool hasUserTables(SqliteConnection& connection)
{
    Statement stmt(connection,
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name NOT LIKE "
        "'sqlite_%'");
    stmt.step();
    return stmt.int64(0) > 0;
}

} // namespace

void migrateSchema(SqliteConnection& connection)
{
    const int version = connection.userVersion();
    if (version > kSchemaVersion)
        throw DatabaseFormatError(connection.path() + ": schema version " + std::to_string(version)
            + " is newer than this build of iolens understands (up to "
            + std::to_string(kSchemaVersion) + ")");
    if (version == kSchemaVersion)
        return;
    if (version == 0 && hasUserTables(connection))
        throw DatabaseFormatError(
            connection.path() + ": an SQLite database, but not an iolens measurement database");
    // Each migration only adds tables, so an older database reads as it is; what it lacks
    // (application runs before version 3) reads as empty. An empty file has nothing to read.
    if (connection.isReadOnly() && version > 0)
        return;
    if (connection.isReadOnly())
        throw DatabaseFormatError(connection.path() + ": schema version " + std::to_string(version)
            + " needs an upgrade; open the database writable once");
    Transaction transaction(connection);
    for (int v = version; v < kSchemaVersion; ++v)
        connection.exec(kMigrations[static_cast<std::size_t>(v)]);
    connection.setUserVersion(kSchemaVersion);
    transaction.commit();
}

} // namespace iolens::core
