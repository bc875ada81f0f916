// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "models/regressor_registry.hpp"
#include "support/build_paths.hpp"

#include <QByteArray>
#include <QCryptographicHash>
#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace iolens::test {

/// What one run of iolens-cli gave back.
struct CliResult {
    int exitCode = -1; ///< -1 if it crashed or did not end in time
    QString out;
    QString err;
};

/// `--technique NAME` for each of the paper's five techniques: `render` and `evidence` then build
/// the window without the recommended model, whose nested cross-validation costs half a minute
/// on fio-local (minutes under the sanitizers). Tests about that model leave it out.
inline const QStringList kPaperTechniqueArguments = [] {
    QStringList arguments;
    for (const std::string& technique : core::paperTechniques())
        arguments << QStringLiteral("--technique") << QString::fromStdString(technique);
    return arguments;
}();

/// Runs the iolens-cli built beside the tests (cliProgram()) and waits up to `timeoutMs`.
inline CliResult runCli(const QStringList& arguments, int timeoutMs = 300000)
{
    QProcess process;
    process.start(iolens::test::cliProgram(), arguments);
    process.waitForFinished(timeoutMs);
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
        QString::fromUtf8(process.readAllStandardOutput()),
        QString::fromUtf8(process.readAllStandardError())};
}

/// The SHA-256 of a file's bytes (empty if it cannot be read): a command refused for bad input
/// must leave the database it was given byte for byte as it was.
inline QByteArray fileHash(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256);
}

} // namespace iolens::test
