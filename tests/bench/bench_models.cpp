// SPDX-License-Identifier: GPL-3.0-or-later
// Fit and 10-fold cross-validation times of every technique, on the shared fio-local dataset and
// on the ICPE'13 Table 1 design (1,120 configurations).
//
//   bench_models [--benchmark_filter=...]          Google Benchmark timings
//   bench_models --export-data DIR                 writes the same training data as CSV for R
#include "data/dataset.hpp"
#include "data/measurement_csv.hpp"
#include "models/auto_model.hpp"
#include "models/regressor_registry.hpp"
#include "support/table1_design.hpp"
#include "support/test_data.hpp"
#include "validation/k_fold.hpp"

#include <benchmark/benchmark.h>

#include <cstring>
#include <fstream>
#include <iostream>

using namespace iolens::core;

namespace {

struct BenchData {
    const char* name;
    Dataset data;
};

Dataset logTarget(std::vector<AggregatedMeasurement> rows, Metric metric)
{
    Dataset data = buildDataset(rows, metric);
    data.y = data.y.array().log();
    return data;
}

const std::vector<BenchData>& datasets()
{
    static const std::vector<BenchData> all {
        {"local",
            logTarget(aggregateRepetitions(readMeasurementsCsv(iolens::test::localCsvPath())),
                Metric::RtReadMs)},
        {"table1",
            logTarget(aggregateRepetitions(iolens::test::table1Measurements()), Metric::RtReadMs)},
    };
    return all;
}

// Parameter sets timed per technique: the defaults, and for MARS the paper's largest nk.
std::vector<std::pair<std::string, ParamValues>> parameterSets(const std::string& technique)
{
    std::vector<std::pair<std::string, ParamValues>> sets {{"default", {}}};
    if (technique == "mars")
        sets.push_back({"nk800", {{"nk", 800}}});
    return sets;
}

void registerBenchmarks()
{
    for (const std::string& technique : techniqueNames()) {
        if (createRegressor(technique)->fitsFromMeasurements())
            continue; // the conservation model has no dataset fit to time
        for (const auto& [label, params] : parameterSets(technique))
            for (const BenchData& d : datasets()) {
                auto prototype = std::shared_ptr<Regressor>(createRegressor(technique));
                if (technique == AutoModel::kTechnique) {
                    // auto remembers a response time's fit by its data: every iteration after
                    // the first would time a lookup. Timed here is the selection itself.
                    AutoBudget budget;
                    budget.rememberFits = false;
                    prototype = std::make_shared<AutoModel>(budget);
                }
                prototype->setParameters(params);
                const Dataset* data = &d.data;
                benchmark::RegisterBenchmark(
                    ("fit/" + technique + "/" + label + "/" + d.name).c_str(),
                    [prototype, data](benchmark::State& state) {
                        for (auto _ : state) {
                            auto model = prototype->clone();
                            benchmark::DoNotOptimize(model->fit(*data));
                        }
                    })
                    ->Unit(benchmark::kMillisecond);
                benchmark::RegisterBenchmark(
                    ("cv10/" + technique + "/" + label + "/" + d.name).c_str(),
                    [prototype, data](benchmark::State& state) {
                        const FoldAssignment folds(data->rows(), 10, 1);
                        for (auto _ : state)
                            benchmark::DoNotOptimize(crossValidate(*prototype, *data, folds));
                    })
                    ->Unit(benchmark::kMillisecond);
            }
    }
}

// The training data as R reads it: features (factor labels as text) and y.
void exportData(const std::string& directory)
{
    for (const BenchData& d : datasets())
        std::ofstream(directory + "/" + d.name + ".csv")
            << iolens::test::datasetCsv(d.data.schema, d.data.x, &d.data.y);
}

} // namespace

int main(int argc, char** argv)
{
    if (argc == 3 && std::strcmp(argv[1], "--export-data") == 0) {
        exportData(argv[2]);
        return 0;
    }
    registerBenchmarks();
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
