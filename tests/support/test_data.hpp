// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <string>

namespace iolens::test {

/// Path of a file in the source tree (e.g. "resources/data/fio-local-grid.csv").
std::string sourcePath(const std::string& relative);
/// The two real datasets shipped in resources/data.
std::string tieredCsvPath();
std::string localCsvPath();
/// Writes `content` to a file in `directory` and returns its path.
std::string writeFile(const QString& directory, const QString& name, const std::string& content);

} // namespace iolens::test
