// SPDX-License-Identifier: GPL-3.0-or-later
#include "data/measurement_csv.hpp"

#include "common/error.hpp"
#include "data/fio_json_reader.hpp"

#include <algorithm>
#include <limits>

namespace iolens::core {

namespace {

// Converts one row's fields, with every failure naming the source, the line and the column.
class RowReader {
public:
    /// `labels` (may be null) must outlive the reader.
    RowReader(const CsvTable& table, const CsvTable::Row& row, const ColumnLabels* labels = nullptr)
        : m_table(table)
        , m_row(row)
        , m_labels(labels)
    {
    }

    [[noreturn]] void fail(const std::string& column, const std::string& what) const
    {
        const bool labelled = m_labels != nullptr && m_labels->contains(column);
        throw DataError(m_table.source + ": row " + std::to_string(m_row.line) + ", column "
            + (labelled ? m_labels->at(column) : "'" + column + "'") + ": " + what);
    }

    const std::string& text(const std::string& column) const
    {
        return m_row.fields[static_cast<std::size_t>(m_table.columnIndex(column))];
    }

    bool has(const std::string& column) const { return m_table.columnIndex(column) >= 0; }

    double number(const std::string& column) const
    {
        double value = 0.0;
        if (!parseDouble(text(column), value))
            fail(column, "'" + text(column) + "' is not a number");
        return value;
    }

    long long positiveInteger(const std::string& column) const
    {
        long long value = 0;
        if (!parseInt64(text(column), value))
            fail(column, "'" + text(column) + "' is not a whole number");
        if (value <= 0)
            fail(column, "'" + text(column) + "' must be greater than zero");
        return value;
    }

    /// A size column (`*_bytes`): whole bytes, or with fio's units ("16KiB", "4g"), as a user
    /// writing a configurations file by hand spells a size.
    long long sizeInBytes(const std::string& column) const
    {
        long long value = 0;
        if (!parseInt64(text(column), value)) {
            const auto withUnit = parseFioSize(text(column));
            if (!withUnit)
                fail(column,
                    "'" + text(column)
                        + "' is not a size (whole bytes, or with a unit: 16KiB, 4GiB)");
            value = *withUnit;
        }
        if (value <= 0)
            fail(column, "'" + text(column) + "' must be greater than zero");
        return value;
    }

    std::optional<double> metric(const std::string& column) const
    {
        if (!has(column) || text(column).empty())
            return std::nullopt;
        const double value = number(column);
        if (value < 0.0)
            fail(column, "'" + text(column) + "' is negative");
        return value;
    }

    Configuration configuration() const
    {
        Configuration config;
        config.scheduler = text("scheduler");
        if (config.scheduler.empty())
            fail("scheduler", "empty scheduler name");
        config.filesetBytes = sizeInBytes("fileset_bytes");
        config.requestBytes = sizeInBytes("request_bytes");
        if (!parsePattern(text("pattern"), config.pattern))
            fail("pattern", "'" + text("pattern") + "' is not 'random' or 'sequential'");
        config.readPct = number("read_pct");
        if (config.readPct < 0.0 || config.readPct > 100.0)
            fail("read_pct", "'" + text("read_pct") + "' is outside 0..100");
        config.threads = smallCount("threads");
        config.vms = smallCount("vms");
        // The threads are the workload's in all, spread over its VMs: a VM without one runs
        // nothing (and a one-VM model would be asked about 0 threads).
        if (config.vms > config.threads)
            fail("vms",
                "'" + text("vms") + "' VMs but " + std::to_string(config.threads)
                    + " threads in all: each VM runs at least one");
        return config;
    }

private:
    int smallCount(const std::string& column) const
    {
        const long long value = positiveInteger(column);
        if (value > std::numeric_limits<int>::max())
            fail(column, "'" + text(column) + "' is too large");
        return static_cast<int>(value);
    }

    const CsvTable& m_table;
    const CsvTable::Row& m_row;
    const ColumnLabels* m_labels;
};

void requireColumns(const CsvTable& table, const std::vector<std::string>& columns)
{
    for (const std::string& column : columns)
        if (table.columnIndex(column) < 0)
            throw DataError(table.source + ": row 1: missing required column '" + column + "'");
}

} // namespace

const std::vector<std::string>& configurationColumns()
{
    static const std::vector<std::string> columns {
        "scheduler", "fileset_bytes", "request_bytes", "pattern", "read_pct", "threads", "vms"};
    return columns;
}

const std::vector<std::string>& requiredMeasurementColumns()
{
    static const std::vector<std::string> columns {"scheduler", "fileset_bytes", "request_bytes",
        "pattern", "read_pct", "threads", "vms", "rt_read_ms", "rt_write_ms", "tp_read_mbs",
        "tp_write_mbs"};
    return columns;
}

const std::vector<std::string>& optionalMeasurementColumns()
{
    static const std::vector<std::string> columns {
        "iops_read", "iops_write", "rt_read_p99_ms", "rt_write_p99_ms", "rep", "split"};
    return columns;
}

void checkMeasurementHeader(const CsvTable& table)
{
    requireColumns(table, requiredMeasurementColumns());
    const auto& required = requiredMeasurementColumns();
    const auto& optional = optionalMeasurementColumns();
    for (const std::string& column : table.header) {
        if (std::find(required.begin(), required.end(), column) == required.end()
            && std::find(optional.begin(), optional.end(), column) == optional.end())
            throw DataError(table.source + ": row 1: unknown column '" + column + "'");
    }
}

Measurement measurementFromCsvRow(
    const CsvTable& table, const CsvTable::Row& row, const ColumnLabels& labels)
{
    const RowReader reader(table, row, &labels);
    Measurement m;
    m.config = reader.configuration();
    for (Metric metric : kAllMetrics) {
        const std::string column(metricName(metric));
        const std::optional<double> value = reader.metric(column);
        // A run without requests in one direction has no figures of it (fio leaves them empty
        // or 0). A positive one means the row's read share is wrong, most often a tool's write
        // share mapped to read_pct, and every model of that row would learn the reverse mix.
        if (value && *value > 0.0 && !metricHasValue(metric, m.config.readPct))
            reader.fail(column,
                "'" + reader.text(column) + "' at read_pct " + formatNumber(m.config.readPct)
                    + ", where the run issues no " + (isReadMetric(metric) ? "reads" : "writes")
                    + " (is read_pct the share of writes?)");
        m.setValue(metric, value);
    }
    if (reader.has("rep") && !reader.text("rep").empty()) {
        long long rep = 0;
        if (!parseInt64(reader.text("rep"), rep) || rep < 0 || rep > 1000000)
            reader.fail("rep", "'" + reader.text("rep") + "' is not a repetition number");
        m.rep = static_cast<int>(rep);
    }
    if (reader.has("split") && !reader.text("split").empty())
        m.split = reader.text("split");
    return m;
}

std::vector<Measurement> measurementsFromCsv(const CsvTable& table)
{
    checkMeasurementHeader(table);
    std::vector<Measurement> measurements;
    measurements.reserve(table.rows.size());
    for (const CsvTable::Row& row : table.rows)
        measurements.push_back(measurementFromCsvRow(table, row));
    return measurements;
}

CsvRows measurementRowsFromCsv(const CsvTable& table)
{
    checkMeasurementHeader(table);
    CsvRows rows;
    for (const CsvTable::Row& row : table.rows) {
        try {
            rows.measurements.push_back(measurementFromCsvRow(table, row));
        } catch (const DataError& error) {
            rows.refused.push_back({row.line, error.what()});
        }
    }
    return rows;
}

void streamMeasurementsCsv(const std::string& path, const std::function<void(Measurement&&)>& take,
    const std::function<void(RefusedRow&&)>& refuse)
{
    CsvReader reader(path);
    checkMeasurementHeader(reader.table());
    CsvTable::Row row;
    while (reader.next(row)) {
        Measurement m;
        try {
            m = measurementFromCsvRow(reader.table(), row);
        } catch (const DataError& error) {
            refuse({row.line, error.what()});
            continue;
        }
        take(std::move(m));
    }
}

std::vector<Measurement> readMeasurementsCsv(const std::string& path)
{
    return measurementsFromCsv(readCsvFile(path));
}

std::vector<std::string> configurationFields(const Configuration& config)
{
    return {config.scheduler, std::to_string(config.filesetBytes),
        std::to_string(config.requestBytes), std::string(patternName(config.pattern)),
        formatNumber(config.readPct), std::to_string(config.threads), std::to_string(config.vms)};
}

std::string measurementsCsvHeader()
{
    std::vector<std::string> header = requiredMeasurementColumns();
    header.insert(
        header.end(), optionalMeasurementColumns().begin(), optionalMeasurementColumns().end());
    return formatCsvLine(header);
}

std::string measurementCsvLine(const Measurement& m)
{
    const std::array metricOrder {Metric::RtReadMs, Metric::RtWriteMs, Metric::TpReadMbs,
        Metric::TpWriteMbs, Metric::IopsRead, Metric::IopsWrite, Metric::RtReadP99Ms,
        Metric::RtWriteP99Ms};
    std::vector<std::string> fields = configurationFields(m.config);
    for (Metric metric : metricOrder) {
        const auto value = m.value(metric);
        fields.push_back(value ? formatNumber(*value) : std::string());
    }
    fields.push_back(std::to_string(m.rep));
    fields.push_back(m.split);
    return formatCsvLine(fields);
}

std::string measurementsToCsv(const std::vector<Measurement>& measurements)
{
    std::string out = measurementsCsvHeader();
    for (const Measurement& m : measurements)
        out += measurementCsvLine(m);
    return out;
}

std::vector<Configuration> configurationsFromCsv(const CsvTable& table)
{
    requireColumns(table, configurationColumns());
    std::vector<Configuration> configs;
    configs.reserve(table.rows.size());
    for (const CsvTable::Row& row : table.rows)
        configs.push_back(RowReader(table, row).configuration());
    return configs;
}

std::vector<Configuration> configurationsFromCsv(
    const CsvTable& table, const Configuration& defaults, const std::vector<Factor>& omittable)
{
    CsvTable filled = table;
    const std::vector<std::string> values = configurationFields(defaults);
    for (Factor factor : omittable) {
        const auto column = static_cast<std::size_t>(factor); // the CSV's column order
        if (filled.columnIndex(configurationColumns()[column]) >= 0)
            continue;
        filled.header.push_back(configurationColumns()[column]);
        for (CsvTable::Row& row : filled.rows)
            row.fields.push_back(values[column]);
    }
    return configurationsFromCsv(filled);
}

} // namespace iolens::core
