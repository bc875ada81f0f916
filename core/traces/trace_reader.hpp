// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "traces/trace_request.hpp"

#include <functional>
#include <istream>
#include <string>

namespace iolens::core {

/// Reads a trace line by line and hands each request to `sink` in file order, holding no more
/// than one line (blkparse: the requests issued and not yet completed). Formats:
///  - spc (UMass): `ASU,LBA,Size,Opcode,Timestamp`; LBA in 512-byte blocks, size in bytes,
///    opcode r or w, timestamp in seconds; no response times.
///  - msr (MSR Cambridge): `Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime`;
///    timestamp and response time in Windows filetime units (100 ns), offset and size in bytes.
///  - blkparse (default text output): `MAJ,MIN CPU SEQ TIME PID ACTION RWBS SECTOR + COUNT
///    [PROC]`; a D (issue) and its C (completion) of the same device, sector and count make one
///    request arriving at D with response time C - D (D2C). Other actions are skipped.
///  - fio-lat (fio's per-I/O latency log, `log_offset=1`): `time_ms, lat_ns, ddir, bs, offset[,
///    prio[, issue_time]]`; time is the completion, so the arrival is time - latency. ddir 0 is a
///    read, 1 a write; trims (2) are skipped.
///  - disksim (5-column ASCII): `time_ms devno blkno bcount flags`; blocks of 512 bytes, flags
///    bit 0 set for a read.
/// A malformed line throws DataError naming `source`, the line number and the field. Blank
/// lines and lines starting with '#' are skipped. Returns the number of requests handed on.
std::size_t readTrace(std::istream& in, TraceFormat format, const std::string& source,
    const std::function<void(const TraceRequest&)>& sink);

/// The same for a file; throws DataError if it cannot be opened or holds no request.
std::size_t readTraceFile(const std::string& path, TraceFormat format,
    const std::function<void(const TraceRequest&)>& sink);

} // namespace iolens::core
