// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/metric.hpp"
#include "models/param_spec.hpp"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QStringList>

#include <optional>
#include <string>
#include <vector>

namespace iolens::cli {

/// Reading the subcommands' options: one wording for every command's messages. Each reader
/// throws core::ConfigError (an InputError: exit status 2) naming the option.

/// An option that takes a value: `--name VALUE`, described by `help`.
QCommandLineOption valueOption(const char* name, const char* help, const char* valueName);

/// The value of --name, "" when absent; refuseRepeatedOption's error when given twice.
std::string optionText(const QCommandLineParser& parser, const char* name);
/// The same as a QString, for the window's requests (render, evidence).
QString optionString(const QCommandLineParser& parser, const char* name);

/// Throws ConfigError when --name, an option of one value, was given more than once.
void refuseRepeatedOption(const QCommandLineParser& parser, const QString& name);

/// The value of --name; "COMMAND: missing required option --NAME" when absent or empty, and
/// refuseRepeatedOption's error when given more than once.
std::string requiredText(const QCommandLineParser& parser, const char* name, const char* command);

/// "-" as an output file: standard output, for a pipe (`predict --out -`, `export --csv -`).
inline constexpr const char* kStandardOutput = "-";
/// Writes `text` to the file `path` (atomically), or to standard output when it is "-".
void writeOutput(const std::string& path, const std::string& text);
/// How the command's own messages name the output: the path, or "standard output".
std::string outputName(const std::string& path);

/// A whole number >= minimum, or `fallback` when --name is absent.
int wholeNumber(const QCommandLineParser& parser, const char* name, int fallback, int minimum);

/// "1,2,4,8" -> {1, 2, 4, 8}: whole numbers from 1 to 100000; "OPTION 'TEXT': 'x' is not ..."
/// otherwise.
std::vector<int> wholeNumberList(const std::string& text, const char* option);

/// A share in [0, 1] as a percentage for a person: "12.3%", "-" when there is none.
std::string shareText(std::optional<double> share);

/// `--app APP`: an application definition file or a built-in (simulate, loadgen).
QCommandLineOption applicationOption();

/// A number (core::parseDouble), or `fallback` when --name is absent.
double numberOption(const QCommandLineParser& parser, const char* name, double fallback);

/// The metric named `text` ("rt_read_ms"); "unknown metric 'TEXT'" otherwise.
core::Metric metricNamed(const std::string& text);

/// Technique parameters from repeated --param NAME=NUMBER values.
core::ParamValues paramValues(const QStringList& items);

/// `--technique NAME`, repeatable: the window's own models for `render` and `evidence`.
QCommandLineOption windowTechniqueOption();
/// The techniques of repeated --technique values, in the order given; empty when none is given.
/// Throws ConfigError "COMMAND: --technique: unknown technique ..." for a name the registry does
/// not know.
std::vector<std::string> techniqueValues(const QCommandLineParser& parser, const char* command);

} // namespace iolens::cli
