// SPDX-License-Identifier: GPL-3.0-or-later
#include "traces/fio_iolog.hpp"

#include "common/error.hpp"
#include "common/units.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace iolens::core {

namespace {

// fio scans an iolog line's file name with %256s.
constexpr std::size_t kMaxIologFileName = 256;
// A replay longer than about 31 years is a broken timestamp, and past 2^63 us llround overflows.
constexpr double kMaxReplayUs = 1e15;

void checkReplayFileBytes(std::int64_t fileBytes)
{
    if (fileBytes < kMaxTraceRequestBytes || fileBytes % kReplayAlignBytes != 0)
        throw ConfigError("replay file of " + std::to_string(fileBytes)
            + " bytes: expected a multiple of 4 KiB and at least 64 MiB (the largest request a "
              "trace may hold)");
}

} // namespace

ReplayedRequest replayPlacement(const TraceRequest& request, std::int64_t fileBytes)
{
    checkReplayFileBytes(fileBytes);
    ReplayedRequest placed;
    placed.read = request.read;
    placed.bytes = (request.bytes + kSectorBytes - 1) / kSectorBytes * kSectorBytes;
    placed.offset = request.offset % fileBytes / kReplayAlignBytes * kReplayAlignBytes;
    if (placed.offset + placed.bytes > fileBytes)
        placed.offset = (fileBytes - placed.bytes) / kReplayAlignBytes * kReplayAlignBytes;
    return placed;
}

FioIologWriter::FioIologWriter(
    std::ostream& out, std::string fileName, std::int64_t fileBytes, std::string source)
    : m_out(out)
    , m_fileName(std::move(fileName))
    , m_fileBytes(fileBytes)
    , m_source(std::move(source))
{
    checkReplayFileBytes(fileBytes);
    if (m_fileName.empty() || m_fileName.size() > kMaxIologFileName
        || m_fileName.find_first_of(" \t\r\n") != std::string::npos)
        throw ConfigError("replay file name '" + m_fileName
            + "': fio's iolog needs 1 to 256 characters without whitespace");
    m_out << "fio version 3 iolog\n"
          << "0 " << m_fileName << " add\n"
          << "0 " << m_fileName << " open\n";
}

ReplayedRequest FioIologWriter::add(const TraceRequest& request)
{
    if (m_finished)
        throw StateError("FioIologWriter::add after finish");
    if (m_requests == 0)
        m_firstArrivalMs = request.arrivalMs;
    ReplayedRequest placed = replayPlacement(request, m_fileBytes);
    const double sinceFirst = (request.arrivalMs - m_firstArrivalMs) * 1000.0;
    if (!(sinceFirst <= kMaxReplayUs))
        throw DataError(m_source + ": request " + std::to_string(m_requests + 1)
            + ": field 'arrival': " + std::to_string(request.arrivalMs)
            + " ms is more than 1e12 ms after the first request's; fio cannot wait that long");
    const auto sinceFirstUs = static_cast<std::int64_t>(std::llround(sinceFirst));
    placed.timestampUs = std::max(m_lastTimestampUs, 1 + std::max<std::int64_t>(sinceFirstUs, 0));
    m_lastTimestampUs = placed.timestampUs;
    m_out << placed.timestampUs << ' ' << m_fileName << (placed.read ? " read " : " write ")
          << placed.offset << ' ' << placed.bytes << '\n';
    ++m_requests;
    return placed;
}

void FioIologWriter::finish()
{
    if (m_finished)
        throw StateError("FioIologWriter::finish called twice");
    m_finished = true;
    m_out << m_lastTimestampUs << ' ' << m_fileName << " close\n";
}

} // namespace iolens::core
