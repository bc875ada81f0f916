// SPDX-License-Identifier: GPL-3.0-or-later
#include "support/fio_tool.hpp"

#include <QDir>
#include <QStandardPaths>

#include <sys/vfs.h>

namespace iolens::test {

namespace {
constexpr long kTmpfsMagic = 0x01021994; // linux/magic.h TMPFS_MAGIC
}

QString fioPath()
{
    return QStandardPaths::findExecutable(QStringLiteral("fio"));
}

ToolRun fioTool()
{
    ToolRun run;
    run.available = !fioPath().isEmpty();
    if (!run.available)
        run.reason = QStringLiteral("fio is not installed (packaging/install-deps.sh test)");
    return run;
}

QString measurementScratchParent()
{
    return QDir::currentPath();
}

bool supportsDirectIo(const QString& directory)
{
    struct statfs info { };
    if (statfs(directory.toLocal8Bit().constData(), &info) != 0)
        return false;
    return static_cast<long>(info.f_type) != kTmpfsMagic;
}

} // namespace iolens::test
