// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/csv_import.hpp"

#include "cli/cli_commands.hpp"
#include "common/error.hpp"
#include "common/text_file.hpp"
#include "data/csv_mapping.hpp"
#include "data/mapped_csv_reader.hpp"
#include "data/mapping_proposal.hpp"

#include <iostream>

namespace iolens::cli {

using namespace iolens::core;

namespace {

/// A file with a header and nothing under it is a mistake (an export that failed, the wrong
/// file), not a dataset: the window's import refuses it too, by leaving Import disabled.
std::string noRowsMessage(const std::string& file)
{
    return file + ": no measurement rows under the header; nothing imported";
}

} // namespace

CsvImport readCsvImport(
    const std::vector<std::string>& files, const std::optional<std::string>& mappingPath)
{
    std::optional<CsvMapping> mapping;
    std::string mappingJson;
    if (mappingPath) {
        mapping = readCsvMappingFile(*mappingPath);
        mappingJson = csvMappingToJson(*mapping).dump();
    }
    CsvImport csv;
    for (const std::string& file : files) {
        if (!mapping) { // checked now, imported by importCsvRows from a second read
            int accepted = 0;
            const std::size_t refusedBefore = csv.refused.size();
            streamMeasurementsCsv(
                file, [&accepted](Measurement&&) { ++accepted; },
                [&csv](RefusedRow&& row) { csv.refused.push_back(std::move(row)); });
            if (accepted == 0 && csv.refused.size() == refusedBefore)
                throw DataError(noRowsMessage(file));
            csv.acceptedRows += static_cast<std::size_t>(accepted);
            csv.files.push_back({file, mappingJson, accepted,
                static_cast<int>(csv.refused.size() - refusedBefore), {}});
            continue;
        }
        const CsvTable table = readCsvFile(file);
        MappedCsv mapped = readMappedCsv(table, *mapping);
        for (const std::string& column : mapped.ignoredColumns)
            csv.notes.push_back(file + ": column '" + column + "' is not in the mapping: ignored");
        CsvRows& rows = mapped.rows;
        if (rows.measurements.empty() && rows.refused.empty())
            throw DataError(noRowsMessage(file));
        csv.files.push_back({file, mappingJson, static_cast<int>(rows.measurements.size()),
            static_cast<int>(rows.refused.size()), {}});
        csv.acceptedRows += rows.measurements.size();
        csv.measurements.insert(
            csv.measurements.end(), rows.measurements.begin(), rows.measurements.end());
        csv.refused.insert(csv.refused.end(), rows.refused.begin(), rows.refused.end());
    }
    return csv;
}

void importCsvRows(const CsvImport& csv, MeasurementImport& import)
{
    for (const Measurement& m : csv.measurements)
        import.add(m);
    for (const ImportedFile& file : csv.files)
        if (file.mapping.empty()) // refused rows were settled before: they are left out again
            streamMeasurementsCsv(
                file.file, [&import](Measurement&& m) { import.add(m); }, [](RefusedRow&&) {});
}

void settleRefusedRows(const CsvImport& csv, bool skipBadRows)
{
    const std::size_t total = csv.acceptedRows + csv.refused.size();
    const std::string count
        = std::to_string(csv.refused.size()) + " of " + std::to_string(total) + " rows";
    if (!csv.refused.empty() && !skipBadRows) {
        std::string message;
        for (const RefusedRow& row : csv.refused)
            message += row.message + "\n";
        throw DataError(message + count
            + " refused; nothing imported (--skip-bad-rows imports the other "
            + std::to_string(csv.acceptedRows) + ")");
    }
    for (const RefusedRow& row : csv.refused)
        std::cerr << "skipped: " << row.message << "\n";
    if (csv.refused.empty())
        return;
    if (csv.acceptedRows == 0)
        throw DataError("no row to import: " + count + " refused");
    std::cerr << "skipped " << count << " (--skip-bad-rows)\n";
}

int writeMappingProposal(const std::string& csvPath, const std::string& outPath)
{
    const MappingProposal proposal = proposeCsvMapping(readCsvFile(csvPath));
    writeTextFileAtomically(outPath, csvMappingToJson(proposal.mapping).dump(2) + "\n");
    for (const ColumnMapping& column : proposal.mapping.columns)
        std::cerr << "'" << column.column << "' -> " << column.field
                  << (column.unit ? " in " + std::string(unitName(*column.unit)) : "") << "\n";
    for (const std::string& column : proposal.unrecognisedColumns)
        std::cerr << "'" << column << "' not recognised: not in the mapping\n";
    for (const std::string& note : proposal.notes)
        std::cerr << "note: " << note << "\n";
    std::cout << "proposed mapping of " << proposal.mapping.columns.size() << " columns of "
              << csvPath << " written to " << outPath
              << "; check it, then: iolens-cli import --db DB --csv " << csvPath << " --mapping "
              << outPath << "\n";
    return kOk;
}

} // namespace iolens::cli
