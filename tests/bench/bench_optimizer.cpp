// SPDX-License-Identifier: GPL-3.0-or-later
// Wall time of Algorithm 1 for all sixteen models (four techniques x four metrics) of the ICPE'13
// evaluation, k = 4, n = 5, 10 iterations, 10-fold CV, on the Table 1 design (1,120
// configurations) and on the shared datasets. Each run takes seconds, so this is a bench tool
// rather than a Google Benchmark loop.
//
//   bench_optimizer [--data table1|local|tiered|all] [--iterations N] [--plain] [--technique T]...
//                   [--metric M]... [--seed S]... [--shape default|small-cache|noisy|slow-seek]...
//     --plain  also time the plain evaluation (every point fitted on every fold) and print the
//              ratio; the best costs must be identical.
//     --seed, --shape  the Table 1 data sets to run: every seed with every shape (default: seed 1,
//              the default shape), so the figure does not rest on one generated file.
//     --dump FILE  write every evaluated point with its cost, the chosen parameters and the
//              final model's state as exact text, so two builds can be compared with diff.
//     --cv grouped  the grouped (leave-level-out) cost of `optimize --cv grouped` instead of
//              10-fold CV.
//     --technique auto  times what `optimize --technique auto` does instead of a search: the
//              auto model's selection by grouped CV and the fit of its choice (points: the
//              candidates scored; default and best: the chosen model's mean |log ratio|).
#include "data/measurement_csv.hpp"
#include "models/auto_model.hpp"
#include "models/regressor_registry.hpp"
#include "models/trained_model.hpp"
#include "support/table1_design.hpp"
#include "support/test_data.hpp"
#include "workflow/parameter_search.hpp"

#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <stdexcept>
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
    std::vector<Metric> metrics {kCoreMetrics.begin(), kCoreMetrics.end()};
    std::vector<std::uint64_t> seeds {1};
    std::vector<std::string> shapes {"default"};
    std::string dump; ///< empty: no dump
    SearchCv cv = SearchCv::Random;
};

Metric metricFrom(const std::string& name)
{
    const auto metric = parseMetric(name);
    if (!metric)
        throw std::invalid_argument("unknown metric " + name);
    return *metric;
}

iolens::test::Table1Shape shapeNamed(const std::string& name)
{
    iolens::test::Table1Shape shape;
    if (name == "small-cache")
        shape.cacheGiB = 12.0; // most file sets miss: the response turns on the pattern
    else if (name == "noisy")
        shape.noiseSd = 0.10;
    else if (name == "slow-seek")
        shape.seekMs = 12.0, shape.queueDepthMs = 150.0; // deep queues, costly random misses
    else if (name != "default")
        throw std::invalid_argument("unknown shape " + name);
    return shape;
}

// Replaces the defaults of a repeatable option the first time it is given.
template <typename T> void add(std::vector<T>& values, bool& given, T value)
{
    if (!given)
        values.clear();
    given = true;
    values.push_back(std::move(value));
}

Options parse(int argc, char** argv)
{
    Options options;
    bool chosen = false, metricGiven = false, seedGiven = false, shapeGiven = false;
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
        } else if (arg == "--metric" && i + 1 < argc)
            add(options.metrics, metricGiven, metricFrom(argv[++i]));
        else if (arg == "--seed" && i + 1 < argc)
            add(options.seeds, seedGiven, static_cast<std::uint64_t>(std::stoull(argv[++i])));
        else if (arg == "--shape" && i + 1 < argc) {
            add(options.shapes, shapeGiven, std::string(argv[++i]));
            shapeNamed(options.shapes.back());
        } else if (arg == "--dump" && i + 1 < argc)
            options.dump = argv[++i];
        else if (arg == "--cv" && i + 1 < argc && std::strcmp(argv[i + 1], "grouped") == 0) {
            options.cv = SearchCv::Grouped;
            ++i;
        } else if (arg == "--cv" && i + 1 < argc && std::strcmp(argv[i + 1], "random") == 0)
            ++i;
        else {
            std::fprintf(stderr,
                "usage: bench_optimizer [--data table1|local|tiered|all] "
                "[--iterations N] [--plain] [--technique T]... [--metric M]... [--seed S]... "
                "[--shape default|small-cache|noisy|slow-seek]... [--dump FILE] "
                "[--cv random|grouped]\n");
            std::exit(2);
        }
    }
    return options;
}

// User + system CPU of the whole process: with other work on the machine, the stable figure.
double cpuSeconds()
{
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    const auto seconds = [](const timeval& t) {
        return static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_usec);
    };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
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

// Hexadecimal floats: equal text means equal bits.
void dumpOutcome(std::FILE* out, const std::string& heading, const SearchOutcome& outcome)
{
    std::fprintf(out, "%s\n", heading.c_str());
    for (const EvaluatedPoint& point : outcome.search.points) {
        std::fprintf(out, "  it %d", point.iteration);
        for (double v : point.values)
            std::fprintf(out, " %a", v);
        std::fprintf(out, " cost %a\n", point.cost);
    }
    std::fprintf(out, "  default %a best %a\n ", outcome.defaultCost, outcome.search.best.cost);
    for (const auto& [name, value] : outcome.bestParameters)
        std::fprintf(out, " %s=%a", name.c_str(), value);
    std::fprintf(out, "\n");
    if (outcome.model)
        std::fprintf(out, "  model %s\n", outcome.model->toJson().dump().c_str());
}

// The selection `optimize --technique auto` (and `train --technique auto`) makes: every
// candidate scored by grouped CV, then the choice fitted on every row. Returns its seconds.
double timeAutoSelection(const std::vector<AggregatedMeasurement>& rows, Metric metric)
{
    ParamValues params;
    const TrainingOptions trainingOptions = takeTrainingOptions(metric, params);
    const auto start = std::chrono::steady_clock::now();
    const TrainedModel model
        = TrainedModel::train(createRegressor(AutoModel::kTechnique), rows, trainingOptions);
    const double seconds
        = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const auto& autoModel = dynamic_cast<const AutoModel&>(model.regressor());
    const double chosen = autoModel.chosenScore().logRatio;
    std::printf("%-8s %-13s %7zu %10.4f %10.4f %9.2f\n", AutoModel::kTechnique,
        std::string(metricName(metric)).c_str(), autoModel.candidates().size(), chosen, chosen,
        seconds);
    std::fflush(stdout);
    return seconds;
}

void benchDataset(const std::string& name, const std::vector<AggregatedMeasurement>& rows,
    const Options& options, std::FILE* dump)
{
    std::printf("\n%s: %zu configurations, k = 4, n = 5, %d iterations, %s\n", name.c_str(),
        rows.size(), options.iterations,
        options.cv == SearchCv::Grouped ? "grouped CV" : "10-fold CV");
    std::printf("%-8s %-13s %7s %10s %10s %9s%s\n", "model", "metric", "points", "default", "best",
        "seconds", options.plain ? "   plain s  ratio  same" : "");
    const double cpuBefore = cpuSeconds();
    double total = 0.0, totalPlain = 0.0;
    for (const std::string& technique : options.techniques)
        for (Metric metric : options.metrics) {
            if (technique == AutoModel::kTechnique) {
                total += timeAutoSelection(rows, metric);
                continue;
            }
            SearchRequest request;
            request.technique = technique;
            request.metric = metric;
            request.settings = {4, 5, options.iterations, std::nullopt};
            request.cv = options.cv;
            const Timed shared = timedSearch(rows, request);
            total += shared.seconds;
            if (dump)
                dumpOutcome(dump, name + " " + technique + " " + std::string(metricName(metric)),
                    shared.outcome);
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
    std::printf("%s: all %zu models %.1f s wall", name.c_str(),
        options.metrics.size() * options.techniques.size(), total);
    if (options.plain)
        std::printf(" (plain evaluation %.1f s, %.1fx)", totalPlain, totalPlain / total);
    std::printf(", %.1f s CPU (user + sys, both evaluations)\n", cpuSeconds() - cpuBefore);
}

int run(int argc, char** argv)
{
    const Options options = parse(argc, argv);
    std::printf("hardware threads: %u\n", std::thread::hardware_concurrency());
    std::FILE* dump = options.dump.empty() ? nullptr : std::fopen(options.dump.c_str(), "w");
    if (!options.dump.empty() && !dump) {
        std::fprintf(stderr, "bench_optimizer: cannot write %s\n", options.dump.c_str());
        return 1;
    }
    if (options.data == "table1" || options.data == "all")
        for (const std::string& shape : options.shapes)
            for (std::uint64_t seed : options.seeds)
                benchDataset("table1 (seed " + std::to_string(seed) + ", shape " + shape + ")",
                    aggregateRepetitions(iolens::test::table1Measurements(seed, shapeNamed(shape))),
                    options, dump);
    for (const char* name : {"local", "tiered"})
        if (options.data == name || options.data == "all")
            benchDataset(name,
                aggregateRepetitions(readMeasurementsCsv(name == std::string("local")
                        ? iolens::test::localCsvPath()
                        : iolens::test::tieredCsvPath())),
                options, dump);
    if (dump)
        std::fclose(dump);
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    // A technique without parameters (auto, lm) or a bad number is an input error, not a crash.
    try {
        return run(argc, argv);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench_optimizer: %s\n", e.what());
        return 2;
    }
}
