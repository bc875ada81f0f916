// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/host_measurements_csv.hpp"

#include "data/csv_table.hpp"
#include "data/measurement_csv.hpp"

namespace iolens::core {

std::string hostMeasurementsToCsv(const std::vector<StoredHostMeasurement>& rows)
{
    const std::vector<std::string> hostColumns {
        "host", "host_index", "address", "host_threads", "host_fileset_bytes"};
    // measurementsToCsv writes the shared columns, so both exports name and format them alike;
    // one row at a time, so a quoted line break in a split label cannot shift the host fields.
    const std::string header = measurementsToCsv({});
    std::string out = header.substr(0, header.size() - 1) + "," + formatCsvLine(hostColumns);
    for (const StoredHostMeasurement& row : rows) {
        Measurement m = row.host.measurement;
        m.config = row.run.config;
        m.rep = row.run.rep;
        m.split = row.run.split;
        const std::string one = measurementsToCsv({m});
        out += one.substr(header.size(), one.size() - header.size() - 1); // without the '\n'
        out += ","
            + formatCsvLine({row.host.host, std::to_string(row.hostIndex), row.host.address,
                std::to_string(row.host.measurement.config.threads),
                std::to_string(row.host.measurement.config.filesetBytes)});
    }
    return out;
}

} // namespace iolens::core
