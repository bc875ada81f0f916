// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/import_command.hpp"

#include "cli/cli_options.hpp"
#include "cli/csv_import.hpp"
#include "common/counted_noun.hpp"
#include "common/error.hpp"
#include "data/fio_json_reader.hpp"
#include "harness/fio_result_files.hpp"
#include "store/measurement_database.hpp"

#include <QFileInfo>

#include <filesystem>
#include <iostream>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace iolens::cli {

using namespace iolens::core;

namespace {

std::string toStd(const QString& text)
{
    return text.toStdString();
}

// A file imported into a dataset again adds its rows again, as repeats of their configurations
// (two runs each, identical): legitimate for a file measured anew under the same name, a
// mistake otherwise, and it was silent.
void noteImportedBefore(MeasurementDatabase& db, const std::string& dataset,
    const std::vector<std::string>& csvPaths, const std::vector<std::string>& fioPaths)
{
    if (!db.dataset(dataset))
        return;
    const auto canonical = [](const std::string& path) {
        std::error_code error;
        const std::filesystem::path resolved = std::filesystem::weakly_canonical(path, error);
        return error ? path : resolved.string();
    };
    std::set<std::string> before;
    for (const ImportedFile& file : db.importedFiles(dataset))
        before.insert(canonical(file.file));
    for (const auto* paths : {&csvPaths, &fioPaths})
        for (const std::string& path : *paths)
            if (before.contains(canonical(path)))
                std::cerr << "iolens-cli import: note: " << path << " was imported into dataset '"
                          << dataset
                          << "' before; its rows are added again, as repeats of their "
                             "configurations\n";
}

// Files named after the options: after --fio-json they are more fio results (--fio-json a.json
// b.json), otherwise each is read by its extension, as a user who typed `import --db DB grid.csv`
// meant. Another extension is refused rather than guessed at.
void sortPositionalFiles(
    const QCommandLineParser& parser, QStringList& csvFiles, QStringList& fioFiles)
{
    const bool afterFioJson = !fioFiles.isEmpty();
    for (const QString& file : parser.positionalArguments().mid(1)) { // after "import"
        if (afterFioJson || file.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive))
            fioFiles += file;
        else if (file.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive))
            csvFiles += file;
        else
            throw ConfigError("import: '" + toStd(file)
                + "' is neither a .csv nor a .json file: give it as --csv FILE or --fio-json FILE");
    }
}

} // namespace

int runImport(const QCommandLineParser& parser)
{
    QStringList csvFiles = parser.values(QStringLiteral("csv"));
    QStringList fioFiles = parser.values(QStringLiteral("fio-json"));
    sortPositionalFiles(parser, csvFiles, fioFiles);
    if (parser.isSet(QStringLiteral("propose-mapping"))) {
        if (csvFiles.size() != 1 || parser.isSet(QStringLiteral("mapping")))
            throw ConfigError("import --propose-mapping OUT.json: give one --csv FILE and no "
                              "--mapping");
        return writeMappingProposal(
            toStd(csvFiles.first()), requiredText(parser, "propose-mapping", "import"));
    }
    const std::string dbPath = requiredText(parser, "db", "import");
    if (csvFiles.isEmpty() == fioFiles.isEmpty())
        throw ConfigError("import: give either --csv FILE or --fio-json FILE...");
    const bool skipBadRows = parser.isSet(QStringLiteral("skip-bad-rows"));
    const auto mapping = parser.isSet(QStringLiteral("mapping"))
        ? std::optional(optionText(parser, "mapping"))
        : std::nullopt;
    if ((mapping || skipBadRows) && csvFiles.isEmpty())
        throw ConfigError("import: --mapping and --skip-bad-rows read --csv files");
    if (parser.isSet(QStringLiteral("fileset")) && fioFiles.isEmpty())
        throw ConfigError("import: --fileset is for --fio-json files (a CSV has its own column)");
    if (parser.isSet(QStringLiteral("scheduler")) && fioFiles.isEmpty())
        throw ConfigError("import: --scheduler is for --fio-json files (a CSV has its own column)");

    // Check every file before touching the database: one bad file imports nothing. Files in
    // iolens's format are read twice (checked, then imported row by row) rather than held.
    std::vector<std::string> csvPaths;
    for (const QString& file : csvFiles)
        csvPaths.push_back(toStd(file));
    CsvImport csv = readCsvImport(csvPaths, mapping);
    settleRefusedRows(csv, skipBadRows);
    for (const std::string& note : csv.notes)
        std::cerr << note << "\n";
    FioImportOptions fio;
    fio.scheduler = toStd(parser.value(QStringLiteral("scheduler")));
    if (parser.isSet(QStringLiteral("fileset"))) {
        const std::string size = toStd(parser.value(QStringLiteral("fileset")));
        fio.filesetBytes = parseFioSize(size);
        if (!fio.filesetBytes || *fio.filesetBytes <= 0)
            throw ConfigError("import --fileset: '" + size + "' is not a size (64M, 2g, 512GiB)");
    }
    std::vector<std::string> fioPaths;
    std::vector<std::optional<Measurement>> fioResults;
    std::vector<std::optional<FioSettings>> fioSettings;
    for (const QString& file : fioFiles) {
        fioPaths.push_back(toStd(file));
        FioResult result = readFioResult(fioPaths.back(), fio);
        fioResults.emplace_back(std::move(result.run));
        fioSettings.emplace_back(std::move(result.settings));
    }
    if (const std::string differ = settingsDisagreement(fioPaths, fioSettings); !differ.empty())
        throw DataError(differ);
    // A run spread over VMs left one file per VM: they are one measurement.
    const std::vector<FioResultRun> fioRuns = groupVmResults(fioPaths, fioResults);
    for (const FioResultRun& run : fioRuns)
        if (!run.run)
            throw DataError(run.problem);

    ImportTarget target;
    const QString firstFile = csvFiles.isEmpty() ? QStringLiteral("fio-json")
                                                 : QFileInfo(csvFiles.first()).completeBaseName();
    target.dataset = parser.isSet(QStringLiteral("dataset"))
        ? toStd(parser.value(QStringLiteral("dataset")))
        : toStd(firstFile);
    if (parser.isSet(QStringLiteral("split")))
        target.split = optionText(parser, "split");
    if (target.split && target.split->empty())
        throw ConfigError("import: --split needs a label (grid, repeat, heldout, ...)");
    target.description = toStd(parser.value(QStringLiteral("description")));
    target.system = toStd(parser.value(QStringLiteral("system")));
    MeasurementDatabase db = MeasurementDatabase::openOrCreate(dbPath);
    noteImportedBefore(db, target.dataset, csvPaths, fioPaths);
    MeasurementImport import(db, target);
    importCsvRows(csv, import);
    std::vector<ImportedFile> files = csv.files;
    for (const FioResultRun& run : fioRuns) {
        import.add(*run.run);
        // As the window's fio import records them: the run's row counts once, with its first
        // (or only) file; the other VMs' files are listed with none of their own.
        for (std::size_t i : run.files)
            files.push_back({fioPaths[i], {}, i == run.files.front() ? 1 : 0, 0, {}});
    }
    const int count = import.commit(files);
    std::cout << "imported " << countedNoun(static_cast<std::size_t>(count), "measurement")
              << " into dataset '" << target.dataset << "' of " << dbPath << "\n";
    return kOk;
}

} // namespace iolens::cli
