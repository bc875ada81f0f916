// SPDX-License-Identifier: GPL-3.0-or-later
#include "harness/target_directory.hpp"

#include "common/error.hpp"
#include "common/text_file.hpp"

#include <sys/statvfs.h>

#include <regex>

namespace iolens::core {

namespace fs = std::filesystem;

namespace {

constexpr std::int64_t kReserveBytes = 64LL * 1024 * 1024;

bool isEmptyDirectory(const fs::path& directory)
{
    return fs::directory_iterator(directory) == fs::directory_iterator();
}

} // namespace

void TargetDirectory::checkUsable(const fs::path& directory)
{
    const std::string name = directory.string();
    if (name.empty())
        throw ConfigError("measure: no target directory given");
    // fio separates the files of --filename with ':'; a path with one would be split.
    if (fs::absolute(directory).string().find(':') != std::string::npos)
        throw ConfigError(name + ": a target path must not contain ':' (fio's file separator)");
    std::error_code error;
    if (!fs::exists(directory, error)) {
        const fs::path parent = fs::absolute(directory).parent_path();
        if (!fs::is_directory(parent, error))
            throw ConfigError(name + ": neither the target nor its parent folder exists");
        return;
    }
    if (!fs::is_directory(directory, error))
        throw ConfigError(name + ": the target is not a directory");
    if (fs::exists(directory / markerPath(), error))
        return;
    if (!isEmptyDirectory(directory))
        throw ConfigError(name
            + ": the target directory is not empty and not an iolens target "
              "(no "
            + markerPath().string()
            + "); refusing to write there. Give an empty or new directory.");
}

TargetDirectory TargetDirectory::claim(const fs::path& directory)
{
    checkUsable(directory);
    fs::create_directories(directory);
    TargetDirectory target(fs::canonical(directory));
    fs::create_directories(target.rawDirectory());
    fs::create_directories(target.lowLevelDirectory());
    const fs::path marker = target.m_root / markerPath();
    if (!fs::exists(marker))
        writeTextFileAtomically(marker.string(), "iolens measurement target\n");
    return target;
}

fs::path TargetDirectory::inside(const fs::path& path) const
{
    fs::path absolute = fs::weakly_canonical(path.is_absolute() ? path : m_root / path);
    const auto [rootEnd, pathIt]
        = std::mismatch(m_root.begin(), m_root.end(), absolute.begin(), absolute.end());
    if (rootEnd != m_root.end() || pathIt == absolute.end())
        throw StateError("measure: refusing to write " + absolute.string() + " outside the target "
            + m_root.string());
    return absolute;
}

std::int64_t TargetDirectory::freeBytes() const
{
    struct statvfs info { };
    if (statvfs(m_root.c_str(), &info) != 0)
        throw StoreError(m_root.string() + ": cannot read the free space (statvfs)");
    return static_cast<std::int64_t>(info.f_bavail) * static_cast<std::int64_t>(info.f_frsize);
}

void TargetDirectory::requireFreeBytes(std::int64_t bytes) const
{
    const std::int64_t needed = bytes + bytes / 100 + kReserveBytes;
    const std::int64_t free = freeBytes();
    if (free < needed)
        throw ConfigError(m_root.string() + ": the file sets need "
            + std::to_string(needed / (1024 * 1024)) + " MiB but only "
            + std::to_string(free / (1024 * 1024)) + " MiB are free");
}

std::int64_t TargetDirectory::removeFileSets() const
{
    // Only the names the layout writes are removed, so a file a user put there survives (and
    // keeps its folder).
    static const std::regex ownFile(R"(f\d{4}|\.complete)");
    static const std::regex ownFolder(R"(\d+-vms\d+|vm\d+)");
    std::int64_t removed = 0;
    const fs::path sets = fileSetsDirectory();
    if (!fs::is_directory(sets))
        return 0;
    for (const auto& set : fs::directory_iterator(sets)) {
        if (!set.is_directory() || !std::regex_match(set.path().filename().string(), ownFolder))
            continue;
        for (const auto& vm : fs::directory_iterator(set.path())) {
            const std::string name = vm.path().filename().string();
            if (vm.is_regular_file() && std::regex_match(name, ownFile)) {
                fs::remove(vm.path());
                continue;
            }
            if (!vm.is_directory() || !std::regex_match(name, ownFolder))
                continue;
            for (const auto& file : fs::directory_iterator(vm.path()))
                if (file.is_regular_file()
                    && std::regex_match(file.path().filename().string(), ownFile)) {
                    removed += static_cast<std::int64_t>(file.file_size());
                    fs::remove(file.path());
                }
            std::error_code notEmpty;
            fs::remove(vm.path(), notEmpty);
        }
        std::error_code notEmpty;
        fs::remove(set.path(), notEmpty);
    }
    std::error_code notEmpty;
    fs::remove(sets, notEmpty);
    return removed;
}

} // namespace iolens::core
