// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/reference_tools.hpp"

#include "support/reference_cache.hpp"

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryFile>

namespace iolens::test {

namespace {

ToolRun runTool(const QString& program, const QString& script, const QStringList& arguments)
{
    const ReferenceQuery query {program, script, arguments};
    if (auto cached = cachedReferenceRun(referenceCacheDir(), query))
        return *cached;
    ToolRun run;
    const QString executable = QStandardPaths::findExecutable(program);
    if (executable.isEmpty()) {
        run.reason = program + QStringLiteral(" is not installed");
        return run;
    }
    QTemporaryFile file;
    if (!file.open()) {
        run.reason = QStringLiteral("cannot write a temporary script");
        return run;
    }
    file.write(script.toUtf8());
    file.flush();
    QProcess process;
    process.start(executable, QStringList {file.fileName()} + arguments);
    if (!process.waitForFinished(600000)) {
        run.available = true;
        run.errors = QStringLiteral("timed out or failed to start");
        return run;
    }
    run.available = true;
    run.exitCode = process.exitCode();
    run.output = QString::fromUtf8(process.readAllStandardOutput());
    run.errors = QString::fromUtf8(process.readAllStandardError());
    storeReferenceRun(referenceCacheDir(), query, run);
    return run;
}

} // namespace

ToolRun runRscript(const QString& script, const QStringList& arguments)
{
    return runTool(QStringLiteral("Rscript"), script, arguments);
}

ToolRun runPython(const QString& script, const QStringList& arguments)
{
    return runTool(QStringLiteral("python3"), script, arguments);
}

bool referenceRequired()
{
    return qEnvironmentVariableIntValue("IOLENS_REQUIRE_REFERENCE") == 1;
}

} // namespace iolens::test
