// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace iolens::resources {

/// Registers the files of iolens.qrc with Qt's resource system. The qrc is compiled into a static
/// library, and a linker drops an object file nobody references, static initializer and all, so
/// every reader of an embedded file calls this first. Idempotent and thread-safe.
void initialize();

/// Resource path of the tiered example (a 1 GiB page cache over a throttled array), CSV format.
QString tieredCsvPath();
/// Resource path of the local example (a fast virtual disk), CSV format.
QString localCsvPath();
/// Resource path of the application icon (SVG).
QString appIconPath();

} // namespace iolens::resources
