// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/measurement_csv.hpp"
#include "store/measurement_database.hpp"

#include <optional>
#include <string>
#include <vector>

namespace iolens::cli {

/// What the CSV files of one `import` give: the rows to import, the rows refused, and the files
/// to record with the dataset. Files in iolens's own format are not held: they are checked here
/// and read again, row by row, by importCsvRows, so an import of millions of rows keeps its
/// memory flat; only rows read through a mapping are held in `measurements`.
struct CsvImport {
    std::vector<core::Measurement> measurements; ///< rows read through a mapping
    std::size_t acceptedRows = 0;                ///< good rows of all files, held or not
    std::vector<core::RefusedRow> refused;
    std::vector<core::ImportedFile> files;
    /// For the person running it: columns a mapping left unused.
    std::vector<std::string> notes;
};

/// Checks `files` in iolens's CSV format, or reads them through the mapping file `mappingPath`.
/// A bad header or mapping throws (exit status 2); bad rows are collected in `refused`, so
/// every one of them can be listed.
CsvImport readCsvImport(
    const std::vector<std::string>& files, const std::optional<std::string>& mappingPath);

/// Adds the good rows of the files readCsvImport checked, in file order, to `import`.
void importCsvRows(const CsvImport& csv, core::MeasurementImport& import);

/// Throws DataError listing every refused row and how many there were, unless `skipBadRows`;
/// then reports each skipped row on stderr. Throws DataError if no row is left to import.
void settleRefusedRows(const CsvImport& csv, bool skipBadRows);

/// `import --csv FILE --propose-mapping OUT.json`: writes a proposed mapping of FILE's columns
/// and says on stderr what it assumed and what is missing.
int writeMappingProposal(const std::string& csvPath, const std::string& outPath);

} // namespace iolens::cli
