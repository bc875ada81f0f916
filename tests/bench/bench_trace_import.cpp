// SPDX-License-Identifier: GPL-3.0-or-later
// Streaming a large trace: `trace-import`'s path (readTraceFile into the database in one
// transaction) and `trace-features`' path (the feature extractor with its exact LRU stack) on a
// generated MSR Cambridge trace, with the wall time and the process's peak resident memory after
// each step. The claim is that the import's memory does not grow with the trace: the sizes run
// in increasing order in one process, so a peak that stays flat from the smaller to the larger
// trace means the import does not hold it. The feature pass holds the LRU stack, which grows
// with the distinct 4 KiB units the trace touches (here a random 8 GiB volume), not with its
// length. Each run takes seconds, so this is a bench tool rather than a
// Google Benchmark loop.
//
//   bench_trace_import [--requests N]...   (default: 250000 and 1000000)
#include "store/measurement_database.hpp"
#include "store/trace_store.hpp"
#include "traces/trace_features.hpp"
#include "traces/trace_reader.hpp"

#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

using namespace iolens::core;

namespace {

double peakResidentMib()
{
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024.0; // kB on Linux
}

// An MSR-format trace: a 8 GiB volume, 70 % reads, runs of sequential requests among random
// ones, 4-64 KiB, 0.05-20 ms response times.
void writeTrace(const std::string& path, std::size_t requests)
{
    std::ofstream out(path);
    std::mt19937_64 random(42);
    std::uniform_int_distribution<std::int64_t> block(0, (8LL << 30) / 4096 - 16);
    std::uniform_int_distribution<int> sizeUnits(1, 16);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::int64_t filetime = 128166372003061629LL;
    std::int64_t next = 0;
    for (std::size_t i = 0; i < requests; ++i) {
        const bool sequential = unit(random) < 0.4;
        const std::int64_t offset = sequential ? next : block(random) * 4096;
        const std::int64_t bytes = sizeUnits(random) * 4096LL;
        next = offset + bytes;
        filetime += 100 + static_cast<std::int64_t>(unit(random) * 20000.0);
        const auto response = static_cast<std::int64_t>(500 + unit(random) * 200000.0);
        out << filetime << ",bench,0," << (unit(random) < 0.7 ? "Read" : "Write") << "," << offset
            << "," << bytes << "," << response << "\n";
    }
}

double secondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

int main(int argc, char** argv)
{
    std::vector<std::size_t> sizes;
    for (int i = 1; i + 1 < argc; i += 2)
        if (std::strcmp(argv[i], "--requests") == 0)
            sizes.push_back(static_cast<std::size_t>(std::stoull(argv[i + 1])));
    if (sizes.empty())
        sizes = {250000, 1000000};
    const auto dir = std::filesystem::temp_directory_path() / "iolens-bench-trace";
    std::filesystem::create_directories(dir);
    // Every import first, then every feature pass: the peak after each step is that step's own
    // (imports hold little; the LRU stack of the feature pass holds the distinct units).
    std::printf("%-10s %-10s %-10s %-16s %-10s\n", "requests", "file MB", "import s",
        "peak MiB after", "db MB");
    std::vector<std::string> traces;
    for (const std::size_t requests : sizes) {
        const std::string trace = (dir / ("trace-" + std::to_string(requests) + ".csv")).string();
        const std::string database
            = (dir / ("db-" + std::to_string(requests) + ".sqlite")).string();
        writeTrace(trace, requests);
        traces.push_back(trace);
        std::filesystem::remove(database);
        const auto start = std::chrono::steady_clock::now();
        {
            auto db = MeasurementDatabase::openOrCreate(database);
            const TraceRecord stored = importTrace(db, "bench", trace, TraceFormat::Msr);
            if (stored.requests != static_cast<std::int64_t>(requests)) {
                std::fprintf(stderr, "imported %lld of %zu requests\n",
                    static_cast<long long>(stored.requests), requests);
                return 1;
            }
        }
        std::printf("%-10zu %-10.1f %-10.2f %-16.1f %-10.1f\n", requests,
            static_cast<double>(std::filesystem::file_size(trace)) / 1e6, secondsSince(start),
            peakResidentMib(), static_cast<double>(std::filesystem::file_size(database)) / 1e6);
        std::filesystem::remove(database);
    }
    std::printf("\n%-10s %-12s %-16s\n", "requests", "features s", "peak MiB after");
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        const auto start = std::chrono::steady_clock::now();
        TraceFeatureExtractor extractor({});
        double hits = 0.0;
        readTraceFile(traces[i], TraceFormat::Msr,
            [&](const TraceRequest& request) { hits += extractor.next(request).hit; });
        std::printf("%-10zu %-12.2f %-16.1f\n", sizes[i], secondsSince(start), peakResidentMib());
        std::filesystem::remove(traces[i]);
        if (hits < 0.0)
            return 1; // keeps the extractor's work
    }
    return 0;
}
