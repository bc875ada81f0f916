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

using HeaderWords = std::vector<std::string>;

// "Lat_Read(us)" -> lat, read, us; "bw MB/s" -> bw, mbps; "readLat" -> read, lat; "%" -> pct.
HeaderWords headerWords(std::string_view name)
{
    std::string text;
    for (std::size_t i = 0; i < name.size(); ++i) {
        const auto c = static_cast<unsigned char>(name[i]);
        if (c == 0xC2 && i + 1 < name.size() && static_cast<unsigned char>(name[i + 1]) == 0xB5) {
            text += 'u'; // the micro sign: "µs" is us
            ++i;
        } else if (c == '%') {
            text += " pct ";
        } else if (c == '/' && i + 1 < name.size()
            && std::tolower(static_cast<unsigned char>(name[i + 1])) == 's'
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
    HeaderWords words;
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

bool hasAnyWord(const HeaderWords& words, std::initializer_list<std::string_view> wanted)
{
    return std::any_of(words.begin(), words.end(), [&](const std::string& word) {
        return std::find(wanted.begin(), wanted.end(), word) != wanted.end();
    });
}

// A field guessed for a column, how sure (2: named outright, 1: a weaker word), and its unit.
struct FieldGuess {
    std::string field;
    int strength = 0;
    std::optional<Unit> unit;
    std::string note;
};

std::optional<Unit> sizeUnitWord(const HeaderWords& words)
{
    if (hasAnyWord(words, {"b", "byte", "bytes"}))
        return Unit::Bytes;
    if (hasAnyWord(words, {"k", "kb", "kib", "kbytes"}))
        return Unit::KiB;
    if (hasAnyWord(words, {"m", "mb", "mib", "mbytes"}))
        return Unit::MiB;
    if (hasAnyWord(words, {"g", "gb", "gib", "gbytes"}))
        return Unit::GiB;
    return std::nullopt;
}

std::optional<Unit> timeUnitWord(const HeaderWords& words)
{
    if (hasAnyWord(words, {"ns", "nsec", "nanoseconds"}))
        return Unit::Nanoseconds;
    if (hasAnyWord(words, {"us", "usec", "microseconds"}))
        return Unit::Microseconds;
    if (hasAnyWord(words, {"ms", "msec", "milliseconds"}))
        return Unit::Milliseconds;
    if (hasAnyWord(words, {"s", "sec", "secs", "seconds"}))
        return Unit::Seconds;
    return std::nullopt;
}

std::optional<Unit> throughputUnitWord(const HeaderWords& words)
{
    if (hasAnyWord(words, {"iops"}))
        return Unit::Iops;
    if (hasAnyWord(words, {"kibps", "kbps", "kibs", "kbs", "kb", "kib"}))
        return Unit::KiBPerS;
    if (hasAnyWord(words, {"mibps", "mibs", "mib"}))
        return Unit::MiBPerS;
    if (hasAnyWord(words, {"mbps", "mbs", "mb"}))
        return Unit::MBPerS;
    return std::nullopt;
}

// A metric column: latency, p99 latency, throughput or IOPS of reads or writes.
std::optional<FieldGuess> metricGuess(const HeaderWords& words)
{
    const bool latency
        = hasAnyWord(words, {"lat", "latency", "clat", "rt", "resp", "response", "completion"});
    const bool throughput = hasAnyWord(words,
        {"bw", "bandwidth", "throughput", "tp", "mbps", "mibps", "kbps", "kibps", "mbs", "mibs"});
    const bool iops = hasAnyWord(words, {"iops", "ops"});
    if (!latency && !throughput && !iops)
        return std::nullopt;
    // Other statistics than the mean (and the p99 iolens keeps) are not iolens fields.
    if (hasAnyWord(words,
            {"min", "max", "stddev", "stdev", "dev", "sd", "median", "p50", "p90", "p95", "p999",
                "p9999", "total", "sum"}))
        return std::nullopt;
    const bool read = hasAnyWord(words, {"read", "reads", "rd", "r"});
    const bool write = hasAnyWord(words, {"write", "writes", "wr", "w"});
    FieldGuess guess;
    guess.strength = 2;
    if (read == write) {
        guess.note = "names no direction (read or write): read assumed";
        guess.strength = 1;
    }
    const std::string direction = write && !read ? "write" : "read";
    if (latency) {
        const bool p99 = hasAnyWord(words, {"p99", "99", "99th", "pct99", "percentile99"});
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
std::vector<double> firstNumbers(const CsvTable& table, std::size_t column)
{
    std::vector<double> values;
    for (std::size_t r = 0; r < std::min(table.rows.size(), kRowsLooked); ++r) {
        double value = 0.0;
        if (parseDouble(table.rows[r].fields[column], value))
            values.push_back(value);
    }
    return values;
}

double largestValue(const std::vector<double>& values)
{
    return values.empty() ? 0.0 : *std::max_element(values.begin(), values.end());
}

// A size whose name gives no unit, by magnitude: a request of 4..1023 is KiB; a file set below
// 1024 is GiB, below 2^20 MiB.
Unit sizeUnitByValues(const std::string& field, const std::vector<double>& values)
{
    const double top = largestValue(values);
    if (top <= 0.0)
        return Unit::Bytes;
    if (field == "request_bytes")
        return top < 1024.0 ? Unit::KiB : Unit::Bytes;
    if (top < 1024.0)
        return Unit::GiB;
    return top < 1048576.0 ? Unit::MiB : Unit::Bytes;
}

std::optional<FieldGuess> configurationGuess(const HeaderWords& words)
{
    const bool size = hasAnyWord(words, {"size", "sz"});
    const auto sized = [&](std::string field, int strength) {
        return FieldGuess {std::move(field), strength, sizeUnitWord(words), {}};
    };
    const bool shareWord
        = hasAnyWord(words, {"pct", "percent", "percentage", "ratio", "share", "frac", "fraction"});
    if (hasAnyWord(words,
            {"rwmixread", "mixread", "readpct", "rwmix", "mix", "readmix", "readratio",
                "readshare"})
        || (hasAnyWord(words, {"read", "reads"}) && shareWord)) {
        FieldGuess guess {"read_pct", 2, std::nullopt, {}};
        if (hasAnyWord(words, {"pct", "percent", "percentage"}))
            guess.unit = Unit::Percent;
        else if (hasAnyWord(words, {"frac", "fraction", "ratio", "share"}))
            guess.unit = Unit::Fraction;
        return guess;
    }
    if (hasAnyWord(words,
            {"bs", "blocksize", "blksize", "block", "request", "req", "reqsize", "iosize",
                "recordsize", "record", "xfersize", "xfer", "transfer"}))
        return sized("request_bytes", 2);
    if (size && hasAnyWord(words, {"io", "blk"}))
        return sized("request_bytes", 2);
    if (hasAnyWord(words,
            {"fileset", "filesize", "filesetsize", "datasize", "dataset", "workingset", "wss",
                "filesz"}))
        return sized("fileset_bytes", 2);
    if (size)
        return sized("fileset_bytes", 1);
    if (hasAnyWord(words, {"pattern", "rw", "readwrite", "rwtype", "iopattern", "access", "mode"}))
        return FieldGuess {"pattern", 2, std::nullopt, {}};
    if (hasAnyWord(words, {"threads", "thread", "numjobs", "nthreads", "jobs", "njobs"}))
        return FieldGuess {"threads", 2, std::nullopt, {}};
    if (hasAnyWord(words, {"iodepth", "qd", "queuedepth", "depth", "concurrency", "outstanding"}))
        return FieldGuess {"threads", 1, std::nullopt, "is a queue depth: proposed as threads"};
    if (hasAnyWord(words, {"vms", "vm", "hosts", "nodes", "machines", "nvms"}))
        return FieldGuess {"vms", 2, std::nullopt, {}};
    if (hasAnyWord(words, {"scheduler", "sched", "elevator", "ioscheduler", "iosched"}))
        return FieldGuess {"scheduler", 2, std::nullopt, {}};
    if (hasAnyWord(words, {"rep", "repetition", "repeat", "iteration"}))
        return FieldGuess {"rep", 2, std::nullopt, {}};
    if (hasAnyWord(words, {"split"}))
        return FieldGuess {"split", 2, std::nullopt, {}};
    return std::nullopt;
}

// Fills a unit the header does not name from the first rows' values, where they tell.
void unitFromValues(FieldGuess& guess, const std::vector<double>& values)
{
    if (guess.unit)
        return;
    if (guess.field == "read_pct") {
        // All zero reads the same either way: percent, iolens's own.
        const bool fraction = largestValue(values) > 0.0 && largestValue(values) <= 1.0;
        guess.unit = fraction ? Unit::Fraction : Unit::Percent;
        guess.note = std::string("names no unit: ") + (fraction ? "fraction" : "percent")
            + " assumed from its values";
    } else if (guess.field == "request_bytes" || guess.field == "fileset_bytes") {
        guess.unit = sizeUnitByValues(guess.field, values);
        guess.note
            = "names no unit: " + std::string(unitName(*guess.unit)) + " assumed from its values";
    }
}

struct ColumnGuess {
    std::size_t column;
    FieldGuess guess;
};

} // namespace

MappingProposal proposeCsvMapping(const CsvTable& table)
{
    MappingProposal proposal;
    std::vector<ColumnGuess> guesses;
    for (std::size_t c = 0; c < table.header.size(); ++c) {
        const HeaderWords words = headerWords(table.header[c]);
        std::optional<FieldGuess> guess;
        if (isMappableField(table.header[c])) // iolens's own name, in iolens's own unit
            guess = FieldGuess {table.header[c], 3, std::nullopt, {}};
        if (!guess)
            guess = metricGuess(words);
        if (!guess)
            guess = configurationGuess(words);
        if (!guess) {
            proposal.unrecognisedColumns.push_back(table.header[c]);
            continue;
        }
        unitFromValues(*guess, firstNumbers(table, c));
        guesses.push_back({c, *guess});
    }
    // Each field goes to the column that names it best; the first one on a tie.
    for (const ColumnGuess& guessed : guesses) {
        const auto better
            = std::find_if(guesses.begin(), guesses.end(), [&](const ColumnGuess& other) {
                  return other.guess.field == guessed.guess.field
                      && (other.guess.strength > guessed.guess.strength
                          || (other.guess.strength == guessed.guess.strength
                              && other.column < guessed.column));
              });
        const std::string& column = table.header[guessed.column];
        if (better != guesses.end()) {
            proposal.unrecognisedColumns.push_back(column);
            proposal.notes.push_back("'" + column + "' also looks like " + guessed.guess.field
                + ", which '" + table.header[better->column] + "' gives: left out");
            continue;
        }
        // Every unit spelled out, so the file shows what to edit.
        std::optional<Unit> unit = guessed.guess.unit;
        const auto quantity = fieldQuantity(guessed.guess.field);
        if (!unit && quantity)
            unit = iolensUnit(*quantity);
        proposal.mapping.columns.push_back({column, guessed.guess.field, unit});
        if (!guessed.guess.note.empty())
            proposal.notes.push_back("'" + column + "' " + guessed.guess.note);
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
