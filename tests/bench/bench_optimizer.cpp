// SPDX-License-Identifier: GPL-3.0-or-later
// Wall time of Algorithm 1 for all sixteen models (four techniques x four metrics) of the ICPE'13
// evaluation, k = 4, n = 5, 10 iterations, 10-fold CV, on the Table 1 design (1,120
// configurations) and on the shared datasets. Each run takes seconds, so this is a bench tool
// rather than a Google Benchmark loop.
//
//   bench_optimizer [--data table1|local|tiered|all] [--iterations N] [--plain] [--technique T]...
//     --plain  also time the plain evaluation (every point fitted on every fold) and print the
//              ratio; the best costs must be identical.
#include "data/measurement_csv.hpp"
#include "support/table1_design.hpp"
#include "support/test_data.hpp"
#include "workflow/parameter_search.hpp"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

using namespace iolens::core;

namespace {

struct Options {
    std::string data = "all";
    int iterations = 10;
    bool plain = false;
    std::vector<std::string> techniques {"mars", "cart", "m5", "cubist"};
};

Options parse(int argc, char** argv)
{
    Options options;
    bool chosen = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--data" && i + 1 < argc)
            options.data = argv[++i];
        else if (arg == "--iterations" && i + 1 < argc)
            options.iterations = std::stoi(argv[++i]);
        else if (arg == "--plain")
            options.plain = true;
        else if (arg == "--technique" && i + 1 < argc) {
            if (!chosen)
                options.techniques.clear();
            chosen = true;
            options.techniques.push_back(argv[++i]);
        } else {
            std::fprintf(stderr,
                "usage: bench_optimizer [--data table1|local|tiered|all] "
                "[--iterations N] [--plain] [--technique T]...\n");
            std::exit(2);
        }
    }
    return options;
}

struct Timed {
    SearchOutcome outcome;
    double seconds = 0.0;
};

Timed timedSearch(const std::vector<AggregatedMeasurement>& rows, const SearchRequest& request)
{
    const std::atomic<bool> never {false};
    const auto start = std::chrono::steady_clock::now();
    Timed timed {searchParameters(rows, request, never), 0.0};
    timed.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return timed;
}

void benchDataset(
    const std::string& name, const std::vector<AggregatedMeasurement>& rows, const Options& options)
{
    std::printf("\n%s: %zu configurations, k = 4, n = 5, %d iterations, 10-fold CV\n", name.c_str(),
        rows.size(), options.iterations);
    std::printf("%-8s %-13s %7s %10s %10s %9s%s\n", "model", "metric", "points", "default", "best",
        "seconds", options.plain ? "   plain s  ratio  same" : "");
    double total = 0.0, totalPlain = 0.0;
    for (const std::string& technique : options.techniques)
        for (Metric metric : kCoreMetrics) {
            SearchRequest request;
            request.technique = technique;
            request.metric = metric;
            request.settings = {4, 5, options.iterations, std::nullopt};
            const Timed shared = timedSearch(rows, request);
            total += shared.seconds;
            std::printf("%-8s %-13s %7zu %10.4f %10.4f %9.2f", technique.c_str(),
                std::string(metricName(metric)).c_str(), shared.outcome.search.points.size(),
                shared.outcome.defaultCost, shared.outcome.search.best.cost, shared.seconds);
            if (options.plain) {
                request.sharedFits = false;
                const Timed plain = timedSearch(rows, request);
                totalPlain += plain.seconds;
                const bool same = plain.outcome.search.best.cost == shared.outcome.search.best.cost
                    && plain.outcome.search.points.size() == shared.outcome.search.points.size();
                std::printf(" %9.2f %6.1f  %s", plain.seconds, plain.seconds / shared.seconds,
                    same ? "yes" : "NO");
            }
            std::printf("\n");
            std::fflush(stdout);
        }
    std::printf(
        "%s: all %zu models %.1f s wall", name.c_str(), 4 * options.techniques.size(), total);
    if (options.plain)
        std::printf(" (plain evaluation %.1f s, %.1fx)", totalPlain, totalPlain / total);
    std::printf("\n");
}

} // namespace

int main(int argc, char** argv)
{
    const Options options = parse(argc, argv);
    std::printf("hardware threads: %u\n", std::thread::hardware_concurrency());
    if (options.data == "table1" || options.data == "all")
        benchDataset("table1", aggregateRepetitions(iolens::test::table1Measurements()), options);
    for (const char* name : {"local", "tiered"})
        if (options.data == name || options.data == "all")
            benchDataset(name,
                aggregateRepetitions(readMeasurementsCsv(name == std::string("local")
                        ? iolens::test::localCsvPath()
                        : iolens::test::tieredCsvPath())),
                options);
    return 0;
}
