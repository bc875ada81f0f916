// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/measurement.hpp"
#include "store/sqlite_connection.hpp"

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace iolens::core {

/// A named set of measurements of one system under study.
struct DatasetInfo {
    std::int64_t id = 0;
    std::string name;
    std::string description;
    std::string system;  ///< the system under study ("1 GiB page cache over a throttled array")
    std::string created; ///< ISO 8601, UTC
    int measurementCount = 0;
    int configurationCount = 0;
};

/// Which measurements to read; empty fields select everything.
struct MeasurementFilter {
    std::optional<std::string> dataset;
    std::optional<std::string> split;
};

/// A file an import read, recorded with its dataset: what it took, what it skipped and how it
/// read the columns, so a dataset says which rows of its sources it left out.
struct ImportedFile {
    std::string file;
    std::string mapping; ///< the column mapping's JSON; empty for iolens's own CSV format
    int importedRows = 0;
    int skippedRows = 0;    ///< bad rows left out on request (import --skip-bad-rows)
    std::string importedAt; ///< ISO 8601, UTC; set when stored
};

/// Where imported measurements go.
struct ImportTarget {
    std::string dataset;              ///< created if it does not exist
    std::string description;          ///< for a new dataset
    std::string system;               ///< for a new dataset
    std::optional<std::string> split; ///< overrides each measurement's split label
};

/// One host's own result in a multi-host run (fio client/server).
struct HostMeasurement {
    std::string host;    ///< the plan's name of the host ("vm1")
    std::string address; ///< fio's --client value it was reached at ("127.0.0.1,8765")
    /// The host's share of the run: config.threads and config.filesetBytes are this host's
    /// (the aggregate's divided by the hosts), the metrics its own; the other factors, rep and
    /// split are the aggregate's and are not stored again.
    Measurement measurement;
};

/// A stored host result with the run it belongs to.
struct StoredHostMeasurement {
    Measurement run;   ///< the aggregate row (vms = number of hosts), as measurements() reads it
    int hostIndex = 0; ///< 0-based, in the plan's order
    HostMeasurement host;
};

/// A trained model as stored: the serialized form is the JSON of TrainedModel.
struct StoredModel {
    std::int64_t id = 0;
    std::string name;
    std::string technique;
    std::string metric;
    std::string parameters; ///< JSON object of parameter values
    std::string serialized; ///< JSON of the whole model (TrainedModel::toJson)
    std::string dataset;    ///< training dataset name, empty if unknown
    std::string scores;     ///< JSON object of scores (r2, rmse, ...)
    std::string created;
};

/// One evaluated parameter point of an optimizer run.
struct OptimizerPoint {
    int iteration = 0;
    std::string parameters; ///< JSON object
    std::optional<double> score;
};

class MeasurementDatabase;

/// An import that takes its measurements one at a time, so that a file of millions of rows
/// never has to be held: one transaction from construction to commit(), with the statements
/// prepared once. Destroying it without commit() rolls everything back, the dataset too.
/// MeasurementDatabase::importMeasurements is this with a vector.
class MeasurementImport {
public:
    /// Begins the transaction and creates the target dataset if it does not exist. Throws
    /// ConfigError for an empty dataset name, StoreError when the database refuses.
    MeasurementImport(MeasurementDatabase& db, const ImportTarget& target);
    ~MeasurementImport();
    MeasurementImport(const MeasurementImport&) = delete;
    MeasurementImport& operator=(const MeasurementImport&) = delete;

    /// Inserts one measurement (its configuration first if new). O(log rows).
    void add(const Measurement& m);
    /// Records the files the rows came from and commits; returns the rows added.
    int commit(const std::vector<ImportedFile>& files = {});

private:
    struct Statements;
    SqliteConnection& m_connection;
    std::unique_ptr<Transaction> m_transaction;
    std::unique_ptr<Statements> m_statements;
    std::int64_t m_dataset = 0;
    std::optional<std::string> m_split;
    int m_count = 0;
};

/// The iolens measurement database (SQLite): datasets, configurations, measurements, trained
/// models and optimizer runs. Every change happens inside one transaction, so a failed import or
/// save leaves the file as it was.
class MeasurementDatabase {
public:
    /// Opens an existing database file. Throws DatabaseFormatError if it is missing, not SQLite,
    /// not ours or newer than this build.
    static MeasurementDatabase open(const std::string& path, bool readOnly);
    /// Opens `path`, creating an empty database if the file does not exist.
    static MeasurementDatabase openOrCreate(const std::string& path);
    /// A private database in memory (the embedded examples, tests).
    static MeasurementDatabase inMemory();

    const std::string& path() const { return m_connection->path(); }
    bool isReadOnly() const { return m_connection->isReadOnly(); }
    int schemaVersion();

    std::vector<DatasetInfo> datasets();
    std::optional<DatasetInfo> dataset(const std::string& name);
    /// Gives dataset `from` the name `to`; its measurements, recorded files and stored models
    /// stay with it. Throws ConfigError if `from` does not exist, `to` is empty or taken.
    void renameDataset(const std::string& from, const std::string& to);
    /// Deletes dataset `name` with its measurements (and their host results), recorded files and
    /// optimizer runs, in one transaction; stored models trained on it are kept without a
    /// dataset. Returns how many measurements went. Throws ConfigError if there is no such dataset.
    int removeDataset(const std::string& name);
    /// Split labels present, optionally within one dataset.
    std::vector<std::string> splits(const std::optional<std::string>& dataset = std::nullopt);
    /// Throws ConfigError naming a dataset or split of `filter` the database does not have
    /// (with the splits it has): a mistyped name selected nothing, and commands answered with a
    /// header alone or blamed another rule.
    void requireSelection(const MeasurementFilter& filter);

    /// Inserts all measurements in one transaction, with the record of the files they came
    /// from; returns how many were inserted.
    int importMeasurements(const std::vector<Measurement>& measurements, const ImportTarget& target,
        const std::vector<ImportedFile>& files = {});
    /// Measurements in insertion order.
    std::vector<Measurement> measurements(const MeasurementFilter& filter = {});
    /// The same rows handed to `visit` one at a time, without holding them (an export of
    /// millions of rows). `visit` must not change the database.
    void forEachMeasurement(
        const MeasurementFilter& filter, const std::function<void(const Measurement&)>& visit);
    /// The files imported into a dataset (importMeasurements), oldest first. Empty for a
    /// database from before they were recorded (schema version 4) opened read-only.
    std::vector<ImportedFile> importedFiles(const std::string& dataset);

    /// Stores a multi-host run in one transaction: `aggregate` as a row of measurements (as
    /// importMeasurements would) and each host's result in host_measurements, so the run is
    /// either there with all its hosts or not at all. hosts not empty (ConfigError).
    void importMultiHostRun(const Measurement& aggregate, const std::vector<HostMeasurement>& hosts,
        const ImportTarget& target);
    /// The host results of multi-host runs, by run (insertion order) and host index; empty
    /// filter fields select everything (the split is the run's).
    std::vector<StoredHostMeasurement> hostMeasurements(const MeasurementFilter& filter = {});

    /// Inserts or replaces (by name) a model. Returns the new id.
    std::int64_t saveModel(const StoredModel& model);
    std::optional<StoredModel> model(const std::string& name);
    std::vector<StoredModel> models();
    bool removeModel(const std::string& name);

    /// Starts an optimizer run and returns its id.
    std::int64_t createOptimizerRun(const std::string& technique, const std::string& metric,
        const std::string& dataset, const std::string& settings);
    /// Records evaluated points of a run (one transaction for the batch).
    void addOptimizerPoints(std::int64_t runId, const std::vector<OptimizerPoint>& points);
    std::vector<OptimizerPoint> optimizerPoints(std::int64_t runId);
    void setOptimizerRunStatus(std::int64_t runId, const std::string& status);

    /// Writes a complete copy of the database to `path`.
    void saveAs(const std::string& path);

    SqliteConnection& connection() { return *m_connection; }

private:
    friend class MeasurementImport; // shares ensureDataset
    explicit MeasurementDatabase(std::unique_ptr<SqliteConnection> connection);
    std::int64_t ensureDataset(const ImportTarget& target);
    std::int64_t ensureConfiguration(const Configuration& config);
    std::optional<std::int64_t> datasetId(const std::string& name);
    std::int64_t insertMeasurement(
        std::int64_t dataset, const Measurement& m, const std::string& split);

    std::unique_ptr<SqliteConnection> m_connection;
};

/// Writes the measurements `filter` selects to `path` in iolens's CSV format (measurementsToCsv),
/// replacing the file atomically: the file `iolens-cli export` writes. Returns how many rows.
/// Throws ConfigError naming the dataset if the filter names one the database lacks.
int exportMeasurementsCsv(
    MeasurementDatabase& database, const MeasurementFilter& filter, const std::string& path);
/// The same rows written to `out` as they are read (`iolens-cli export --csv -`: a pipe).
int exportMeasurementsCsv(
    MeasurementDatabase& database, const MeasurementFilter& filter, std::ostream& out);

} // namespace iolens::core
