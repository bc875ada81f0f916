// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/mapping_proposal.hpp"

#include <algorithm>
#include <cctype>
#include <initializer_list>
#include <optional>
#include <string_view>

namespace iolens::core {

namespace {

// How many rows the proposal looks at to guess a unit the header does not name.
constexpr std::size_t kRowsLooked = 20;

using Words = std::vector<std::string>;

// "Lat_Read(us)" -> lat, read, us; "bw MB/s" -> bw, mbps; "readLat" -> read, lat; "%" -> pct.
Words headerWords(std::string_view name)
{
    std::string text;
    for (std::size_t i = 0; i < name.size(); ++i) {
        const auto c = static_cast<unsigned char>(name[i]);
        if (c == 0xC2 && i + 1 < name.size() && static_cast<unsigned char>(name[i + 1]) == 0xB5) {
            text += 'u'; // the micro sign: "µs" is us
            ++i;
        } else if (c == '%') {
            text += " pct ";
        } else if (c == '/' && i + 1 < name.size() && std::tolower(name[i + 1]) == 's'
            && (i + 2 == name.size() || !std::isalnum(static_cast<unsigned char>(name[i + 2])))) {
            text += "ps"; // MB/s -> mbps
            ++i;
        } else if (std::isalnum(c)) {
            // camelCase starts a word ("readLat"); a unit's capitals do not ("KiB/s").
            if (std::isupper(c) && i > 0 && i + 1 < name.size()
                && std::islower(static_cast<unsigned char>(name[i - 1]))
                && std::islower(static_cast<unsigned char>(name[i + 1])))
                text += ' ';
            text += static_cast<char>(std::tolower(c));
        } else {
            text += ' ';
        }
    }
    Words words;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = std::min(text.find(' ', start), text.size());
        std::string word = text.substr(start, end - start);
        start = end + 1;
        if (word.empty())
            continue;
        // "readlat", "writebw": a direction glued to a metric word.
        for (std::string_view direction : {std::string_view("read"), std::string_view("write")})
            if (word.size() > direction.size() + 1 && word.starts_with(direction)
                && word != "readwrite" && word != "reads" && word != "writes") {
                words.emplace_back(direction);
                word.erase(0, direction.size());
                break;
            }
        words.push_back(word);
    }
    return words;
}

bool hasAny(const Words& words, std::initializer_list<std::string_view> candidates)
{
    return std::any_of(words.begin(), words.end(), [&](const std::string& word) {
        return std::find(candidates.begin(), candidates.end(), word) != candidates.end();
    });
}

// A field guessed for a column, how sure (2: named outright, 1: a weaker word), and its unit.
struct Guess {
    std::string field;
    int strength = 0;
    std::optional<Unit> unit;
    std::string note;
};

std::optional<Unit> sizeUnitWord(const Words& words)
{
    if (hasAny(words, {"b", "byte", "bytes"}))
        return Unit::Bytes;
    if (hasAny(words, {"k", "kb", "kib", "kbytes"}))
        return Unit::KiB;
    if (hasAny(words, {"m", "mb", "mib", "mbytes"}))
        return Unit::MiB;
    if (hasAny(words, {"g", "gb", "gib", "gbytes"}))
        return Unit::GiB;
    return std::nullopt;
}

std::optional<Unit> timeUnitWord(const Words& words)
{
    if (hasAny(words, {"ns", "nsec", "nanoseconds"}))
        return Unit::Nanoseconds;
    if (hasAny(words, {"us", "usec", "microseconds"}))
        return Unit::Microseconds;
    if (hasAny(words, {"ms", "msec", "milliseconds"}))
        return Unit::Milliseconds;
    if (hasAny(words, {"s", "sec", "secs", "seconds"}))
        return Unit::Seconds;
    return std::nullopt;
}

std::optional<Unit> throughputUnitWord(const Words& words)
{
    if (hasAny(words, {"iops"}))
        return Unit::Iops;
    if (hasAny(words, {"kibps", "kbps", "kibs", "kbs", "kb", "kib"}))
        return Unit::KiBPerS;
    if (hasAny(words, {"mibps", "mibs", "mib"}))
        return Unit::MiBPerS;
    if (hasAny(words, {"mbps", "mbs", "mb"}))
        return Unit::MBPerS;
    return std::nullopt;
}

// A metric column: latency, p99 latency, throughput or IOPS of reads or writes.
std::optional<Guess> metricGuess(const Words& words)
{
    const bool latency
        = hasAny(words, {"lat", "latency", "clat", "rt", "resp", "response", "completion"});
    const bool throughput = hasAny(words,
        {"bw", "bandwidth", "throughput", "tp", "mbps", "mibps", "kbps", "kibps", "mbs", "mibs"});
    const bool iops = hasAny(words, {"iops", "ops"});
    if (!latency && !throughput && !iops)
        return std::nullopt;
    // Other statistics than the mean (and the p99 iolens keeps) are not iolens fields.
    if (hasAny(words,
            {"min", "max", "stddev", "stdev", "dev", "sd", "median", "p50", "p90", "p95", "p999",
                "p9999", "total", "sum"}))
        return std::nullopt;
    const bool read = hasAny(words, {"read", "reads", "rd", "r"});
    const bool write = hasAny(words, {"write", "writes", "wr", "w"});
    Guess guess;
    guess.strength = 2;
    if (read == write) {
        guess.note = "names no direction (read or write): read assumed";
        guess.strength = 1;
    }
    const std::string direction = write && !read ? "write" : "read";
    if (latency) {
        const bool p99 = hasAny(words, {"p99", "99", "99th", "pct99", "percentile99"});
        guess.field = "rt_" + direction + (p99 ? "_p99_ms" : "_ms");
        guess.unit = timeUnitWord(words);
        if (!guess.unit)
            guess.note += std::string(guess.note.empty() ? "" : "; ") + "names no unit: ms assumed";
        return guess;
    }
    if (iops && !throughput) {
        guess.field = "iops_" + direction;
        return guess;
    }
    guess.field = "tp_" + direction + "_mbs";
    guess.unit = throughputUnitWord(words);
    if (!guess.unit)
        guess.note += std::string(guess.note.empty() ? "" : "; ") + "names no unit: MiB/s assumed";
    return guess;
}

// The numbers of a column in the first rows (cells that are not numbers left out).
std::vector<double> firstValues(const CsvTable& table, std::size_t column)
{
    std::vector<double> values;
    for (std::size_t r = 0; r < std::min(table.rows.size(), kRowsLooked); ++r) {
        double value = 0.0;
        if (parseDouble(table.rows[r].fields[column], value))
            values.push_back(value);
    }
    return values;
}

double largest(const std::vector<double>& values)
{
    return values.empty() ? 0.0 : *std::max_element(values.begin(), values.end());
}

// A size whose name gives no unit, by magnitude: a request of 4..1023 is KiB; a file set below
// 1024 is GiB, below 2^20 MiB.
Unit sizeUnitByValues(const std::string& field, const std::vector<double>& values)
{
    const double top = largest(values);
    if (top <= 0.0)
        return Unit::Bytes;
    if (field == "request_bytes")
        return top < 1024.0 ? Unit::KiB : Unit::Bytes;
    if (top < 1024.0)
        return Unit::GiB;
    return top < 1048576.0 ? Unit::MiB : Unit::Bytes;
}

std::optional<Guess> configurationGuess(const Words& words)
{
    const bool size = hasAny(words, {"size", "sz"});
    const auto sized = [&](std::string field, int strength) {
        return Guess {std::move(field), strength, sizeUnitWord(words), {}};
    };
    const bool shareWord
        = hasAny(words, {"pct", "percent", "percentage", "ratio", "share", "frac", "fraction"});
    if (hasAny(words,
            {"rwmixread", "mixread", "readpct", "rwmix", "mix", "readmix", "readratio",
                "readshare"})
        || (hasAny(words, {"read", "reads"}) && shareWord)) {
        Guess guess {"read_pct", 2, std::nullopt, {}};
        if (hasAny(words, {"pct", "percent", "percentage"}))
            guess.unit = Unit::Percent;
        else if (hasAny(words, {"frac", "fraction", "ratio", "share"}))
            guess.unit = Unit::Fraction;
        return guess;
    }
    if (hasAny(words,
            {"bs", "blocksize", "blksize", "block", "request", "req", "reqsize", "iosize",
                "recordsize", "record", "xfersize", "xfer", "transfer"}))
        return sized("request_bytes", 2);
    if (size && hasAny(words, {"io", "blk"}))
        return sized("request_bytes", 2);
    if (hasAny(words,
            {"fileset", "filesize", "filesetsize", "datasize", "dataset", "workingset", "wss",
                "filesz"}))
        return sized("fileset_bytes", 2);
    if (size)
        return sized("fileset_bytes", 1);
    if (hasAny(words, {"pattern", "rw", "readwrite", "rwtype", "iopattern", "access", "mode"}))
        return Guess {"pattern", 2, std::nullopt, {}};
    if (hasAny(words, {"threads", "thread", "numjobs", "nthreads", "jobs", "njobs"}))
        return Guess {"threads", 2, std::nullopt, {}};
    if (hasAny(words, {"iodepth", "qd", "queuedepth", "depth", "concurrency", "outstanding"}))
        return Guess {"threads", 1, std::nullopt, "is a queue depth: proposed as threads"};
    if (hasAny(words, {"vms", "vm", "hosts", "nodes", "machines", "nvms"}))
        return Guess {"vms", 2, std::nullopt, {}};
    if (hasAny(words, {"scheduler", "sched", "elevator", "ioscheduler", "iosched"}))
        return Guess {"scheduler", 2, std::nullopt, {}};
    if (hasAny(words, {"rep", "repetition", "repeat", "iteration"}))
        return Guess {"rep", 2, std::nullopt, {}};
    if (hasAny(words, {"split"}))
        return Guess {"split", 2, std::nullopt, {}};
    return std::nullopt;
}

// Fills a unit the header does not name from the first rows' values, where they tell.
void unitFromValues(Guess& guess, const std::vector<double>& values)
{
    if (guess.unit)
        return;
    if (guess.field == "read_pct") {
        // All zero reads the same either way: percent, iolens's own.
        const bool fraction = largest(values) > 0.0 && largest(values) <= 1.0;
        guess.unit = fraction ? Unit::Fraction : Unit::Percent;
        guess.note = std::string("names no unit: ") + (fraction ? "fraction" : "percent")
            + " assumed from its values";
    } else if (guess.field == "request_bytes" || guess.field == "fileset_bytes") {
        guess.unit = sizeUnitByValues(guess.field, values);
        guess.note
            = "names no unit: " + std::string(unitName(*guess.unit)) + " assumed from its values";
    }
}

struct Candidate {
    std::size_t column;
    Guess guess;
};

} // namespace

MappingProposal proposeCsvMapping(const CsvTable& table)
{
    MappingProposal proposal;
    std::vector<Candidate> candidates;
    for (std::size_t c = 0; c < table.header.size(); ++c) {
        const Words words = headerWords(table.header[c]);
        std::optional<Guess> guess;
        if (isMappableField(table.header[c])) // iolens's own name, in iolens's own unit
            guess = Guess {table.header[c], 3, std::nullopt, {}};
        if (!guess)
            guess = metricGuess(words);
        if (!guess)
            guess = configurationGuess(words);
        if (!guess) {
            proposal.unrecognisedColumns.push_back(table.header[c]);
            continue;
        }
        unitFromValues(*guess, firstValues(table, c));
        candidates.push_back({c, *guess});
    }
    // Each field goes to the column that names it best; the first one on a tie.
    for (const Candidate& candidate : candidates) {
        const auto better
            = std::find_if(candidates.begin(), candidates.end(), [&](const Candidate& other) {
                  return other.guess.field == candidate.guess.field
                      && (other.guess.strength > candidate.guess.strength
                          || (other.guess.strength == candidate.guess.strength
                              && other.column < candidate.column));
              });
        const std::string& column = table.header[candidate.column];
        if (better != candidates.end()) {
            proposal.unrecognisedColumns.push_back(column);
            proposal.notes.push_back("'" + column + "' also looks like " + candidate.guess.field
                + ", which '" + table.header[better->column] + "' gives: left out");
            continue;
        }
        // Every unit spelled out, so the file shows what to edit.
        std::optional<Unit> unit = candidate.guess.unit;
        const auto quantity = fieldQuantity(candidate.guess.field);
        if (!unit && quantity)
            unit = iolensUnit(*quantity);
        proposal.mapping.columns.push_back({column, candidate.guess.field, unit});
        if (!candidate.guess.note.empty())
            proposal.notes.push_back("'" + column + "' " + candidate.guess.note);
    }
    const auto given = [&](std::string_view field) {
        return std::any_of(proposal.mapping.columns.begin(), proposal.mapping.columns.end(),
            [&](const ColumnMapping& column) { return column.field == field; });
    };
    // Single-host tools rarely write these; iolens's defaults for fio results are the same.
    if (!given("vms"))
        proposal.mapping.constants.push_back({"vms", "1", std::nullopt});
    if (!given("scheduler"))
        proposal.mapping.constants.push_back({"scheduler", "none", std::nullopt});
    for (const std::string_view field :
        {"fileset_bytes", "request_bytes", "pattern", "read_pct", "threads"})
        if (!given(field))
            proposal.notes.push_back("no column gives " + std::string(field)
                + ": map a column to it or add it to \"constants\"");
    return proposal;
}

} // namespace iolens::core
