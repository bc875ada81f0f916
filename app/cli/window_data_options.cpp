// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/window_data_options.hpp"

#include "cli/cli_options.hpp"
#include "common/error.hpp"

#include <string>

namespace iolens::cli {

std::vector<QCommandLineOption> windowDataOptions()
{
    return {
        {QStringLiteral("db"),
            QStringLiteral("Measurement database (default: the tiered example)."),
            QStringLiteral("DB")},
        {QStringLiteral("example"), QStringLiteral("Embedded example: tiered or local."),
            QStringLiteral("NAME")},
    };
}

WindowData windowDataFrom(const QCommandLineParser& parser, const char* command)
{
    WindowData data;
    data.database = optionString(parser, "db");
    if (parser.isSet(QStringLiteral("example"))) {
        if (!data.database.isEmpty())
            throw core::ConfigError(std::string(command) + ": give --db or --example, not both");
        const auto example = ui::parseExample(optionString(parser, "example"));
        if (!example)
            throw core::ConfigError(std::string(command) + ": unknown example '"
                + optionString(parser, "example").toStdString() + "' (use tiered or local)");
        data.example = *example;
    }
    return data;
}

} // namespace iolens::cli
