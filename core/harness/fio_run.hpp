// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "harness/fio_job.hpp"
#include "harness/proc_sampler.hpp"

#include <atomic>
#include <filesystem>
#include <string>
#include <vector>

namespace iolens::core {

/// One run: fio processes started together (one per emulated VM) and waited for.
struct FioRunRequest {
    std::string program = "fio";
    std::vector<FioJob> jobs;                       ///< one per process
    std::vector<std::filesystem::path> outputFiles; ///< fio's JSON of each job (same order)
    std::vector<std::filesystem::path> stderrFiles; ///< fio's messages of each job
    const std::atomic<bool>* cancel = nullptr;
    bool sampleLowLevel = true; ///< run a ProcSampler on the fio pids
    /// Stop every process after this long (0: wait for ever). fio can hang: at 100 % CPU on
    /// sequential 100 % reads, as two cells of fio-tiered and one run here did, for minutes.
    double timeoutSeconds = 0.0;
    std::filesystem::path procRoot = "/proc";
};

struct FioRunResult {
    bool cancelled = false;          ///< stopped by the cancel flag; outputs removed
    bool timedOut = false;           ///< stopped after timeoutSeconds; outputs removed
    std::vector<ProcSample> samples; ///< low-level samples taken while fio ran
    double seconds = 0.0;            ///< wall time from start to the last exit
};

/// Starts every job at once, samples /proc while they run, and waits for all. Each JSON output
/// is written to OUTPUT.partial and renamed into place only after fio exited with status 0, so
/// a kept raw file is always complete. On cancel every process is stopped (SIGTERM, then
/// SIGKILL) and the partial outputs removed; so they are when the timeout passes. Throws Error
/// naming the job and quoting fio's last message if a process fails, after stopping the others.
FioRunResult runFioJobs(const FioRunRequest& request);

} // namespace iolens::core
