// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/render_command.hpp"

#include "cli/cli_options.hpp"
#include "cli/window_data_options.hpp"
#include "common/error.hpp"
#include "render/render_views.hpp"
#include "render/view_renderer.hpp"

#include <QApplication>

#include <iostream>

namespace iolens::cli {

namespace {

using core::ConfigError;

ui::RenderRequest renderRequestFrom(const QCommandLineParser& parser)
{
    ui::RenderRequest request;
    const WindowData data = windowDataFrom(parser, "render");
    request.database = data.database;
    request.example = data.example;
    request.view = optionString(parser, "view");
    if (request.view.isEmpty())
        throw ConfigError(
            "render: missing required option --view (" + ui::renderViewNames().toStdString() + ")");
    if (parser.isSet(QStringLiteral("metric"))) {
        const std::string name = optionString(parser, "metric").toStdString();
        request.metric = core::parseMetric(name);
        if (!request.metric)
            throw ConfigError("render: " + core::unknownMetricMessage(name));
    }
    request.scenario = optionString(parser, "scenario");
    const bool cdfOptions
        = parser.isSet(QStringLiteral("cdf-scenario")) || parser.isSet(QStringLiteral("local"));
    if (cdfOptions && request.view != QStringLiteral("cdf"))
        throw ConfigError("render: --cdf-scenario and --local apply to --view cdf only");
    request.cdfScenario = optionString(parser, "cdf-scenario");
    if (parser.isSet(QStringLiteral("cdf-scenario")) && request.cdfScenario.trimmed().isEmpty())
        throw ConfigError("render: --cdf-scenario needs cv, grouped, interpolation, "
                          "extrapolation, multivm or a rule such as \"request_kib>32\"");
    if (parser.isSet(QStringLiteral("local"))) {
        bool ok = false;
        const int count = optionString(parser, "local").toInt(&ok);
        if (!ok || count < 1)
            throw ConfigError("render: --local expects a whole number of measurements >= 1, not '"
                + optionString(parser, "local").toStdString() + "'");
        request.local = count;
    }
    for (const QString& text : parser.values(QStringLiteral("limit"))) {
        try {
            request.limits.push_back(core::parseSlaLimit(text.toStdString()));
        } catch (const ConfigError& error) {
            throw ConfigError(std::string("render: --limit: ") + error.what());
        }
    }
    if (!request.limits.empty() && request.view != QStringLiteral("profiler")
        && request.view != QStringLiteral("capacity"))
        throw ConfigError("render: --limit applies to the profiler and capacity views only: use "
                          "it with --view profiler or --view capacity");
    request.runs = optionString(parser, "runs");
    if (!request.runs.isEmpty() && request.view != QStringLiteral("insideout"))
        throw ConfigError("render: --runs is for --view insideout");
    if (parser.isSet(QStringLiteral("size")))
        request.size = ui::parseRenderSize(optionString(parser, "size"));
    if (parser.isSet(QStringLiteral("stored-models")))
        request.storedModels = ui::parseStoredModelChoice(optionString(parser, "stored-models"));
    request.techniques = techniqueValues(parser, "render");
    request.out = optionString(parser, "out");
    return request;
}

} // namespace

std::vector<QCommandLineOption> renderOptions()
{
    std::vector<QCommandLineOption> options = windowDataOptions();
    const std::vector<QCommandLineOption> own {
        {QStringLiteral("view"), QStringLiteral("View to draw: %1.").arg(ui::renderViewNames()),
            QStringLiteral("VIEW")},
        {QStringLiteral("metric"),
            QStringLiteral("Metric of the cdf and surface views (rt_read_ms, ...)."),
            QStringLiteral("METRIC")},
        {QStringLiteral("scenario"),
            QStringLiteral("Scenario, e.g. \"request=16KiB,read=70,fileset=4GiB,scheduler=bfq,"
                           "pattern=random,vms=2\" (default: the window's)."),
            QStringLiteral("TEXT")},
        {QStringLiteral("limit"),
            QStringLiteral("Profiler and capacity: SLA limit, repeatable: rt_read_ms<=5, "
                           "tp_write_mbs>=10, ... (default: none; the window's saved limits are "
                           "not read)."),
            QStringLiteral("LIMIT")},
        {QStringLiteral("cdf-scenario"),
            QStringLiteral("Error scenario of the cdf view: cv (default), grouped "
                           "(leave-level-out), interpolation, extrapolation, multivm, or a rule as "
                           "evaluate --scenario reads it "
                           "(\"request_kib>32\": refit on the rest, predict those)."),
            QStringLiteral("SPEC")},
        {QStringLiteral("local"),
            QStringLiteral("cdf view: only the N measurements nearest the scenario."),
            QStringLiteral("N")},
        {QStringLiteral("runs"),
            QStringLiteral("insideout view: lowlevel directory of measured runs "
                           "(TARGET/.iolens/lowlevel)."),
            QStringLiteral("DIR")},
        {QStringLiteral("size"), QStringLiteral("Picture size in pixels (default 1600x1000)."),
            QStringLiteral("WxH")},
        {QStringLiteral("stored-models"),
            QStringLiteral("The database's stored models shown beside the window's own: all "
                           "(default), none, or names separated by commas."),
            QStringLiteral("all|none|NAME,...")},
        windowTechniqueOption(),
        {QStringLiteral("out"), QStringLiteral("Output picture: .png, .svg or .pdf."),
            QStringLiteral("FILE")},
    };
    options.insert(options.end(), own.begin(), own.end());
    return options;
}

int runRender(const QCommandLineParser& parser)
{
    if (!qobject_cast<QApplication*>(QCoreApplication::instance()))
        throw core::StateError("render: needs a QApplication (see app/cli/main.cpp)");
    std::cout << ui::renderView(renderRequestFrom(parser)).toStdString() << "\n";
    return 0;
}

} // namespace iolens::cli
