// SPDX-License-Identifier: GPL-3.0-or-later
#include "traces/trace_reader.hpp"

#include "common/error.hpp"
#include "common/units.hpp"
#include "data/csv_table.hpp"

#include <cctype>
#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>
#include <tuple>
#include <vector>

namespace iolens::core {

namespace {

constexpr double kFiletimeMs = 1e-4; // one Windows filetime unit (100 ns) in ms

class LineError {
public:
    LineError(const std::string& source, std::size_t line)
        : m_where(source + ": line " + std::to_string(line))
    {
    }
    [[noreturn]] void fail(const std::string& field, const std::string& what) const
    {
        throw DataError(m_where + ": field '" + field + "': " + what);
    }

private:
    std::string m_where;
};

std::vector<std::string> splitOn(const std::string& line, char separator)
{
    std::vector<std::string> fields;
    std::string field;
    std::istringstream in(line);
    while (std::getline(in, field, separator)) {
        const auto first = field.find_first_not_of(" \t\r");
        const auto last = field.find_last_not_of(" \t\r");
        fields.push_back(first == std::string::npos ? "" : field.substr(first, last - first + 1));
    }
    return fields;
}

std::vector<std::string> splitWhitespace(const std::string& line)
{
    std::vector<std::string> fields;
    std::istringstream in(line);
    for (std::string field; in >> field;)
        fields.push_back(field);
    return fields;
}

double number(const LineError& at, const std::string& field, const std::string& text)
{
    double value = 0.0;
    if (!parseDouble(text, value))
        at.fail(field, "'" + text + "' is not a number");
    return value;
}

// Whole numbers in [minimum, maximum]. The maxima keep every conversion in range: byte offsets
// below 2^60 (an exabyte), requests of at most kMaxRequestBytes (kMaxTraceRequestBytes), device
// numbers that fit an int.
constexpr std::int64_t kMaxOffsetBytes = std::int64_t {1} << 60;
constexpr std::int64_t kMaxRequestBytes = kMaxTraceRequestBytes;
constexpr std::int64_t kMaxDevice = 1000000;

std::int64_t whole(const LineError& at, const std::string& field, const std::string& text,
    std::int64_t minimum, std::int64_t maximum = std::numeric_limits<std::int64_t>::max())
{
    long long value = 0;
    if (!parseInt64(text, value) || value < minimum)
        at.fail(field, "'" + text + "' is not a whole number >= " + std::to_string(minimum));
    if (value > maximum)
        at.fail(field, "'" + text + "' is larger than " + std::to_string(maximum));
    return value;
}

void expectFields(const LineError& at, std::size_t count, std::size_t want, const char* what)
{
    if (count < want)
        at.fail("(line)",
            "expected " + std::string(what) + ", got " + std::to_string(count) + " fields");
}

bool readOpcode(const std::string& text, bool& read)
{
    std::string lower;
    for (char c : text)
        lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower == "r" || lower == "read") {
        read = true;
        return true;
    }
    if (lower == "w" || lower == "write") {
        read = false;
        return true;
    }
    return false;
}

// blkparse: requests issued (D) and waiting for their completion (C), by device, sector, count.
using BlockKey = std::tuple<std::string, std::int64_t, std::int64_t>;

} // namespace

std::string_view traceFormatName(TraceFormat format)
{
    switch (format) {
    case TraceFormat::Spc:
        return "spc";
    case TraceFormat::Msr:
        return "msr";
    case TraceFormat::Blkparse:
        return "blkparse";
    case TraceFormat::FioLat:
        return "fio-lat";
    case TraceFormat::Disksim:
        return "disksim";
    }
    return "spc";
}

bool parseTraceFormat(std::string_view text, TraceFormat& format)
{
    for (TraceFormat f : {TraceFormat::Spc, TraceFormat::Msr, TraceFormat::Blkparse,
             TraceFormat::FioLat, TraceFormat::Disksim})
        if (text == traceFormatName(f)) {
            format = f;
            return true;
        }
    return false;
}

std::size_t readTrace(std::istream& in, TraceFormat format, const std::string& source,
    const std::function<void(const TraceRequest&)>& sink)
{
    std::size_t count = 0;
    std::size_t lineNumber = 0;
    std::map<BlockKey, std::pair<double, bool>> issued; // blkparse: D time (ms), read
    std::optional<std::int64_t> firstMsrFiletime;
    for (std::string line; std::getline(in, line);) {
        ++lineNumber;
        const auto start = line.find_first_not_of(" \t\r");
        if (start == std::string::npos || line[start] == '#')
            continue;
        const LineError at(source, lineNumber);
        TraceRequest r;
        switch (format) {
        case TraceFormat::Spc: {
            const auto f = splitOn(line, ',');
            expectFields(at, f.size(), 5, "ASU,LBA,Size,Opcode,Timestamp");
            r.device = static_cast<int>(whole(at, "ASU", f[0], 0, kMaxDevice));
            r.offset = whole(at, "LBA", f[1], 0, kMaxOffsetBytes / kSectorBytes) * kSectorBytes;
            r.bytes = whole(at, "Size", f[2], 1, kMaxRequestBytes);
            if (!readOpcode(f[3], r.read))
                at.fail("Opcode", "'" + f[3] + "' is neither r nor w");
            r.arrivalMs = number(at, "Timestamp", f[4]) * 1000.0;
            break;
        }
        case TraceFormat::Msr: {
            const auto f = splitOn(line, ',');
            expectFields(
                at, f.size(), 7, "Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime");
            const std::int64_t filetime = whole(at, "Timestamp", f[0], 0);
            // Relative to the first request, in integers: filetimes are ~1.3e17, where a double
            // steps by 16 units (1.6 us).
            if (!firstMsrFiletime)
                firstMsrFiletime = filetime;
            r.arrivalMs = static_cast<double>(filetime - *firstMsrFiletime) * kFiletimeMs;
            r.device = static_cast<int>(whole(at, "DiskNumber", f[2], 0, kMaxDevice));
            if (!readOpcode(f[3], r.read))
                at.fail("Type", "'" + f[3] + "' is neither Read nor Write");
            r.offset = whole(at, "Offset", f[4], 0, kMaxOffsetBytes);
            r.bytes = whole(at, "Size", f[5], 1, kMaxRequestBytes);
            r.responseMs = static_cast<double>(whole(at, "ResponseTime", f[6], 0)) * kFiletimeMs;
            break;
        }
        case TraceFormat::Blkparse: {
            const auto f = splitWhitespace(line);
            // The summary blkparse prints at the end ("CPU0 (8,0):", "Total (8,0):") and other
            // lines without the event layout are not events.
            if (f.size() < 7 || f[0].find(',') == std::string::npos)
                continue;
            const std::string& action = f[5];
            if (action != "D" && action != "C")
                continue;
            expectFields(at, f.size(), 10, "MAJ,MIN CPU SEQ TIME PID ACTION RWBS SECTOR + COUNT");
            if (f[8] != "+")
                at.fail(
                    "SECTOR + COUNT", "expected '+' between sector and count, got '" + f[8] + "'");
            const double timeMs = number(at, "TIME", f[3]) * 1000.0;
            const std::string& rwbs = f[6];
            const bool isRead = rwbs.find('R') != std::string::npos;
            if (!isRead && rwbs.find('W') == std::string::npos)
                continue; // flushes, discards: no data
            const std::int64_t sector
                = whole(at, "SECTOR", f[7], 0, kMaxOffsetBytes / kSectorBytes);
            const std::int64_t sectors
                = whole(at, "COUNT", f[9], 0, kMaxRequestBytes / kSectorBytes);
            if (sectors == 0)
                continue;
            const BlockKey key {f[0], sector, sectors};
            if (action == "D") {
                issued[key] = {timeMs, isRead};
                continue;
            }
            const auto found = issued.find(key);
            if (found == issued.end())
                continue; // completed before the trace began
            r.arrivalMs = found->second.first;
            r.read = found->second.second;
            r.offset = sector * kSectorBytes;
            r.bytes = sectors * kSectorBytes;
            r.responseMs = timeMs - found->second.first;
            issued.erase(found);
            break;
        }
        case TraceFormat::FioLat: {
            const auto f = splitOn(line, ',');
            expectFields(at, f.size(), 5, "time_ms, lat_ns, ddir, bs, offset");
            const double completedMs = number(at, "time", f[0]);
            const double latencyNs = number(at, "latency", f[1]);
            if (latencyNs < 0.0)
                at.fail("latency", "negative");
            const std::int64_t ddir = whole(at, "ddir", f[2], 0);
            if (ddir == 2)
                continue; // trim
            if (ddir > 2)
                at.fail("ddir", "'" + f[2] + "' is not 0 (read), 1 (write) or 2 (trim)");
            r.read = ddir == 0;
            r.bytes = whole(at, "bs", f[3], 1, kMaxRequestBytes);
            r.offset = whole(at, "offset", f[4], 0, kMaxOffsetBytes);
            r.responseMs = latencyNs * 1e-6;
            r.arrivalMs = completedMs - *r.responseMs;
            break;
        }
        case TraceFormat::Disksim: {
            const auto f = splitWhitespace(line);
            expectFields(at, f.size(), 5, "time_ms devno blkno bcount flags");
            r.arrivalMs = number(at, "time", f[0]);
            r.device = static_cast<int>(whole(at, "devno", f[1], 0, kMaxDevice));
            r.offset = whole(at, "blkno", f[2], 0, kMaxOffsetBytes / kSectorBytes) * kSectorBytes;
            r.bytes = whole(at, "bcount", f[3], 1, kMaxRequestBytes / kSectorBytes) * kSectorBytes;
            r.read = (whole(at, "flags", f[4], 0) & 1) != 0;
            break;
        }
        }
        sink(r);
        ++count;
    }
    return count;
}

std::size_t readTraceFile(const std::string& path, TraceFormat format,
    const std::function<void(const TraceRequest&)>& sink)
{
    std::ifstream in(path);
    if (!in)
        throw DataError(path + ": cannot open the trace");
    const std::size_t requests = readTrace(in, format, path, sink);
    // A file of no requests is the wrong file far more often than a trace: every command would
    // go on to store, replay or featurise nothing (trace-import stored an empty trace, exit 0).
    if (requests == 0)
        throw DataError(path + ": no requests in the trace (an empty file, or only blank lines, "
            + "comments and lines that are not requests, such as blkparse's queue events)");
    return requests;
}

} // namespace iolens::core
