// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "data/fio_json_reader.hpp"
#include "data/measurement.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace iolens::core {

/// What a harness's file name says about a fio result that is one VM's share of a run spread
/// over VMs. Two namings are read: the shared datasets' (pNNN_grid_SCHED_fs…_v3_rep0_vm1.json)
/// and iolens's own `measure` raw files (SCHED_fs…_t16_v3-rep0.vm1.json).
struct VmResultName {
    std::string run; ///< the name without the VM's index: equal for the VMs of one run
    int vms = 1;     ///< VMs the run was spread over (the name's v3)
    int vm = 0;      ///< which of them wrote this file (vm1), 0 .. vms - 1
};

/// The VM part of a harness name (the file name of `path` only), or std::nullopt for a name
/// without one: such a file is a run of its own.
std::optional<VmResultName> vmResultName(const std::string& path);

/// One run to import from fio result files: the files it was read from (indices into the list
/// given; the VMs' files in VM order) and its measurement, or why it is refused.
struct FioResultRun {
    std::vector<std::size_t> files;
    std::optional<Measurement> run;
    std::string problem; ///< names the file and what is wrong when run is empty
};

/// Groups fio results read one file each (`perFile[i]` read from `paths[i]`, empty where the
/// file was refused) into runs. A file whose name marks it as one of N > 1 VMs' shares is joined
/// with the other VMs' files of the same run and combined by combineVmResults into one
/// measurement with vms = N: response times averaged over the VMs, throughputs summed, and
/// threads and file set the sums of the VMs' (iolens's harness gives each VM threads / N of
/// the threads and file set / N of the file set, harness/fio_job.cpp). Such a run is refused,
/// naming its files, when a VM's file is missing, given twice or refused, or when the VMs'
/// scheduler, request size, pattern or read share differ. Every other file is a run of its own,
/// as read. Runs come in the order of their first file.
std::vector<FioResultRun> groupVmResults(
    const std::vector<std::string>& paths, const std::vector<std::optional<Measurement>>& perFile);

/// Why the fio results read from `paths` cannot go into one dataset: the first setting
/// (fioSettings) in which a file differs from the first file read, naming both files and both
/// values, and what to do instead; empty when every file agrees. `settings[i]` is empty where
/// file i was refused.
std::string settingsDisagreement(
    const std::vector<std::string>& paths, const std::vector<std::optional<FioSettings>>& settings);

} // namespace iolens::core
