// SPDX-License-Identifier: GPL-3.0-or-later
#include "harness/trace_replay.hpp"

#include "common/error.hpp"
#include "harness/trace_recording.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

namespace iolens::core {

namespace {

[[noreturn]] void failReplayFile(const std::filesystem::path& path, const char* what, int error)
{
    throw ConfigError("replay file " + path.string() + ": " + what + ": " + std::strerror(error));
}

// Data that no layer below can compress or deduplicate into nothing: xorshift64.
void fillReplayChunk(std::vector<unsigned char>& chunk, std::uint64_t& state)
{
    for (std::size_t i = 0; i + 8 <= chunk.size(); i += 8) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        std::memcpy(chunk.data() + i, &state, 8);
    }
}

} // namespace

std::string replayJobText(const TraceReplayRequest& request)
{
    return "; iolens trace-replay: fio replays the trace's iolog at its timestamps, one request "
           "in flight\n[global]\nioengine=psync\ndirect="
        + std::string(request.direct ? "1" : "0")
        + "\ninvalidate=1\nread_iolog=" + std::filesystem::absolute(request.iolog).string()
        + "\nreplay_redirect=" + std::filesystem::absolute(request.replayFile).string()
        + "\nreplay_time_scale=" + std::to_string(request.timeScalePercent)
        + "\nreplay_no_stall=" + (request.noStall ? "1" : "0") + "\n\n[replay]\n";
}

bool prepareReplayFile(const std::filesystem::path& path, std::int64_t bytes)
{
    std::error_code error;
    if (std::filesystem::is_regular_file(path, error)
        && static_cast<std::int64_t>(std::filesystem::file_size(path, error)) == bytes && !error)
        return false;
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        failReplayFile(path, "cannot create", errno);
    constexpr std::size_t kChunkBytes = 1 << 20;
    std::vector<unsigned char> chunk(kChunkBytes);
    std::uint64_t state = 0x9e3779b97f4a7c15ULL;
    for (std::int64_t written = 0; written < bytes;) {
        fillReplayChunk(chunk, state);
        const auto size = static_cast<std::size_t>(
            std::min<std::int64_t>(static_cast<std::int64_t>(kChunkBytes), bytes - written));
        std::size_t done = 0;
        while (done < size) {
            const ssize_t n = ::write(fd, chunk.data() + done, size - done);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0) {
                const int saved = n < 0 ? errno : ENOSPC;
                ::close(fd);
                failReplayFile(path, "cannot write", saved);
            }
            done += static_cast<std::size_t>(n);
        }
        written += static_cast<std::int64_t>(size);
    }
    if (::fsync(fd) != 0) {
        const int saved = errno;
        ::close(fd);
        failReplayFile(path, "cannot sync", saved);
    }
    ::close(fd);
    return true;
}

std::filesystem::path replayTrace(const TraceReplayRequest& request)
{
    if (request.timeScalePercent < 1)
        throw ConfigError("trace-replay: the time scale is a percentage of 1 or more");
    TraceRecordRequest run;
    run.jobText = replayJobText(request);
    // No --directory: replay_redirect names the replay file (see replayJobText).
    run.logPrefix = request.logPrefix;
    run.memoryLimitBytes = request.memoryLimitBytes;
    run.program = request.program;
    run.stop = request.stop;
    run.command = "trace-replay";
    return recordTrace(run);
}

} // namespace iolens::core
