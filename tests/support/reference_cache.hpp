// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "support/reference_tools.hpp"

#include <optional>

namespace iolens::test {

/// What a reference tool is asked: the interpreter, the script's text and its arguments. An
/// argument naming an existing file stands for that file's bytes (the tests pass their data in
/// temporary files whose names differ from run to run).
struct ReferenceQuery {
    QString program;
    QString script;
    QStringList arguments;
};

/// The key of a query: SHA-256 over the program, the script and each argument (a file's bytes
/// where the argument names a file).
QString referenceKey(const ReferenceQuery& query);

/// The folder of the reference cache: IOLENS_REFERENCE_CACHE, or empty (no cache) when unset.
/// CI sets it to a folder inside its build tree, so the sanitizer run compares with the output R
/// and scikit-learn gave the release run minutes before for the same bytes, instead of running
/// them again (they were most of the reference tests' time); a run outside CI computes every
/// reference.
QString referenceCacheDir();

/// The stored run of a query (only successful runs are stored), if the cache has it.
std::optional<ToolRun> cachedReferenceRun(const QString& cacheDir, const ReferenceQuery& query);

/// Stores a successful run (exit code 0); a failed or missing tool's run is never stored.
void storeReferenceRun(const QString& cacheDir, const ReferenceQuery& query, const ToolRun& run);

} // namespace iolens::test
