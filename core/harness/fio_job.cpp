// SPDX-License-Identifier: GPL-3.0-or-later
#include "harness/fio_job.hpp"

#include "data/csv_table.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace iolens::core {

namespace {

std::string whole(double value)
{
    return std::to_string(static_cast<long long>(value));
}

// fio refuses an option value longer than this (parse.c, "value exceeds max length").
constexpr std::size_t kFioMaxOptionLength = 4096;

// Where the files are named: the share's directory plus names relative to it when every file
// lies in it (80 absolute paths of a 1.25 GiB set already pass fio's limit), else absolute
// names; a set too large for even relative names is opened as the whole directory.
std::vector<std::string> fileArguments(const FileSetShare& share, bool absolute)
{
    const bool inDirectory = !absolute && !share.directory.empty()
        && std::all_of(
            share.files.begin(), share.files.end(), [&share](const std::filesystem::path& file) {
                return file.parent_path() == share.directory;
            });
    std::string files;
    for (const auto& file : share.files)
        files += (files.empty() ? "" : ":")
            + (inDirectory ? file.filename().string() : file.string());
    if (!inDirectory)
        return {"--filename=" + files};
    if (files.size() < kFioMaxOptionLength)
        return {"--directory=" + share.directory.string(), "--filename=" + files};
    return {"--opendir=" + share.directory.string()};
}

std::vector<std::string> arguments(const FioJob& job, bool absoluteFileNames)
{
    const Configuration& c = job.config;
    const bool random = c.pattern == Pattern::Random;
    std::vector<std::string> args {
        "--name=iolens",
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
    const std::vector<std::string> files = fileArguments(job.share, absoluteFileNames);
    args.insert(args.begin() + 1, files.begin(), files.end());
    if (!job.bandwidthLogPrefix.empty()) {
        args.push_back("--write_bw_log=" + job.bandwidthLogPrefix);
        args.push_back("--log_avg_msec=1000");
        args.push_back("--per_job_logs=0");
        // Epoch times line the log up with the /proc samples (both in Unix seconds).
        args.push_back("--log_unix_epoch=1");
    }
    return args;
}

} // namespace

std::vector<std::string> fioArguments(const FioJob& job)
{
    return arguments(job, false);
}

std::string fioJobFileText(const FioJob& job)
{
    std::string text = "[iolens]\n";
    // Absolute names: a host lays out its file set itself, and fio creates the folders of a
    // file name but not a `directory` that does not exist yet.
    for (const std::string& argument : arguments(job, true)) {
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
