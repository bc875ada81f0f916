// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace iolens::core {

/// A measured performance metric. The first four are the paper's dependent variables (read/write
/// response time and throughput); the rest are optional extras that fio reports.
enum class Metric {
    RtReadMs,     ///< mean read completion latency, ms
    RtWriteMs,    ///< mean write completion latency, ms
    TpReadMbs,    ///< read throughput, MiB/s
    TpWriteMbs,   ///< write throughput, MiB/s
    IopsRead,     ///< read operations per second
    IopsWrite,    ///< write operations per second
    RtReadP99Ms,  ///< 99th percentile read completion latency, ms
    RtWriteP99Ms, ///< 99th percentile write completion latency, ms
};

inline constexpr std::size_t kMetricCount = 8;
inline constexpr std::array kAllMetrics {Metric::RtReadMs, Metric::RtWriteMs, Metric::TpReadMbs,
    Metric::TpWriteMbs, Metric::IopsRead, Metric::IopsWrite, Metric::RtReadP99Ms,
    Metric::RtWriteP99Ms};
/// The four metrics every dataset must provide (ICPE'13 section 4.4).
inline constexpr std::array kCoreMetrics {
    Metric::RtReadMs, Metric::RtWriteMs, Metric::TpReadMbs, Metric::TpWriteMbs};

/// Column name in the CSV and the database ("rt_read_ms").
std::string_view metricName(Metric metric);
/// Human label ("Read response time").
std::string_view metricLabel(Metric metric);
/// Unit ("ms", "MiB/s", "IOPS").
std::string_view metricUnit(Metric metric);
/// Parses a column name; std::nullopt if unknown.
std::optional<Metric> parseMetric(std::string_view name);
/// Every metric's column name, comma-separated, for a message that refuses an unknown one.
std::string metricNameList();
/// "unknown metric 'rt_raed_ms' (did you mean 'rt_read_ms'? known: rt_read_ms, ...)".
std::string unknownMetricMessage(const std::string& text);
/// True for metrics of reads (undefined at read_pct = 0).
bool isReadMetric(Metric metric);
/// True if `metric` has a value at `readPct` (a read metric needs reads, a write one writes).
bool metricHasValue(Metric metric, double readPct);
/// Whether `metric` is a rate of one direction: read or write throughput or IOPS.
bool isRateMetric(Metric metric);
inline std::size_t metricIndex(Metric metric)
{
    return static_cast<std::size_t>(metric);
}

} // namespace iolens::core
