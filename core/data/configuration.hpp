// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace iolens::core {

/// Access pattern of a workload (ICPE'13 Table 1).
enum class Pattern { Random, Sequential };

std::string_view patternName(Pattern pattern);
/// Parses "random" or "sequential"; returns false for anything else.
bool parsePattern(std::string_view text, Pattern& pattern);

/// One point of the measurement design: the system and workload factors of ICPE'13 Table 1,
/// plus threads and the number of VMs the workload is spread over (section 6, multi-VM).
struct Configuration {
    std::string scheduler
        = "none"; ///< I/O scheduler of the device: free text (none, bfq, noop, ...)
    std::int64_t filesetBytes = 0;     ///< total size of the file set, bytes (> 0)
    std::int64_t requestBytes = 0;     ///< size of one request, bytes (> 0)
    Pattern pattern = Pattern::Random; ///< access pattern
    double readPct = 100.0;            ///< share of reads, 0..100 %
    /// Concurrent workload threads in total (>= 1): the requests in flight of a closed
    /// workload (an asynchronous fio engine keeps numjobs x iodepth of them).
    int threads = 1;
    int vms = 1; ///< VMs the workload (threads and file set) is split over (>= 1)

    friend bool operator==(const Configuration&, const Configuration&) = default;
    friend auto operator<=>(const Configuration&, const Configuration&) = default;
};

/// The factors of a configuration, in the order of the CSV columns.
enum class Factor { Scheduler, FilesetBytes, RequestBytes, Pattern, ReadPct, Threads, Vms };
inline constexpr std::array kAllFactors {Factor::Scheduler, Factor::FilesetBytes,
    Factor::RequestBytes, Factor::Pattern, Factor::ReadPct, Factor::Threads, Factor::Vms};

/// CSV column name of a factor ("fileset_bytes").
std::string_view factorColumnName(Factor factor);
/// True for factors whose values are labels rather than numbers (scheduler, pattern).
bool isCategorical(Factor factor);
/// Label of a categorical factor of `config` (scheduler name, pattern name); a view of the
/// configuration's own string or of a static name, so encoding a sweep allocates nothing per row.
std::string_view categoricalValue(const Configuration& config, Factor factor);
/// Numeric value of a numeric factor in the natural unit used for modelling:
/// file set in MiB, request size in KiB, read share in %, threads and VMs as counts.
double numericValue(const Configuration& config, Factor factor);
/// Sets a numeric factor from a value in the modelling unit (inverse of numericValue).
void setNumericValue(Configuration& config, Factor factor, double value);
/// Name of a factor in a model (feature name): "fileset_mib", "request_kib", ...
std::string_view featureName(Factor factor);
/// Unit of the feature ("MiB", "KiB", "%", "" for counts and labels).
std::string_view featureUnit(Factor factor);

} // namespace iolens::core
