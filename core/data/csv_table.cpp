// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/csv_table.hpp"

#include "common/error.hpp"
#include "common/text_file.hpp"
#include "common/text_trim.hpp"

#include <charconv>
#include <cmath>
#include <fstream>

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
        nextRecord(source, recordLine, true, fields);
        return fields;
    }

    /// Reads one record into `fields`. `final` says the text ends where the file ends; if not, a
    /// record that runs into the end of the text is incomplete: the scanner is left where it was
    /// and false is returned, so the caller can append the next chunk and ask again.
    bool nextRecord(
        const std::string& source, int& recordLine, bool final, std::vector<std::string>& fields)
    {
        const std::size_t startPos = pos;
        const int startLine = line;
        fields.clear();
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
                fields.push_back(wasQuoted ? field : std::string(trimmed(field)));
                return true;
            } else if (wasQuoted && (c == '\r' || c == ' ' || c == '\t')) {
                // Space after a closing quote, and the \r of a CRLF line end (R, pandas and
                // spreadsheets quote every field and end lines so): not part of the field.
            } else {
                field += c;
            }
        }
        if (!final) {
            pos = startPos;
            line = startLine;
            return false;
        }
        if (quoted)
            throw DataError(
                source + ": row " + std::to_string(recordLine) + ": unterminated quoted field");
        fields.push_back(wasQuoted ? field : std::string(trimmed(field)));
        return true;
    }
};

bool isBlank(const std::vector<std::string>& fields)
{
    return fields.size() == 1 && fields.front().empty();
}

// Columns are found by name, so of two with one name every reader would take the first and drop
// the other without a word (a second rt_read_ms, "rep,rep" for "rep,split"). Unnamed columns
// (a spreadsheet's trailing empty ones) are exempt: no name can reach them.
void refuseRepeatedColumns(
    const std::vector<std::string>& header, const std::string& source, int line)
{
    for (std::size_t i = 0; i < header.size(); ++i) {
        if (header[i].empty())
            continue;
        for (std::size_t j = i + 1; j < header.size(); ++j)
            if (header[j] == header[i])
                throw DataError(source + ": row " + std::to_string(line) + ": column '" + header[i]
                    + "' appears twice (columns " + std::to_string(i + 1) + " and "
                    + std::to_string(j + 1) + ")");
    }
}

// A spreadsheet set to a European locale saves "CSV" with semicolons (and decimal commas), a
// tab-separated export has tabs: read as comma-separated, the header is one column named after
// all of them, and every reader would report a missing column. Say what the file is instead.
void refuseOtherSeparator(
    const std::vector<std::string>& header, const std::string& source, int line)
{
    if (header.size() != 1)
        return;
    for (const auto& [separator, name] : {std::pair {';', "semicolons"}, std::pair {'\t', "tabs"}})
        if (header.front().find(separator) != std::string::npos)
            throw DataError(source + ": row " + std::to_string(line)
                + ": the columns are separated by " + name
                + "; iolens reads comma-separated files: save it as CSV with commas between the "
                  "fields and points as decimal marks");
}

void checkHeader(const std::vector<std::string>& header, const std::string& source, int line)
{
    refuseOtherSeparator(header, source, line);
    refuseRepeatedColumns(header, source, line);
}

} // namespace

CsvTable parseCsv(std::string_view text, const std::string& source)
{
    text = withoutByteOrderMark(text, source);
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
    checkHeader(table.header, source, line);
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

struct CsvReader::State {
    std::ifstream in;
    std::string buffer; ///< unread text; holds at least one whole record once refilled
    CsvScanner scanner;
    bool final = false; ///< the buffer ends where the file ends
    bool started = false;
};

CsvReader::CsvReader(const std::string& path)
    : m_state(std::make_unique<State>())
{
    m_table.source = path;
    refuseFolderAsInput(path);
    m_state->in.open(path, std::ios::binary);
    if (!m_state->in)
        throw DataError(path + ": cannot open file for reading");
    std::vector<std::string> fields;
    int line = 0;
    while (m_table.header.empty() && nextFields(fields, line))
        if (!isBlank(fields))
            m_table.header = std::move(fields);
    if (m_table.header.empty())
        throw DataError(path + ": the file is empty (no header row)");
    checkHeader(m_table.header, path, line);
}

CsvReader::~CsvReader() = default;

// Records are scanned from a buffer of at most a chunk plus one record: the consumed part is
// dropped before each refill, so memory stays flat however long the file is.
bool CsvReader::nextFields(std::vector<std::string>& fields, int& line)
{
    constexpr std::size_t kChunk = 1 << 20;
    State& s = *m_state;
    while (true) {
        s.scanner.text = s.buffer;
        if (!s.scanner.atEnd() && s.scanner.nextRecord(m_table.source, line, s.final, fields))
            return true;
        if (s.final)
            return false;
        s.buffer.erase(0, s.scanner.pos);
        s.scanner.pos = 0;
        const std::size_t kept = s.buffer.size();
        s.buffer.resize(kept + kChunk);
        s.in.read(s.buffer.data() + kept, static_cast<std::streamsize>(kChunk));
        s.buffer.resize(kept + static_cast<std::size_t>(s.in.gcount()));
        if (!s.started) {
            s.started = true;
            s.buffer.erase(
                0, s.buffer.size() - withoutByteOrderMark(s.buffer, m_table.source).size());
        }
        s.final = s.in.eof() || !s.in;
    }
}

bool CsvReader::next(CsvTable::Row& row)
{
    while (nextFields(row.fields, row.line)) {
        if (isBlank(row.fields))
            continue;
        if (row.fields.size() != m_table.header.size())
            throw DataError(m_table.source + ": row " + std::to_string(row.line) + ": "
                + std::to_string(row.fields.size()) + " fields, but the header has "
                + std::to_string(m_table.header.size()));
        return true;
    }
    return false;
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
