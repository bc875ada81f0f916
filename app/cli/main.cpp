// SPDX-License-Identifier: GPL-3.0-or-later
// iolens-cli: everything the window does, headless and scriptable.
#include "cli/cli_commands.hpp"
#include "common/version.hpp"

#include <QCoreApplication>

#ifdef IOLENS_CLI_RENDER
#include "cli/evidence_command.hpp"
#include "cli/render_command.hpp"
#include "embedded_resources.hpp"

#include <QApplication>
#include <QSettings>
#include <QTemporaryDir>

#include <cstdio>
#include <cstring>
#endif

namespace {

void nameApplication()
{
    QCoreApplication::setApplicationName(QStringLiteral("iolens-cli"));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(iolens::kVersion));
}

} // namespace

int main(int argc, char* argv[])
{
#ifdef IOLENS_CLI_RENDER
    // `render` draws widgets, so it alone gets a QApplication, on the offscreen platform unless
    // the caller chose one: it must run on a server without a display. Every other command stays
    // a QtCore program.
    if (argc > 1
        && (std::strcmp(argv[1], iolens::cli::kRenderCommand) == 0
            || std::strcmp(argv[1], iolens::cli::kEvidenceCommand) == 0)) {
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        QApplication app(argc, argv);
        nameApplication();
        // A picture depends on the command's arguments only: the window's saved limits, models
        // and presentation mode must not leak into it, and rendering must not change them.
        const QTemporaryDir noSettings;
        if (!noSettings.isValid()) {
            std::fprintf(stderr,
                "iolens-cli: cannot create a temporary folder for the settings: %s\n",
                qPrintable(noSettings.errorString()));
            return 1;
        }
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, noSettings.path());
        QSettings::setPath(QSettings::NativeFormat, QSettings::SystemScope, noSettings.path());
        iolens::resources::initialize();
        return iolens::cli::runCommand(QCoreApplication::arguments());
    }
#endif
    QCoreApplication app(argc, argv);
    nameApplication();
    return iolens::cli::runCommand(QCoreApplication::arguments());
}
