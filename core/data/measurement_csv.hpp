// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/csv_table.hpp"
#include "data/measurement.hpp"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace iolens::core {

/// The CSV interchange format, one row per measurement:
/// scheduler,fileset_bytes,request_bytes,pattern,read_pct,threads,vms,rt_read_ms,rt_write_ms,
/// tp_read_mbs,tp_write_mbs  plus optional  iops_read,iops_write,rt_read_p99_ms,rt_write_p99_ms,
/// rep,split. Empty metric cells mean "does not apply".

/// The seven configuration columns (the first required ones), in canonical order.
const std::vector<std::string>& configurationColumns();
/// Required columns, in canonical order.
const std::vector<std::string>& requiredMeasurementColumns();
/// Optional columns, in canonical order.
const std::vector<std::string>& optionalMeasurementColumns();

/// Validates and converts a parsed CSV. Throws DataError naming table.source, the row (file line)
/// and the column for: a missing required or unknown column, a field that is not a number, a
/// negative or zero size, read_pct outside 0..100, an unknown pattern, a negative metric.
std::vector<Measurement> measurementsFromCsv(const CsvTable& table);
/// A row a reader refused, and why: "data.csv: row 7, column 'rt_read_ms': 'x' is not a number".
struct RefusedRow {
    int line = 0; ///< file line, as CsvTable::Row::line
    std::string message;
};

/// The rows of a CSV a reader took and those it refused, in file order.
struct CsvRows {
    std::vector<Measurement> measurements;
    std::vector<RefusedRow> refused;
};

/// How messages name a column of a table, where the table is a translation of the user's file
/// (a mapped CSV): "request_bytes" -> "'bs_kib' as request_bytes". A column it lacks reads
/// "'request_bytes'".
using ColumnLabels = std::map<std::string, std::string>;

/// Throws DataError (row 1) for a missing required column or an unknown one.
void checkMeasurementHeader(const CsvTable& table);
/// One row of a table in the interchange format whose header passed checkMeasurementHeader.
/// Throws DataError naming table.source, the row and the column (as `labels` names it).
Measurement measurementFromCsvRow(
    const CsvTable& table, const CsvTable::Row& row, const ColumnLabels& labels = {});
/// Like measurementsFromCsv, but a bad row is refused rather than thrown, so every bad row is
/// listed; a bad header still throws.
CsvRows measurementRowsFromCsv(const CsvTable& table);

/// measurementRowsFromCsv for a file read row by row (CsvReader), so memory does not grow with
/// the file: `take` receives each good row and `refuse` each bad one, in file order, with the
/// same messages. A bad header, an unreadable file or a malformed record throws DataError as
/// readCsvFile and checkMeasurementHeader do. O(rows) time, O(1) memory.
void streamMeasurementsCsv(const std::string& path, const std::function<void(Measurement&&)>& take,
    const std::function<void(RefusedRow&&)>& refuse);

/// readCsvFile + measurementsFromCsv.
std::vector<Measurement> readMeasurementsCsv(const std::string& path);
/// Writes measurements in the interchange format with every column (required and optional).
std::string measurementsToCsv(const std::vector<Measurement>& measurements);
/// The header line measurementsToCsv starts with (with its newline).
std::string measurementsCsvHeader();
/// One row as measurementsToCsv writes it (with its newline), for writers that stream.
std::string measurementCsvLine(const Measurement& m);

/// Reads only the configuration columns (the first seven required ones); other columns are
/// ignored. Used by `predict`.
std::vector<Configuration> configurationsFromCsv(const CsvTable& table);
/// The same, where the columns of the `omittable` factors may be left out of the table: a row
/// then has the factor's value in `defaults` (`predict` leaves out the factors a model holds
/// fixed: threads 16 where it was trained at 16 only). Any other missing column throws as above.
std::vector<Configuration> configurationsFromCsv(
    const CsvTable& table, const Configuration& defaults, const std::vector<Factor>& omittable);
/// The seven configuration fields of `config` as CSV text fields.
std::vector<std::string> configurationFields(const Configuration& config);

} // namespace iolens::core
