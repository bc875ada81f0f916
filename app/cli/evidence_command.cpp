// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/evidence_command.hpp"

#include "cli/cli_options.hpp"
#include "cli/window_data_options.hpp"
#include "common/error.hpp"
#include "evidence/evidence_request.hpp"
#include "render/render_request.hpp"

#include <QApplication>

#include <iostream>

namespace iolens::cli {

namespace {

using core::ConfigError;

ui::EvidenceRequest evidenceRequestFrom(const QCommandLineParser& parser)
{
    ui::EvidenceRequest request;
    const WindowData data = windowDataFrom(parser, "evidence");
    request.database = data.database;
    request.example = data.example;
    request.scenario = optionString(parser, "scenario");
    if (parser.isSet(QStringLiteral("size")))
        request.windowSize = ui::parseRenderSize(optionString(parser, "size"));
    if (parser.isSet(QStringLiteral("stored-models")))
        request.storedModels = ui::parseStoredModelChoice(optionString(parser, "stored-models"));
    request.techniques = techniqueValues(parser, "evidence");
    request.out = optionString(parser, "out");
    if (request.out.isEmpty())
        throw ConfigError("evidence: missing required option --out (the pack's folder)");
    return request;
}

} // namespace

std::vector<QCommandLineOption> evidenceOptions()
{
    std::vector<QCommandLineOption> options = windowDataOptions();
    const std::vector<QCommandLineOption> own {
        {QStringLiteral("scenario"),
            QStringLiteral("Scenario, e.g. \"request=16KiB,read=70,fileset=4GiB,scheduler=bfq,"
                           "pattern=random,vms=2\" (default: the window's)."),
            QStringLiteral("TEXT")},
        {QStringLiteral("size"),
            QStringLiteral(
                "Window size the tables and panels are laid out in (default 1600x1000)."),
            QStringLiteral("WxH")},
        {QStringLiteral("stored-models"),
            QStringLiteral("The database's stored models shown beside the window's own: all "
                           "(default), none, or names separated by commas."),
            QStringLiteral("all|none|NAME,...")},
        windowTechniqueOption(),
        {QStringLiteral("out"),
            QStringLiteral(
                "Folder of the pack: new, empty, or an earlier evidence pack (replaced)."),
            QStringLiteral("DIR")},
    };
    options.insert(options.end(), own.begin(), own.end());
    return options;
}

int runEvidence(const QCommandLineParser& parser)
{
    if (!qobject_cast<QApplication*>(QCoreApplication::instance()))
        throw core::StateError("evidence: needs a QApplication (see app/cli/main.cpp)");
    const ui::EvidencePackResult result
        = ui::writeEvidencePackHeadless(evidenceRequestFrom(parser));
    std::cout << result.files.size() << " files written to " << result.folder.toStdString() << " ("
              << result.modelCount << " models)\n";
    for (const auto& [view, reason] : result.skippedViews)
        std::cout << "left out: " << view.toStdString() << " (" << reason.toStdString() << ")\n";
    return 0;
}

} // namespace iolens::cli
