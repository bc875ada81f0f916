// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "harness/target_directory.hpp"

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace iolens::core {

/// The files of one VM's share of a file set.
struct FileSetShare {
    std::filesystem::path directory;
    std::vector<std::filesystem::path> files; ///< all of fileBytes each
    std::int64_t fileBytes = 0;
    std::int64_t totalBytes() const { return fileBytes * std::int64_t(files.size()); }
};

/// How a file set of `filesetBytes` split over `vms` VMs is laid out (ICPE'13 section 4.2 used
/// FFSB with 16 MiB files): each VM gets filesetBytes / vms in files of at most 16 MiB, all of
/// the same size (whole MiB), under FILESETS/SIZE-vmsN/vmV/f0000.... Pure: touches no file.
/// `fileSetsDirectory` is TargetDirectory::fileSetsDirectory() (or where it will be).
/// Preconditions: filesetBytes is a whole number of MiB per VM (the plan checks it).
std::vector<FileSetShare> planFileSet(
    const std::filesystem::path& fileSetsDirectory, std::int64_t filesetBytes, int vms);

/// Writes the files of a file set unless a previous layout completed (a `.complete` file in the
/// set's folder), so a size is laid out once and reused by every configuration and by a resumed
/// run. Files hold pseudo-random bytes, so compressing or deduplicating storage cannot shortcut
/// reads, and are synced before the marker is written. Returns the bytes written (0 if reused).
/// Stops early, leaving the set incomplete, when `cancel` becomes true. Throws StoreError naming
/// the file on an I/O error.
std::int64_t layOutFileSet(const TargetDirectory& target, const std::vector<FileSetShare>& shares,
    const std::atomic<bool>* cancel = nullptr);

/// True when the file set's folder holds a completed layout.
bool isFileSetLaidOut(const std::vector<FileSetShare>& shares);

/// Largest file of a layout, bytes (16 MiB, as FFSB's files in the paper).
inline constexpr std::int64_t kLayoutFileBytes = 16LL * 1024 * 1024;

} // namespace iolens::core
