// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace iolens::core {

/// The largest request a trace may hold: no block device takes a larger one, and the LRU stack
/// visits each of a request's 4 KiB units. The reader refuses larger ones, so a replay file of at
/// least this size holds any request.
inline constexpr std::int64_t kMaxTraceRequestBytes = std::int64_t {64} << 20;

/// One block request of an I/O trace, in the units every format is converted to.
struct TraceRequest {
    double arrivalMs = 0.0;  ///< when the request arrived (issued to the device)
    std::int64_t offset = 0; ///< byte offset on the device
    std::int64_t bytes = 0;  ///< request size
    bool read = true;
    int device = 0;                   ///< disk or ASU number where the format has one
    std::optional<double> responseMs; ///< measured response time; none for SPC traces
};

/// The trace formats iolens reads (SBCART / Wang et al. inputs).
enum class TraceFormat { Spc, Msr, Blkparse, FioLat, Disksim };

/// "spc", "msr", "blkparse", "fio-lat", "disksim".
std::string_view traceFormatName(TraceFormat format);
/// Parses a format name; false for anything else.
bool parseTraceFormat(std::string_view text, TraceFormat& format);

} // namespace iolens::core
