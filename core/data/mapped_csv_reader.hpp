// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/csv_mapping.hpp"
#include "data/csv_table.hpp"
#include "data/measurement_csv.hpp"

#include <string>
#include <vector>

namespace iolens::core {

/// A user's CSV read through a mapping: the rows taken and refused, and the columns the mapping
/// does not use (reported, not refused: other tools write many columns iolens has no use for).
struct MappedCsv {
    CsvRows rows;
    std::vector<std::string> ignoredColumns;
};

/// Reads `table` (a user's CSV) through `mapping`: each mapped cell is converted to iolens's unit
/// and the row is checked as an iolens CSV row is, so a value is refused for the same reasons.
/// A refused row's message names table.source, the row, the user's column and the reason
/// ("data.csv: row 4, column 'bs_kib' as request_bytes: '1.3' KiB is not a whole number of
/// bytes"). A column the mapping leaves out but named like an iolens column is read as that
/// column. Throws DataError naming row 1 (the header) if a mapped column is not in it, if nothing
/// gives a configuration field, or if nothing gives any metric.
MappedCsv readMappedCsv(const CsvTable& table, const CsvMapping& mapping);

} // namespace iolens::core
