// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/csv_table.hpp"
#include "data/measurement.hpp"

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
/// readCsvFile + measurementsFromCsv.
std::vector<Measurement> readMeasurementsCsv(const std::string& path);
/// Writes measurements in the interchange format with every column (required and optional).
std::string measurementsToCsv(const std::vector<Measurement>& measurements);

/// Reads only the configuration columns (the first seven required ones); other columns are
/// ignored. Used by `predict`.
std::vector<Configuration> configurationsFromCsv(const CsvTable& table);
/// The seven configuration fields of `config` as CSV text fields.
std::vector<std::string> configurationFields(const Configuration& config);

} // namespace iolens::core
