// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/configuration.hpp"
#include "harness/file_set_layout.hpp"
#include "harness/measurement_plan.hpp"

#include <string>
#include <vector>

namespace iolens::core {

/// One fio process of one run: a configuration's workload on one VM's share of the file set.
struct FioJob {
    Configuration config; ///< the whole configuration (threads and file set of all VMs)
    WorkloadSettings workload;
    FileSetShare share;             ///< this process's files
    std::string bandwidthLogPrefix; ///< fio write_bw_log prefix; empty: no per-second log
};

/// fio's command-line arguments (without the program name) for one job, following the
/// fio-local dataset's workload: all threads of a process share its files (FFSB style), random
/// or sequential mixed reads and writes, time based, with group reporting and JSON output.
///   --name=iolens [--directory=DIR] --filename=F0:F1:... --size=SHARE --ioengine=E --direct=0|1
///   --rw=randrw|rw --rwmixread=P --bs=B --numjobs=THREADS/VMS --thread --time_based
///   --runtime=R --ramp_time=RAMP --group_reporting --file_service_type=random --norandommap
///   --randrepeat=0 --output-format=json [--write_bw_log=PREFIX --log_avg_msec=1000
///   --per_job_logs=0 --log_unix_epoch=1]
/// The files are named relative to the share's directory when they all lie in it (fio takes at
/// most 4,096 characters per option), or the directory is opened whole (--opendir) when even
/// that is too long. `--thread` keeps every job in the one process that the low-level sampler
/// watches.
std::vector<std::string> fioArguments(const FioJob& job);

/// The same job as fioArguments, as an fio job file (for `fio --client=HOST JOBFILE`, which
/// sends a job file to a server): one [iolens] section with one option per line, without the
/// output format (the client asks for JSON on its own command line). File names stay absolute:
/// each host lays out its own set, and fio creates a file name's folders but not a `directory`.
std::string fioJobFileText(const FioJob& job);

/// A file-name-safe key of a configuration, unique within a plan:
/// "none_fs256M_bs4096_ran_r50_t16_v1" (scheduler, file set in MiB, request in bytes, pattern,
/// read %, threads, vms).
std::string configurationKey(const Configuration& config);

} // namespace iolens::core
