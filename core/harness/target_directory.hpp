// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace iolens::core {

/// The directory a measurement writes to, with the harness's safety rules: iolens
/// only writes into a directory that is empty or already holds its own layout (marked by
/// `.iolens/target`), every path it hands out lies inside that directory, the free space is
/// checked before file sets are laid out, and cleaning up removes only what iolens created.
///
/// Layout:
///   DIR/.iolens/target                       marker (iolens' own layout)
///   DIR/.iolens/raw/KEY-repR[.vmV].json      fio's JSON output of each run
///   DIR/.iolens/lowlevel/KEY-repR.nodes.csv  /proc samples (Inside-Out nodes CSV)
///   DIR/.iolens/lowlevel/KEY-repR.target.csv per-second throughput (Inside-Out target CSV)
///   DIR/filesets/SIZE-vmsN/vmV/fNNNN         the file sets (16 MiB files)
class TargetDirectory {
public:
    /// Claims `directory` for iolens: creates it (its parent must exist) or checks that it is
    /// empty or marked as iolens', then writes the marker. Throws ConfigError with the reason
    /// for a file, a foreign non-empty directory, or a path containing ':' (fio's file-name
    /// separator).
    static TargetDirectory claim(const std::filesystem::path& directory);
    /// Checks what claim() would check without writing anything (for a dry run).
    static void checkUsable(const std::filesystem::path& directory);

    const std::filesystem::path& root() const { return m_root; }
    std::filesystem::path rawDirectory() const { return m_root / ".iolens" / "raw"; }
    std::filesystem::path lowLevelDirectory() const { return m_root / ".iolens" / "lowlevel"; }
    std::filesystem::path fileSetsDirectory() const { return m_root / "filesets"; }

    /// `path` made absolute; throws StateError unless it lies inside the target (guards every
    /// write against a path built from bad input).
    std::filesystem::path inside(const std::filesystem::path& path) const;

    /// Bytes free for an unprivileged writer on the target's file system (statvfs f_bavail).
    std::int64_t freeBytes() const;
    /// Throws ConfigError naming the target if fewer than `bytes` (plus 1 % and 64 MiB for
    /// results and the file system's own needs) are free.
    void requireFreeBytes(std::int64_t bytes) const;

    /// Removes the file sets iolens laid out (only files named like its own, and then the
    /// folders if empty); the raw results and the marker stay. Returns the bytes removed.
    std::int64_t removeFileSets() const;

    /// The marker file's name relative to the target.
    static std::filesystem::path markerPath()
    {
        return std::filesystem::path(".iolens") / "target";
    }

private:
    explicit TargetDirectory(std::filesystem::path root)
        : m_root(std::move(root))
    {
    }
    std::filesystem::path m_root; ///< canonical absolute path
};

} // namespace iolens::core
