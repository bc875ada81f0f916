// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace iolens::core {

/// A CSV file split into a header and rows of text fields (RFC 4180 quoting), without any
/// interpretation of the values. Rows keep their line numbers for error messages.
struct CsvTable {
    struct Row {
        int line = 0; ///< 1-based line number in the file (the header is line 1)
        std::vector<std::string> fields;
    };
    std::string source; ///< file name used in messages
    std::vector<std::string> header;
    std::vector<Row> rows;

    /// Index of a header column, or -1.
    int columnIndex(std::string_view name) const;
};

/// Parses CSV text. Blank lines are skipped; a row with a different field count than the header
/// throws DataError naming `source` and the line.
CsvTable parseCsv(std::string_view text, const std::string& source);
/// Reads and parses a file; throws DataError if it cannot be read.
CsvTable readCsvFile(const std::string& path);

/// Formats one CSV line (with a trailing newline), quoting fields that need it.
std::string formatCsvLine(const std::vector<std::string>& fields);
/// Shortest text that reads back as exactly the same double.
std::string formatNumber(double value);

/// Strict number parsing for CSV fields: the whole field must be a finite number.
bool parseDouble(std::string_view text, double& value);
bool parseInt64(std::string_view text, long long& value);

} // namespace iolens::core
