// SPDX-License-Identifier: GPL-3.0-or-later
// A large measurement CSV through iolens-cli: `import` of a generated file (random continuous
// factors, four schedulers, 1-4 VMs, every metric), then `info` and `export` of the database,
// each in its own child process, with its wall time, CPU time and peak resident memory
// (wait4's rusage of that child). The claim is that memory does not grow with the file: the sizes
// run in increasing order and a peak that stays flat from the smaller to the larger file means
// no step holds it. Each run takes seconds, so this is a bench tool rather than a Google
// Benchmark loop.
//
//   bench_import [--rows N]... [--seed S] [--dir D] [--cli PROGRAM]...
//     default: 100000 and 1000000 rows, seed 1, the iolens-cli built beside it; several --cli
//     run the same files through each program in turn (an older build side by side).
#include "support/build_paths.hpp"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

namespace {

struct Options {
    std::vector<long> rows {100000, 1000000};
    std::uint64_t seed = 1;
    std::string dir = std::filesystem::temp_directory_path().string();
    std::vector<std::string> programs;
};

Options parse(int argc, char** argv)
{
    Options options;
    bool rowsGiven = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--rows" && i + 1 < argc) {
            if (!rowsGiven)
                options.rows.clear();
            rowsGiven = true;
            options.rows.push_back(std::stol(argv[++i]));
        } else if (arg == "--seed" && i + 1 < argc) {
            options.seed = std::stoull(argv[++i]);
        } else if (arg == "--dir" && i + 1 < argc) {
            options.dir = argv[++i];
        } else if (arg == "--cli" && i + 1 < argc) {
            options.programs.push_back(argv[++i]);
        } else {
            std::fprintf(stderr,
                "usage: bench_import [--rows N]... [--seed S] [--dir D] [--cli PROGRAM]...\n");
            std::exit(2);
        }
    }
    return options;
}

// One measurement per row in iolens's CSV format: continuous file sets and read shares, so
// nearly every row is its own configuration (the case that stresses the configurations table).
void writeCsv(const std::string& path, long rows, std::uint64_t seed)
{
    std::ofstream out(path);
    std::mt19937_64 random(seed);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const char* schedulers[] = {"cfq", "noop", "deadline", "bfq"};
    out << "scheduler,fileset_bytes,request_bytes,pattern,read_pct,threads,vms,rt_read_ms,"
           "rt_write_ms,tp_read_mbs,tp_write_mbs,iops_read,iops_write,rep\n";
    char line[512];
    for (long i = 0; i < rows; ++i) {
        const double fileset = 1.0 + 99.0 * unit(random);
        const long long request = 4096LL << static_cast<int>(unit(random) * 6);
        const double read = std::round(1000.0 * unit(random)) / 10.0;
        const double rt = 0.1 + 20.0 * unit(random), tp = 1.0 + 400.0 * unit(random);
        std::snprintf(line, sizeof line,
            "%s,%lld,%lld,%s,%.1f,%d,%d,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%d\n", schedulers[i % 4],
            static_cast<long long>(fileset * (1LL << 30)), request,
            unit(random) < 0.5 ? "random" : "sequential", read, 16, 1 + static_cast<int>(i % 4), rt,
            1.3 * rt, tp * read / 100.0, tp * (100.0 - read) / 100.0, tp * 256.0, tp * 200.0,
            static_cast<int>(i % 3) + 1);
        out << line;
    }
}

struct Step {
    int status = -1;
    double wallSeconds = 0.0;
    double cpuSeconds = 0.0;
    double peakMib = 0.0;
};

// Runs iolens-cli with `args` in a child process, its output to /dev/null.
Step runCli(const std::string& program, const std::vector<std::string>& args)
{
    std::vector<char*> argv {const_cast<char*>(program.c_str())};
    for (const std::string& a : args)
        argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    std::fflush(stdout); // the child must not repeat what the parent has not written yet
    const auto start = std::chrono::steady_clock::now();
    const pid_t child = fork();
    if (child == 0) {
        std::freopen("/dev/null", "w", stdout);
        std::freopen("/dev/null", "w", stderr);
        execv(program.c_str(), argv.data());
        _exit(127);
    }
    int status = 0;
    rusage usage {};
    wait4(child, &status, 0, &usage);
    Step step;
    step.wallSeconds
        = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const auto seconds = [](const timeval& t) {
        return static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_usec);
    };
    step.cpuSeconds = seconds(usage.ru_utime) + seconds(usage.ru_stime);
    step.peakMib = static_cast<double>(usage.ru_maxrss) / 1024.0; // kB on Linux
    step.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return step;
}

void report(const char* what, const Step& step)
{
    std::printf("  %-7s exit %d  %7.2f s wall  %7.2f s CPU  %7.1f MiB peak RSS\n", what,
        step.status, step.wallSeconds, step.cpuSeconds, step.peakMib);
    std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv)
{
    Options options = parse(argc, argv);
    if (options.programs.empty())
        options.programs.push_back(iolens::test::cliProgram().toStdString());
    int failures = 0;
    for (long rows : options.rows) {
        const std::string base = options.dir + "/bench_import_" + std::to_string(rows);
        const std::string csv = base + ".csv", db = base + ".sqlite", out = base + "_export.csv";
        std::filesystem::remove(db);
        writeCsv(csv, rows, options.seed);
        std::printf("%ld rows, %.1f MB of CSV (seed %llu)\n", rows,
            static_cast<double>(std::filesystem::file_size(csv)) / 1e6,
            static_cast<unsigned long long>(options.seed));
        for (const std::string& program : options.programs) {
            std::printf(" %s\n", program.c_str());
            std::filesystem::remove(db);
            const Step import
                = runCli(program, {"import", "--db", db, "--csv", csv, "--dataset", "bench"});
            report("import", import);
            const Step info = runCli(program, {"info", db});
            report("info", info);
            const Step exported = runCli(program, {"export", "--db", db, "--csv", out});
            report("export", exported);
            std::printf("  database %.1f MB, export %.1f MB\n",
                static_cast<double>(std::filesystem::file_size(db)) / 1e6,
                std::filesystem::exists(out)
                    ? static_cast<double>(std::filesystem::file_size(out)) / 1e6
                    : 0.0);
            failures += import.status != 0 || info.status != 0 || exported.status != 0;
        }
        for (const std::string& path : {csv, db, out})
            std::filesystem::remove(path);
    }
    return failures == 0 ? 0 : 1;
}
