// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/csv_mapping.hpp"

#include "common/error.hpp"
#include "common/json_text.hpp"
#include "common/text_file.hpp"
#include "data/csv_table.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <limits>

namespace iolens::core {

namespace {

struct MappableField {
    std::string_view name;
    std::optional<Quantity> quantity;
};

constexpr std::array<MappableField, 17> kMappableFields {{
    {"scheduler", std::nullopt},
    {"fileset_bytes", Quantity::Size},
    {"request_bytes", Quantity::Size},
    {"pattern", std::nullopt},
    {"read_pct", Quantity::Share},
    {"threads", std::nullopt},
    {"vms", std::nullopt},
    {"rt_read_ms", Quantity::Time},
    {"rt_write_ms", Quantity::Time},
    {"tp_read_mbs", Quantity::Throughput},
    {"tp_write_mbs", Quantity::Throughput},
    {"iops_read", Quantity::Rate},
    {"iops_write", Quantity::Rate},
    {"rt_read_p99_ms", Quantity::Time},
    {"rt_write_p99_ms", Quantity::Time},
    {"rep", std::nullopt},
    {"split", std::nullopt},
}};

constexpr std::array<std::string_view, 5> kRandomWords {
    "random", "rand", "randread", "randwrite", "randrw"};
constexpr std::array<std::string_view, 6> kSequentialWords {
    "sequential", "seq", "read", "write", "rw", "readwrite"};

std::string mappableFieldList()
{
    std::string text;
    for (const MappableField& field : kMappableFields)
        text += (text.empty() ? "" : ", ") + std::string(field.name);
    return text;
}

// Reads a mapping file's JSON; every failure names the file and the key.
class MappingReader {
public:
    explicit MappingReader(const std::string& source)
        : m_source(source)
    {
    }

    [[noreturn]] void fail(const std::string& key, const std::string& what) const
    {
        throw DataError(m_source + ": key '" + key + "': " + what);
    }

    CsvMapping read(const nlohmann::json& root) const
    {
        if (!root.is_object())
            throw DataError(m_source
                + ": a mapping is a JSON object with \"columns\" and "
                  "optionally \"constants\"");
        for (const auto& [key, value] : root.items())
            if (key != "columns" && key != "constants")
                fail(key, "unknown key (a mapping has \"columns\" and \"constants\")");
        CsvMapping mapping;
        if (!root.contains("columns") || !root["columns"].is_object())
            fail("columns", "missing, or not an object of CSV header -> field");
        for (const auto& [column, value] : root["columns"].items())
            readColumn(column, value, mapping);
        if (root.contains("constants")) {
            if (!root["constants"].is_object())
                fail("constants", "not an object of field -> value");
            for (const auto& [field, value] : root["constants"].items())
                mapping.constants.push_back(readConstant(field, value));
        }
        checkCoverage(mapping);
        return mapping;
    }

private:
    void readColumn(
        const std::string& column, const nlohmann::json& value, CsvMapping& mapping) const
    {
        const std::string key = "columns." + column;
        if (column.empty())
            fail(key, "an empty CSV header name");
        if (!value.is_array()) {
            mapping.columns.push_back(readTarget(column, value, key));
            return;
        }
        if (value.empty())
            fail(key, "an empty list of fields");
        for (std::size_t i = 0; i < value.size(); ++i)
            mapping.columns.push_back(
                readTarget(column, value[i], key + "[" + std::to_string(i) + "]"));
    }

    // "request_bytes" or {"field": "request_bytes", "unit": "KiB"}.
    ColumnMapping readTarget(
        const std::string& column, const nlohmann::json& value, const std::string& key) const
    {
        ColumnMapping target;
        target.column = column;
        if (value.is_string()) {
            target.field = knownField(value.get<std::string>(), key);
            return target;
        }
        if (!value.is_object())
            fail(key, "not a field name or an object with \"field\" and \"unit\"");
        for (const auto& [name, item] : value.items())
            if (name != "field" && name != "unit")
                fail(key + "." + name, "unknown key (a column has \"field\" and \"unit\")");
        if (!value.contains("field") || !value["field"].is_string())
            fail(key + ".field", "missing, or not the name of an iolens column");
        target.field = knownField(value["field"].get<std::string>(), key + ".field");
        target.unit = readUnit(value, target.field, key);
        return target;
    }

    std::string knownField(const std::string& field, const std::string& key) const
    {
        if (!isMappableField(field))
            fail(key, "'" + field + "' is not an iolens column (" + mappableFieldList() + ")");
        return field;
    }

    std::optional<Unit> readUnit(
        const nlohmann::json& object, const std::string& field, const std::string& key) const
    {
        if (!object.contains("unit"))
            return std::nullopt;
        const nlohmann::json& value = object["unit"];
        const auto quantity = fieldQuantity(field);
        if (!quantity)
            fail(key + ".unit", field + " takes no unit");
        const auto unit = value.is_string() ? parseUnit(value.get<std::string>()) : std::nullopt;
        if (!unit || !accepts(*quantity, *unit))
            fail(key + ".unit",
                value.dump() + " is not a unit of " + field + " (" + unitList(*quantity) + ")");
        return unit;
    }

    // 16, "bfq" or {"value": 1, "unit": "GiB"}.
    MappingConstant readConstant(const std::string& field, const nlohmann::json& value) const
    {
        const std::string key = "constants." + field;
        MappingConstant constant;
        constant.field = knownField(field, key);
        const nlohmann::json* item = &value;
        if (value.is_object()) {
            for (const auto& [name, inner] : value.items())
                if (name != "value" && name != "unit")
                    fail(key + "." + name, "unknown key (a constant has \"value\" and \"unit\")");
            if (!value.contains("value"))
                fail(key + ".value", "missing");
            constant.unit = readUnit(value, field, key);
            item = &value["value"];
        }
        const bool text
            = !fieldQuantity(field) && field != "threads" && field != "vms" && field != "rep";
        if (text) {
            if (!item->is_string() || item->get<std::string>().empty())
                fail(key, "not a non-empty text");
            constant.value = item->get<std::string>();
            if (field == "pattern" && !parsePatternWord(constant.value))
                fail(key, "'" + constant.value + "' is not a pattern (" + patternWordList() + ")");
            return constant;
        }
        if (!item->is_number())
            fail(key, item->dump() + " is not a number");
        constant.value
            = item->is_number_integer() ? item->dump() : formatNumber(item->get<double>());
        checkConstantRange(constant, key);
        return constant;
    }

    void checkConstantRange(const MappingConstant& constant, const std::string& key) const
    {
        double value = 0.0;
        if (!parseDouble(constant.value, value))
            fail(key, "'" + constant.value + "' is not a finite number");
        const auto quantity = fieldQuantity(constant.field);
        if (quantity) {
            const auto converted = toIolensUnit(
                value, constant.unit.value_or(iolensUnit(*quantity)), *quantity, std::nullopt);
            if (!converted)
                fail(key, "a throughput constant cannot be given in IOPS");
            value = *converted;
        }
        const bool count
            = constant.field == "threads" || constant.field == "vms" || constant.field == "rep";
        const bool size = quantity == Quantity::Size;
        if ((count || size) && value != std::floor(value))
            fail(key, "'" + constant.value + "' is not a whole number");
        if (count && value > std::numeric_limits<int>::max())
            fail(key, "'" + constant.value + "' is too large");
        if (size && value > 9.0e18)
            fail(key, "'" + constant.value + "' is too large");
        if ((count || size) && constant.field != "rep" && value <= 0.0)
            fail(key, "'" + constant.value + "' must be greater than zero");
        if (value < 0.0)
            fail(key, "'" + constant.value + "' is negative");
        if (constant.field == "read_pct" && value > 100.0)
            fail(key, "'" + constant.value + "' is outside 0..100 percent");
    }

    // Each field once: by one column or one constant.
    void checkCoverage(const CsvMapping& mapping) const
    {
        std::vector<std::string> given;
        const auto give = [&](const std::string& field, const std::string& key) {
            if (std::find(given.begin(), given.end(), field) != given.end())
                fail(key, field + " is given twice (by two columns, or a column and a constant)");
            given.push_back(field);
        };
        for (const ColumnMapping& column : mapping.columns)
            give(column.field, "columns." + column.column);
        for (const MappingConstant& constant : mapping.constants)
            give(constant.field, "constants." + constant.field);
    }

    std::string m_source;
};

} // namespace

std::optional<Pattern> parsePatternWord(std::string_view text)
{
    std::string word(text);
    std::transform(word.begin(), word.end(), word.begin(),
        [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    for (std::string_view random : kRandomWords)
        if (word == random)
            return Pattern::Random;
    for (std::string_view sequential : kSequentialWords)
        if (word == sequential)
            return Pattern::Sequential;
    return std::nullopt;
}

std::string patternWordList()
{
    std::string text;
    for (std::string_view word : kRandomWords)
        text += (text.empty() ? "" : ", ") + std::string(word);
    for (std::string_view word : kSequentialWords)
        text += ", " + std::string(word);
    return text;
}

std::optional<Quantity> fieldQuantity(std::string_view field)
{
    for (const MappableField& known : kMappableFields)
        if (known.name == field)
            return known.quantity;
    return std::nullopt;
}

bool isMappableField(std::string_view field)
{
    return std::any_of(kMappableFields.begin(), kMappableFields.end(),
        [&](const MappableField& known) { return known.name == field; });
}

CsvMapping parseCsvMapping(std::string_view text, const std::string& source)
{
    return MappingReader(source).read(parseJsonText(text, source));
}

CsvMapping readCsvMappingFile(const std::string& path)
{
    return parseCsvMapping(readTextFile(path), path);
}

nlohmann::json csvMappingToJson(const CsvMapping& mapping)
{
    nlohmann::json columns = nlohmann::json::object();
    for (const ColumnMapping& column : mapping.columns) {
        nlohmann::json target {{"field", column.field}};
        if (column.unit)
            target["unit"] = std::string(unitName(*column.unit));
        nlohmann::json& entry = columns[column.column];
        if (entry.is_null())
            entry = target;
        else if (entry.is_array())
            entry.push_back(target);
        else
            entry = nlohmann::json::array({entry, target});
    }
    nlohmann::json constants = nlohmann::json::object();
    for (const MappingConstant& constant : mapping.constants) {
        nlohmann::json value = constant.value;
        long long whole = 0;
        double number = 0.0;
        const bool text = constant.field == "scheduler" || constant.field == "pattern"
            || constant.field == "split";
        if (!text && parseInt64(constant.value, whole)
            && constant.value.find_first_of(".eE") == std::string::npos)
            value = whole;
        else if (!text && parseDouble(constant.value, number))
            value = number;
        if (constant.unit)
            value = nlohmann::json {
                {"value", value}, {"unit", std::string(unitName(*constant.unit))}};
        constants[constant.field] = value;
    }
    nlohmann::json root {{"columns", columns}};
    if (!constants.empty())
        root["constants"] = constants;
    return root;
}

} // namespace iolens::core
