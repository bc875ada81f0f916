// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/model_command.hpp"

#include "cli/cli_options.hpp"
#include "common/error.hpp"
#include "common/text_file.hpp"
#include "workflow/model_file.hpp"

#include <QCryptographicHash>

#include <iostream>
#include <string>

namespace iolens::cli {

namespace {

using namespace iolens::core;

std::string sha256Hex(std::string_view text)
{
    return QCryptographicHash::hash(
        QByteArray(text.data(), static_cast<qsizetype>(text.size())), QCryptographicHash::Sha256)
        .toHex()
        .toStdString();
}

int runExport(const QCommandLineParser& parser)
{
    MeasurementDatabase db
        = MeasurementDatabase::open(requiredText(parser, "db", "model export"), true);
    const std::string name = requiredText(parser, "model", "model export");
    const std::string out = requiredText(parser, "out", "model export");
    const ModelFile file = exportModelFile(db, name, sha256Hex);
    writeTextFileAtomically(out, modelFileText(file));
    std::cout << "model " << name << " (" << file.stored.technique << ", " << file.stored.metric
              << ") written to " << out << "\n";
    return 0;
}

int runImport(const QCommandLineParser& parser)
{
    const std::string dbPath = requiredText(parser, "db", "model import");
    const std::string path = requiredText(parser, "file", "model import");
    // The whole file is checked before the database is opened, so a bad file creates nothing.
    const ModelFile file = parseModelFile(readTextFile(path), path);
    MeasurementDatabase db = MeasurementDatabase::openOrCreate(dbPath);
    const std::string name
        = parser.isSet(QStringLiteral("name")) ? optionText(parser, "name") : file.stored.name;
    importModelFile(db, file, name);
    std::cout << "model " << name << " (" << file.stored.technique << ", " << file.stored.metric
              << ") imported from " << path << "\n";
    return 0;
}

} // namespace

std::vector<QCommandLineOption> modelOptions()
{
    return {valueOption("db", "Measurement database (SQLite).", "DB"),
        valueOption("model", "export: the stored model to write.", "NAME"),
        valueOption("out", "export: the model file to write (JSON).", "FILE"),
        valueOption("file", "import: the model file to read.", "FILE"),
        valueOption("name", "import: store it under this name (default: its own).", "NAME")};
}

int runModel(const QCommandLineParser& parser)
{
    const QStringList args = parser.positionalArguments();
    // args: "model", then the action.
    const QString action = args.size() >= 2 ? args.at(1) : QString();
    if (args.size() > 2)
        throw ConfigError("model: unexpected argument '" + args.at(2).toStdString() + "'");
    if (action == QStringLiteral("export"))
        return runExport(parser);
    if (action == QStringLiteral("import"))
        return runImport(parser);
    throw ConfigError(
        "model: give an action, export or import (got '" + action.toStdString() + "')");
}

} // namespace iolens::cli
