// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace iolens::test {

/// Result of running an external reference tool (Rscript, python3).
struct ToolRun {
    bool available = false; ///< false: the tool is not installed (reason says which)
    QString reason;
    int exitCode = -1;
    QString output; ///< stdout
    QString errors; ///< stderr
};

/// Runs `Rscript -e`-style code from a script file with the given arguments.
ToolRun runRscript(const QString& script, const QStringList& arguments = {});
/// Runs python3 with a script.
ToolRun runPython(const QString& script, const QStringList& arguments = {});

/// True when the environment says a missing reference tool must fail the test rather than
/// skip it (CI sets IOLENS_REQUIRE_REFERENCE=1, so CI can never skip silently).
bool referenceRequired();

} // namespace iolens::test

/// Skips (with the reason) or fails, as referenceRequired() says, when a tool is missing.
#define IOLENS_REQUIRE_TOOL(run)                                                                   \
    do {                                                                                           \
        if (!(run).available) {                                                                    \
            if (iolens::test::referenceRequired())                                                 \
                QFAIL(qPrintable((run).reason + QStringLiteral(" (IOLENS_REQUIRE_REFERENCE=1)"))); \
            QSKIP(qPrintable((run).reason));                                                       \
        }                                                                                          \
    } while (false)
