// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/cli_options.hpp"

#include "common/error.hpp"
#include "common/text_file.hpp"
#include "data/csv_table.hpp"
#include "models/regressor_registry.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>

namespace iolens::cli {

using core::ConfigError;

QCommandLineOption valueOption(const char* name, const char* help, const char* valueName)
{
    return {QString::fromLatin1(name), QString::fromLatin1(help), QString::fromLatin1(valueName)};
}

void writeOutput(const std::string& path, const std::string& text)
{
    if (path != kStandardOutput) {
        core::writeTextFileAtomically(path, text);
        return;
    }
    std::cout << text << std::flush;
    if (!std::cout)
        throw core::Error("writing to standard output failed (a closed pipe or a full disk)");
}

std::string outputName(const std::string& path)
{
    return path == kStandardOutput ? "standard output" : path;
}

std::string optionText(const QCommandLineParser& parser, const char* name)
{
    return optionString(parser, name).toStdString();
}

QString optionString(const QCommandLineParser& parser, const char* name)
{
    const QString option = QString::fromLatin1(name);
    refuseRepeatedOption(parser, option);
    return parser.value(option);
}

void refuseRepeatedOption(const QCommandLineParser& parser, const QString& name)
{
    // QCommandLineParser keeps the last of a repeated option: `train --technique lm --technique
    // cart` trained cart without a word.
    const QStringList values = parser.values(name);
    if (values.size() > 1)
        throw core::ConfigError("--" + name.toStdString() + " given "
            + std::to_string(values.size()) + " times ('"
            + values.join(QStringLiteral("', '")).toStdString() + "'); it takes one value");
}

std::string requiredText(const QCommandLineParser& parser, const char* name, const char* command)
{
    std::string value = optionText(parser, name);
    if (!parser.isSet(QString::fromLatin1(name)) || value.empty())
        throw ConfigError(std::string(command) + ": missing required option --" + name);
    refuseRepeatedOption(parser, QString::fromLatin1(name));
    return value;
}

int wholeNumber(const QCommandLineParser& parser, const char* name, int fallback, int minimum)
{
    if (!parser.isSet(QString::fromLatin1(name)))
        return fallback;
    bool ok = false;
    const int value = parser.value(QString::fromLatin1(name)).toInt(&ok);
    if (!ok || value < minimum)
        throw ConfigError(std::string("--") + name + " expects a whole number >= "
            + std::to_string(minimum) + ", got '" + optionText(parser, name) + "'");
    return value;
}

double numberOption(const QCommandLineParser& parser, const char* name, double fallback)
{
    if (!parser.isSet(QString::fromLatin1(name)))
        return fallback;
    double value = 0.0;
    if (!core::parseDouble(optionText(parser, name), value))
        throw ConfigError(
            std::string("--") + name + " expects a number, got '" + optionText(parser, name) + "'");
    return value;
}

core::Metric metricNamed(const std::string& text)
{
    const auto metric = core::parseMetric(text);
    if (!metric)
        throw ConfigError(core::unknownMetricMessage(text));
    return *metric;
}

core::ParamValues paramValues(const QStringList& items)
{
    core::ParamValues values;
    for (const QString& item : items) {
        const qsizetype eq = item.indexOf(QLatin1Char('='));
        double value = 0.0;
        if (eq <= 0 || !core::parseDouble(item.mid(eq + 1).toStdString(), value))
            throw ConfigError("--param expects NAME=NUMBER, got '" + item.toStdString() + "'");
        values[item.left(eq).toStdString()] = value;
    }
    return values;
}

std::vector<int> wholeNumberList(const std::string& text, const char* option)
{
    std::vector<int> counts;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string item = text.substr(start, comma - start);
        double value = 0.0;
        if (!core::parseDouble(item, value) || value != std::floor(value) || value < 1
            || value > 1e5)
            throw core::ConfigError(std::string(option) + " '" + text + "': '" + item
                + "' is not a whole number from 1 to 100000");
        counts.push_back(static_cast<int>(value));
        start = comma + 1;
    }
    return counts;
}

std::string shareText(std::optional<double> share)
{
    if (!share)
        return "-";
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f%%", 100.0 * *share);
    return buffer;
}

QCommandLineOption applicationOption()
{
    return valueOption("app",
        "Application definition (JSON file) or a built-in: fileserver, varmail, webserver.", "APP");
}

QCommandLineOption windowTechniqueOption()
{
    return {QStringLiteral("technique"),
        QStringLiteral("The window's own models, repeatable, in column order (default: auto, the "
                       "recommended model, then the paper's lm mars cart m5 cubist)."),
        QStringLiteral("NAME")};
}

std::vector<std::string> techniqueValues(const QCommandLineParser& parser, const char* command)
{
    std::vector<std::string> names;
    for (const QString& value : parser.values(QStringLiteral("technique")))
        names.push_back(value.toStdString());
    if (names.empty())
        return names;
    try {
        return core::checkedTechniques(names);
    } catch (const core::ConfigError& error) {
        throw core::ConfigError(std::string(command) + ": --technique: " + error.what());
    }
}

} // namespace iolens::cli
