// SPDX-License-Identifier: GPL-3.0-or-later
// iolens-cli: everything the window does, headless and scriptable.
#include "cli/cli_commands.hpp"
#include "common/version.hpp"

#include <QCoreApplication>

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("iolens-cli"));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(iolens::kVersion));
    return iolens::cli::runCommand(QCoreApplication::arguments());
}
