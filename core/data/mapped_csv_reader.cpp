// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/mapped_csv_reader.hpp"

#include "common/error.hpp"
#include "data/metric.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string_view>

namespace iolens::core {

namespace {

// Where one iolens column of a mapped row comes from: a column of the user's file or a constant.
struct MappedSource {
    std::string field;
    int column = -1; ///< index in the user's header; -1 for a constant
    std::string constant;
    std::optional<Unit> unit;
    std::string label; ///< how messages name it: "'bs_kib' as request_bytes"
};

std::string mappedLabel(const std::string& column, const std::string& field)
{
    return column == field ? "'" + column + "'" : "'" + column + "' as " + field;
}

// Converts the cells of one row of the user's file into a row of iolens's format.
class MappedRowConverter {
public:
    MappedRowConverter(const CsvTable& table, const std::vector<MappedSource>& sources)
        : m_table(table)
        , m_sources(sources)
    {
    }

    CsvTable::Row convert(const CsvTable::Row& row, const std::vector<std::string>& header) const
    {
        CsvTable::Row converted;
        converted.line = row.line;
        converted.fields.assign(header.size(), std::string());
        // The request size first: throughput given in IOPS needs it.
        std::optional<double> requestBytes;
        for (const MappedSource& source : m_sources)
            if (source.field == "request_bytes") {
                const std::string text = cell(row, source);
                double value = 0.0;
                if (parseDouble(text, value))
                    requestBytes = value;
            }
        for (const MappedSource& source : m_sources) {
            const auto at = std::find(header.begin(), header.end(), source.field);
            converted.fields[static_cast<std::size_t>(at - header.begin())]
                = convertedCell(row, source, requestBytes);
        }
        return converted;
    }

private:
    [[noreturn]] void fail(
        const CsvTable::Row& row, const MappedSource& source, const std::string& what) const
    {
        throw DataError(m_table.source + ": row " + std::to_string(row.line) + ", column "
            + source.label + ": " + what);
    }

    const std::string& rawCell(const CsvTable::Row& row, const MappedSource& source) const
    {
        return source.column < 0 ? source.constant
                                 : row.fields[static_cast<std::size_t>(source.column)];
    }

    // The cell in iolens's unit, as text (request_bytes: a request size in bytes).
    std::string cell(const CsvTable::Row& row, const MappedSource& source) const
    {
        return convertedCell(row, source, std::nullopt);
    }

    std::string convertedCell(const CsvTable::Row& row, const MappedSource& source,
        std::optional<double> requestBytes) const
    {
        const std::string& text = rawCell(row, source);
        if (source.field == "pattern" && !text.empty()) {
            const auto pattern = parsePatternWord(text);
            if (!pattern)
                fail(row, source, "'" + text + "' is not a pattern (" + patternWordList() + ")");
            return std::string(patternName(*pattern));
        }
        const auto quantity = fieldQuantity(source.field);
        if (!quantity || !source.unit || text.empty())
            return text; // iolens's own unit: checked as an iolens cell
        double value = 0.0;
        if (!parseDouble(text, value))
            fail(row, source, "'" + text + "' is not a number");
        const auto converted = toIolensUnit(value, *source.unit, *quantity, requestBytes);
        if (!converted)
            fail(row, source, "'" + text + "' IOPS needs the row's request size in bytes");
        if (*quantity != Quantity::Size)
            return formatNumber(*converted);
        if (*converted != std::floor(*converted))
            fail(row, source,
                "'" + text + "' " + std::string(unitName(*source.unit))
                    + " is not a whole number of bytes");
        if (std::fabs(*converted) > 9.0e18)
            fail(row, source, "'" + text + "' is too large");
        return std::to_string(static_cast<long long>(*converted));
    }

    const CsvTable& m_table;
    const std::vector<MappedSource>& m_sources;
};

} // namespace

MappedCsv readMappedCsv(const CsvTable& table, const CsvMapping& mapping)
{
    std::vector<MappedSource> sources;
    std::vector<bool> used(table.header.size(), false);
    for (const ColumnMapping& column : mapping.columns) {
        const int index = table.columnIndex(column.column);
        if (index < 0)
            throw DataError(table.source + ": row 1: no column '" + column.column
                + "', which the mapping maps to " + column.field);
        used[static_cast<std::size_t>(index)] = true;
        const bool converted = column.unit.has_value()
            && column.unit != iolensUnit(fieldQuantity(column.field).value_or(Quantity::Size));
        std::string label = mappedLabel(column.column, column.field);
        if (converted)
            label += " (from " + std::string(unitName(*column.unit)) + ")";
        sources.push_back({column.field, index, {}, column.unit, label});
    }
    for (const MappingConstant& constant : mapping.constants)
        sources.push_back({constant.field, -1, constant.value, constant.unit,
            "'" + constant.field + "' (a constant of the mapping)"});
    const auto given = [&](std::string_view field) {
        return std::any_of(sources.begin(), sources.end(),
            [&](const MappedSource& source) { return source.field == field; });
    };
    // A column named like an iolens field the mapping does not give is that field, as it is.
    for (std::size_t i = 0; i < table.header.size(); ++i) {
        const std::string& name = table.header[i];
        if (!used[i] && isMappableField(name) && !given(name)) {
            used[i] = true;
            sources.push_back({name, static_cast<int>(i), {}, std::nullopt, "'" + name + "'"});
        }
    }
    for (const std::string& field : configurationColumns())
        if (!given(field))
            throw DataError(table.source + ": row 1: nothing gives " + field
                + ": the mapping maps no column to it and has no constant for it, and there is "
                  "no column '"
                + field + "'");
    if (!std::any_of(kAllMetrics.begin(), kAllMetrics.end(),
            [&](Metric metric) { return given(metricName(metric)); }))
        throw DataError(table.source
            + ": row 1: no column gives a metric (rt_read_ms, tp_read_mbs, ...): map one in the "
              "mapping");

    // The translated table: every required column (a metric nothing gives stays empty) and the
    // optional ones the mapping gives.
    CsvTable translated;
    translated.source = table.source;
    translated.header = requiredMeasurementColumns();
    for (const std::string& column : optionalMeasurementColumns())
        if (given(column))
            translated.header.push_back(column);
    ColumnLabels labels;
    for (const MappedSource& source : sources)
        labels[source.field] = source.label;

    MappedCsv result;
    for (std::size_t i = 0; i < table.header.size(); ++i)
        if (!used[i])
            result.ignoredColumns.push_back(table.header[i]);
    const MappedRowConverter converter(table, sources);
    for (const CsvTable::Row& row : table.rows) {
        try {
            const CsvTable::Row converted = converter.convert(row, translated.header);
            result.rows.measurements.push_back(
                measurementFromCsvRow(translated, converted, labels));
        } catch (const DataError& error) {
            result.rows.refused.push_back({row.line, error.what()});
        }
    }
    return result;
}

} // namespace iolens::core
