// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace iolens::ui {

/// The name of the pack's manifest and the format tag inside it, by which a folder is recognised
/// as an earlier evidence pack.
inline constexpr const char* kManifestName = "manifest.json";
inline constexpr const char* kPackFormat = "iolens-evidence-pack";

/// Makes `folder` ready for a new evidence pack: creates it if it does not exist; accepts an
/// empty folder; accepts an earlier evidence pack (a manifest.json of kPackFormat) and removes
/// the files that pack listed (and its manifest and checksum list), so that no picture of the
/// old pack passes for part of the new one; files the pack did not write are left alone.
/// Refuses (core::ConfigError naming the folder) a file, a non-empty folder that is not a pack,
/// and a folder that cannot be created, so that a review never overwrites unrelated files.
void prepareEvidenceFolder(const QString& folder);

/// The checks of prepareEvidenceFolder() without changing anything, for a command that must fail
/// on a refused folder before it spends minutes training. Throws core::ConfigError.
void checkEvidenceFolder(const QString& folder);

} // namespace iolens::ui
