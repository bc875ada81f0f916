// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/measurement_database.hpp"

#include "common/error.hpp"
#include "common/text_file.hpp"
#include "common/timestamp.hpp"
#include "data/measurement_csv.hpp"
#include "store/schema.hpp"

#include <algorithm>
#include <filesystem>
#include <ostream>
#include <utility>

namespace iolens::core {

namespace {

constexpr const char* kMetricColumns
    = "rt_read_ms, rt_write_ms, tp_read_mbs, tp_write_mbs, iops_read, iops_write, rt_read_p99_ms, "
      "rt_write_p99_ms";

// The measurement and host tables store the metrics as the last kMetricCount columns, in
// kMetricColumns order; these two move them between a row and Measurement::metrics.
void bindMetrics(Statement& stmt, int firstIndex, const Measurement& m)
{
    for (std::size_t i = 0; i < kMetricCount; ++i)
        stmt.bind(firstIndex + static_cast<int>(i), m.metrics[i]);
}

void readMetrics(Statement& stmt, int firstColumn, Measurement& m)
{
    for (std::size_t i = 0; i < kMetricCount; ++i)
        m.metrics[i] = stmt.optionalReal(firstColumn + static_cast<int>(i));
}

// Both measurement queries bind the filter as ?1 (dataset) and ?2 (split); unbound means "any".
void bindFilter(Statement& stmt, const MeasurementFilter& filter)
{
    if (filter.dataset)
        stmt.bind(1, *filter.dataset);
    if (filter.split)
        stmt.bind(2, *filter.split);
}

// Reads the columns both measurement queries start with: c.scheduler, c.fileset_bytes,
// c.request_bytes, c.pattern, c.read_pct, c.threads, c.vms, m.rep, m.split, m.measured_at.
void readRunColumns(Statement& stmt, Measurement& m)
{
    m.config.scheduler = stmt.text(0);
    m.config.filesetBytes = stmt.int64(1);
    m.config.requestBytes = stmt.int64(2);
    parsePattern(stmt.text(3), m.config.pattern);
    m.config.readPct = stmt.real(4);
    m.config.threads = static_cast<int>(stmt.int64(5));
    m.config.vms = static_cast<int>(stmt.int64(6));
    m.rep = static_cast<int>(stmt.int64(7));
    m.split = stmt.text(8);
    m.measuredAt = stmt.text(9);
}

// The row of `rows` called `name`, if any. A linear search: datasets and models number tens.
template <typename Row>
std::optional<Row> findByName(std::vector<Row> rows, const std::string& name)
{
    for (Row& row : rows)
        if (row.name == name)
            return std::move(row);
    return std::nullopt;
}

} // namespace

MeasurementDatabase::MeasurementDatabase(std::unique_ptr<SqliteConnection> connection)
    : m_connection(std::move(connection))
{
    migrateSchema(*m_connection);
}

namespace {

// SQLite's own words were "disk I/O error" (exit 1) for a folder, and "schema version 0 needs
// an upgrade" for an empty file, which it would then have filled with a schema.
void refuseNonDatabase(const std::string& path, bool mayBeNew)
{
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw DatabaseFormatError(path + ": is a folder, not a database file");
    if (!mayBeNew && std::filesystem::is_regular_file(path, ec)
        && std::filesystem::file_size(path, ec) == 0 && !ec)
        throw DatabaseFormatError(
            path + ": is an empty file, not an iolens database (iolens-cli import creates one)");
}

} // namespace

MeasurementDatabase MeasurementDatabase::open(const std::string& path, bool readOnly)
{
    if (!std::filesystem::exists(path))
        throw DatabaseFormatError(path + ": no such database file");
    refuseNonDatabase(path, false);
    using Mode = SqliteConnection::Mode;
    return MeasurementDatabase(
        std::make_unique<SqliteConnection>(path, readOnly ? Mode::ReadOnly : Mode::ReadWrite));
}

MeasurementDatabase MeasurementDatabase::openOrCreate(const std::string& path)
{
    if (path != ":memory:")
        refuseNonDatabase(path, true);
    return MeasurementDatabase(
        std::make_unique<SqliteConnection>(path, SqliteConnection::Mode::Create));
}

MeasurementDatabase MeasurementDatabase::inMemory()
{
    return openOrCreate(":memory:");
}

int MeasurementDatabase::schemaVersion()
{
    return m_connection->userVersion();
}

std::vector<DatasetInfo> MeasurementDatabase::datasets()
{
    Statement stmt(*m_connection,
        "SELECT d.id, d.name, d.description, d.system, d.created, count(m.id), "
        "count(DISTINCT m.configuration_id) FROM datasets d LEFT JOIN measurements m "
        "ON m.dataset_id = d.id GROUP BY d.id ORDER BY d.id");
    std::vector<DatasetInfo> result;
    while (stmt.step())
        result.push_back({stmt.int64(0), stmt.text(1), stmt.text(2), stmt.text(3), stmt.text(4),
            static_cast<int>(stmt.int64(5)), static_cast<int>(stmt.int64(6))});
    return result;
}

std::optional<DatasetInfo> MeasurementDatabase::dataset(const std::string& name)
{
    return findByName(datasets(), name);
}

std::optional<std::int64_t> MeasurementDatabase::datasetId(const std::string& name)
{
    Statement stmt(*m_connection, "SELECT id FROM datasets WHERE name = ?");
    stmt.bind(1, name);
    if (!stmt.step())
        return std::nullopt;
    return stmt.int64(0);
}

std::vector<std::string> MeasurementDatabase::splits(const std::optional<std::string>& dataset)
{
    Statement stmt(*m_connection,
        "SELECT DISTINCT m.split FROM measurements m JOIN datasets d ON d.id = "
        "m.dataset_id WHERE ?1 IS NULL OR d.name = ?1 ORDER BY m.split");
    if (dataset)
        stmt.bind(1, *dataset);
    std::vector<std::string> result;
    while (stmt.step())
        result.push_back(stmt.text(0));
    return result;
}

std::int64_t MeasurementDatabase::ensureDataset(const ImportTarget& target)
{
    if (auto id = datasetId(target.dataset))
        return *id;
    Statement insert(*m_connection,
        "INSERT INTO datasets (name, description, system, created) VALUES (?, ?, ?, ?)");
    insert.bind(1, target.dataset).bind(2, target.description).bind(3, target.system);
    insert.bind(4, currentTimestamp()).run();
    return m_connection->lastInsertId();
}

std::int64_t MeasurementDatabase::ensureConfiguration(const Configuration& config)
{
    Statement insert(*m_connection,
        "INSERT INTO configurations (scheduler, fileset_bytes, request_bytes, pattern, "
        "read_pct, threads, vms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT DO "
        "UPDATE SET scheduler = excluded.scheduler RETURNING id");
    insert.bind(1, config.scheduler).bind(2, config.filesetBytes).bind(3, config.requestBytes);
    insert.bind(4, patternName(config.pattern)).bind(5, config.readPct);
    insert.bind(6, config.threads).bind(7, config.vms);
    insert.step();
    const std::int64_t id = insert.int64(0);
    insert.run();
    return id;
}

int MeasurementDatabase::importMeasurements(const std::vector<Measurement>& measurements,
    const ImportTarget& target, const std::vector<ImportedFile>& files)
{
    MeasurementImport import(*this, target);
    for (const Measurement& m : measurements)
        import.add(m);
    return import.commit(files);
}

// Preparing a statement costs more than running it (SQLite parses and plans the text), so an
// import of a million rows prepares each of these once and only rebinds them.
struct MeasurementImport::Statements {
    Statement configuration;
    Statement measurement;
};

MeasurementImport::MeasurementImport(MeasurementDatabase& db, const ImportTarget& target)
    : m_connection(db.connection())
    , m_split(target.split)
{
    if (target.dataset.empty())
        throw ConfigError("import: the dataset name is empty");
    // Rows of a large file are mostly new configurations, inserted into the configurations
    // index in no particular order: with SQLite's default 2 MB page cache, a million rows spent
    // most of their time re-reading index pages. 64 MB keeps the index of several million
    // configurations cached, and stays a fixed bound however long the file is.
    m_connection.exec("PRAGMA cache_size = -65536");
    m_transaction = std::make_unique<Transaction>(m_connection);
    m_dataset = db.ensureDataset(target);
    m_statements.reset(new Statements {
        Statement(m_connection,
            "INSERT INTO configurations (scheduler, fileset_bytes, request_bytes, pattern, "
            "read_pct, threads, vms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT DO "
            "UPDATE SET scheduler = excluded.scheduler RETURNING id"),
        Statement(m_connection,
            std::string("INSERT INTO measurements (dataset_id, configuration_id, rep, split, "
                        "measured_at, ")
                + kMetricColumns + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")});
}

MeasurementImport::~MeasurementImport()
{
    m_statements.reset(); // finalize before the transaction ends
}

void MeasurementImport::add(const Measurement& m)
{
    Statement& config = m_statements->configuration;
    config.reset();
    config.bind(1, m.config.scheduler).bind(2, m.config.filesetBytes);
    config.bind(3, m.config.requestBytes).bind(4, patternName(m.config.pattern));
    config.bind(5, m.config.readPct).bind(6, m.config.threads).bind(7, m.config.vms);
    config.step();
    const std::int64_t configuration = config.int64(0);
    config.run();
    Statement& insert = m_statements->measurement;
    insert.reset();
    insert.bind(1, m_dataset).bind(2, configuration).bind(3, m.rep);
    insert.bind(4, m_split ? *m_split : m.split).bind(5, m.measuredAt);
    bindMetrics(insert, 6, m);
    insert.run();
    ++m_count;
}

int MeasurementImport::commit(const std::vector<ImportedFile>& files)
{
    Statement insert(m_connection,
        "INSERT INTO imported_files (dataset_id, file, mapping, imported_rows, skipped_rows, "
        "imported_at) VALUES (?, ?, ?, ?, ?, ?)");
    for (const ImportedFile& file : files) {
        insert.reset();
        insert.bind(1, m_dataset).bind(2, file.file).bind(3, file.mapping);
        insert.bind(4, file.importedRows).bind(5, file.skippedRows).bind(6, currentTimestamp());
        insert.run();
    }
    m_statements.reset();
    m_transaction->commit();
    return m_count;
}

void MeasurementDatabase::renameDataset(const std::string& from, const std::string& to)
{
    if (to.empty())
        throw ConfigError("renameDataset: the new name of dataset '" + from + "' is empty");
    Transaction transaction(*m_connection);
    const auto id = datasetId(from);
    if (!id)
        throw ConfigError(path() + ": no dataset named '" + from + "'");
    if (from == to)
        return;
    if (datasetId(to))
        throw ConfigError(path() + ": a dataset named '" + to + "' exists already");
    Statement rename(*m_connection, "UPDATE datasets SET name = ? WHERE id = ?");
    rename.bind(1, to).bind(2, *id).run();
    transaction.commit();
}

int MeasurementDatabase::removeDataset(const std::string& name)
{
    Transaction transaction(*m_connection);
    const auto id = datasetId(name);
    if (!id)
        throw ConfigError(path() + ": no dataset named '" + name + "'");
    Statement count(*m_connection, "SELECT COUNT(*) FROM measurements WHERE dataset_id = ?");
    count.bind(1, *id);
    count.step();
    const auto removed = static_cast<int>(count.int64(0));
    // The schema's ON DELETE clauses take the measurements, host results, recorded files and
    // optimizer runs along, and unlink stored models, inside this transaction.
    Statement remove(*m_connection, "DELETE FROM datasets WHERE id = ?");
    remove.bind(1, *id).run();
    transaction.commit();
    return removed;
}

std::vector<ImportedFile> MeasurementDatabase::importedFiles(const std::string& dataset)
{
    // An older database opened read-only has no record (schema.cpp reads it as is).
    constexpr int kFirstVersionWithImportedFiles = 5;
    if (schemaVersion() < kFirstVersionWithImportedFiles)
        return {};
    Statement stmt(*m_connection,
        "SELECT f.file, f.mapping, f.imported_rows, f.skipped_rows, f.imported_at "
        "FROM imported_files f JOIN datasets d ON d.id = f.dataset_id WHERE d.name = ? "
        "ORDER BY f.id");
    stmt.bind(1, dataset);
    std::vector<ImportedFile> files;
    while (stmt.step())
        files.push_back({stmt.text(0), stmt.text(1), static_cast<int>(stmt.int64(2)),
            static_cast<int>(stmt.int64(3)), stmt.text(4)});
    return files;
}

std::int64_t MeasurementDatabase::insertMeasurement(
    std::int64_t dataset, const Measurement& m, const std::string& split)
{
    const std::int64_t configuration = ensureConfiguration(m.config);
    Statement insert(*m_connection,
        std::string("INSERT INTO measurements (dataset_id, configuration_id, rep, split, "
                    "measured_at, ")
            + kMetricColumns + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert.bind(1, dataset).bind(2, configuration).bind(3, m.rep);
    insert.bind(4, split).bind(5, m.measuredAt);
    bindMetrics(insert, 6, m);
    insert.run();
    return m_connection->lastInsertId();
}

void MeasurementDatabase::importMultiHostRun(const Measurement& aggregate,
    const std::vector<HostMeasurement>& hosts, const ImportTarget& target)
{
    if (target.dataset.empty())
        throw ConfigError("import: the dataset name is empty");
    if (hosts.empty())
        throw ConfigError("importMultiHostRun: a multi-host run needs at least one host");
    Transaction transaction(*m_connection);
    const std::int64_t run = insertMeasurement(
        ensureDataset(target), aggregate, target.split ? *target.split : aggregate.split);
    Statement insert(*m_connection,
        std::string("INSERT INTO host_measurements (measurement_id, host_index, host, "
                    "address, threads, fileset_bytes, measured_at, ")
            + kMetricColumns + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    for (std::size_t h = 0; h < hosts.size(); ++h) {
        const Measurement& m = hosts[h].measurement;
        insert.reset();
        insert.bind(1, run).bind(2, static_cast<std::int64_t>(h)).bind(3, hosts[h].host);
        insert.bind(4, hosts[h].address).bind(5, m.config.threads).bind(6, m.config.filesetBytes);
        insert.bind(7, m.measuredAt);
        bindMetrics(insert, 8, m);
        insert.run();
    }
    transaction.commit();
}

std::vector<StoredHostMeasurement> MeasurementDatabase::hostMeasurements(
    const MeasurementFilter& filter)
{
    // A version 1 database opened read-only has no host results (schema.cpp reads it as is).
    constexpr int kFirstVersionWithHosts = 2;
    if (schemaVersion() < kFirstVersionWithHosts)
        return {};
    Statement stmt(*m_connection,
        "SELECT c.scheduler, c.fileset_bytes, c.request_bytes, c.pattern, c.read_pct, "
        "c.threads, c.vms, m.rep, m.split, m.measured_at, h.host_index, h.host, "
        "h.address, h.threads, h.fileset_bytes, h.measured_at, h.rt_read_ms, "
        "h.rt_write_ms, h.tp_read_mbs, h.tp_write_mbs, h.iops_read, h.iops_write, "
        "h.rt_read_p99_ms, h.rt_write_p99_ms FROM host_measurements h "
        "JOIN measurements m ON m.id = h.measurement_id "
        "JOIN configurations c ON c.id = m.configuration_id "
        "JOIN datasets d ON d.id = m.dataset_id WHERE (?1 IS NULL OR d.name = ?1) "
        "AND (?2 IS NULL OR m.split = ?2) ORDER BY m.id, h.host_index");
    bindFilter(stmt, filter);
    std::vector<StoredHostMeasurement> result;
    while (stmt.step()) {
        StoredHostMeasurement row;
        Measurement& run = row.run;
        readRunColumns(stmt, run);
        row.hostIndex = static_cast<int>(stmt.int64(10));
        row.host.host = stmt.text(11);
        row.host.address = stmt.text(12);
        Measurement& own = row.host.measurement;
        own.config = run.config;
        own.config.threads = static_cast<int>(stmt.int64(13));
        own.config.filesetBytes = stmt.int64(14);
        own.config.vms = 1; // one host is one VM
        own.rep = run.rep;
        own.split = run.split;
        own.measuredAt = stmt.text(15);
        readMetrics(stmt, 16, own);
        result.push_back(std::move(row));
    }
    return result;
}

std::vector<Measurement> MeasurementDatabase::measurements(const MeasurementFilter& filter)
{
    std::vector<Measurement> result;
    forEachMeasurement(filter, [&result](const Measurement& m) { result.push_back(m); });
    return result;
}

void MeasurementDatabase::forEachMeasurement(
    const MeasurementFilter& filter, const std::function<void(const Measurement&)>& visit)
{
    Statement stmt(*m_connection,
        std::string("SELECT c.scheduler, c.fileset_bytes, c.request_bytes, c.pattern, "
                    "c.read_pct, c.threads, c.vms, m.rep, m.split, m.measured_at, ")
            + kMetricColumns
            + " FROM measurements m JOIN configurations c ON c.id = m.configuration_id "
              "JOIN datasets d ON d.id = m.dataset_id WHERE (?1 IS NULL OR d.name = ?1) "
              "AND (?2 IS NULL OR m.split = ?2) ORDER BY m.id");
    bindFilter(stmt, filter);
    Measurement m;
    while (stmt.step()) {
        readRunColumns(stmt, m);
        readMetrics(stmt, 10, m);
        visit(m);
    }
}

std::int64_t MeasurementDatabase::saveModel(const StoredModel& model)
{
    Transaction transaction(*m_connection);
    std::optional<std::int64_t> dataset;
    if (!model.dataset.empty())
        dataset = datasetId(model.dataset);
    Statement remove(*m_connection, "DELETE FROM models WHERE name = ?");
    remove.bind(1, model.name).run();
    Statement insert(*m_connection,
        "INSERT INTO models (name, technique, metric, parameters, serialized, "
        "dataset_id, scores, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    insert.bind(1, model.name).bind(2, model.technique).bind(3, model.metric);
    insert.bind(4, model.parameters).bind(5, model.serialized);
    if (dataset)
        insert.bind(6, *dataset);
    insert.bind(7, model.scores.empty() ? std::string("{}") : model.scores);
    insert.bind(8, model.created.empty() ? currentTimestamp() : model.created);
    insert.run();
    const std::int64_t id = m_connection->lastInsertId();
    transaction.commit();
    return id;
}

std::vector<StoredModel> MeasurementDatabase::models()
{
    Statement stmt(*m_connection,
        "SELECT m.id, m.name, m.technique, m.metric, m.parameters, m.serialized, "
        "coalesce(d.name, ''), m.scores, m.created FROM models m LEFT JOIN datasets d "
        "ON d.id = m.dataset_id ORDER BY m.id");
    std::vector<StoredModel> result;
    while (stmt.step())
        result.push_back({stmt.int64(0), stmt.text(1), stmt.text(2), stmt.text(3), stmt.text(4),
            stmt.text(5), stmt.text(6), stmt.text(7), stmt.text(8)});
    return result;
}

std::optional<StoredModel> MeasurementDatabase::model(const std::string& name)
{
    return findByName(models(), name);
}

bool MeasurementDatabase::removeModel(const std::string& name)
{
    Transaction transaction(*m_connection);
    Statement remove(*m_connection, "DELETE FROM models WHERE name = ?");
    remove.bind(1, name).run();
    const bool removed = m_connection->changes() > 0;
    transaction.commit();
    return removed;
}

std::int64_t MeasurementDatabase::createOptimizerRun(const std::string& technique,
    const std::string& metric, const std::string& dataset, const std::string& settings)
{
    Transaction transaction(*m_connection);
    Statement insert(*m_connection,
        "INSERT INTO optimizer_runs (technique, metric, dataset_id, settings, created) "
        "VALUES (?, ?, ?, ?, ?)");
    insert.bind(1, technique).bind(2, metric);
    if (auto id = datasetId(dataset))
        insert.bind(3, *id);
    insert.bind(4, settings).bind(5, currentTimestamp()).run();
    const std::int64_t id = m_connection->lastInsertId();
    transaction.commit();
    return id;
}

void MeasurementDatabase::addOptimizerPoints(
    std::int64_t runId, const std::vector<OptimizerPoint>& points)
{
    Transaction transaction(*m_connection);
    Statement insert(*m_connection,
        "INSERT OR REPLACE INTO optimizer_points (run_id, iteration, parameters, "
        "score) VALUES (?, ?, ?, ?)");
    for (const OptimizerPoint& point : points) {
        insert.reset();
        insert.bind(1, runId).bind(2, point.iteration).bind(3, point.parameters);
        insert.bind(4, point.score).run();
    }
    transaction.commit();
}

std::vector<OptimizerPoint> MeasurementDatabase::optimizerPoints(std::int64_t runId)
{
    Statement stmt(*m_connection,
        "SELECT iteration, parameters, score FROM optimizer_points WHERE run_id = ? "
        "ORDER BY id");
    stmt.bind(1, runId);
    std::vector<OptimizerPoint> result;
    while (stmt.step())
        result.push_back({static_cast<int>(stmt.int64(0)), stmt.text(1), stmt.optionalReal(2)});
    return result;
}

void MeasurementDatabase::setOptimizerRunStatus(std::int64_t runId, const std::string& status)
{
    Statement update(*m_connection, "UPDATE optimizer_runs SET status = ? WHERE id = ?");
    update.bind(1, status).bind(2, runId).run();
}

void MeasurementDatabase::requireSelection(const MeasurementFilter& filter)
{
    if (filter.dataset && !dataset(*filter.dataset))
        throw ConfigError(path() + ": no dataset named '" + *filter.dataset + "'");
    if (!filter.split)
        return;
    const std::vector<std::string> known = splits(filter.dataset);
    if (std::find(known.begin(), known.end(), *filter.split) != known.end())
        return;
    std::string names;
    for (const std::string& split : known)
        names += (names.empty() ? "" : ", ") + split;
    throw ConfigError(path() + ": no split named '" + *filter.split + "'"
        + (filter.dataset ? " in dataset '" + *filter.dataset + "'" : std::string())
        + " (splits: " + (names.empty() ? "none" : names) + ")");
}

void MeasurementDatabase::saveAs(const std::string& path)
{
    m_connection->backupTo(path);
}

namespace {

// Row by row as the database is read: an export of millions of rows is never held.
int writeMeasurementsCsv(MeasurementDatabase& database, const MeasurementFilter& filter,
    const std::function<void(const std::string&)>& write)
{
    database.requireSelection(filter);
    write(measurementsCsvHeader());
    int count = 0;
    database.forEachMeasurement(filter, [&write, &count](const Measurement& m) {
        write(measurementCsvLine(m));
        ++count;
    });
    return count;
}

} // namespace

int exportMeasurementsCsv(
    MeasurementDatabase& database, const MeasurementFilter& filter, const std::string& path)
{
    AtomicTextFile file(path);
    const int count = writeMeasurementsCsv(
        database, filter, [&file](const std::string& line) { file.write(line); });
    file.commit();
    return count;
}

int exportMeasurementsCsv(
    MeasurementDatabase& database, const MeasurementFilter& filter, std::ostream& out)
{
    const int count
        = writeMeasurementsCsv(database, filter, [&out](const std::string& line) { out << line; });
    out.flush();
    if (!out)
        throw Error("export: writing the measurements failed (a closed pipe or a full disk)");
    return count;
}

} // namespace iolens::core
