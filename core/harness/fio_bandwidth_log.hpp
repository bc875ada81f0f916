// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace iolens::core {

/// One second of end-to-end throughput.
struct ThroughputSample {
    double timestamp = 0.0; ///< Unix seconds
    double mibPerSecond = 0.0;
};

/// Reads fio bandwidth logs written with log_avg_msec=1000 and log_unix_epoch=1 (lines
/// "time_ms, KiB/s, direction, bs, offset") and sums reads and writes of all the logs (one per
/// VM process) per whole second, in time order. A missing file contributes nothing; a malformed
/// line throws DataError naming file and line. O(n log n) in the lines.
std::vector<ThroughputSample> readBandwidthLogs(const std::vector<std::filesystem::path>& logs);

/// Writes the Inside-Out target CSV (`timestamp,throughput_mbs`), which
/// `iolens-cli insideout --target FILE` reads with the nodes CSV of the same run.
void writeThroughputCsv(
    const std::filesystem::path& file, const std::vector<ThroughputSample>& samples);

} // namespace iolens::core
