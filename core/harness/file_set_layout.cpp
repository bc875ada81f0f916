// SPDX-License-Identifier: GPL-3.0-or-later
#include "harness/file_set_layout.hpp"

#include "common/error.hpp"
#include "common/units.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <random>

namespace iolens::core {

namespace fs = std::filesystem;

namespace {

fs::path setDirectory(const FileSetShare& share)
{
    return share.directory.parent_path();
}

[[noreturn]] void ioFailure(const fs::path& file, const char* what)
{
    throw StoreError(file.string() + ": cannot " + what + " (" + std::strerror(errno) + ")");
}

// Writes one file of `bytes` pseudo-random bytes and syncs it.
void writeFile(const fs::path& file, std::int64_t bytes, std::mt19937_64& rng)
{
    const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        ioFailure(file, "create the file");
    std::vector<std::uint64_t> buffer(kMiB / sizeof(std::uint64_t));
    for (std::int64_t done = 0; done < bytes; done += kMiB) {
        for (std::uint64_t& word : buffer)
            word = rng();
        const auto chunk = static_cast<std::size_t>(std::min(kMiB, bytes - done));
        const char* data = reinterpret_cast<const char*>(buffer.data());
        for (std::size_t written = 0; written < chunk;) {
            const ssize_t n = ::write(fd, data + written, chunk - written);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0) {
                ::close(fd);
                ioFailure(file, "write the file");
            }
            written += static_cast<std::size_t>(n);
        }
    }
    if (::fsync(fd) != 0) {
        ::close(fd);
        ioFailure(file, "sync the file");
    }
    ::close(fd);
}

} // namespace

std::vector<FileSetShare> planFileSet(
    const fs::path& fileSetsDirectory, std::int64_t filesetBytes, int vms)
{
    const std::int64_t perVm = filesetBytes / vms;
    // Equal files of whole MiB: a share that is not a multiple of 16 MiB gets slightly smaller
    // files (and a few MiB less in total) rather than one odd file, so that fio's size/nrfiles
    // split addresses every byte laid out.
    const std::int64_t count = (perVm + kLayoutFileBytes - 1) / kLayoutFileBytes;
    const std::int64_t fileBytes = std::max<std::int64_t>(kMiB, perVm / count / kMiB * kMiB);
    const fs::path set
        = fileSetsDirectory / (std::to_string(filesetBytes) + "-vms" + std::to_string(vms));
    std::vector<FileSetShare> shares;
    for (int vm = 0; vm < vms; ++vm) {
        FileSetShare share;
        share.directory = set / ("vm" + std::to_string(vm));
        share.fileBytes = fileBytes;
        for (std::int64_t i = 0; i < count; ++i) {
            char name[16];
            std::snprintf(name, sizeof name, "f%04d", static_cast<int>(i));
            share.files.push_back(share.directory / name);
        }
        shares.push_back(std::move(share));
    }
    return shares;
}

bool isFileSetLaidOut(const std::vector<FileSetShare>& shares)
{
    return !shares.empty() && fs::exists(setDirectory(shares.front()) / ".complete");
}

std::int64_t layOutFileSet(const TargetDirectory& target, const std::vector<FileSetShare>& shares,
    const std::atomic<bool>* cancel)
{
    if (isFileSetLaidOut(shares))
        return 0;
    std::int64_t bytes = 0;
    for (const FileSetShare& share : shares)
        bytes += share.totalBytes();
    target.requireFreeBytes(bytes);
    std::mt19937_64 rng(static_cast<std::uint64_t>(bytes));
    std::int64_t written = 0;
    for (const FileSetShare& share : shares) {
        fs::create_directories(target.inside(share.directory));
        for (const fs::path& file : share.files) {
            if (cancel && cancel->load())
                return written;
            writeFile(target.inside(file), share.fileBytes, rng);
            written += share.fileBytes;
        }
    }
    // The marker comes last: a layout interrupted before it is redone on the next run.
    const fs::path marker = target.inside(setDirectory(shares.front()) / ".complete");
    const int fd = ::open(marker.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        ioFailure(marker, "write the layout marker");
    const int synced = ::fsync(fd);
    ::close(fd);
    if (synced != 0)
        ioFailure(marker, "sync the layout marker");
    return written;
}

} // namespace iolens::core
