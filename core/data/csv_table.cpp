// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/csv_table.hpp"

#include "common/error.hpp"
#include "common/text_file.hpp"
#include "common/text_trim.hpp"

#include <charconv>
#include <cmath>

namespace iolens::core {

int CsvTable::columnIndex(std::string_view name) const
{
    for (std::size_t i = 0; i < header.size(); ++i)
        if (header[i] == name)
            return static_cast<int>(i);
    return -1;
}

namespace {

// Splits the text into records; a quoted field may contain commas, quotes ("") and newlines, so
// the line counter follows physical lines to keep error messages pointing at the right place.
struct CsvScanner {
    std::string_view text;
    std::size_t pos = 0;
    int line = 1;

    bool atEnd() const { return pos >= text.size(); }

    std::vector<std::string> nextRecord(const std::string& source, int& recordLine)
    {
        std::vector<std::string> fields;
        std::string field;
        bool quoted = false;
        bool wasQuoted = false;
        recordLine = line;
        while (pos < text.size()) {
            const char c = text[pos++];
            if (quoted) {
                if (c == '"' && pos < text.size() && text[pos] == '"') {
                    field += '"';
                    ++pos;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    if (c == '\n')
                        ++line;
                    field += c;
                }
            } else if (c == '"' && trimmed(field).empty()) {
                quoted = wasQuoted = true;
                field.clear();
            } else if (c == ',') {
                fields.push_back(wasQuoted ? field : std::string(trimmed(field)));
                field.clear();
                wasQuoted = false;
            } else if (c == '\n') {
                ++line;
                break;
            } else {
                field += c;
            }
        }
        if (quoted)
            throw DataError(
                source + ": row " + std::to_string(recordLine) + ": unterminated quoted field");
        fields.push_back(wasQuoted ? field : std::string(trimmed(field)));
        return fields;
    }
};

bool isBlank(const std::vector<std::string>& fields)
{
    return fields.size() == 1 && fields.front().empty();
}

} // namespace

CsvTable parseCsv(std::string_view text, const std::string& source)
{
    if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3); // UTF-8 byte order mark written by spreadsheets
    CsvTable table;
    table.source = source;
    CsvScanner scanner {text};
    int line = 0;
    while (!scanner.atEnd() && table.header.empty()) {
        auto fields = scanner.nextRecord(source, line);
        if (!isBlank(fields))
            table.header = std::move(fields);
    }
    if (table.header.empty())
        throw DataError(source + ": the file is empty (no header row)");
    while (!scanner.atEnd()) {
        auto fields = scanner.nextRecord(source, line);
        if (isBlank(fields))
            continue;
        if (fields.size() != table.header.size())
            throw DataError(source + ": row " + std::to_string(line) + ": "
                + std::to_string(fields.size()) + " fields, but the header has "
                + std::to_string(table.header.size()));
        table.rows.push_back({line, std::move(fields)});
    }
    return table;
}

CsvTable readCsvFile(const std::string& path)
{
    return parseCsv(readTextFile(path), path);
}

std::string formatCsvLine(const std::vector<std::string>& fields)
{
    std::string line;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (i > 0)
            line += ',';
        const std::string& f = fields[i];
        if (f.find_first_of(",\"\n\r") == std::string::npos) {
            line += f;
            continue;
        }
        line += '"';
        for (char c : f) {
            if (c == '"')
                line += '"';
            line += c;
        }
        line += '"';
    }
    line += '\n';
    return line;
}

std::string formatNumber(double value)
{
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

bool parseDouble(std::string_view text, double& value)
{
    if (!text.empty() && text.front() == '+')
        text.remove_prefix(1);
    if (text.empty())
        return false;
    const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
    return result.ec == std::errc() && result.ptr == text.data() + text.size()
        && std::isfinite(value);
}

bool parseInt64(std::string_view text, long long& value)
{
    if (!text.empty() && text.front() == '+')
        text.remove_prefix(1);
    if (text.empty())
        return false;
    const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
    if (result.ec == std::errc() && result.ptr == text.data() + text.size())
        return true;
    // Spreadsheets write large integers as 4.294967296e9; accept them when they are integral.
    double d = 0.0;
    if (!parseDouble(text, d) || d != std::floor(d) || std::fabs(d) > 9.0e18)
        return false;
    value = static_cast<long long>(d);
    return true;
}

} // namespace iolens::core
