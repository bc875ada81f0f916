// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "support/reference_tools.hpp"

#include <QString>

namespace iolens::test {

/// Whether fio can be run (the measurement harness's tests need it): `available` false with
/// the reason if it is not installed. Use with IOLENS_REQUIRE_TOOL.
ToolRun fioTool();
/// The fio executable found by fioTool().
QString fioPath();
/// A folder for measurement targets: the test's working directory (the build tree, a real
/// disk file system) rather than /tmp, which may be tmpfs.
QString measurementScratchParent();
/// False on file systems that refuse O_DIRECT (tmpfs): tests then run fio buffered.
bool supportsDirectIo(const QString& directory);

} // namespace iolens::test
