// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Where the tests find the source tree and the programs they start. The paths are absolute and
// differ between checkouts, so they live in one generated source (build_paths.cpp in the build
// tree) rather than in compile definitions: a definition on every test would give each checkout
// its own compiler-cache entries, and CI builds a fresh clone.

#include <QString>

namespace iolens::test {

/// The source tree's root.
QString sourceDirectory();
/// The iolens-cli built beside the tests.
QString cliProgram();
/// The iolens window program built beside the tests (empty where the window is not built).
QString guiProgram();
/// The project version, as iolens --version prints it.
QString projectVersion();

} // namespace iolens::test
