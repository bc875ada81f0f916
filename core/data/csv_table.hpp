// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <memory>
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

/// Parses CSV text. Blank lines are skipped; a row with a different field count than the header,
/// or a header naming one column twice (unnamed columns aside), throws DataError naming `source`
/// and the line.
CsvTable parseCsv(std::string_view text, const std::string& source);
/// Reads and parses a file; throws DataError if it cannot be read.
CsvTable readCsvFile(const std::string& path);

/// Reads a CSV file record by record, with the rules and messages of parseCsv, holding only
/// about a megabyte of the file at a time. Use it for files too large to hold (an import of
/// millions of rows).
class CsvReader {
public:
    /// Opens `path` and reads its header. Throws DataError if the file cannot be read, has no
    /// header row or names one column twice (as parseCsv).
    explicit CsvReader(const std::string& path);
    ~CsvReader();
    CsvReader(const CsvReader&) = delete;
    CsvReader& operator=(const CsvReader&) = delete;

    /// The source and header; its rows stay empty.
    const CsvTable& table() const { return m_table; }
    /// The next non-blank row, false at the end of the file. Throws DataError (as parseCsv) for a
    /// row whose field count differs from the header's or an unterminated quoted field.
    bool next(CsvTable::Row& row);

private:
    struct State;
    bool nextFields(std::vector<std::string>& fields, int& line);

    CsvTable m_table;
    std::unique_ptr<State> m_state;
};

/// Formats one CSV line (with a trailing newline), quoting fields that need it.
std::string formatCsvLine(const std::vector<std::string>& fields);
/// Shortest text that reads back as exactly the same double.
std::string formatNumber(double value);

/// Strict number parsing for CSV fields: the whole field must be a finite number.
bool parseDouble(std::string_view text, double& value);
bool parseInt64(std::string_view text, long long& value);

} // namespace iolens::core
