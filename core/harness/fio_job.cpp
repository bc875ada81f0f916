// SPDX-License-Identifier: GPL-3.0-or-later
#include "harness/fio_job.hpp"

#include "data/csv_table.hpp"

#include <cctype>

namespace iolens::core {

namespace {

std::string whole(double value)
{
    return std::to_string(static_cast<long long>(value));
}

} // namespace

std::vector<std::string> fioArguments(const FioJob& job)
{
    std::string files;
    for (const auto& file : job.share.files)
        files += (files.empty() ? "" : ":") + file.string();
    const Configuration& c = job.config;
    const bool random = c.pattern == Pattern::Random;
    std::vector<std::string> args {
        "--name=iolens",
        "--filename=" + files,
        "--size=" + std::to_string(job.share.totalBytes()),
        "--ioengine=" + job.workload.ioengine,
        std::string("--direct=") + (job.workload.direct ? "1" : "0"),
        std::string("--rw=") + (random ? "randrw" : "rw"),
        "--rwmixread=" + formatNumber(c.readPct),
        "--bs=" + std::to_string(c.requestBytes),
        "--numjobs=" + std::to_string(c.threads / c.vms),
        "--thread",
        "--time_based",
        "--runtime=" + whole(job.workload.runtimeSeconds),
        "--ramp_time=" + whole(job.workload.rampSeconds),
        "--group_reporting",
        // Each thread picks a file at random per request, as FFSB's threads do.
        "--file_service_type=random",
        "--norandommap",
        "--randrepeat=0",
        "--output-format=json",
    };
    if (!job.bandwidthLogPrefix.empty()) {
        args.push_back("--write_bw_log=" + job.bandwidthLogPrefix);
        args.push_back("--log_avg_msec=1000");
        args.push_back("--per_job_logs=0");
        // Epoch times line the log up with the /proc samples (both in Unix seconds).
        args.push_back("--log_unix_epoch=1");
    }
    return args;
}

std::string fioJobFileText(const FioJob& job)
{
    std::string text = "[iolens]\n";
    for (const std::string& argument : fioArguments(job)) {
        // Every argument is "--key" or "--key=value"; the job file spells them without "--".
        const std::string option = argument.substr(2);
        if (option.starts_with("name=") || option.starts_with("output-format="))
            continue;
        text += option + "\n";
    }
    return text;
}

std::string configurationKey(const Configuration& config)
{
    std::string scheduler;
    for (char ch : config.scheduler)
        scheduler += std::isalnum(static_cast<unsigned char>(ch)) || ch == '-' ? ch : '-';
    std::string read = formatNumber(config.readPct);
    for (char& ch : read)
        if (ch == '.')
            ch = 'p';
    return scheduler + "_fs" + std::to_string(config.filesetBytes / (1024 * 1024)) + "M_bs"
        + std::to_string(config.requestBytes) + "_"
        + (config.pattern == Pattern::Random ? "ran" : "seq") + "_r" + read + "_t"
        + std::to_string(config.threads) + "_v" + std::to_string(config.vms);
}

} // namespace iolens::core
