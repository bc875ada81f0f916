// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/configuration.hpp"
#include "data/unit_conversion.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace iolens::core {

/// One column of a user's CSV feeding one iolens column ("bs_kib" -> request_bytes in KiB).
struct ColumnMapping {
    std::string column;       ///< header name in the user's CSV
    std::string field;        ///< the iolens column it fills (request_bytes, rt_read_ms, ...)
    std::optional<Unit> unit; ///< the column's unit; none: iolens's own (or a text/count field)

    friend bool operator==(const ColumnMapping&, const ColumnMapping&) = default;
};

/// A value the user's CSV lacks, the same for every row ("threads": 16).
struct MappingConstant {
    std::string field;
    std::string value; ///< as a CSV cell would hold it, in `unit`
    std::optional<Unit> unit;

    friend bool operator==(const MappingConstant&, const MappingConstant&) = default;
};

/// How to read a CSV whose headers and units are not iolens's: the mapping file of
/// `iolens-cli import --mapping`, and what `--propose-mapping` writes. A column may feed several
/// fields (IOPS as iops_read and, with the request size, as tp_read_mbs). A column the mapping
/// leaves out but named like an iolens column (pattern) is read as that column
/// (readMappedCsv).
struct CsvMapping {
    std::vector<ColumnMapping> columns;
    std::vector<MappingConstant> constants;

    friend bool operator==(const CsvMapping&, const CsvMapping&) = default;
};

/// The quantity of an iolens column's values (its unit family); std::nullopt for text and count
/// columns (scheduler, pattern, threads, vms, rep, split), which take no unit. Precondition:
/// isMappableField(field).
std::optional<Quantity> fieldQuantity(std::string_view field);
/// True for the iolens CSV columns (required and optional).
bool isMappableField(std::string_view field);

/// A pattern as other tools write it, ignoring case: iolens's random and sequential, and fio's
/// words (rand, randread, randwrite, randrw are random; seq, read, write, rw, readwrite are
/// sequential). std::nullopt for anything else.
std::optional<Pattern> parsePatternWord(std::string_view text);
/// The words parsePatternWord takes, for messages.
std::string patternWordList();

/// Parses a mapping file's text. Throws DataError naming `source` and the key
/// ("mapping.json: key 'columns.bs.unit': 'KB' is not a unit of request_bytes (bytes, KiB, ...)")
/// for malformed JSON, an unknown key, field or unit, a unit its field does not take, a field
/// given twice, or a constant out of its field's range. Whether every configuration field is
/// given depends on the CSV's header too: readMappedCsv checks it.
CsvMapping parseCsvMapping(std::string_view text, const std::string& source);
/// readTextFile + parseCsvMapping.
CsvMapping readCsvMappingFile(const std::string& path);
/// The mapping as a mapping file holds it; parseCsvMapping reads it back to the same mapping.
nlohmann::json csvMappingToJson(const CsvMapping& mapping);

} // namespace iolens::core
