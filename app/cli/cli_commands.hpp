// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace iolens::cli {

/// Exit status of a command: 0 success, 1 failure of the environment (I/O, SQLite),
/// 2 bad input (usage, malformed file, unknown name, out-of-range value).
enum ExitStatus { kOk = 0, kFailure = 1, kBadInput = 2 };

/// Runs `iolens-cli COMMAND ...` (arguments as given to main, program name first).
/// Messages go to stderr, results to stdout.
int runCommand(const QStringList& arguments);

} // namespace iolens::cli
