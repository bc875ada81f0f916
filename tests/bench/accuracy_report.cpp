// SPDX-License-Identifier: GPL-3.0-or-later
// Accuracy of every technique at its default parameters on the shared datasets, as the README's
// model table reports it: mean relative error (ICPE'13 Table 4 rule) under 10-fold
// cross-validation and on the interpolation split (the request sizes strictly between the
// smallest and the largest left out of training and predicted).
//
//   accuracy_report [--technique T]...     a Markdown table on stdout
#include "common/error.hpp"
#include "data/measurement_csv.hpp"
#include "models/regressor_registry.hpp"
#include "support/test_data.hpp"
#include "validation/holdout_split.hpp"
#include "validation/out_of_sample.hpp"

#include <cstdio>
#include <string>

using namespace iolens::core;

namespace {

std::string percent(double value)
{
    return std::to_string(static_cast<int>(value * 100.0 + 0.5)) + " %";
}

// "cv / interpolation" mean relative error of one technique and metric, or why there is none.
std::string cell(const std::string& technique, Metric metric,
    const std::vector<AggregatedMeasurement>& rows, const HoldoutSplit& split)
{
    TrainingOptions options;
    options.metric = metric;
    const RelativeErrorRule rule;
    std::string cv, interpolation;
    try {
        const TrainedModel model = TrainedModel::train(createRegressor(technique), rows, options);
        try {
            cv = percent(
                crossValidatedEvaluation(model, rows, rule, 10, 1).evaluation.meanRelativeError);
        } catch (const Error&) {
            cv = "–";
        }
        try {
            interpolation
                = percent(holdoutEvaluation(model, split.train, split.test, rule, "interpolation")
                              .meanRelativeError);
        } catch (const Error&) {
            interpolation = "–";
        }
    } catch (const Error&) {
        return "n/a";
    }
    return cv + " / " + interpolation;
}

} // namespace

int main(int argc, char** argv)
{
    std::vector<std::string> techniques;
    for (int i = 1; i + 1 < argc; i += 2)
        if (std::string(argv[i]) == "--technique")
            techniques.push_back(argv[i + 1]);
    if (techniques.empty())
        techniques = techniqueNames();
    for (const char* name : {"tiered", "local"}) {
        const auto rows = aggregateRepetitions(
            readMeasurementsCsv(name == std::string("tiered") ? iolens::test::tieredCsvPath()
                                                              : iolens::test::localCsvPath()));
        const HoldoutSplit split = interpolationSplit(rows);
        std::printf("\nfio-%s (%zu configurations; interpolation: %zu trained, %zu predicted)\n\n",
            name, rows.size(), split.train.size(), split.test.size());
        std::printf("| technique |");
        for (Metric metric : kCoreMetrics)
            std::printf(" %s |", std::string(metricName(metric)).c_str());
        std::printf("\n|---|---|---|---|---|\n");
        for (const std::string& technique : techniques) {
            std::printf("| `%s` |", technique.c_str());
            for (Metric metric : kCoreMetrics)
                std::printf(" %s |", cell(technique, metric, rows, split).c_str());
            std::printf("\n");
            std::fflush(stdout);
        }
    }
    return 0;
}
