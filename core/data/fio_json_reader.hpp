// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/measurement.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace iolens::core {

/// What fio's JSON does not say about a run.
struct FioImportOptions {
    /// I/O scheduler of the device; when empty, taken from a harness file name
    /// (schedulerInHarnessName), else "none".
    std::string scheduler;
    int vms = 1; ///< VMs the run was spread over
    /// File-set size of a run whose options give none (fio on a whole device has no `size`);
    /// a run's own `size` wins.
    std::optional<long long> filesetBytes;
};

/// Reads one `fio --output-format=json` result into a measurement: mean and p99 completion
/// latency (clat; the mean of the total latency, lat, for an asynchronous engine), bandwidth in
/// MiB/s and IOPS per direction, and the configuration from the job options (rw, rwmixread or
/// rwmixwrite, bs, numjobs, size; a job file's global options where the job does not set one;
/// mixed sizes, bssplit or bsrange, are refused). The thread count is the requests in flight:
/// numjobs, times iodepth for an asynchronous ioengine (libaio, io_uring, posixaio). Several job
/// entries (no group_reporting) are combined: operations and bandwidth summed, mean latency
/// weighted by operations, p99 the largest of the jobs'. A direction with no I/O gets no metrics.
/// Throws DataError naming the file and the field for anything missing or malformed, and for a job
/// whose "error" is not 0 (fio failed it: ENOSPC, EIO).
Measurement parseFioJson(
    std::string_view text, const std::string& source, const FioImportOptions& options = {});
/// Reads the file and parses it.
Measurement readFioJson(const std::string& path, const FioImportOptions& options = {});

/// The settings of a fio run that change what it measures but are no factor of a configuration:
/// direct (or buffered=0), ioengine, rate, rate_iops, rate_min, rate_iops_min, thinktime, fsync,
/// fdatasync, sync, random_distribution, percentage_random, invalidate; each as the run sets it,
/// else at fio's default, in this order. Runs that differ in one are different experiments, which
/// one dataset would take for repeats of a configuration or for a factor's effect.
using FioSettings = std::vector<std::pair<std::string, std::string>>;

/// A fio result: its measurement (as parseFioJson reads it) and its settings.
struct FioResult {
    Measurement run;
    FioSettings settings;
};
FioResult parseFioResult(
    std::string_view text, const std::string& source, const FioImportOptions& options = {});
FioResult readFioResult(const std::string& path, const FioImportOptions& options = {});

/// The scheduler a harness file name carries (the file name of `path` only): the shared
/// datasets' pNNN_SPLIT_SCHED_fs… or `iolens-cli measure`'s raw SCHED_fs…M_bs…_ran|seq_r…;
/// std::nullopt for any other name: then the caller has to say it.
std::optional<std::string> schedulerInHarnessName(const std::string& path);

/// Parses fio size strings ("4096", "4k", "16M", "1g", "1GiB") into bytes; std::nullopt if bad.
std::optional<long long> parseFioSize(std::string_view text);

} // namespace iolens::core
