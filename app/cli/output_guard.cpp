// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/output_guard.hpp"

#include "common/error.hpp"

#include <QStringList>

#include <filesystem>
#include <system_error>

namespace iolens::cli {

namespace {

bool sameFile(const QString& a, const QString& b)
{
    std::error_code error;
    const bool same = std::filesystem::equivalent(a.toStdString(), b.toStdString(), error);
    return !error && same; // either missing: nothing to overwrite
}

} // namespace

void refuseOutputOverInput(const QCommandLineParser& parser, const QString& command)
{
    QStringList outputs {QStringLiteral("out"), QStringLiteral("points-csv"),
        QStringLiteral("predictions"), QStringLiteral("propose-mapping")};
    // export writes its --csv; everywhere else --csv is read.
    if (command == QStringLiteral("export"))
        outputs << QStringLiteral("csv");
    static const QStringList inputs {QStringLiteral("db"), QStringLiteral("csv"),
        QStringLiteral("configs"), QStringLiteral("file"), QStringLiteral("fio-json"),
        QStringLiteral("mapping"), QStringLiteral("nodes"), QStringLiteral("target"),
        QStringLiteral("plan"), QStringLiteral("app"), QStringLiteral("trace"),
        QStringLiteral("job"), QStringLiteral("iolog")};
    // The options given, not isSet(): that warns of every option the command does not define.
    const QStringList given = parser.optionNames();
    for (const QString& output : outputs) {
        if (!given.contains(output))
            continue;
        const QString written = parser.value(output);
        const auto refuse = [&](const QString& what) {
            throw core::ConfigError(command.toStdString() + ": --" + output.toStdString() + " "
                + written.toStdString() + " is " + what.toStdString()
                + ": writing it would replace that input; choose another file");
        };
        for (const QString& input : inputs)
            if (input != output && given.contains(input))
                for (const QString& read : parser.values(input))
                    if (sameFile(written, read))
                        refuse(QStringLiteral("the --%1 file").arg(input));
        const QStringList positional = parser.positionalArguments();
        for (qsizetype i = 1; i < positional.size(); ++i) // [0] is the command
            if (sameFile(written, positional[i]))
                refuse(QStringLiteral("the input file %1").arg(positional[i]));
    }
}

} // namespace iolens::cli
