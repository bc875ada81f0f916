// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace iolens::core {

/// Whole file as bytes; throws DataError naming the path if it cannot be read.
std::string readTextFile(const std::string& path);
/// Writes through a temporary file in the same folder and renames it into place, so a reader
/// never sees a half-written file. Throws Error naming the path on failure.
void writeTextFileAtomically(const std::string& path, const std::string& content);

} // namespace iolens::core
