// SPDX-License-Identifier: GPL-3.0-or-later
#include "embedded_resources.hpp"

#include <QtGlobal>

#include <mutex>

// Q_INIT_RESOURCE declares a function in the global namespace, so it must be called from outside
// any namespace.
static void initializeIolensQrc()
{
    Q_INIT_RESOURCE(iolens);
}

namespace iolens::resources {

void initialize()
{
    static std::once_flag once;
    std::call_once(once, initializeIolensQrc);
}

QString tieredCsvPath()
{
    return QStringLiteral(":/iolens/data/fio-tiered-grid.csv");
}

QString localCsvPath()
{
    return QStringLiteral(":/iolens/data/fio-local-grid.csv");
}

QString appIconPath()
{
    return QStringLiteral(":/iolens/icons/iolens.svg");
}

} // namespace iolens::resources
